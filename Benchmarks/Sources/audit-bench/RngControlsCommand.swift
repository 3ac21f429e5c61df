import ArgumentParser
import FairnessToolkit
import Foundation

/// `audit-bench rng-controls`: the randomness battery on weak generators, each expected to fail for the
/// reason the literature gives, and on good ones, each expected to pass on every seed. Prints the
/// Markdown table of `docs/figures/rng-controls.md`; exits 1 when an expectation is not met.
struct RngControlsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rng-controls",
        abstract: "Run `audit rng`'s battery on weak and good generators; print the negative-control table (docs/figures/rng-controls.md).")

    @Option(help: "Draws per run.") var draws = 1 << 20
    @Option(help: "Seeds per good generator.") var seeds = 5
    @Option(help: "Sequences tested side by side.") var threads = ProcessInfo.processInfo.activeProcessorCount

    /// A weak generator and the published reason it fails, as the checks that show it.
    struct Weak {
        let generator: ControlGenerator
        let reason: String
        let shows: (CheckIdentifier) -> Bool
    }

    static let seed: UInt64 = 20_261_127

    static var weak: [Weak] {
        func lowBits(_ check: CheckIdentifier) -> Bool {
            if check == .randomDraws(.lowestBitAutocorrelation) { return true }
            if case .randomness(let battery) = check, battery.stream == .lowestBits(1) { return true }
            return false
        }
        let lowBitReason =
            "an LCG modulo 2^e: its lowest bits have periods 2, 4, 8, … (Knuth, TAOCP vol. 2, 3rd ed., §3.2.1.1)"
        return [
            Weak(
                generator: .gsl("randu"),
                reason:
                    "consecutive triples lie on 15 planes (Marsaglia, \"Random numbers fall mainly in the planes\", PNAS 61, 1968; Knuth §3.3.4)",
                shows: { $0 == .randomDraws(.serialTriples) }),
            Weak(
                generator: .gsl("minstd"),
                reason:
                    "an LCG's pairs lie on a lattice, which birthday spacings in two dimensions find (L'Ecuyer and Simard, \"TestU01\", ACM TOMS 33(4), 2007: LCGs of modulus near 2^31 fail SmallCrush's birthday spacings)",
                shows: { $0 == .randomDraws(.birthdaySpacingsOfPairs) }),
            Weak(generator: .gsl("rand"), reason: "BSD rand(): " + lowBitReason, shows: lowBits),
            Weak(generator: .lcg32, reason: lowBitReason, shows: lowBits),
            Weak(
                generator: .mwc1616,
                reason:
                    "each draw's top 16 bits come from one multiply-with-carry generator, so consecutive top halves are its state and do not repeat as random pairs do (V8 blog, \"There's Math.random(), and then there's Math.random()\", 2015)",
                shows: { $0 == .randomDraws(.pairCollisions) }),
            Weak(
                generator: .javaRandom,
                reason:
                    "a 48-bit LCG whose nextInt() is the state's top 32 bits: its lowest bit is state bit 16, of period 2^17 (Java SE API, java.util.Random; Knuth §3.2.1.1)",
                shows: { $0 == .randomDraws(.lowestBitAutocorrelation) }),
            Weak(
                generator: .biased,
                reason:
                    "bits with P(1) = 0.5005: one sequence of 10^6 bits shows z = 1, the whole input z = 0.001 √n (computed: 8.2 over the 6.7 · 10^7 bits here)",
                shows: { $0 == .wholeInput(.frequency) }),
            Weak(
                generator: .stuckWord,
                reason:
                    "a 64-bit word of zeros is a run of 64 or more, which fair bits give with probability at most (n − 62) · 2^-64 (computed: 3.6e-12 over the 6.7 · 10^7 bits here)",
                shows: { $0 == .wholeInput(.longestRun) }),
            Weak(
                generator: .repeatedBytes,
                reason:
                    "every 1000th byte a copy of the one before: about 4,190 more equal pairs of consecutive bytes at each alignment than the 16,384 fair bytes give (computed: z ≈ 33)",
                shows: { $0 == .wholeInput(.adjacentEqualBytes) }),
        ]
    }

    static let good: [ControlGenerator] = [.gsl("mt19937"), .xoshiro, .philox, .system]

    func run() throws {
        var battery = RandomnessBattery()
        battery.threads = threads
        let settings = AuditSettings(
            run: RunSettings(trials: 1, seed: 0, threads: threads), alpha: AuditSettings.defaultAlpha, command: "audit-bench rng-controls")
        func audit(_ generator: ControlGenerator, seed: UInt64) throws -> AuditReport {
            let result = try battery.run(draws: draws, bitsPerDraw: generator.bitsPerDraw, next: try generator.make(seed))
            return try RandomnessBattery.report(result, name: generator.name, settings: settings)
        }
        var lines = Self.header(draws: draws, seeds: seeds)
        var unmet: [String] = []
        for weak in Self.weak {
            let report = try audit(weak.generator, seed: Self.seed)
            let failing = report.checks.filter { $0.status == .fail }.sorted {
                ($0.holmLog10PValue ?? 0, $0.checkName) < ($1.holmLog10PValue ?? 0, $1.checkName)
            }
            let reasons = failing.filter { weak.shows($0.check) }
            if report.gate != .fail || reasons.isEmpty { unmet.append("\(weak.generator.name) does not fail for its published reason") }
            let shown = reasons.prefix(3).map { "\($0.checkName) (Holm log₁₀ p \(String(format: "%.1f", $0.holmLog10PValue ?? 0)))" }
            lines.append(
                "| \(weak.generator.name) | \(weak.generator.bitsPerDraw) | \(weak.reason) | FAIL | **\(report.gate.rawValue)** | \(reasons.count) of them: \(shown.joined(separator: "; "))\(reasons.count > 3 ? "; …" : "") | \(failing.count - reasons.count) |"
            )
        }
        for generator in Self.good {
            let runs =
                generator.name.hasPrefix("operating system")
                ? (0..<seeds).map { _ in UInt64(0) } : (1...UInt64(seeds)).map { $0 == 1 ? Self.seed : $0 }
            var gates: [CheckStatus] = []
            for seed in runs { gates.append(try audit(generator, seed: seed).gate) }
            let passed = gates.filter { $0 == .pass }.count
            if passed != runs.count { unmet.append("\(generator.name) does not pass every run: \(gates.map(\.rawValue))") }
            let seedText =
                generator.name.hasPrefix("operating system") ? "\(runs.count) runs (not seeded)" : "seeds \(Self.seed), 2 … \(seeds)"
            lines.append(
                "| \(generator.name) | \(generator.bitsPerDraw) | a good generator | PASS | **\(passed) of \(runs.count) pass** (\(seedText)) | — | \(runs.count - passed) runs fail |"
            )
        }
        print(lines.joined(separator: "\n"))
        if !unmet.isEmpty {
            FileHandle.standardError.write(Data(("rng-controls: " + unmet.joined(separator: "; ") + "\n").utf8))
            throw ExitCode(1)
        }
    }

    static func header(draws: Int, seeds: Int) -> [String] {
        [
            "# Negative controls of the randomness battery (`audit rng`)",
            "",
            "Regenerated by `bash Scripts/reports/rng-controls.sh` and checked by `Scripts/test.sh`. Each run tests \(draws) draws of the generator in its own width (GSL's generators as x − min in ⌊log₂(max − min + 1)⌋ bits: 30 for randu and minstd, 31 for rand, 32 for mt19937; the others as 32- or 64-bit words), through the battery exactly as `audit rng` runs it: SP 800-22's 15 tests on sequences of 10⁶ bits of every bit, 13 of them on the lowest bit and the lowest 8 bits of each draw, the draw tests, and the tests of the whole input (the ones among every bit, the longest run of equal bits, equal consecutive bytes); Holm at α = 1e-6 over the source's family. A weak generator is expected to fail, and to fail for the reason the literature gives: the column lists the failing checks that show that reason (of all its failing checks, the rest are counted in the last column). A good generator is expected to pass on every seed.",
            "",
            "| generator | bits per draw | published weakness (source) | expected | gate | failing checks that show the weakness | other failing checks |",
            "|---|---|---|---|---|---|---|",
        ]
    }
}
