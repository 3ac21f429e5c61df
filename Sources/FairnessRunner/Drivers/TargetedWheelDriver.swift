import FairnessModel

/// Drives a wheel told its index up front: each block is one session starting from the initial rotation;
/// every spin draws its index (uniformly, by the game's weights or by its own draw) and the game's own draw
/// from the next words of the block's randomness and continues from where the previous spin left the
/// wheel; the reported result is tallied, and the sector it truly stops on compared with what it reports.
public struct TargetedWheelDriver<Subject: TargetedWheelSubject>: TrialDriver {
    /// The wheel spun.
    public let subject: Subject
    @usableFromInline package let slots: OutcomeSlots

    /// Creates a driver that spins `subject`, with one tally slot per sector label.
    ///
    /// - Complexity: O(*n*), *n* the number of sectors (more if their labels span 2¹⁶ or more values).
    public init(_ subject: Subject) {
        self.init(subject, pairGroups: nil)
    }

    /// A driver whose serial pairs are tallied over `pairGroups`, a partition of the sector indices
    /// 0 ..< geometry.count into groups (nil: one group per sector up to 1,024 sectors, groups of equal
    /// shares of the circle beyond).
    package init(_ subject: Subject, pairGroups: [[Int]]?) {
        self.subject = subject
        slots = OutcomeSlots(geometry: subject.geometry, pairGroups: pairGroups)
    }

    public func makeTally() -> OutcomeTally { OutcomeTally(slots: slots.count, pairGroups: slots.pairGroupCount) }

    @inlinable
    public func run<R: BlockRandomness>(_ range: Range<UInt64>, randomness: inout R, into tally: inout OutcomeTally) {
        var previousGroup = -1
        let geometry = subject.geometry
        if subject.answersInBatches {
            // A game behind another process plays the block's session in one batch.
            let requests = range.map { trial in randomness.withTrial(trial) { subject.drawIndex(using: &$0) } }
            for spin in subject.playSession(requests) { record(spin, geometry: geometry, into: &tally, previousGroup: &previousGroup) }
        } else {
            var previous = subject.initialRotation
            for trial in range {
                let spin = randomness.withTrial(trial) { generator in subject.spin(from: previous, using: &generator) }
                previous = spin.result.restingRotation(after: previous)
                record(spin.result, geometry: geometry, into: &tally, previousGroup: &previousGroup)
            }
        }
        tally.trials &+= UInt64(range.count)
    }

    /// Tallies one spin: what it reported, and whether it stopped on another sector than it reported.
    @inlinable
    func record(
        _ spin: TargetedSpin<Subject.Rotation>, geometry: WheelGeometry, into tally: inout OutcomeTally, previousGroup: inout Int
    ) {
        let outcome: WheelOutcome
        switch spin {
        case .refused: outcome = .noResult
        case .traps:
            tally.traps &+= 1
            outcome = .noResult
        case .stops(let rotation, let reported):
            outcome = reported
            if case .inside(let index) = geometry.truth(rotation: Double(rotation), unit: subject.rotationUnit),
                reported != .label(geometry.sectors[index].label)
            {
                tally.shownDiffersFromReported &+= 1
            }
        }
        tally.record(outcome, slot: slots.slot(outcome), slots: slots, previousGroup: &previousGroup)
    }
}
