import FairnessAudit
import Foundation

/// The tallies one shard of a run writes (`audit run --shard I/K --tallies DIR`): versioned and
/// self-describing — the toolkit, the run's own arguments, seed, generator, trials, block size, the shard's
/// blocks and every subject's exact integer tallies — with a checksum over all of it.
struct ShardFile: Codable, Equatable {
    static let format = "fairness-audit tallies"
    static let version = 1

    var format = ShardFile.format
    var version = ShardFile.version
    /// The toolkit that wrote it.
    var toolkit: String
    /// The run's arguments, without `--shard` and `--tallies`: what `audit merge` runs again.
    var arguments: [String]
    /// What makes the run the run: its reproduce command as the report prints it (trials, seed, generator,
    /// settings, subjects, specs, probes; not threads, output or quiet). Shards of one run share it.
    var run: String
    /// FNV-1a 64 of each spec file's contents when the shard ran, by path: a spec edited before the merge
    /// is caught.
    var specDigests: [String: String]
    var seed: UInt64
    var generator: String
    var trials: UInt64
    var blockSize: UInt64
    /// Blocks of the whole run.
    var blocks: UInt64
    /// This shard, 0-based, of `shards`.
    var shard: Int
    var shards: Int
    /// The blocks this shard ran: `firstBlock ..< endBlock`.
    var firstBlock: UInt64
    var endBlock: UInt64
    /// Subjects, in run order.
    var subjects: [String]
    /// Each subject's tally, as JSON text.
    var tallies: [String: String]
    /// FNV-1a 64 of the file's JSON with this field empty, in hex.
    var checksum = ""

    /// The digest of each spec file's contents, by the path as given.
    static func digests(_ specs: [String]) throws -> [String: String] {
        var result: [String: String] = [:]
        for path in specs {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            result[path] = String(FNV1a.hash(data), radix: 16)
        }
        return result
    }

    /// The file's name in the tallies directory.
    static func name(shard: Int, of shards: Int) -> String { "shard-\(shard)-of-\(shards).json" }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }

    /// The checksum of this file's contents (its own checksum field aside).
    func computedChecksum() throws -> String {
        var copy = self
        copy.checksum = ""
        return String(FNV1a.hash(try Self.encoder().encode(copy)), radix: 16)
    }

    /// Writes the file into `directory` (created if needed) through a temporary file and a rename.
    func write(to directory: URL) throws -> URL {
        var sealed = self
        sealed.checksum = try computedChecksum()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let target = directory.appendingPathComponent(Self.name(shard: shard, of: shards))
        let temporary = directory.appendingPathComponent(
            ".\(Self.name(shard: shard, of: shards)).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try Self.encoder().encode(sealed).write(to: temporary)
        if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
        try FileManager.default.moveItem(at: temporary, to: target)
        return target
    }

    /// Reads and checks one file.
    /// - Throws: ``MergeError`` naming the file if it is not a tallies file or its checksum does not match.
    static func read(_ url: URL) throws -> ShardFile {
        let file: ShardFile
        do {
            file = try JSONDecoder().decode(ShardFile.self, from: Data(contentsOf: url))
        } catch {
            throw MergeError("\(url.path): not a tallies file of 'audit run --shard' (empty, cut short, or not its JSON)")
        }
        guard file.format == format, file.version == version else {
            throw MergeError(
                "\(url.path): format '\(file.format)' version \(file.version); this toolkit reads '\(format)' version \(version)")
        }
        guard try file.computedChecksum() == file.checksum else {
            throw MergeError("\(url.path): checksum does not match: the file was changed or cut short")
        }
        return file
    }
}

/// Why shards cannot be merged: one line naming the file or shard.
struct MergeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
