import Foundation

/// One arc of the circle where the reported result differs from the truth.
public struct MislabelledArc: Sendable, Hashable {
    /// [from, to) in the subject's rotation unit, within one turn from 0.
    public let from: Double
    public let to: Double
    public let reported: WheelOutcome
    /// The truth on the arc's interior.
    public let truth: String
    /// The arc's share of the circle.
    public var width: Double { to - from }
}
