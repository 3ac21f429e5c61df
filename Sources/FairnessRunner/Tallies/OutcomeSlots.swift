import FairnessModel

/// Maps reported outcomes to tally slots without hashing: sector labels get slots 0 ..< n in the
/// geometry's order, "no result" slot n, any other label (invalid) slot n + 1. For serial pairs, slots are
/// gathered into groups (``pairGroups``): each slot its own group for a wheel of up to
/// ``maximumPairGroups`` sectors, consecutive sectors of about equal mass beyond (see
/// ``equalMassGroups(_:count:)``), so the pair table stays small and testable however many sectors there are.
@usableFromInline
package struct OutcomeSlots: Sendable {
    @usableFromInline package let labels: [Int]
    @usableFromInline let minimumLabel: Int
    @usableFromInline let table: [Int32]
    @usableFromInline let dictionary: [Int: Int]
    /// The slots of each pair group; "no result" and "invalid" are always groups of their own.
    package let pairGroups: [[Int]]
    /// The pair group of each slot.
    @usableFromInline let pairGroupOfSlot: [Int32]
    /// The number of pair groups (the pair table is this squared).
    @usableFromInline package let pairGroupCount: Int
    /// Whether each slot is its own pair group, in order (group = slot).
    @usableFromInline let pairGroupsAreSlots: Bool
    /// Whether the labels are minimumLabel, minimumLabel + 1, … in slot order (slot = label − minimumLabel).
    @usableFromInline let labelsAreConsecutive: Bool

    /// Most pair groups: a pair table of at most 1026² counts.
    package static let maximumPairGroups = 1024

    /// Slots for `labels`; `labelGroups` partitions the label slots 0 ..< labels.count into the serial
    /// pairs' groups (nil: one group per label up to ``maximumPairGroups`` labels, equal shares beyond).
    package init(labels: [Int], labelGroups: [[Int]]? = nil) {
        self.labels = labels
        let groups =
            labelGroups
            ?? (labels.count <= Self.maximumPairGroups
                ? labels.indices.map { [$0] }
                : Self.equalMassGroups(Array(repeating: 1, count: labels.count), count: Self.maximumPairGroups))
        pairGroups = groups + [[labels.count], [labels.count + 1]]
        var groupOfSlot = [Int32](repeating: -1, count: labels.count + 2)
        for (group, members) in pairGroups.enumerated() { for slot in members { groupOfSlot[slot] = Int32(group) } }
        precondition(!groupOfSlot.contains(-1), "every label slot must be in one pair group")
        pairGroupOfSlot = groupOfSlot
        pairGroupCount = pairGroups.count
        pairGroupsAreSlots = groupOfSlot.enumerated().allSatisfy { $0.offset == Int($0.element) }
        let low = labels.min() ?? 0, high = labels.max() ?? 0
        minimumLabel = low
        labelsAreConsecutive = labels.enumerated().allSatisfy { $0.element == low &+ $0.offset }
        // A span past Int.max (labels near both ends of Int) takes the dictionary too.
        let (span, overflows) = high.subtractingReportingOverflow(low)
        if !overflows && span < 1 << 16 {
            var table = [Int32](repeating: -1, count: high - low + 1)
            for (slot, label) in labels.enumerated() { table[label - low] = Int32(slot) }
            self.table = table
            dictionary = [:]
        } else {
            table = []
            dictionary = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        }
    }

    /// Slots for `geometry`'s labels in its order, with `pairGroups` partitioning its sector indices for
    /// the serial pairs (nil: one group per sector up to ``maximumPairGroups`` sectors, groups of equal
    /// shares of the circle beyond).
    package init(geometry: WheelGeometry, pairGroups: [[Int]]?) {
        let shares =
            geometry.count > Self.maximumPairGroups
            ? Self.equalMassGroups(geometry.sectors.map(\.widthTurns.value), count: Self.maximumPairGroups) : nil
        self.init(labels: geometry.labels, labelGroups: pairGroups ?? shares)
    }

    @usableFromInline package var count: Int { labels.count + 2 }

    /// Consecutive indices 0 ..< masses.count cut into at most `count` non-empty groups of about equal total
    /// mass: a group closes once the running total reaches its share, k/count of the whole. Keeping
    /// neighbouring sectors together keeps each group a readable arc of the wheel.
    /// - Complexity: O(n) for n masses.
    package static func equalMassGroups(_ masses: [Double], count: Int) -> [[Int]] {
        guard count < masses.count else { return masses.indices.map { [$0] } }
        var total = 0.0
        for m in masses { total += max(0, m) }
        if total <= 0 { return equalMassGroups(Array(repeating: 1, count: masses.count), count: count) }
        var groups: [[Int]] = []
        var current: [Int] = []
        var running = 0.0
        for (index, mass) in masses.enumerated() {
            current.append(index)
            running += max(0, mass)
            let remainingSlots = masses.count - index - 1
            let remainingGroups = count - groups.count - 1
            let reachedShare = running >= total * Double(groups.count + 1) / Double(count)
            if (reachedShare && remainingSlots >= remainingGroups) || remainingSlots == remainingGroups {
                if groups.count < count - 1 { groups.append(current); current = [] }
            }
        }
        if !current.isEmpty { groups.append(current) }
        return groups
    }
    @usableFromInline package var noResult: Int { labels.count }
    @usableFromInline package var invalid: Int { labels.count + 1 }

    @inlinable
    package func slot(_ outcome: WheelOutcome) -> Int {
        guard case .label(let label) = outcome else { return noResult }
        if !table.isEmpty {
            let index = label &- minimumLabel
            if index >= 0 && index < table.count, table[index] >= 0 { return Int(table[index]) }
            return invalid
        }
        return dictionary[label] ?? invalid
    }

    package func name(_ slot: Int) -> String {
        slot < labels.count ? "\(labels[slot])" : slot == noResult ? "no result" : "invalid label"
    }
}
