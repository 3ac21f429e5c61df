import FairnessModel

/// A wheel whose `report` and spin rule are expensive per call but cheap in bulk — a game's own code
/// running in another process behind a probe — and which therefore accepts the inputs a check is about to
/// evaluate in one batch, keeping the answers for the calls that follow.
///
/// The checks call these hooks with every input they know in advance (the sweep points of a partition,
/// every boundary and wraparound test rotation); the bisections that follow call `report` one at a time. Values are
/// passed as `Double`, converted exactly from and back to the subject's own `Rotation` type.
public protocol BatchEvaluatingWheel: WheelSubject {
    /// Evaluates `report` at every rotation of `rotations` (exact `Double` images of `Rotation` values).
    func prefetchReports(_ rotations: [Double])
    /// Evaluates the spin rule at every drawn value of `draws` from the rotation `previous`, and `report`
    /// at each rotation reached.
    func prefetchSpins(_ draws: [Double], from previous: Double)
    /// Plays one session: from the initial rotation, one spin per drawn value of `draws`, each from the
    /// rotation the previous one left; returns each spin's rotation and reported result.
    func playSession(_ draws: [Double]) -> [(rotation: Double, outcome: WheelOutcome)]
}

/// Hands `rotations` to `subject` in one batch if it evaluates in batches; does nothing otherwise.
func prefetchReports<Subject: WheelSubject>(_ subject: Subject, _ rotations: [Subject.Rotation]) {
    guard let batching = subject as? any BatchEvaluatingWheel else { return }
    batching.prefetchReports(rotations.map { Double($0) })
}

/// Hands `draws` (spun from `previous`) to `subject` in one batch if it evaluates in batches.
func prefetchSpins<Subject: WheelSubject>(_ subject: Subject, _ draws: [Subject.Rotation], from previous: Subject.Rotation) {
    guard let batching = subject as? any BatchEvaluatingWheel else { return }
    batching.prefetchSpins(draws.map { Double($0) }, from: Double(previous))
}
