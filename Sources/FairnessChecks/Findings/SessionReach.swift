import FairnessModel

/// The rotations a wheel reaches in a session of its own spins: from its initial rotation, `spins`
/// consecutive spins, each drawing its value anywhere in the subject's `SpinDraw`.
///
/// The range is found by iterating the subject's spin rule with the smallest and the largest value the draw
/// can take, which bounds every session when the rule is monotone in the drawn value and in the previous
/// rotation (true of every rule that adds a turn count and the drawn angle, or resets to it), joined with
/// the rotations of a first spin at 1,024 evenly spaced draws (so a rule that wraps its rotation into one
/// turn reaches the whole turn). Findings at rotations outside it are ``FindingClass/latent``. The initial rotation itself is not in play unless a
/// spin can come back to it: a game reports its result after a spin.
public struct SessionReach: Sendable, Hashable {
    /// The session length assumed by default: 10,000 spins (over eight hours at one spin every three
    /// seconds).
    public static let defaultSpins = 10_000

    /// The spins of the session.
    public let spins: Int
    /// The smallest rotation at rest after any spin of the session, in the subject's unit.
    public let lowest: Double
    /// The largest rotation at rest after any spin of the session, in the subject's unit.
    public let highest: Double
    /// The unit of ``lowest`` and ``highest``.
    public let unit: AngleUnit

    /// The reach of `subject` over `spins` spins.
    /// - Precondition: `spins` ≥ 1.
    /// - Complexity: O(spins) evaluations of the spin rule.
    public init<Subject: WheelSubject>(_ subject: Subject, spins: Int = SessionReach.defaultSpins) {
        precondition(spins >= 1, "a session has at least one spin")
        let draw = subject.spinDraw
        let smallest = Subject.Rotation(draw.lower)
        var largest = Subject.Rotation(draw.upper)
        if Double(largest) >= draw.upper { largest = largest.nextDown }
        var low = subject.initialRotation, high = subject.initialRotation
        var lowest = Double.infinity, highest = -Double.infinity
        for step in 0..<1024 {
            let u = draw.lower + (draw.upper - draw.lower) * Double(step) / 1024
            let value = Double(subject.rotation(afterDrawing: Subject.Rotation(u), from: subject.initialRotation))
            if value.isFinite {
                lowest = min(lowest, value)
                highest = max(highest, value)
            }
        }
        for _ in 0..<spins {
            low = subject.rotation(afterDrawing: smallest, from: low)
            high = subject.rotation(afterDrawing: largest, from: high)
            for value in [Double(low), Double(high)] where value.isFinite {
                lowest = min(lowest, value)
                highest = max(highest, value)
            }
        }
        self.spins = spins
        // A spin rule that never gives a rotation (it traps on every draw) reaches nothing beyond the start.
        let start = Double(subject.initialRotation)
        self.lowest = lowest <= highest ? lowest : start
        self.highest = lowest <= highest ? highest : start
        unit = subject.rotationUnit
    }

    /// Whether a session can come to rest at `rotation` (in the subject's unit).
    public func contains(_ rotation: Double) -> Bool { rotation >= lowest && rotation <= highest }
}
