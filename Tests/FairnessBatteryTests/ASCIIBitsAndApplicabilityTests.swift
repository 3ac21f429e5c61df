import FairnessStatistics
import Foundation
import TestSupport
import Testing

@testable import FairnessAudit
@testable import FairnessBattery
@testable import FairnessLogs
@testable import FairnessReport
@testable import FairnessReportRendering
@testable import FairnessRunner
@testable import FairnessSubjectAudit
@testable import FairnessVerification
@testable import _FairnessAuditSupport

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

/// The whole-input tests' counts against a direct count of the same bits (fed in chunks of every width,
/// so runs and bytes cross chunks), their bound against every sequence of 16 bits, and the three defects
/// of issue 44 — a bias, a stuck word, repeated bytes — each failing for its reason.
@Suite("Whole-input tests")
struct WholeInputTests {
    /// The counts read bit by bit: ones, the longest run (length, start, bit), equal pairs by alignment.
    static func direct(_ bits: [UInt8]) -> (ones: UInt64, longest: UInt64, start: UInt64, bit: UInt64, equal: [UInt64], pairs: [UInt64]) {
        var longest = (length: UInt64(0), start: UInt64(0), bit: UInt64(0)), start = 0
        for i in bits.indices where i == bits.count - 1 || bits[i + 1] != bits[i] {
            if UInt64(i - start + 1) > longest.length { longest = (UInt64(i - start + 1), UInt64(start), UInt64(bits[i])) }
            start = i + 1
        }
        let bytes = stride(from: 0, to: bits.count - 7, by: 8).map { i in bits[i..<(i + 8)].reduce(0) { $0 << 1 | Int($1) } }
        var equal: [UInt64] = [0, 0], pairs: [UInt64] = [0, 0]
        for i in 0..<max(0, bytes.count - 1) {
            pairs[i & 1] += 1
            if bytes[i] == bytes[i + 1] { equal[i & 1] += 1 }
        }
        return (UInt64(bits.reduce(0) { $0 + Int($1) }), longest.length, longest.start, longest.bit, equal, pairs)
    }

    @Test(arguments: [1, 2, 9, 21, 40])
    func theCountsAreTheBitsCountedOneByOne(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        // Long runs planted among random bits, and bytes repeated, so every count has something to find.
        var bits: [UInt8] = (0..<200_000).map { _ in UInt8(generator.next() & 1) }
        let at = Int(generator.next() % 190_000)
        for i in at..<(at + 40 + Int(seed)) { bits[i] = UInt8(seed & 1) }
        var tally = WholeInputTally()
        var position = 0
        while position < bits.count {
            let width = min(bits.count - position, Int(generator.next() % 64) + 1)
            let value = bits[position..<(position + width)].reduce(UInt64(0)) { $0 << 1 | UInt64($1) }
            tally.add(value, bitCount: width)
            position += width
        }
        let expected = Self.direct(bits)
        #expect(tally.bits == 200_000 && tally.ones == expected.ones)
        #expect(tally.longest == expected.longest && tally.longestStart == expected.start && tally.longestBit == expected.bit)
        #expect(tally.equal == expected.equal && tally.pairs == expected.pairs)
    }

    /// Whole 32-bit words (the fast path of a word with no run of 16) give the counts of the bits
    /// counted one by one, with runs of 14 to 34 equal bits planted at every offset in and across words.
    @Test(arguments: [3, 4, 5])
    func wordsGiveTheCountsOfTheBitsCountedOneByOne(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var bits: [UInt8] = (0..<(32 * 6_000)).map { _ in UInt8(generator.next() & 1) }
        for plant in 0..<400 {
            let at = Int(generator.next() % UInt64(bits.count - 40)), length = 14 + plant % 21
            for i in at..<(at + length) { bits[i] = UInt8(plant & 1) }
        }
        var tally = WholeInputTally()
        for start in stride(from: 0, to: bits.count, by: 32) {
            tally.add(bits[start..<(start + 32)].reduce(UInt64(0)) { $0 << 1 | UInt64($1) }, bitCount: 32)
        }
        let expected = Self.direct(bits)
        #expect(tally.ones == expected.ones && tally.equal == expected.equal && tally.pairs == expected.pairs)
        #expect(tally.longest == expected.longest && tally.longestStart == expected.start && tally.longestBit == expected.bit)
    }

    /// P(L ≥ r) ≤ (n − r + 2) · 2⁻ʳ for every r, against the exact share of the 2¹⁶ sequences of 16 bits.
    @Test func theLongestRunsBoundHoldsOnEverySequenceOf16Bits() {
        let n = 16
        var atLeast = [Int](repeating: 0, count: n + 2)
        for word in 0..<(1 << n) {
            var longest = 1, run = 1
            for i in 1..<n {
                run = (word >> (n - 1 - i)) & 1 == (word >> (n - i)) & 1 ? run + 1 : 1
                longest = max(longest, run)
            }
            for r in 1...longest { atLeast[r] += 1 }
        }
        for r in 1...n {
            let exact = Double(atLeast[r]) / Double(1 << n), bound = min(1, Double(n - r + 2) * pow(2, -Double(r)))
            #expect(exact <= bound * (1 + 1e-12), "r = \(r): exact \(exact), bound \(bound)")
        }
    }

    /// The three defects over 10⁷ bits of SplitMix64, each failing its own test at far below 10⁻⁶ while
    /// the other two pass, and the fair bits passing all three.
    @Test func aBiasAStuckWordAndRepeatedBytesFailForTheirReasons() throws {
        func tally(_ words: Int, _ make: (inout SplitMix64, Int) -> UInt64) throws -> [WholeInputTest: Double] {
            var generator = SplitMix64(seed: 44)
            var tally = WholeInputTally()
            for index in 0..<words { tally.add(make(&generator, index), bitCount: 64) }
            return Dictionary(uniqueKeysWithValues: try tally.results().map { ($0.test, $0.log10PValue ?? 0) })
        }
        let words = 10_000_000 / 64
        let fair = try tally(words) { generator, _ in generator.next() }
        #expect(fair.values.allSatisfy { $0 > -3 }, "\(fair)")
        // P(1) = 0.52 (z = 0.04 √n = 126 over 10⁷ bits).
        let biased = try tally(words) { generator, _ in
            (0..<64).reduce(UInt64(0)) { word, _ in word << 1 | (generator.unit() < 0.52 ? 1 : 0) }
        }
        #expect(biased[.frequency]! < -100 && biased[.longestRun]! > -3 && biased[.adjacentEqualBytes]! > -3, "\(biased)")
        let stuck = try tally(words) { generator, index in index == 77_777 ? 0 : generator.next() }
        #expect(stuck[.longestRun]! < -11 && stuck[.frequency]! > -3 && stuck[.adjacentEqualBytes]! > -3, "\(stuck)")
        let repeated = try tally(words) { generator, index in
            let word = generator.next()
            // Every 1,000th byte (position 1 mod 1000, inside its word) a copy of the byte before it.
            return (0..<8).reduce(UInt64(0)) { value, k in
                let position = 8 * index + k
                let byte = position % 1000 == 1 ? (value & 0xFF) : (word >> UInt64(56 - 8 * k)) & 0xFF
                return value << 8 | byte
            }
        }
        #expect(repeated[.adjacentEqualBytes]! < -50 && repeated[.frequency]! > -3, "\(repeated)")
    }
}
