import FairnessModel
import Foundation

/// Consistency over the whole circle: the subject's own partition of one turn of rotation (where its
/// report changes, located to adjacent floating-point values), compared with the geometric truth.
///
/// The partition comes from the toolkit's one exact procedure (every sector line found and bisected to
/// adjacent values, plus a dense sweep): see the `CheckKinds` article.
public struct ConsistencyCheck: Sendable {
    /// The subject's name.
    public let subject: String
    /// The unit of every rotation in ``partition`` and ``mislabelled``.
    public let rotationUnit: AngleUnit
    /// The subject's partition of [0, one turn): each maximal arc with one reported result.
    public let partition: [Segment<Double, WheelOutcome>]
    /// Every arc whose reported result the truth does not allow, in rotation order; adjacent pieces with
    /// the same result and truth are one arc.
    public let mislabelled: [MislabelledArc]
    /// Mislabelled share of the circle (Σ widths / one turn).
    public let mislabelledFraction: Double
    /// Sweep resolution: the spacing of the dense sweep, in the rotation unit. Slivers narrower than this
    /// are found only where they touch a sector line (every line and its neighbours are swept).
    public let sweepStep: Double
    /// Whether no arc of the circle is mislabelled.
    public var passed: Bool { mislabelled.isEmpty }

    /// Sweep points over one turn by default: 65,536.
    public static let defaultSteps = 1 << 16

    /// Partitions one turn of `subject`'s rotation by its report and compares it with the truth.
    ///
    /// The truth is read at the subject's own values: between two consecutive line crossings every value
    /// has the same truth, except values within the truth's tolerance of a line, where either neighbour
    /// is accepted.
    /// - Parameters:
    ///   - subject: The wheel.
    ///   - steps: Sweep points over the turn, besides the points at every line.
    /// - Complexity: O((steps + L) · b) calls of `report(_:)` and truth lookups, L the number of lines and
    ///   b the bisection steps per change (about 64 for `Double`).
    public init<Subject: WheelSubject>(_ subject: Subject, steps: Int = ConsistencyCheck.defaultSteps) {
        let unit = subject.rotationUnit
        let turn = Subject.Rotation(unit.fullTurn)
        let (segments, cuts) = WheelPartition.segments(of: subject, over: Subject.Rotation(0), turn, steps: steps) { $0 }
        partition = segments.map { Segment(from: Double($0.from), to: Double($0.to), output: $0.output) }
        let arcs = WheelPartition.mislabelledArcs(of: subject, segments: segments, cuts: cuts) { $0 }
        mislabelled = arcs
        var sum = 0.0, compensation = 0.0
        for arc in arcs {
            let y = arc.width - compensation
            let t = sum + y
            compensation = (t - sum) - y
            sum = t
        }
        mislabelledFraction = sum / unit.fullTurn
        sweepStep = unit.fullTurn / Double(steps)
        rotationUnit = unit
        self.subject = subject.name
    }
}
