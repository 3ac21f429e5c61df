import FairnessModel

/// Counts of reported outcomes, consecutive pairs of them, and the invalid labels seen.
public struct OutcomeTally: Tally {
    /// Trials (spins) counted.
    public var trials: UInt64 = 0
    /// Spins by reported outcome slot: the sector labels in the geometry's order, then no result (also
    /// refused and trapped spins), then any label no sector carries.
    public var counts: [UInt64]
    /// pairs[a · groups + b]: an outcome of pair group a followed by one of group b within a block (the
    /// groups of the driver's slots; one group per slot for wheels of up to 1,024 sectors).
    public var pairs: [UInt64]
    /// Spins reporting each label no sector carries, by label.
    public var invalidLabels: [Int: UInt64] = [:]
    /// Targeted wheels: spins where the implementation trapped before reporting (also counted as no
    /// result).
    public var traps: UInt64 = 0
    /// Targeted wheels: spins that stopped strictly inside a sector but reported something other than
    /// its label.
    public var shownDiffersFromReported: UInt64 = 0

    /// An empty tally of `slots` outcome slots and `pairGroups` groups of them for serial pairs.
    public init(slots: Int, pairGroups: Int) {
        counts = [UInt64](repeating: 0, count: slots)
        pairs = [UInt64](repeating: 0, count: pairGroups * pairGroups)
    }

    /// Counts one reported outcome in `slot`, and the pair it forms with the previous one in the block.
    @inlinable
    mutating func record(_ outcome: WheelOutcome, slot: Int, slots: OutcomeSlots, previousGroup: inout Int) {
        counts[slot] &+= 1
        if slot == slots.invalid, let label = outcome.label { invalidLabels[label, default: 0] += 1 }
        let group = Int(slots.pairGroupOfSlot[slot])
        if previousGroup >= 0 { pairs[previousGroup * slots.pairGroupCount + group] &+= 1 }
        previousGroup = group
    }

    /// Adds the counts of `other`, a tally with the same slots, to this one.
    ///
    /// - Complexity: O(*s*² + *m*), where *s* is the number of slots and *m* the number of invalid labels
    ///   in `other`.
    /// Whether `other` can be merged: as many slots and pair cells, one slot counted per trial, no invalid
    /// label counted more often than invalid results were, and no sum past `UInt64.max`.
    public func canMerge(_ other: OutcomeTally) -> Bool {
        guard counts.canAdd(other.counts), pairs.canAdd(other.pairs), other.counts.checkedSum == other.trials,
            trials.canAdd(other.trials), traps.canAdd(other.traps), shownDiffersFromReported.canAdd(other.shownDiffersFromReported),
            other.traps <= other.trials, other.shownDiffersFromReported <= other.trials, other.pairs.checkedSum != nil,
            let labelled = Array(other.invalidLabels.values).checkedSum, labelled <= other.trials
        else { return false }
        return other.invalidLabels.allSatisfy { (invalidLabels[$0.key] ?? 0).canAdd($0.value) }
    }

    public mutating func merge(_ other: OutcomeTally) {
        trials += other.trials
        for i in counts.indices { counts[i] += other.counts[i] }
        for i in pairs.indices { pairs[i] += other.pairs[i] }
        for (label, count) in other.invalidLabels { invalidLabels[label, default: 0] += count }
        traps += other.traps
        shownDiffersFromReported += other.shownDiffersFromReported
    }
}
