import Foundation
import FairnessStatistics

/// Which generator a run draws from.
public enum GeneratorChoice: Sendable, Hashable, CustomStringConvertible {
    /// The default: Philox4x64-10 keyed by the seed, one counter per trial (see ``TrialRandom``).
    /// Reproducible, and independent of the number of threads by construction.
    case philox
    /// Swift's `SystemRandomNumberGenerator`, which the seeds' apps use. Not reproducible.
    case system
    /// A GSL generator by name, seeded per block from (seed, block).
    case gsl(String)

    /// Parses `philox`, `system` or `gsl:NAME`.
    public init(parsing text: String) throws {
        switch text {
        case "philox", "default": self = .philox
        case "system": self = .system
        default:
            guard text.hasPrefix("gsl:") else {
                throw AuditError.badInput("unknown generator '\(text)'; choose philox, system or gsl:NAME (gsl:mt19937, gsl:ranlxd2, gsl:taus2, gsl:randu, ...)")
            }
            let name = String(text.dropFirst(4))
            guard GSLGenerator.availableNames.contains(name) else {
                throw AuditError.badInput("unknown GSL generator '\(name)'; GSL has: \(GSLGenerator.availableNames.joined(separator: ", "))")
            }
            self = .gsl(name)
        }
    }

    public var description: String {
        switch self {
        case .philox: return "philox"
        case .system: return "system"
        case .gsl(let name): return "gsl:\(name)"
        }
    }

    public var isReproducible: Bool { self != .system }
}

/// Randomness for the trials of one block. Implementations are chosen once per run, so the trial loop is
/// specialised for each (no existential per trial).
public protocol BlockRandomness: SendableMetatype {
    associatedtype Generator: RandomNumberGenerator
    /// Whatever the run fixes for every block (a GSL generator's name, say).
    associatedtype Context: Sendable
    /// Prepares the randomness of block `block`.
    init(context: Context, seed: UInt64, block: UInt64) throws
    /// Runs `body` with the generator for trial `trial`.
    mutating func withTrial<Result>(_ trial: UInt64, _ body: (inout Generator) -> Result) -> Result
}

/// Philox: every trial's draws depend only on (seed, trial) (see ``TrialRandom``), so blocks and threads
/// cannot change any draw. The shared first-word block of four consecutive trials is computed once.
public struct PhiloxBlockRandomness: BlockRandomness {
    @usableFromInline let seed: UInt64
    @usableFromInline var cachedGroup: UInt64 = .max
    @usableFromInline var cachedWords: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    @inlinable
    public init(context: Void, seed: UInt64, block: UInt64) { self.seed = seed }

    @inlinable
    public mutating func withTrial<Result>(_ trial: UInt64, _ body: (inout TrialRandom) -> Result) -> Result {
        let group = trial >> 2
        if group != cachedGroup {
            cachedWords = TrialRandom.firstWords(seed: seed, group: group)
            cachedGroup = group
        }
        var generator = TrialRandom(seed: seed, trial: trial, firstWord: TrialRandom.word(cachedWords, for: trial))
        return body(&generator)
    }
}

/// Swift's system generator, one stream for the whole block.
public struct SystemBlockRandomness: BlockRandomness {
    @usableFromInline var generator = SystemRandomNumberGenerator()
    @inlinable public init(context: Void, seed: UInt64, block: UInt64) {}
    @inlinable public mutating func withTrial<Result>(_ trial: UInt64, _ body: (inout SystemRandomNumberGenerator) -> Result) -> Result {
        body(&generator)
    }
}

/// A GSL generator, seeded for each block from Philox(seed, block), so blocks are reproducible and
/// independent of the thread that runs them.
public struct GSLBlockRandomness: BlockRandomness {
    @usableFromInline var generator: GSLGenerator
    public init(context name: String, seed: UInt64, block: UInt64) throws {
        let derived = Philox4x64.block(counter: (block, 0, 0, 0), key: (seed, 0x6773_6C62_6C6F_636B)).0
        generator = try GSLGenerator(name: name, seed: UInt(derived | 1))
    }
    @inlinable
    public mutating func withTrial<Result>(_ trial: UInt64, _ body: (inout GSLGenerator) -> Result) -> Result {
        body(&generator)
    }
}
