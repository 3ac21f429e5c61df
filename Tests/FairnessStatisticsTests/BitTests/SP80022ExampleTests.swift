import Foundation
import Testing

@testable import FairnessStatistics

/// The publication's worked examples (sections 2.1.4 to 2.13.8) on the short sequences it prints in full.
@Suite("NIST SP 800-22 rev. 1a: worked examples")
struct SP80022ExampleTests {
    static let pi100 = "1100100100001111110110101010001000100001011010001100001000110100110001001100011001100010100010111000"
    static let longestRun128 =
        "11001100000101010110110001001100111000000000001001" + "00110101010001000100111101011010000000110101111100"
        + "1100111001101101100010110010"
    let reference = SP80022Reference.shared
    let examples: SP80022Parameters = {
        var parameters = SP80022Parameters()
        parameters.checksInputSizes = false
        return parameters
    }()

    func bits(_ text: String) throws -> BitSequence { try BitSequence(text: text) }

    /// Each example's P-value is the printed figure and the fixture's independent computation.
    @Test func theExamplesGiveThePrintedPValues() throws {
        let cases: [(String, SP80022Outcome, Double, Int)] = [
            ("frequency 1011010101", try SP80022.frequency(bits("1011010101"), checkingInputSize: false), 0.527089, 6),
            ("frequency pi-100", try SP80022.frequency(bits(Self.pi100)), 0.109599, 6),
            (
                "block frequency 0110011010 M=3", try SP80022.blockFrequency(bits("0110011010"), blockLength: 3, checkingInputSize: false),
                0.801252, 6
            ),
            ("block frequency pi-100 M=10", try SP80022.blockFrequency(bits(Self.pi100), blockLength: 10), 0.706438, 6),
            ("runs 1001101011", try SP80022.runs(bits("1001101011"), checkingInputSize: false), 0.147232, 6),
            ("runs pi-100", try SP80022.runs(bits(Self.pi100)), 0.500798, 6),
            ("longest run 128 bits", try SP80022.longestRun(bits(Self.longestRun128), constants: .exact), 0.180609, 6),
            ("spectral 1001010011", try SP80022.spectral(bits("1001010011"), checkingInputSize: false), 0.468160, 6),
            ("spectral pi-100", try SP80022.spectral(bits(Self.pi100), checkingInputSize: false), 0.646355, 6),
            (
                "approximate entropy 0100110101 m=3",
                try SP80022.approximateEntropy(bits("0100110101"), patternLength: 3, checkingInputSize: false), 0.261961, 6
            ),
            (
                "approximate entropy pi-100 m=2",
                try SP80022.approximateEntropy(bits(Self.pi100), patternLength: 2, checkingInputSize: false), 0.235301, 6
            ),
            ("cusum forward pi-100", try SP80022.cumulativeSums(bits(Self.pi100)), 0.219194, 6),
        ]
        for (name, outcome, printed, decimals) in cases {
            let p = outcome.results.first?.pValue
            expectPrinted(p, printed, decimals: decimals, name)
            expectClose(p, reference.examples[name]!.p!, tolerance: 1e-7, "\(name) against the fixture")
        }
    }

    /// Erratum: section 2.11.4 (5) prints P-value1 = 0.9057 and P-value2 = 0.8805, the incomplete gamma
    /// evaluated wrongly; Q(2, 1.6/2) = 0.808792 and Q(1, 0.8/2) = 0.670320, the figures section 2.11.6
    /// gives for the same example.
    @Test func theSerialExampleGivesSection2_11_6sFigures() throws {
        let outcome = try SP80022.serial(bits("0011011101"), patternLength: 3, checkingInputSize: false)
        #expect(abs(outcome.results[0].statistic - 1.6) < 1e-12 && abs(outcome.results[1].statistic - 0.8) < 1e-12)
        expectPrinted(pValue(outcome, .firstDifference), 0.808792, "serial ∇ψ²")
        expectPrinted(pValue(outcome, .secondDifference), 0.670320, "serial ∇²ψ²")
        expectClose(pValue(outcome, .firstDifference), reference.examples["serial 0011011101 m=3"]!.p1!, "fixture ∇ψ²")
    }

    /// Section 2.12.4 (6) prints χ² = 0.502193 (the bracket before multiplying by 2n); the P-value it
    /// prints, 0.261961, is that of χ² = 10.043859.
    @Test func theApproximateEntropyExampleStatistic() throws {
        let outcome = try SP80022.approximateEntropy(bits("0100110101"), patternLength: 3, checkingInputSize: false)
        #expect(abs(outcome.results[0].statistic - 10.043859) < 5e-7)
    }

    /// Section 2.13.4 prints 0.4116588 to seven decimals. The reference program's summation limits
    /// (C's whole-number division) give 0.4116586 with an exact normal CDF; the publication's last digit
    /// comes from the program's cephes normal CDF. The real-number floor of section 2.13.4 (4) would give
    /// 0.4115847.
    @Test func theCumulativeSumsExampleUsesTheProgramsLimits() throws {
        let outcome = try SP80022.cumulativeSums(bits("1011010111"), checkingInputSize: false)
        #expect(outcome.results[0].statistic == 4)
        expectClose(pValue(outcome, .forward), reference.examples["cusum forward 1011010111"]!.p!, tolerance: 1e-9, "fixture")
        #expect(abs(pValue(outcome, .forward)! - 0.4116588) < 3e-7)
    }

    /// Far-tail P-values of the cumulative sums keep their digits: against mpmath at 300 digits.
    @Test func cumulativeSumsTailsKeepTheirDigits() throws {
        for tail in reference.cusumTails {
            expectClose(try CumulativeSumsTail.pValue(z: tail.z, n: tail.n).pValue, tail.p, tolerance: 1e-9, "n = \(tail.n), z = \(tail.z)")
        }
    }
}
