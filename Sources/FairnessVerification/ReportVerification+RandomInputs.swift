import FairnessReport

extension ReportVerification {
    /// Each random source's streams add up: its whole sequences (tested, or left out by a declared
    /// sample) of n bits and the bits after the last make the stream's bits, and a sample of every k-th
    /// sequence tests ⌈cut / k⌉ of those cut. An edit of one of these figures, kept consistent across the
    /// set's files and sealed again, renders the same set and is caught here.
    static func checkRandomInputs(_ report: AuditReport, into result: inout VerificationResult) {
        for subject in report.subjects where subject.kind == .randomSource {
            for case .randomInput(let input) in subject.notes {
                for stream in input.streams {
                    result.decisions += 1
                    if !addsUp(stream, testedEvery: input.testedEvery) {
                        result.mismatches.append(.streamDoesNotAddUp(subject: subject.name, stream: stream, testedEvery: input.testedEvery))
                    }
                }
            }
        }
    }

    /// Whether `stream`'s figures agree with each other under a sample of every `testedEvery`-th sequence
    /// (a stream with no sequence has no bits).
    static func addsUp(_ stream: StreamSummary, testedEvery: Int?) -> Bool {
        let every = testedEvery ?? 1, left = stream.sequencesSampledOut ?? 0
        if stream.sequences == 0 { return stream.bits == 0 && stream.untestedBits == 0 && left == 0 }
        guard stream.sequences > 0 else { return false }
        guard every >= 1, left >= 0, stream.sequenceLength >= 1, (testedEvery == nil) == (stream.sequencesSampledOut == nil) else {
            return false
        }
        let (cut, overflowed) = stream.sequences.addingReportingOverflow(left)
        guard !overflowed else { return false }
        let (whole, overflowedBits) = UInt64(cut).multipliedReportingOverflow(by: UInt64(stream.sequenceLength))
        let (accounted, overflowedSum) = whole.addingReportingOverflow(stream.untestedBits)
        guard !overflowedBits, !overflowedSum, accounted == stream.bits else { return false }
        return stream.sequences == (cut - 1) / every + 1
    }
}
