import Digests
import Foundation

/// The tallies one shard of a run writes (`audit run --shard I/K --tallies DIR`): versioned and
/// self-describing — the toolkit, the run's own arguments, seed, generator, trials, block size, the shard's
/// blocks and every subject's exact integer tallies — with a SHA-256 checksum over all of it and, when the
/// run has a key (`FAIRNESS_AUDIT_SHARD_KEY` in the environment, a secret from the CI's secret store), an
/// HMAC-SHA-256 that only a holder of the key can make: an edited file fails its checksum; a forged one,
/// its checksum recomputed, fails the HMAC.
struct ShardFile: Codable, Equatable {
    static let format = "fairness-audit tallies"
    static let version = 2
    /// The environment variable holding the shard key, if the run signs its tallies.
    static let keyVariable = "FAIRNESS_AUDIT_SHARD_KEY"

    var format = ShardFile.format
    var version = ShardFile.version
    /// The toolkit that wrote it.
    var toolkit: String
    /// The run's arguments, without `--shard` and `--tallies`: what `audit merge` runs again.
    var arguments: [String]
    /// What makes the run the run: its reproduce command as the report prints it (trials, seed, generator,
    /// settings, subjects, specs, probes; not threads, output or quiet). Shards of one run share it.
    var run: String
    /// SHA-256 of each spec file's contents when the shard ran, by path: a spec edited before the merge
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
    /// SHA-256 of the file's JSON with this field and ``mac`` empty, in hex.
    var checksum = ""
    /// HMAC-SHA-256 of the same JSON under the shard key, in hex; empty when the run had no key.
    var mac = ""

    /// The digest of each spec file's contents, by the path as given.
    static func digests(_ specs: [String]) throws -> [String: String] {
        var result: [String: String] = [:]
        for path in specs {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            result[path] = Fingerprints.hex(SHA256.hash(data: data))
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

    /// The file's contents with its checksum and MAC empty: what both are computed over.
    func unsealed() throws -> Data {
        var copy = self
        copy.checksum = ""
        copy.mac = ""
        return try Self.encoder().encode(copy)
    }

    /// The SHA-256 of this file's contents (its own checksum and MAC aside), in hex.
    func computedChecksum() throws -> String { Fingerprints.hex(SHA256.hash(data: try unsealed())) }

    /// The HMAC-SHA-256 of this file's contents under `key`, in hex.
    func computedMAC(key: String) throws -> String {
        Fingerprints.hex(SHA256.authenticationCode(for: try unsealed(), key: Data(key.utf8)))
    }

    /// The shard key from the environment, if set (and not empty).
    static var key: String? {
        ProcessInfo.processInfo.environment[keyVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Writes the file into `directory` (created if needed) through a temporary file and a rename.
    func write(to directory: URL) throws -> URL {
        var sealed = self
        sealed.checksum = try computedChecksum()
        if let key = Self.key { sealed.mac = try computedMAC(key: key) }
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
    static func read(_ url: URL, key: String? = ShardFile.key) throws -> ShardFile {
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
        switch (key, file.mac.isEmpty) {
        case (nil, false):
            throw MergeError("\(url.path): the shard is signed; set \(keyVariable) to the run's key to merge it")
        case (let key?, true) where !key.isEmpty:
            throw MergeError("\(url.path): the shard is not signed, but \(keyVariable) is set: tallies of a signed run are signed")
        case (let key?, false):
            guard try file.computedMAC(key: key) == file.mac else {
                throw MergeError(
                    "\(url.path): the signature does not match the key: the tallies were not written by a holder of \(keyVariable)")
            }
        default: break
        }
        return file
    }
}
