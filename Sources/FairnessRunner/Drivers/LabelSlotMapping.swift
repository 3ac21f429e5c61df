/// How a reported label finds its tally slot; nil for a label no sector carries. Decided once per block so
/// that the trial loop is specialised for it.
@usableFromInline
protocol LabelSlotMapping {
    func slot(of label: Int) -> Int?
}

/// Labels minimum, minimum + 1, … in slot order: slot = label − minimum, one subtraction and one compare.
@usableFromInline
struct ConsecutiveLabelSlots: LabelSlotMapping {
    @usableFromInline let minimum: Int
    @usableFromInline let count: UInt
    @inlinable package init(_ slots: OutcomeSlots) {
        minimum = slots.minimumLabel
        count = UInt(slots.labels.count)
    }
    @inlinable func slot(of label: Int) -> Int? {
        let index = label &- minimum
        return UInt(bitPattern: index) < count ? index : nil
    }
}

/// Any labels: a table over the labels' span when it is under 2¹⁶ values (read through a buffer pointer
/// for the block, no bounds check beyond its own), a dictionary beyond.
@usableFromInline
struct LookupLabelSlots: LabelSlotMapping {
    @usableFromInline let minimum: Int
    /// `slots.table`: the slot of label minimum + i at i, −1 where no sector carries it; empty for a dictionary.
    @usableFromInline let table: UnsafeBufferPointer<Int32>
    @usableFromInline let dictionary: [Int: Int]
    @inlinable package init(_ slots: OutcomeSlots, table: UnsafeBufferPointer<Int32>) {
        minimum = slots.minimumLabel
        self.table = table
        dictionary = slots.dictionary
    }
    @inlinable func slot(of label: Int) -> Int? {
        if !table.isEmpty {
            let index = label &- minimum
            if UInt(bitPattern: index) < UInt(table.count), table[index] >= 0 { return Int(table[index]) }
            return nil
        }
        return dictionary[label]
    }
}
