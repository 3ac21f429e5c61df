import ArgumentParser
import CommandLineOptions
import FairnessToolkit
import Foundation

/// `audit-bench`: the benchmarks and the calibration, built beside the `audit` product and not into it.
/// With no subcommand it runs `engine`.
@main
struct AuditBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit-bench",
        abstract:
            "Benchmarks and calibration of the fairness audit toolkit (Benchmarks/Scripts/benchmark.sh, Scripts/reports/calibrate.sh).",
        subcommands: [
            BenchCommand.self, CalibrateCommand.self, RngControlsCommand.self, RngCalibrateCommand.self, RngSpeedCommand.self,
            RngPValuesCommand.self, DiceBetsCommand.self,
        ],
        defaultSubcommand: BenchCommand.self)
}

/// `audit-bench engine`: the engine on the benchmark workload, for `Benchmarks/Scripts/benchmark.sh`, and (with
/// `--scale`, `--parity`, `--probe`, `--generator-only`) the other measurements.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Measure the engine on a 37-sector equal wheel (draw, map, tally, chi-square); used by Benchmarks/Scripts/benchmark.sh.")

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Trials, 1 ... 10^15. (default: 100000000)", valueName: "n"),
        transform: TrialCount.parse)
    var trials = TrialCount(100_000_000)

    @OptionGroup var engine: EngineOptions

    @Flag(
        help: "Instead, time the exact checks and a 100,000-trial audit at every size: wheels of 8 ... 10,000 sectors, dice 5d6 ... 12d10.")
    var scale = false

    @Option(help: ArgumentHelp("Instead, time a probe: its answers per second and the exact checks through it.", valueName: "command"))
    var probe: String?

    @Option(help: ArgumentHelp("The spec of the game behind --probe.", valueName: "file"))
    var spec = "Benchmarks/Scripts/roulette37.yaml"

    @Flag(
        help:
            "Instead, compare a subject defined outside the library run through Audit.run with the same subject through the runner directly."
    )
    var parity = false

    @Flag(
        help:
            "Instead, time the default generator alone (xoshiro256** words, summed so none is skipped): the ceiling of any loop that draws one word per trial."
    )
    var generatorOnly = false

    func run() throws {
        if scale { return try ScaleBenchmark.run(threads: engine.threadCount) }
        if parity { return try parityBenchmark() }
        if generatorOnly { return generatorBenchmark() }
        if let probe { return try probeBenchmark(probe) }
        let threads = engine.threadCount
        let start = DispatchTime.now()
        let driver = WheelDriver(BenchmarkWheel())
        let settings = RunSettings(trials: trials.value, seed: engine.seed.resolve(), threads: threads)
        let tally = try MonteCarloRunner.run(driver, settings: settings)
        let test = try GoodnessOfFitTest(counts: Array(tally.counts.prefix(37)), probabilities: Array(repeating: 1.0 / 37, count: 37))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        // FNV-1a over every count then every pair count, each as 8 little-endian bytes: what
        // Benchmarks/Scripts/engine_job.c prints for its own tallies, so the two can be compared to the bit.
        let tallies = FNV1a.hash(
            (tally.counts + tally.pairs).flatMap { count in (0..<8).map { UInt8(truncatingIfNeeded: count >> (8 * $0)) } })
        print(
            String(
                format: "engine threads=%d trials=%llu seconds=%.3f trials_per_second=%.4g chi2_p=%.4g tallies=%016llx",
                threads, trials.value, seconds, Double(trials.value) / seconds, test.verdict.pValue ?? .nan, tallies))
    }
}

/// The benchmark workload: a 37-sector equal wheel whose spin draws a uniform rest angle (53-bit double)
/// and whose report maps it to a sector by multiplication — the same "draw, map, tally" a NumPy or C
/// program does — run through the toolkit's real runner, tallies and chi-square.
extension BenchCommand {
    /// `probe requests=... requests_per_second=...` for `report` requests in batches of 65,536 fresh
    /// rotations, then `probe exact-checks seconds=...` for every exact check of the spec's wheel through it.
    func probeBenchmark(_ command: String) throws {
        let parsed = try SpecParser.parse(contentsOf: URL(fileURLWithPath: spec))
        guard case .wheel(let wheelSpec) = parsed.game else { throw ValidationError("--spec: a wheel is needed") }
        let client = try ProbeClient(command: command, timeout: 30, kind: "wheel")
        defer { client.close() }
        let wheel = try ProbeWheel<Double>(wheelSpec, name: parsed.name, summary: parsed.summary, client: client)
        let requests = Int(min(trials.value, 10_000_000))
        var start = DispatchTime.now()
        var done = 0
        while done < requests {
            let count = min(65_536, requests - done)
            wheel.prefetchReports((0..<count).map { Double(done + $0) * 0.000_731 + 0.5 })
            done += count
        }
        var seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        print(String(format: "probe requests=%d seconds=%.3f requests_per_second=%.4g", requests, seconds, Double(requests) / seconds))
        let fresh = try ProbeWheel<Double>(
            wheelSpec, name: parsed.name, summary: parsed.summary, client: try ProbeClient(command: command, timeout: 30, kind: "wheel"))
        defer { fresh.client.close() }
        start = DispatchTime.now()
        let findings = WheelFindings(auditing: fresh)
        seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        print(
            String(
                format: "probe exact-checks seconds=%.3f sectors=%d material=%d (target <= 10 s for 37 sectors)", seconds,
                wheel.geometry.count, findings.material().count))
    }
}

extension BenchCommand {
    /// `generator words=... words_per_second=...`: one thread drawing `trials` words of the block streams
    /// (a new block every 65,536 words, as the runner does), summed.
    func generatorBenchmark() {
        let seed = engine.seed.resolve()
        let start = DispatchTime.now()
        var sum: UInt64 = 0
        var block: UInt64 = 0
        var left = trials.value
        while left > 0 {
            var generator = Xoshiro256StarStar(seed: seed, stream: 0, block: block)
            for _ in 0..<min(left, RunSettings.defaultBlockSize) { sum &+= generator.next() }
            left -= min(left, RunSettings.defaultBlockSize)
            block += 1
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        print(
            String(
                format: "generator words=%llu seconds=%.3f words_per_second=%.4g checksum=%016llx", trials.value, seconds,
                Double(trials.value) / seconds, sum))
    }

    /// `parity audit_sampling_seconds=... runner_seconds=... ratio=...`: the sampling part of `Audit.run`
    /// on a subject defined in this module (as a user's is) — an audit of `trials` minus an audit of one
    /// block, which holds the same exact checks — against the runner called directly with the same
    /// subject, trials and seed; best of three alternating rounds each.
    func parityBenchmark() throws {
        let seed = engine.seed.resolve(), threads = engine.threadCount
        let subject = BenchmarkWheel()
        func seconds(_ body: () throws -> Void) rethrows -> Double {
            let start = DispatchTime.now()
            try body()
            return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        }
        func audit(_ trials: UInt64) throws {
            _ = try Audit.run(
                [AuditSubject(wheel: subject)], settings: AuditSettings(run: RunSettings(trials: trials, seed: seed, threads: threads)))
        }
        var best = (full: Double.infinity, small: Double.infinity, runner: Double.infinity)
        for _ in 0..<3 {
            best.full = min(best.full, try seconds { try audit(trials.value) })
            best.small = min(best.small, try seconds { try audit(65_536) })
            best.runner = min(
                best.runner,
                try seconds {
                    _ = try MonteCarloRunner.run(
                        WheelDriver(subject), settings: RunSettings(trials: trials.value, seed: seed, threads: threads))
                })
        }
        let sampling = best.full - best.small
        print(
            String(
                format:
                    "parity trials=%llu threads=%d audit_seconds=%.3f audit_one_block_seconds=%.3f audit_sampling_seconds=%.3f runner_seconds=%.3f ratio=%.3f (target <= 1.10)",
                trials.value, threads, best.full, best.small, sampling, best.runner, sampling / best.runner))
    }
}

struct BenchmarkWheel: WheelSubject {
    typealias Rotation = Double
    let geometry = try! WheelGeometry.equal(count: 37, firstSectorStart: 0, pointer: 0)
    var name: String { "benchmark-wheel-37" }
    var summary: String { "benchmark workload" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .unitInterval }
    @inlinable func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }
    @inlinable func report(_ rotation: Double) -> WheelOutcome { .label(Int(rotation * 37) + 1) }
}
