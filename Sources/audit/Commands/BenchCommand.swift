import ArgumentParser
import FairnessAudit
import Foundation

/// `audit bench`: the engine on the benchmark workload, for `Scripts/benchmark.sh` (hidden from help).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the engine on a 37-sector equal wheel (draw, map, tally, chi-square); used by Scripts/benchmark.sh.",
        shouldDisplay: false)

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Trials, 1 ... 10^15. (default: 100000000)", valueName: "n"),
        transform: TrialCount.parse)
    var trials = TrialCount(100_000_000)

    @OptionGroup var engine: EngineOptions

    @Flag(
        help: "Instead, time the exact checks and a 100,000-trial audit at every size: wheels of 8 ... 10,000 sectors, dice 5d6 ... 12d10.")
    var scale = false

    func run() throws {
        if scale { return try ScaleBenchmark.run(threads: engine.threadCount) }
        let threads = engine.threadCount
        let start = DispatchTime.now()
        let driver = WheelDriver(BenchmarkWheel())
        let settings = RunSettings(trials: trials.value, seed: engine.seed.resolve(), threads: threads)
        let tally = try MonteCarloRunner.run(driver, settings: settings)
        let test = try GoodnessOfFitTest(counts: Array(tally.counts.prefix(37)), probabilities: Array(repeating: 1.0 / 37, count: 37))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        print(
            String(
                format: "engine threads=%d trials=%llu seconds=%.3f trials_per_second=%.4g chi2_p=%.4g",
                threads, trials.value, seconds, Double(trials.value) / seconds, test.verdict.pValue ?? .nan))
    }
}

/// The benchmark workload: a 37-sector equal wheel whose spin draws a uniform rest angle (53-bit double)
/// and whose report maps it to a sector by multiplication — the same "draw, map, tally" a NumPy or C
/// program does — run through the toolkit's real runner, tallies and chi-square.
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
