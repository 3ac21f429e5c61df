import ArgumentParser
import Foundation

/// A use of the command that cannot work, in one line (two subjects of one name, say).
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
