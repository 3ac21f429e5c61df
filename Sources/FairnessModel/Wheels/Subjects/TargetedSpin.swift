/// What a wheel that is told its result up front does with an index.
public enum TargetedSpin<Rotation: BinaryFloatingPoint & Sendable>: Sendable, Hashable {
    /// The wheel declines the index and does not spin.
    case refused
    /// The wheel stops at `rotation` and reports `outcome`.
    case stops(at: Rotation, reports: WheelOutcome)
    /// The wheel stops at `rotation`, then the implementation traps (crashes) before reporting.
    case traps(at: Rotation, reason: String)
}
