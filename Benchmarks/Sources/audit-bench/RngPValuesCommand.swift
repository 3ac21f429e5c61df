import ArgumentParser
import FairnessToolkit
import Foundation

/// `audit-bench rng-pvalues FILE`: every SP 800-22 P-value of every sequence of a file, one a line, for a
/// side-by-side comparison with NIST's reference program (`Benchmarks/Scripts/assess-agreement.sh`), with
/// the toolkit's exact class probabilities or the reference program's tables (`--constants`).
struct RngPValuesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rng-pvalues",
        abstract:
            "Print every SP 800-22 P-value of each sequence of a file (test, part, sequence, P-value), for comparison with NIST's assess.")

    @Argument(help: "The file: raw bytes (each most significant bit first) or NIST's ASCII 0/1 digits.") var file: String
    @Option(help: "bytes or ascii-bits.") var format = "bytes"
    @Option(help: "Bits per sequence.") var sequenceLength = 1_000_000
    @Option(help: "Sequences to test (at most the file's).") var sequences = 1
    @Option(help: "exact (the toolkit's class probabilities) or reference (the reference program's tables).") var constants = "exact"

    func validate() throws {
        guard ["bytes", "ascii-bits"].contains(format) else { throw ValidationError("--format: bytes or ascii-bits") }
        guard ["exact", "reference"].contains(constants) else { throw ValidationError("--constants: exact or reference") }
        guard sequenceLength > 0, sequences > 0 else { throw ValidationError("--sequence-length and --sequences must be positive") }
    }

    func run() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let bits: BitSequence
        if format == "bytes" {
            bits = BitSequence(bytes: data)
        } else {
            var read = BitSequence(capacity: data.count)
            for byte in data where byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") { read.append(UInt64(byte & 1), bitCount: 1) }
            bits = read
        }
        let count = min(sequences, bits.count / sequenceLength)
        guard count > 0 else { throw ValidationError("\(file): fewer than \(sequenceLength) bits") }
        var parameters = SP80022Parameters()
        parameters.constants = constants == "exact" ? .exact : .referenceProgram
        print("test,part,sequence,p_value")
        for index in 0..<count {
            let sequence = bits.slice(from: index * sequenceLength, length: sequenceLength)
            for test in SP80022Test.allCases {
                guard case .computed(let results) = try SP80022.run(test, on: sequence, parameters: parameters) else {
                    print("\(test.rawValue),none,\(index),")
                    continue
                }
                for result in results {
                    print("\(test.rawValue),\(Self.name(result.part)),\(index),\(String(format: "%.10g", result.pValue))")
                }
            }
        }
    }

    /// A part as the comparison script reads it: `whole`, `forward`, `template-000000001`, `state+4`, ….
    static func name(_ part: SP80022Part) -> String {
        switch part {
        case .whole: "whole"
        case .forward: "forward"
        case .reverse: "reverse"
        case .firstDifference: "first"
        case .secondDifference: "second"
        case .state(let x): x > 0 ? "state+\(x)" : "state\(x)"
        case .template(let bits, let length):
            "template-" + String((0..<length).map { (bits >> UInt64(length - 1 - $0)) & 1 == 1 ? "1" : "0" })
        }
    }
}
