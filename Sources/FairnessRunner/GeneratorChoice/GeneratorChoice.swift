import FairnessStatistics
import Foundation
import _FairnessAuditSupport

/// Which generator a run draws from.
public enum GeneratorChoice: Sendable, Hashable, CustomStringConvertible {
    /// The default: each block of trials draws from its own xoshiro256** stream, seeded by Philox4x64-10
    /// at (seed, subject stream, block) (see `Xoshiro256StarStar`). Reproducible, the same for any number
    /// of threads or shards (blocks are fixed), and the fastest choice.
    case xoshiro
    /// Philox4x64-10 keyed by the seed, one counter per trial (see `TrialRandom`): every trial's draws
    /// depend on (seed, stream, trial) alone; slower than ``xoshiro`` (1.4× for an audit of a 37-sector
    /// reference wheel on one core; more for a subject whose own spin costs less).
    case philox
    /// Swift's `SystemRandomNumberGenerator`, which the seeds' apps use. Not reproducible.
    case system
    /// A GSL generator by name, seeded per block from (seed, block).
    case gsl(String)

    /// Parses `xoshiro`, `philox`, `system` or `gsl:NAME`.
    ///
    /// - Parameter text: `xoshiro` (or `default`), `philox`, `system`, or `gsl:` and the name of a GSL
    ///   generator.
    /// - Throws: `AuditError.unknownGenerator(name:known:)` if `text` is none of these, or names a
    ///   generator GSL does not have (then `known` lists GSL's generators).
    public init(parsing text: String) throws {
        switch text {
        case "xoshiro", "default": self = .xoshiro
        case "philox": self = .philox
        case "system": self = .system
        default:
            guard text.hasPrefix("gsl:") else {
                throw AuditError.unknownGenerator(
                    name: text, known: ["xoshiro", "philox", "system", "gsl:NAME (gsl:mt19937, gsl:ranlxd2, gsl:taus2, gsl:randu, ...)"])
            }
            let name = String(text.dropFirst(4))
            guard GSLGenerator.availableNames.contains(name) else {
                throw AuditError.unknownGenerator(name: text, known: GSLGenerator.availableNames)
            }
            self = .gsl(name)
        }
    }

    public var description: String {
        switch self {
        case .xoshiro: return "xoshiro"
        case .philox: return "philox"
        case .system: return "system"
        case .gsl(let name): return "gsl:\(name)"
        }
    }

    /// Whether the same seed gives the same draws: true for xoshiro, Philox and GSL generators, false for the
    /// system generator.
    public var isReproducible: Bool { self != .system }
}
