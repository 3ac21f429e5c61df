import FairnessModel

/// Counts of a prize draw's sampled draws: by item, and the visits to each declared state.
public struct PrizeDrawTally: Tally {
    /// Draws counted.
    public var draws: UInt64 = 0
    /// Draws by item (table order), then draws giving a label outside the table, then traps.
    public var counts: [UInt64]
    /// Draws made in each declared state (the state the declaration puts the player in before the draw).
    public var visits: [UInt64]

    /// An empty tally of `items` items and `states` states.
    public init(items: Int, states: Int) {
        counts = [UInt64](repeating: 0, count: items + 2)
        visits = [UInt64](repeating: 0, count: states)
    }

    /// Whether `other` can be merged: the same cells, one item and one state per draw, no overflow.
    public func canMerge(_ other: PrizeDrawTally) -> Bool {
        counts.canAdd(other.counts) && visits.canAdd(other.visits) && draws.canAdd(other.draws) && other.counts.checkedSum == other.draws
            && other.visits.checkedSum == other.draws
    }

    public mutating func merge(_ other: PrizeDrawTally) {
        draws += other.draws
        for i in counts.indices { counts[i] += other.counts[i] }
        for i in visits.indices { visits[i] += other.visits[i] }
    }
}
