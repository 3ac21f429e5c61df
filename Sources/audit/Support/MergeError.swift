import Foundation

/// Why shards cannot be merged: one line naming the file or shard.
struct MergeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
