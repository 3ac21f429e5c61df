import FairnessModel

/// Where angle 0 points on the screen.
public enum SpecZero: String, Sendable, Hashable, CaseIterable {
    /// 3 o'clock (UIKit, Core Graphics, most maths).
    case right
    /// 6 o'clock.
    case bottom
    /// 9 o'clock.
    case left
    /// 12 o'clock (many game engines and designers).
    case top

    /// The direction's angle in the toolkit's screen convention (0 right, clockwise), in turns.
    var screenTurns: Double {
        switch self {
        case .right: return 0
        case .bottom: return 0.25
        case .left: return 0.5
        case .top: return 0.75
        }
    }
}
