/// Drives a wheel subject: each block is one session starting from the initial rotation; every spin
/// draws from its trial's generator and continues from the previous rest rotation.
public struct WheelDriver<Subject: WheelSubject>: TrialDriver {
    /// The wheel spun.
    public let subject: Subject
    @usableFromInline let slots: OutcomeSlots

    /// Creates a driver that spins `subject`, with one tally slot per sector label.
    ///
    /// - Complexity: O(*n*), *n* the number of sectors (more if their labels span 2¹⁶ or more values).
    public init(_ subject: Subject) {
        self.init(subject, pairGroups: nil)
    }

    /// A driver whose serial pairs are tallied over `pairGroups`, a partition of the sector indices
    /// 0 ..< geometry.count into groups (nil: one group per sector up to 1,024 sectors, groups of equal
    /// shares of the circle beyond).
    init(_ subject: Subject, pairGroups: [[Int]]?) {
        self.subject = subject
        slots = OutcomeSlots(geometry: subject.geometry, pairGroups: pairGroups)
    }

    public func makeTally() -> OutcomeTally { OutcomeTally(slots: slots.count, pairGroups: slots.pairGroupCount) }

    @inlinable
    public func run<R: BlockRandomness>(_ range: Range<UInt64>, randomness: inout R, into tally: inout OutcomeTally) {
        if let batching = subject as? any BatchEvaluatingWheel {
            // A wheel behind a probe plays the block as one session in one batch (one dynamic cast per
            // block, none per trial).
            let draws = range.map { trial in randomness.withTrial(trial) { Double(subject.drawSpinValue(using: &$0)) } }
            var previousGroup = -1
            for spin in batching.playSession(draws) {
                tally.record(spin.outcome, slot: slots.slot(spin.outcome), slots: slots, previousGroup: &previousGroup)
            }
            tally.trials &+= UInt64(range.count)
            return
        }
        var previous = subject.initialRotation
        var previousGroup = -1
        for trial in range {
            let spin = randomness.withTrial(trial) { generator in subject.spin(from: previous, using: &generator) }
            previous = spin.rotation
            tally.record(spin.outcome, slot: slots.slot(spin.outcome), slots: slots, previousGroup: &previousGroup)
        }
        tally.trials &+= UInt64(range.count)
    }
}
