import FairnessModel
import Foundation

/// One test rotation whose reported result the truth does not allow.
public struct Counterexample: Sendable, Hashable, Codable {
    /// The rotation probed, in the subject's unit (printed with `%.17g` it reproduces the probe exactly).
    public let rotation: Double
    /// Where the probe sits (which line, which side, how far).
    public let context: TestPoint
    /// The result the subject reported at ``rotation``.
    public let reported: WheelOutcome
    /// What the geometric truth allows there.
    public let truth: TruthAtRest
}

/// Where a test rotation of the boundary or wraparound check sits.
public enum TestPoint: Sendable, Hashable, Codable {
    /// Near the line between the sectors with `labels`, shifted `turnsShift` whole turns, at `offset` from
    /// the line's nearest value.
    case nearLine(labels: [Int], turnsShift: Double, offset: Offset)
    /// Exactly one turn.
    case exactlyOneTurn
    /// Zero.
    case zero
    /// Negative zero.
    case negativeZero

    /// Where a test sits relative to a line's nearest value.
    public enum Offset: Sendable, Hashable, Codable {
        /// The nearest value itself.
        case nearest
        /// `k` adjacent values above (k > 0) or below (k < 0).
        case adjacent(Int)
        /// 2^`power` ulps above or below.
        case powerOfTwoUlps(Int, above: Bool)
        /// A `fraction` of a turn above or below.
        case turns(Double, above: Bool)
    }
}
