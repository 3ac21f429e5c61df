import ArgumentParser
import FairnessToolkit
import Foundation

/// `audit-bench rng-speed FILE`: each SP 800-22 test of `audit rng`'s battery alone, on one thread, over
/// the file's bits cut into sequences of 10⁶: the bits each test reads per second. Run by
/// `Benchmarks/Scripts/rng-battery.sh`, which sets these figures beside dieharder's and nistrng's own
/// implementations of the same tests on the same file.
struct RngSpeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rng-speed",
        abstract: "Time each SP 800-22 test of the randomness battery alone on a file's bits (one thread; bits per second).")

    @Argument(help: "A file of raw bytes, each most significant bit first.") var file: String
    @Option(help: "Sequences of 10^6 bits to test (at most the file's).") var sequences = 100

    func run() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let length = 1_000_000, bytesPerSequence = length / 8
        let count = min(sequences, data.count / bytesPerSequence)
        guard count > 0 else { throw ValidationError("\(file): fewer than \(bytesPerSequence) bytes") }
        let cut = (0..<count).map {
            BitSequence(bytes: data[(data.startIndex + $0 * bytesPerSequence)..<(data.startIndex + ($0 + 1) * bytesPerSequence)])
        }
        let parameters = SP80022Parameters()
        for test in SP80022Test.allCases {
            let clock = ContinuousClock()
            var computed = 0
            let elapsed = try clock.measure {
                for bits in cut { if case .computed = try SP80022.run(test, on: bits, parameters: parameters) { computed += 1 } }
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            print(
                "rng-speed \(test.rawValue) bits=\(count * length) seconds=\(String(format: "%.4f", seconds)) bits_per_second=\(String(format: "%.4g", Double(count * length) / seconds)) computed=\(computed)"
            )
        }
    }
}
