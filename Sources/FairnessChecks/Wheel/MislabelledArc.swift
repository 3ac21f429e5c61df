import FairnessModel
import Foundation

/// One arc of the circle where the reported result differs from the truth.
public struct MislabelledArc: Sendable, Hashable {
    /// The rotation where the arc begins, in the subject's rotation unit, within one turn from 0; the arc
    /// is [``from``, ``to``).
    public let from: Double
    /// The first rotation past the arc, in the subject's rotation unit.
    public let to: Double
    /// The result the subject reports everywhere on the arc.
    public let reported: WheelOutcome
    /// The truth on the arc's interior.
    public let truth: TruthAtRest
    /// Whether the truth at rest accepts what is shown on the whole arc, which is recorded only as a play:
    /// a stop exactly on a line showing a neighbour, or no result over an unpainted arc.
    public var acceptedAtRest: Bool = false
    /// The arc's width, ``to`` − ``from``, in the subject's rotation unit (divide by one turn for its
    /// share of the circle).
    public var width: Double { to - from }
}
