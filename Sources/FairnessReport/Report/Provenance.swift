import FairnessModel
import FairnessStatistics
import Foundation

/// What produced a report and what it audited, so a reviewer can tell that the report belongs to the code
/// and the files shipped: the toolkit's version and source revision, GSL's and FFTW's versions, the platform, and a
/// SHA-256 digest of every input the audit read (spec files, a probe's command line and the files it names,
/// logs, or what was read from standard input).
public struct Provenance: Sendable, Hashable, Codable {
    /// The toolkit's version (`Toolkit.version`).
    public var toolkitVersion: String
    /// The source revision the toolkit was built from (a git commit, with `+changes` when the checkout had
    /// uncommitted changes), as the caller found it; nil when unknown.
    public var sourceRevision: String?
    /// The version of GNU GSL linked into the binary.
    public var gslVersion: String
    /// The version of FFTW linked into the binary (the spectral test's transform in `audit rng`).
    public var fftwVersion: String
    /// The operating system and processor the audit ran on ("Linux x86_64").
    public var platform: String
    /// Every input the audit read, in the order given.
    public var inputs: [Input]

    /// One input of an audit, fingerprinted.
    public struct Input: Sendable, Hashable, Codable {
        /// What the input is.
        public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
            /// A spec file.
            case spec
            /// A probe's command line (its bytes as given, UTF-8).
            case probeCommand = "probe command"
            /// A file a probe's command names (its script or binary).
            case probeFile = "probe file"
            /// A production log file.
            case log
            /// A production log read from standard input.
            case standardInput = "standard input"
            /// A random source's raw output (`audit rng`), from a file or standard input.
            case randomOutput = "random output"
        }
        /// What the input is.
        public var kind: Kind
        /// Its name: the path or the command as given.
        public var name: String
        /// The SHA-256 digest of its bytes, in lower-case hexadecimal.
        public var sha256: String
        /// Its size in bytes.
        public var bytes: UInt64

        /// An input of `kind` named `name`, with the digest and size of its bytes.
        public init(kind: Kind, name: String, sha256: String, bytes: UInt64) {
            self.kind = kind
            self.name = name
            self.sha256 = sha256
            self.bytes = bytes
        }
    }

    /// The provenance of a report: this toolkit, GSL and FFTW, this platform, and `inputs`.
    public init(sourceRevision: String?, inputs: [Input]) {
        toolkitVersion = Toolkit.version
        self.sourceRevision = sourceRevision
        gslVersion = GSL.version
        fftwVersion = SP80022.fftwVersion
        platform = Self.platform
        self.inputs = inputs
    }

    /// The operating system and processor: `uname`'s system name and machine ("Linux x86_64").
    public static let platform: String = {
        var name = utsname()
        guard uname(&name) == 0 else { return "unknown" }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(text(name.sysname)) \(text(name.machine))"
    }()
}

/// A running digest of the bytes an audit reads from a stream (a log from standard input), updated chunk by
/// chunk, for the report's provenance; the command supplies SHA-256.
public protocol StreamDigest {
    /// Adds `bytes` to the digest.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
    /// The digest of every byte added, in lower-case hexadecimal.
    func finalize() -> String
}
