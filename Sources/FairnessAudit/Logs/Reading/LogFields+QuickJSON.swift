import Foundation

// JSON Lines without JSONSerialization for the lines production systems write: one flat object per line.
extension LogFields {
    /// A key the audit reads, as the direct reading found it: its value, and the column where the key begins.
    struct QuickMember {
        var value: QuickValue?
        var column = 1
        /// Takes `value` for the key found at `column`; false if the key was found before.
        mutating func set(_ value: QuickValue, at column: Int) -> Bool {
            guard self.value == nil else { return false }
            self.value = value
            self.column = column
            return true
        }
    }

    /// A value of a flat JSON object, as the bytes of its line.
    enum QuickValue {
        /// The characters between the quotes (no escapes, nothing past ASCII).
        case string(Range<Int>)
        /// A number literal in JSON's grammar.
        case number(Range<Int>)
        /// `null`.
        case null
        /// An array of whole-number literals, written as JSONSerialization's reading shows it: the
        /// numbers joined by spaces.
        case wholeNumbers(String)
        /// `true` or `false`, kept only to be skipped under a key the audit does not read.
        case boolean
    }

    /// The fields of `line` read directly, when it is a flat JSON object the direct reading settles:
    /// keys in ASCII without escapes, each key the audit reads (`outcome`, `session`, `timestamp`,
    /// `stake`, `payout`, in any case) at most once, and values that are strings without escapes or
    /// bytes past ASCII, number literals, `null`, `true`/`false` (under other keys), or, for a dice
    /// outcome, an array of whole numbers. The fields are those ``jsonFields(_:number:dice:)`` gives, to
    /// the bit. nil for any other line (nested values, escapes, a missing or `null` outcome, text JSON
    /// forbids), which JSONSerialization then reads or refuses as before.
    ///
    /// - Throws: The ``LogError`` ``jsonFields(_:number:dice:)`` throws for the same line.
    /// - Complexity: O(*n*) in the line's length; no allocation but a dice outcome's text.
    static func quickJSONFields(_ line: UnsafeBufferPointer<UInt8>, number: Int, dice: DiceSet?) throws -> LogFields? {
        var reader = QuickJSONReader(line: line)
        // Each key read: its value, and where the key begins (an error in the value names that column, as
        // the other reading does).
        var outcome = QuickMember(), session = QuickMember(), timestamp = QuickMember(), stake = QuickMember()
        var payout = QuickMember()
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        reader.skipSpace()
        if !reader.take(UInt8(ascii: "}")) {
            while true {
                let keyColumn = reader.position + 1
                guard let key = reader.key() else { return nil }
                reader.skipSpace()
                guard reader.take(UInt8(ascii: ":")) else { return nil }
                reader.skipSpace()
                guard let value = reader.value() else { return nil }
                // A key read twice is left to the other reading, which refuses it.
                switch key {
                case .outcome: guard outcome.set(value, at: keyColumn) else { return nil }
                case .session: guard session.set(value, at: keyColumn) else { return nil }
                case .timestamp: guard timestamp.set(value, at: keyColumn) else { return nil }
                case .stake: guard stake.set(value, at: keyColumn) else { return nil }
                case .payout: guard payout.set(value, at: keyColumn) else { return nil }
                case .other: break
                }
                reader.skipSpace()
                if reader.take(UInt8(ascii: "}")) { break }
                guard reader.take(UInt8(ascii: ",")) else { return nil }
                reader.skipSpace()
            }
        }
        reader.skipSpace()
        guard reader.atEnd, let outcomeValue = outcome.value else { return nil }
        // A truth value under a key the audit reads is a bad row, refused before any field is read (as
        // the JSONSerialization reading refuses it): that reading names it.
        func isBoolean(_ value: QuickValue?) -> Bool {
            if case .boolean? = value { return true }
            return false
        }
        if isBoolean(outcome.value) || isBoolean(session.value) || isBoolean(timestamp.value) || isBoolean(stake.value)
            || isBoolean(payout.value)
        {
            return nil
        }

        var fields = LogFields()
        if let dice {
            let text: String
            switch outcomeValue {
            case .wholeNumbers(let joined): text = joined
            case .string(let range): text = String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
            case .number(let range) where reader.isWholeNumber(range):
                text = String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
            default: return nil
            }
            fields.faces = try Array(text.utf8).withUnsafeBufferPointer { try roll($0, dice: dice, line: number, column: outcome.column) }
            if fields.faces!.count == 0 { fields.outcomeText = text }
        } else {
            switch outcomeValue {
            case .number(let range):
                guard let value = reader.double(range), value == value.rounded(), abs(value) < 1e15 else { return nil }
                fields.outcome = Int(value)
            case .string(let range):
                fields.outcome = try Self.outcome(UnsafeBufferPointer(rebasing: line[range]), line: number, column: outcome.column)
            default: return nil
            }
        }
        switch session.value {
        case nil, .null: break
        case .string(let range): fields.session = hash(UnsafeBufferPointer(rebasing: line[range]))
        case .number(let range) where reader.isWholeNumber(range): fields.session = hash(UnsafeBufferPointer(rebasing: line[range]))
        default: return nil
        }
        // Timestamp, stake and payout, in that order (as JSONSerialization's reading takes them): a number,
        // or a string read as the CSV reader reads the column; false for a value of another kind.
        func assign(_ value: QuickValue?, _ name: String, _ keyPath: WritableKeyPath<LogFields, Double?>, at column: Int) throws -> Bool {
            switch value {
            case nil, .null: return true
            case .number(let range):
                guard let parsed = reader.double(range) else { return false }
                fields[keyPath: keyPath] = parsed
            case .string(let range):
                let text = UnsafeBufferPointer(rebasing: line[range])
                fields[keyPath: keyPath] =
                    name == "timestamp"
                    ? try Self.timestamp(text, line: number, column: column) : try Self.number(text, name, line: number, column: column)
            default: return false
            }
            return true
        }
        guard try assign(timestamp.value, "timestamp", \.timestamp, at: timestamp.column),
            try assign(stake.value, "stake", \.stake, at: stake.column), try assign(payout.value, "payout", \.payout, at: payout.column)
        else { return nil }
        return fields
    }
}
