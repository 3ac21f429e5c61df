import FairnessModel
import Foundation

/// Range check: every result the subject reported anywhere in the exact checks must be a sector's
/// label. Invalid results are listed with the share of the circle that shows them.
public struct RangeCheck: Sendable {
    /// A reported result that is no sector's label.
    public struct InvalidResult: Sendable, Hashable {
        /// The result: a label no sector carries, or "no result".
        public let outcome: WheelOutcome
        /// Share of one turn of rotation on which it is reported (0 if only seen at isolated test rotations).
        public let shareOfCircle: Double
        /// A rotation (subject unit) that produces it.
        public let example: Double
    }

    /// The subject's name.
    public let subject: String
    /// Every invalid result seen, in outcome order.
    public let invalid: [InvalidResult]
    /// Whether every result reported is a sector's label.
    public var passed: Bool { invalid.isEmpty }

    /// Collects the invalid results from the consistency partition and the counterexamples of the
    /// boundary and wraparound checks.
    /// - Complexity: O(s + f) for s segments and f counterexamples.
    public init<Subject: WheelSubject>(
        _ subject: Subject, consistency: ConsistencyCheck, boundary: BoundaryCheck, wraparound: WraparoundCheck
    ) {
        let valid = Set(subject.geometry.labels)
        var share: [WheelOutcome: (Double, Double)] = [:]
        for segment in consistency.partition {
            if let label = segment.output.label, valid.contains(label) { continue }
            let width = (segment.to - segment.from) / subject.rotationUnit.fullTurn
            share[segment.output, default: (0, segment.from)].0 += width
        }
        let counterexamples = boundary.failures + wraparound.shifts.flatMap(\.periodicityBreaks) + wraparound.specialFailures
        for failure in counterexamples {
            if let label = failure.reported.label, valid.contains(label) { continue }
            if share[failure.reported] == nil { share[failure.reported] = (0, failure.rotation) }
        }
        invalid = share.map { InvalidResult(outcome: $0.key, shareOfCircle: $0.value.0, example: $0.value.1) }
            .sorted { $0.outcome < $1.outcome }
        self.subject = subject.name
    }
}
