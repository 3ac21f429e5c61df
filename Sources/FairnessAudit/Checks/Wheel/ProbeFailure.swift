import Foundation

/// One probe whose reported result the truth does not allow.
public struct ProbeFailure: Sendable, Hashable {
    /// The rotation probed, in the subject's unit (printed with `%.17g` it reproduces the probe exactly).
    public let rotation: Double
    /// Where the probe sits (which line, which side, how far).
    public let context: String
    public let reported: WheelOutcome
    public let truth: String
}
