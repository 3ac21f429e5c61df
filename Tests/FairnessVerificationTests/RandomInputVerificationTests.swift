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

/// `audit verify` checks that a random source's streams add up — whole sequences tested or left out by a
/// declared sample, and the bits after them, make the stream's bits, and a sample of every k-th sequence
/// tested ⌈cut / k⌉ — which rendering again cannot catch when an edit is kept consistent across the set.
@Suite("Verification of a random source's streams")
struct RandomInputVerificationTests {
    static func stream(_ sequences: Int, left: Int?, length: Int = 1000, after: UInt64 = 0, bits: UInt64) -> StreamSummary {
        var stream = StreamSummary(stream: .all)
        (stream.sequences, stream.sequencesSampledOut, stream.sequenceLength, stream.untestedBits, stream.bits) =
            (sequences, left, length, after, bits)
        return stream
    }

    @Test func streamsThatAddUpPassAndOthersDoNot() {
        // Every sequence; a sample of every 3rd of 7 (3 tested, 4 left) with 300 bits after; a stream
        // shorter than one sequence, tested as one; reading stopped at 2 tested of every 3rd.
        #expect(ReportVerification.addsUp(Self.stream(7, left: nil, bits: 7000), testedEvery: nil))
        #expect(ReportVerification.addsUp(Self.stream(3, left: 4, after: 300, bits: 7300), testedEvery: 3))
        #expect(ReportVerification.addsUp(Self.stream(1, left: nil, length: 640, bits: 640), testedEvery: nil))
        #expect(ReportVerification.addsUp(Self.stream(2, left: 2, after: 9_000, bits: 13_000), testedEvery: 3))
        // One left-out sequence fewer, a sample stated without its k, too many tested, negative and
        // overflowing figures.
        #expect(!ReportVerification.addsUp(Self.stream(3, left: 3, after: 300, bits: 7300), testedEvery: 3))
        #expect(!ReportVerification.addsUp(Self.stream(3, left: 3, after: 1300, bits: 7300), testedEvery: 3))
        #expect(!ReportVerification.addsUp(Self.stream(3, left: 4, after: 300, bits: 7300), testedEvery: nil))
        #expect(!ReportVerification.addsUp(Self.stream(4, left: 3, after: 300, bits: 7300), testedEvery: 3))
        #expect(!ReportVerification.addsUp(Self.stream(3, left: -1, after: 2300, bits: 4300), testedEvery: 3))
        #expect(!ReportVerification.addsUp(Self.stream(3, left: Int.max, bits: 7300), testedEvery: 3))
        #expect(!ReportVerification.addsUp(Self.stream(3, left: 4, length: Int.max, bits: 7300), testedEvery: 3))
        // No sequence: only an empty stream; a negative count never.
        #expect(ReportVerification.addsUp(Self.stream(0, left: nil, bits: 0), testedEvery: nil))
        #expect(!ReportVerification.addsUp(Self.stream(0, left: nil, bits: 7000), testedEvery: nil))
        #expect(!ReportVerification.addsUp(Self.stream(-5, left: nil, bits: 7000), testedEvery: nil))
    }

    /// A battery's report adds up as written; with its sampled-out count edited it does not, named by
    /// its source and stream.
    @Test func anEditedSampleIsAMismatch() throws {
        var battery = RandomnessBattery()
        battery.sequenceLength = 50_000
        battery.testEvery = 3
        var generator = SplitMix64(seed: 41)
        let result = try battery.run(draws: 6250 * 7 / 4 * 8 + 100, bitsPerDraw: 32) { generator.next() >> 32 }
        let settings = AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: 1), alpha: 1e-6, command: "test")
        var report = try RandomnessBattery.report(result, name: "sampled", settings: settings)
        var verified = VerificationResult()
        ReportVerification.checkRandomInputs(report, into: &verified)
        #expect(verified.agrees && verified.decisions == 3)
        guard case .randomInput(var input) = report.subjects[0].notes[0] else {
            Issue.record("no input note")
            return
        }
        input.streams[0].sequencesSampledOut! -= 1
        report.subjects[0].notes[0] = .randomInput(input)
        verified = VerificationResult()
        ReportVerification.checkRandomInputs(report, into: &verified)
        #expect(verified.mismatches == [.streamDoesNotAddUp(subject: "sampled", stream: input.streams[0], testedEvery: 3)])
    }
}
