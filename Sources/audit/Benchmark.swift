import ArgumentParser
import FairnessAudit
import Foundation

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
    var spinDraw: SpinDraw { SpinDraw(lower: 0, upper: 1) }
    @inlinable func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }
    @inlinable func report(_ rotation: Double) -> WheelOutcome { .label(Int(rotation * 37) + 1) }
}

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the engine on a 37-sector equal wheel (draw, map, tally, chi-square); used by Scripts/benchmark.sh.",
        shouldDisplay: false)

    @Option var trials: UInt64 = 100_000_000
    @Option var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    @Option var seed: UInt64 = 20261121

    func run() throws {
        let start = DispatchTime.now()
        let driver = WheelDriver(BenchmarkWheel())
        let tally = try MonteCarloRunner.run(driver, settings: RunSettings(trials: trials, seed: seed, threads: threads))
        let test = try GoodnessOfFitTest(counts: Array(tally.counts.prefix(37)), probabilities: Array(repeating: 1.0 / 37, count: 37))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        print(String(format: "engine threads=%d trials=%llu seconds=%.3f trials_per_second=%.4g chi2_p=%.4g",
                     threads, trials, seconds, Double(trials) / seconds, test.verdict.pValue ?? .nan))
    }
}
