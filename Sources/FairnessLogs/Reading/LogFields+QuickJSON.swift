import FairnessModel
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
    /// `stake`, `payout`, and for dice `bet` and `round`, in any case) at most once, and values that are strings without escapes or
    /// bytes past ASCII, number literals, `null`, `true`/`false` (under other keys), or, for a dice
    /// outcome, an array of whole numbers. The fields are those ``jsonFields(_:number:dice:)`` gives, to
    /// the bit. nil for any other line (nested values, escapes, a missing or `null` outcome, text JSON
    /// forbids), which JSONSerialization then reads or refuses as before.
    ///
    /// - Throws: The ``LogError`` ``jsonFields(_:number:dice:)`` throws for the same line.
    /// - Complexity: O(*n*) in the line's length; no allocation but a dice outcome's text.
    static func quickJSONFields(_ line: UnsafeBufferPointer<UInt8>, number: Int, dice: DiceSet?) throws -> LogFields? {
        var reader = QuickJSONReader(line: line)
        guard let members = quickMembers(&reader), let outcome = members.outcome.value else { return nil }
        // A truth value under a key the audit reads is a bad row, refused before any field is read (as
        // the JSONSerialization reading refuses it): that reading names it.
        guard !members.holdsBoolean else { return nil }
        var fields = LogFields()
        guard try quickOutcome(outcome, at: members.outcome.column, reader: reader, number: number, dice: dice, into: &fields),
            quickSession(members.session.value, reader: reader, into: &fields)
        else { return nil }
        // Timestamp, stake and payout, in that order (as JSONSerialization's reading takes them).
        guard try quickNumber(members.timestamp, "timestamp", \.timestamp, reader: reader, number: number, into: &fields),
            try quickNumber(members.stake, "stake", \.stake, reader: reader, number: number, into: &fields),
            try quickNumber(members.payout, "payout", \.payout, reader: reader, number: number, into: &fields)
        else { return nil }
        if dice != nil {
            // A dice log's bet (text) and round (text or a whole number, as a session).
            switch members.bet.value {
            case nil, .null?: break
            case .string(let range)?: fields.bet = betName(UnsafeBufferPointer(rebasing: reader.line[range]))
            default: return nil
            }
            var round = LogFields()
            guard quickSession(members.round.value, reader: reader, into: &round) else { return nil }
            // An empty (or blank) round is no round, as an empty CSV cell is.
            if case .string(let range)? = members.round.value,
                reader.line[range].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            {
                round.session = nil
            }
            fields.round = round.session
        }
        return fields
    }

    /// The keys the audit reads, as one flat object's scan found them.
    struct QuickMembers {
        var outcome = QuickMember(), session = QuickMember(), timestamp = QuickMember(), stake = QuickMember()
        var payout = QuickMember(), bet = QuickMember(), round = QuickMember()

        /// Whether a key the audit reads holds `true` or `false`.
        var holdsBoolean: Bool {
            // Member by member: this runs on every line, and an array of them would be allocated each time.
            func isBoolean(_ member: QuickMember) -> Bool {
                if case .boolean? = member.value { return true }
                return false
            }
            return isBoolean(outcome) || isBoolean(session) || isBoolean(timestamp) || isBoolean(stake) || isBoolean(payout)
                || isBoolean(bet) || isBoolean(round)
        }
    }

    /// Scans one flat object to its end: each key the audit reads at most once (a key read twice is left
    /// to the other reading, which refuses it); nil for anything the direct reading does not settle.
    @inline(__always)
    static func quickMembers(_ reader: inout QuickJSONReader) -> QuickMembers? {
        // Each key read: its value, and where the key begins (an error in the value names that column, as
        // the other reading does).
        var members = QuickMembers()
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
                switch key {
                case .outcome: guard members.outcome.set(value, at: keyColumn) else { return nil }
                case .session: guard members.session.set(value, at: keyColumn) else { return nil }
                case .timestamp: guard members.timestamp.set(value, at: keyColumn) else { return nil }
                case .stake: guard members.stake.set(value, at: keyColumn) else { return nil }
                case .payout: guard members.payout.set(value, at: keyColumn) else { return nil }
                case .bet: guard members.bet.set(value, at: keyColumn) else { return nil }
                case .round: guard members.round.set(value, at: keyColumn) else { return nil }
                case .other: break
                }
                reader.skipSpace()
                if reader.take(UInt8(ascii: "}")) { break }
                guard reader.take(UInt8(ascii: ",")) else { return nil }
                reader.skipSpace()
            }
        }
        reader.skipSpace()
        return reader.atEnd ? members : nil
    }

    /// The outcome: a dice roll (an array of whole numbers, or text) or a label (a whole number, or text);
    /// false for a value of another kind.
    /// - Throws: ``LogError`` for an outcome the other reading refuses too.
    @inline(__always)
    static func quickOutcome(
        _ value: QuickValue, at column: Int, reader: QuickJSONReader, number: Int, dice: DiceSet?, into fields: inout LogFields
    ) throws -> Bool {
        let line = reader.line
        if let dice {
            let text: String
            switch value {
            case .wholeNumbers(let joined): text = joined
            case .string(let range): text = String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
            case .number(let range) where reader.isWholeNumber(range):
                text = String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
            default: return false
            }
            try Array(text.utf8).withUnsafeBufferPointer { try readRolls($0, dice: dice, line: number, column: column, into: &fields) }
        } else {
            switch value {
            case .number(let range):
                guard let value = reader.double(range), value == value.rounded(), abs(value) < 1e15 else { return false }
                fields.outcome = Int(value)
            case .string(let range):
                fields.outcome = try Self.outcome(UnsafeBufferPointer(rebasing: line[range]), line: number, column: column)
            default: return false
            }
        }
        return true
    }

    /// The session: text or a whole number, hashed; absent or `null` for none; false for another kind.
    @inline(__always)
    static func quickSession(_ value: QuickValue?, reader: QuickJSONReader, into fields: inout LogFields) -> Bool {
        switch value {
        case nil, .null: return true
        case .string(let range): fields.session = hash(UnsafeBufferPointer(rebasing: reader.line[range]))
        case .number(let range) where reader.isWholeNumber(range): fields.session = hash(UnsafeBufferPointer(rebasing: reader.line[range]))
        default: return false
        }
        return true
    }

    /// A timestamp, stake or payout: a number, or a string read as the CSV reader reads the column;
    /// false for a value of another kind.
    @inline(__always)
    static func quickNumber(
        _ member: QuickMember, _ name: String, _ keyPath: WritableKeyPath<LogFields, Double?>, reader: QuickJSONReader, number: Int,
        into fields: inout LogFields
    ) throws -> Bool {
        switch member.value {
        case nil, .null: return true
        case .number(let range):
            guard let parsed = reader.double(range) else { return false }
            fields[keyPath: keyPath] = parsed
        case .string(let range):
            let text = UnsafeBufferPointer(rebasing: reader.line[range])
            fields[keyPath: keyPath] =
                name == "timestamp"
                ? try Self.timestamp(text, line: number, column: member.column)
                : try Self.number(text, name, line: number, column: member.column)
        default: return false
        }
        return true
    }
}
