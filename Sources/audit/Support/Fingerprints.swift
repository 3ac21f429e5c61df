import Digests
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import _FairnessAuditSupport

/// SHA-256 fingerprints of what an audit reads, for the report's provenance: spec files, a probe's command
/// line and the files it names, logs as they are read.
enum Fingerprints {
    /// A SHA-256 digest updated chunk by chunk (a log read from standard input, say).
    struct Stream: StreamDigest {
        var hasher = SHA256.Hasher()
        mutating func update(_ bytes: UnsafeRawBufferPointer) { hasher.update(bufferPointer: bytes) }
        func finalize() -> String { hex(hasher.finalize()) }
    }

    /// Lower-case hexadecimal of a digest.
    static func hex<D: Sequence<UInt8>>(_ digest: D) -> String { digest.map { String(format: "%02x", $0) }.joined() }

    /// The file at `path`, read in chunks (memory does not grow with its size).
    /// - Throws: a ``UsageError`` naming the file if it cannot be read.
    static func file(_ path: String, kind: Provenance.Input.Kind) throws -> Provenance.Input {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw UsageError("\(path): cannot be read for its fingerprint") }
        defer { try? handle.close() }
        var stream = Stream()
        var bytes: UInt64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { stream.update($0) }
            bytes += UInt64(chunk.count)
        }
        return Provenance.Input(kind: kind, name: path, sha256: stream.finalize(), bytes: bytes)
    }

    /// A probe: its command line as given, then each word of it that names an existing regular file (the
    /// script or binary the probe runs), in order, each once.
    static func probe(_ command: String) throws -> [Provenance.Input] {
        let bytes = Data(command.utf8)
        var inputs = [
            Provenance.Input(kind: .probeCommand, name: command, sha256: hex(SHA256.hash(data: bytes)), bytes: UInt64(bytes.count))
        ]
        var seen = Set<String>()
        for word in command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map({ String($0).trimmingCharacters(in: ["'", "\""]) })
        where !word.hasPrefix("-") && seen.insert(word).inserted {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: word, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            inputs.append(try file(word, kind: .probeFile))
        }
        return inputs
    }

    /// Seals a report set: `SHA256SUMS`, the SHA-256 digest of every file of the set (by name, in order of
    /// name), one `DIGEST  NAME` line each, as `sha256sum -c SHA256SUMS` checks it.
    static let seal: ReportWriter.Seal = { files in ReportWriter.seal(files, digest: { hex(SHA256.hash(data: $0)) }) }

    /// The spec files of a run and their probes (the i-th probe belongs to the i-th spec).
    static func games(specs: [String], probes: [String]) throws -> [Provenance.Input] {
        var inputs: [Provenance.Input] = []
        for (index, spec) in specs.enumerated() {
            inputs.append(try file(spec, kind: .spec))
            if index < probes.count { inputs += try probe(probes[index]) }
        }
        return inputs
    }
}
