/// What a wheel that is told its result up front does with an index.
public enum TargetedSpin<Rotation: BinaryFloatingPoint & Sendable>: Sendable, Hashable {
    /// The wheel declines the index and does not spin.
    case refused
    /// The wheel stops at `rotation` and reports `outcome`.
    case stops(at: Rotation, reports: WheelOutcome)
    /// The wheel stops at `rotation`, then the implementation traps (crashes) before reporting.
    case traps(at: Rotation, reason: String)
}

extension TargetedSpin {
    /// Where the wheel rests after this spin, when the one before left it at `previous`: the stop, or
    /// `previous` if the wheel did not move (refused) or has no finite stop (it trapped before stopping).
    @inlinable
    public func restingRotation(after previous: Rotation) -> Rotation {
        switch self {
        case .refused: return previous
        case .stops(let rotation, _), .traps(let rotation, _): return rotation.isFinite ? rotation : previous
        }
    }
}
