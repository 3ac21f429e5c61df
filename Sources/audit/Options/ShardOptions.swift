import ArgumentParser
import CommandLineOptions
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import _FairnessAuditSupport

/// `--shard I/K --tallies DIR`: run one shard of the trials and write its tallies for `audit merge`.
struct ShardOptions: ParsableArguments {
    /// Shard I of K, 0-based.
    struct Shard: Hashable {
        /// I: which shard, 0 ≤ I < K.
        let index: Int
        /// K: how many shards the run is split into.
        let count: Int

        /// `I/K` as two whole numbers; their range is checked with the other options.
        static func parse(_ argument: String) throws -> Shard {
            let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
                throw ValidationError("must be I/K with 0 ≤ I < K ≤ 10000, such as 0/8")
            }
            return Shard(index: index, count: count)
        }
    }

    @Option(
        help: ArgumentHelp(
            "Run only shard I of K (0-based) of the trials and write its tallies to --tallies, for 'audit merge'.", valueName: "I/K"),
        transform: Shard.parse)
    var shard: Shard?

    @Option(help: ArgumentHelp("Directory for the shard's tallies (with --shard).", valueName: "dir"))
    var tallies: String?

    /// The shard to run, with its tallies directory; nil for a whole run.
    var selected: (shard: Shard, tallies: String)? { shard.flatMap { shard in tallies.map { (shard, $0) } } }

    /// Checks the shard against the run's other options: its range, a directory for its tallies, and a
    /// reproducible generator and a fixed seed (every shard of one run must draw the same numbers).
    func validate(generator: GeneratorChoice, seed: SeedChoice) throws {
        guard shard != nil || tallies != nil else { return }
        guard let shard else { throw ValidationError("--tallies \(tallies!): give --shard I/K as well (0-based, such as 0/8)") }
        guard shard.count >= 1, shard.count <= 10_000, shard.index >= 0, shard.index < shard.count else {
            throw ValidationError("--shard \(shard.index)/\(shard.count): must be I/K with 0 ≤ I < K ≤ 10000, such as 0/8")
        }
        guard tallies != nil else {
            throw ValidationError("--shard \(shard.index)/\(shard.count): give --tallies DIR for the shard's tallies")
        }
        guard generator != .system else {
            throw ValidationError(
                "--rng system: not reproducible, so shards of one run would not add up; use xoshiro, philox or gsl:NAME with --shard")
        }
        guard seed.fixed != nil else {
            throw ValidationError("--seed random: every shard of a run needs the same seed; give --seed N with --shard")
        }
    }

    /// A run's own arguments as typed, without the program name, `--shard` and `--tallies` (and their
    /// values): what `audit merge` runs again over the merged tallies.
    static func recordedArguments(_ all: [String]) -> [String] {
        var result: [String] = []
        var skip = false
        for argument in all.dropFirst() {
            if skip {
                skip = false
                continue
            }
            if argument == "--shard" || argument == "--tallies" {
                skip = true
                continue
            }
            if argument.hasPrefix("--shard=") || argument.hasPrefix("--tallies=") { continue }
            result.append(argument)
        }
        return result
    }
}
