import FairnessStatistics
import Foundation
import TestSupport
import Testing

@testable import FairnessAudit

/// NIST's own data format (`--format ascii-bits`: the characters 0 and 1, as `data.e` is written) and
/// verdicts from what the input can test: a test of a derived stream or of the draws that needs more than
/// the input gives is N/A when the input's own bits were tested in whole sequences.
@Suite("ASCII bits and applicability")
struct ASCIIBitsAndApplicabilityTests {
    /// The first 10⁶ binary digits of e, integer part included (mpmath, outside the toolkit:
    /// `Tests/FairnessStatisticsTests/Fixtures/make_sp800_22_reference.py`), packed 8 to a byte.
    static let eBytes: [UInt8] = {
        let url = packageRoot.appendingPathComponent("Tests/FairnessStatisticsTests/Fixtures/sp800_22_e.bin")
        return [UInt8](try! Data(contentsOf: url))
    }()

    /// e's digits written as NIST's `data.e` is: lines of digits after a few spaces.
    static let eText: [UInt8] = {
        var text: [UInt8] = []
        var column = 0
        for byte in eBytes {
            for shift in stride(from: 7, through: 0, by: -1) {
                if column % 1000 == 0 { text += column == 0 ? Array("   ".utf8) : Array("\n   ".utf8) }
                text.append(UInt8(ascii: "0") + (byte >> UInt8(shift)) & 1)
                column += 1
            }
        }
        return text + [UInt8(ascii: "\n")]
    }()

    static let settings = AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: 2), alpha: 1e-6, command: "test")

    @Test func dataEReadAsItIsGivesTheTableOfE() throws {
        var battery = RandomnessBattery()
        battery.threads = 2
        let result = try RandomnessBatteryTests.run(battery, Self.eText, format: .asciiBits)
        #expect(result.bits == 1_000_000 && result.sequences == 1 && result.streams.map(\.stream) == [.all])
        // The same bits as raw bytes give the same tallies on the stream of every bit.
        let packed = try battery.run(bits: BitSequence(bytes: Self.eBytes))
        let ascii = result.rows.filter { $0.row.stream == .all }, bytes = packed.rows.filter { $0.row.stream == .all }
        #expect(ascii.count == bytes.count && zip(ascii, bytes).allSatisfy { $0.row == $1.row && $0.tally == $1.tally })
        // SP 800-22 rev. 1a, Appendix B: the frequency test on e, P = 0.953749.
        let frequency = try #require(ascii.first { $0.row.test == .frequency }?.tally)
        #expect(abs(frequency.smallestPValue - 0.953749) < 5e-7)
        // Every test its length allows has a verdict: the gate is not INCONCLUSIVE.
        let report = try RandomnessBattery.report(result, name: "data.e", settings: Self.settings)
        #expect(report.gate == .pass)
        #expect(
            !report.checks.contains { $0.status == .inconclusive }, "\(report.checks.filter { $0.status == .inconclusive }.map(\.detail))")
        let notApplicable = report.checks.filter { $0.status == .notApplicable }
        #expect(!notApplicable.isEmpty && notApplicable.allSatisfy { $0.detail.hasPrefix("not applicable: ") })
    }

    @Test func anyCharacterButABitOrWhitespaceIsRefusedWhereItIs() throws {
        let text = Array("0101 1100\n\t0011\r\n01x1\n".utf8)
        #expect {
            try RandomnessBatteryTests.run(RandomnessBattery(), text, format: .asciiBits)
        } throws: { error in
            guard let error = error as? LogError else { return false }
            return error.line == 3 && error.column == 3 && error.message.hasPrefix("'x' is not a bit")
        }
        #expect(RandomInputFormat(argument: "ascii-bits") == .asciiBits && RandomInputFormat.asciiBits.argument == "ascii-bits")
    }

    @Test func digitsReadAsBytesSayWhatTheyLookLike() throws {
        let result = try RandomnessBatteryTests.run(RandomnessBattery(), Array(Self.eText.prefix(200_000)), format: .bytes)
        #expect(result.looksLikeASCIIBits)
        let report = try RandomnessBattery.report(result, name: "data.e", settings: Self.settings)
        guard case .randomInput(let input) = report.subjects[0].notes.first else {
            Issue.record("no input note")
            return
        }
        #expect(input.looksLikeASCIIBits == true)
        #expect(ReportNarrator.note(report.subjects[0].notes[0]).contains("--format ascii-bits"))
        let random = try RandomnessBatteryTests.run(RandomnessBattery(), RandomnessBatteryTests.bytes(200_000, seed: 3), format: .bytes)
        #expect(!random.looksLikeASCIIBits)
    }

    /// 10⁶ bits of raw bytes: the derived low-bit streams (31,250 and 250,000 bits) are too short for most
    /// tests and the draws too few for some; they are N/A, and the verdict comes from what was tested. An
    /// input shorter than one sequence stays INCONCLUSIVE.
    @Test func derivedStreamsTooShortAreNotApplicable() throws {
        var battery = RandomnessBattery()
        battery.threads = 2
        let result = try RandomnessBatteryTests.run(battery, RandomnessBatteryTests.bytes(125_000, seed: 21), format: .bytes)
        #expect(result.inputTestedInFull)
        let report = try RandomnessBattery.report(result, name: "short-file", settings: Self.settings)
        #expect(report.gate == .pass)
        let notApplicable = report.checks.filter { $0.status == .notApplicable }
        #expect(notApplicable.count > 10 && !report.checks.contains { $0.status == .inconclusive })
        // Only derived streams, draw tests and the random excursions' own condition are N/A.
        for check in notApplicable {
            switch check.check {
            case .randomness(let tested):
                #expect(tested.stream != .all || [.randomExcursions, .randomExcursionsVariant].contains(tested.test))
            case .randomDraws: break
            default: Issue.record("\(check.checkName) is N/A")
            }
        }
        // N/A passes the gate and a JUnit file skips it.
        #expect(CheckStatus.gating([.notApplicable, .pass]) == .pass && CheckStatus.gating([.notApplicable]) == .pass)
        #expect(ReportWriter.junit(report).contains("<skipped message=\"N/A: not applicable: "))
        let short = try RandomnessBatteryTests.run(battery, RandomnessBatteryTests.bytes(60_000, seed: 21), format: .bytes)
        #expect(!short.inputTestedInFull)
        #expect(try RandomnessBattery.report(short, name: "shorter", settings: Self.settings).gate == .inconclusive)
    }
}
