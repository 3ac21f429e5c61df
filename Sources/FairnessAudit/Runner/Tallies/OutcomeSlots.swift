/// Maps reported outcomes to tally slots without hashing: sector labels get slots 0 ..< n in the
/// geometry's order, "no result" slot n, any other label (invalid) slot n + 1.
@usableFromInline
struct OutcomeSlots: Sendable {
    let labels: [Int]
    @usableFromInline let minimumLabel: Int
    @usableFromInline let table: [Int32]
    @usableFromInline let dictionary: [Int: Int]

    init(labels: [Int]) {
        self.labels = labels
        let low = labels.min() ?? 0, high = labels.max() ?? 0
        minimumLabel = low
        if high - low < 1 << 16 {
            var table = [Int32](repeating: -1, count: high - low + 1)
            for (slot, label) in labels.enumerated() { table[label - low] = Int32(slot) }
            self.table = table
            dictionary = [:]
        } else {
            table = []
            dictionary = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        }
    }

    @usableFromInline var count: Int { labels.count + 2 }
    @usableFromInline var noResult: Int { labels.count }
    @usableFromInline var invalid: Int { labels.count + 1 }

    @inlinable
    func slot(_ outcome: WheelOutcome) -> Int {
        guard case .label(let label) = outcome else { return noResult }
        if !table.isEmpty {
            let index = label &- minimumLabel
            if index >= 0 && index < table.count, table[index] >= 0 { return Int(table[index]) }
            return invalid
        }
        return dictionary[label] ?? invalid
    }

    func name(_ slot: Int) -> String {
        slot < labels.count ? "\(labels[slot])" : slot == noResult ? "no result" : "invalid label"
    }
}
