import ArgumentParser
import Foundation

/// An option's value the command refuses after parsing (a directory that cannot be written, say): the
/// message names the flag, the value and what is allowed.
struct OptionError: Error, CustomStringConvertible {
    /// The flag, as typed (`--out`).
    let flag: String
    /// The value given.
    let value: String
    /// What the flag accepts, in words.
    let allowed: String

    var description: String { "\(flag) \(value): must be \(allowed)" }
}
