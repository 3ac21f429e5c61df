import FairnessChecks
import FairnessModel

/// Drives a wheel subject: each block is one session starting from the initial rotation; every spin
/// draws the next words of the block's randomness and continues from the previous rest rotation.
public struct WheelDriver<Subject: WheelSubject>: TrialDriver {
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
        // The spin's draw interval (a computed property) is read once per block, and the loop is
        // specialised for its shape: lower + u · (upper − lower) is u itself on [0, 1) and u · upper on
        // [0, upper), to the bit (adding +0 and multiplying by 1 are exact), one or two operations fewer
        // per trial.
        let draw = subject.spinDraw
        if draw.lower == 0 && draw.upper == 1 {
            spin(range, draw: UnitDraw(), randomness: &randomness, into: &tally)
        } else if draw.lower == 0 {
            spin(range, draw: ScaledDraw(width: draw.upper), randomness: &randomness, into: &tally)
        } else {
            spin(range, draw: IntervalDraw(interval: draw), randomness: &randomness, into: &tally)
        }
    }

    /// The trials `range` of a wheel read from its rotation, its unit draws mapped by `draw`; the loop is
    /// also specialised for how labels find their slots (consecutive labels by one subtraction).
    @inlinable
    func spin<R: BlockRandomness, Draw: DrawMapping>(
        _ range: Range<UInt64>, draw: Draw, randomness: inout R, into tally: inout OutcomeTally
    ) {
        if slots.labelsAreConsecutive {
            spin(range, draw: draw, labels: ConsecutiveLabelSlots(slots), randomness: &randomness, into: &tally)
        } else {
            slots.table.withUnsafeBufferPointer { table in
                spin(range, draw: draw, labels: LookupLabelSlots(slots, table: table), randomness: &randomness, into: &tally)
            }
        }
    }

    @inlinable
    func spin<R: BlockRandomness, Draw: DrawMapping, Labels: LabelSlotMapping>(
        _ range: Range<UInt64>, draw: Draw, labels: Labels, randomness: inout R, into tally: inout OutcomeTally
    ) {
        var strays: [Int: UInt64] = [:]
        let derived = slots.pairGroupsAreSlots && slots.count * slots.count * 16 <= range.count
        // The tallies are reached through buffer pointers for the block: no uniqueness or bounds check
        // per trial (every index is a slot below `slots.count`, or a pair of them). Everything the loop
        // reads but does not change (the randomness, the rotation, the bounds, the mapping) is a local, so
        // it stays in a register rather than being reloaded after each store into the tallies.
        tally.counts.withUnsafeMutableBufferPointer { counts in
            tally.pairs.withUnsafeMutableBufferPointer { pairs in
                var source = randomness
                var previous = subject.initialRotation
                let width = slots.pairGroupCount
                let noResult = slots.noResult, invalid = slots.invalid
                var trial = range.lowerBound
                let end = range.upperBound
                @inline(__always) func next() -> Int {
                    let rotation = source.withTrial(trial) { generator in
                        subject.rotation(
                            afterDrawing: Subject.Rotation(draw.value(at: Sampling.unitInterval(using: &generator))), from: previous)
                    }
                    trial &+= 1
                    previous = rotation
                    guard case .label(let label) = subject.report(rotation) else { return noResult }
                    if let slot = labels.slot(of: label) { return slot }
                    strays[label, default: 0] &+= 1
                    return invalid
                }
                if derived {
                    // One increment per trial: the pair table. A slot's count is its first trials of
                    // blocks plus its column of pairs, so the block's column sums are taken off before
                    // and added back after (wrapping, exact).
                    Self.addColumns(of: pairs, into: counts, width: width, sign: 0 &- 1)
                    if trial < end {
                        let first = next()
                        counts[first] &+= 1
                        guard let table = pairs.baseAddress else { preconditionFailure("a pair table has cells") }
                        var row = table + first &* width
                        while trial < end {
                            let current = next()
                            row[current] &+= 1
                            row = table + current &* width
                        }
                    }
                    Self.addColumns(of: pairs, into: counts, width: width, sign: 1)
                } else {
                    let groupOfSlot = slots.pairGroupOfSlot
                    var previousGroup = -1
                    while trial < end {
                        let current = next()
                        counts[current] &+= 1
                        let group = Int(groupOfSlot[current])
                        if previousGroup >= 0 { pairs[previousGroup &* width &+ group] &+= 1 }
                        previousGroup = group
                    }
                }
                randomness = source
            }
        }
        for (label, count) in strays { tally.invalidLabels[label, default: 0] += count }
        tally.trials &+= UInt64(range.count)
    }

    /// counts[b] += sign · Σₐ pairs[a · width + b], wrapping.
    @inlinable
    static func addColumns(
        of pairs: UnsafeMutableBufferPointer<UInt64>, into counts: UnsafeMutableBufferPointer<UInt64>, width: Int, sign: UInt64
    ) {
        for b in 0..<width {
            var column: UInt64 = 0
            for a in 0..<width { column &+= pairs[a &* width &+ b] }
            counts[b] &+= sign &* column
        }
    }
}
