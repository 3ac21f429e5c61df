import FairnessModel
import Foundation

/// One test rotation whose reported result the truth does not allow.
public struct Counterexample: Sendable, Hashable {
    /// The rotation probed, in the subject's unit (printed with `%.17g` it reproduces the probe exactly).
    public let rotation: Double
    /// Where the probe sits (which line, which side, how far).
    public let context: String
    /// The result the subject reported at ``rotation``.
    public let reported: WheelOutcome
    /// What the geometric truth allows there, as text: a sector label, `on the line: ` and the labels of
    /// the sectors either side, or `blank (no sector)`.
    public let truth: String
}
