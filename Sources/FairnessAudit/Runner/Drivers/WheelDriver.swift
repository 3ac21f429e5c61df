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
        self.subject = subject
        slots = OutcomeSlots(labels: subject.geometry.labels)
    }

    public func makeTally() -> OutcomeTally { OutcomeTally(slots: slots.count) }

    @inlinable
    public func run<R: BlockRandomness>(_ range: Range<UInt64>, randomness: inout R, into tally: inout OutcomeTally) {
        var previous = subject.initialRotation
        var previousSlot = -1
        for trial in range {
            let spin = randomness.withTrial(trial) { generator in subject.spin(from: previous, using: &generator) }
            previous = spin.rotation
            tally.record(spin.outcome, slot: slots.slot(spin.outcome), slots: slots, previousSlot: &previousSlot)
        }
        tally.trials &+= UInt64(range.count)
    }
}
