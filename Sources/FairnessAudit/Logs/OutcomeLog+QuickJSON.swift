import Foundation

// JSON Lines without JSONSerialization for the lines production systems write: one flat object per line.
extension LogTally {
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
    static func quickJSONFields(_ line: UnsafeBufferPointer<UInt8>, number: Int, dice: DiceSet?) throws -> Fields? {
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

        var fields = Fields()
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
        func assign(_ value: QuickValue?, _ name: String, _ keyPath: WritableKeyPath<Fields, Double?>, at column: Int) throws -> Bool {
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

/// A cursor over one line of JSON Lines for ``LogTally/quickJSONFields(_:number:dice:)``: it reads the
/// grammar's tokens where they are of the plain kinds and answers nil for anything else.
struct QuickJSONReader {
    /// The keys the audit reads, and the rest.
    enum Key { case outcome, session, timestamp, stake, payout, other }

    let line: UnsafeBufferPointer<UInt8>
    var position = 0

    init(line: UnsafeBufferPointer<UInt8>) { self.line = line }

    var atEnd: Bool { position == line.count }

    /// Skips JSON's white space: space, tab, line feed, carriage return.
    mutating func skipSpace() {
        while position < line.count, line[position] == 32 || line[position] == 9 || line[position] == 10 || line[position] == 13 {
            position += 1
        }
    }

    /// Takes `byte` if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard position < line.count, line[position] == byte else { return false }
        position += 1
        return true
    }

    /// A string's characters, for a string without escapes, control characters or bytes past ASCII.
    mutating func string() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = position
        while position < line.count {
            let byte = line[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return start..<(position - 1)
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            position += 1
        }
        return nil
    }

    /// A key, by its lower-case spelling.
    mutating func key() -> Key? {
        guard let range = string() else { return nil }
        func named(_ name: StaticString) -> Bool {
            guard range.count == name.utf8CodeUnitCount else { return false }
            return zip(range, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)).allSatisfy {
                let byte = line[$0]
                return (byte >= 65 && byte <= 90 ? byte + 32 : byte) == $1
            }
        }
        if named("outcome") { return .outcome }
        if named("session") { return .session }
        if named("timestamp") { return .timestamp }
        if named("stake") { return .stake }
        if named("payout") { return .payout }
        return .other
    }

    /// A number literal in JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?.
    mutating func number() -> Range<Int>? {
        let start = position
        func digits() -> Int {
            let first = position
            while position < line.count, line[position] >= 48, line[position] <= 57 { position += 1 }
            return position - first
        }
        _ = take(UInt8(ascii: "-"))
        guard position < line.count else { return nil }
        if line[position] == UInt8(ascii: "0") {
            position += 1
        } else if digits() == 0 {
            return nil
        }
        if take(UInt8(ascii: ".")), digits() == 0 { return nil }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
            if digits() == 0 { return nil }
        }
        return start..<position
    }

    /// Whether the literal at `range` is a whole number JSONSerialization shows as written: digits with an
    /// optional minus, no leading zero, not −0, at most 15 digits.
    func isWholeNumber(_ range: Range<Int>) -> Bool {
        var start = range.lowerBound
        if line[start] == UInt8(ascii: "-") { start += 1 }
        let digits = start..<range.upperBound
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ line[$0] >= 48 && line[$0] <= 57 }) else { return false }
        if line[start] == UInt8(ascii: "0") { return digits.count == 1 && start == range.lowerBound }
        return true
    }

    /// The double nearest the literal at `range` (as strtod rounds it, and JSONSerialization); nil if it
    /// is not finite, or a negative zero.
    func double(_ range: Range<Int>) -> Double? {
        guard range.count < 64 else { return nil }
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &buffer) { bytes -> Double? in
            for (offset, index) in range.enumerated() { bytes[offset] = line[index] }
            bytes[range.count] = 0
            let value = strtod(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), nil)
            // −0 written as a whole number is JSONSerialization's integer 0, not the double −0: left to it.
            guard value.isFinite, value != 0 || line[range.lowerBound] != UInt8(ascii: "-") else { return nil }
            return value
        }
    }

    /// A value of the plain kinds; nil for an object, an array of anything but whole numbers, or text
    /// outside JSON's grammar.
    mutating func value() -> LogTally.QuickValue? {
        guard position < line.count else { return nil }
        switch line[position] {
        case UInt8(ascii: "\""):
            return string().map { .string($0) }
        case UInt8(ascii: "n"):
            return word("null") ? .null : nil
        case UInt8(ascii: "t"):
            return word("true") ? .boolean : nil
        case UInt8(ascii: "f"):
            return word("false") ? .boolean : nil
        case UInt8(ascii: "["):
            position += 1
            var joined = ""
            skipSpace()
            if take(UInt8(ascii: "]")) { return nil }
            while true {
                guard let element = number(), isWholeNumber(element) else { return nil }
                if !joined.isEmpty { joined += " " }
                joined += String(decoding: UnsafeBufferPointer(rebasing: line[element]), as: UTF8.self)
                skipSpace()
                if take(UInt8(ascii: "]")) { return .wholeNumbers(joined) }
                guard take(UInt8(ascii: ",")) else { return nil }
                skipSpace()
            }
        default:
            // A literal beyond a double's range makes JSONSerialization refuse the whole line, whatever
            // its key: only one with an exponent or hundreds of digits can be, so only those are converted.
            guard let range = number() else { return nil }
            if range.count > 300 || range.contains(where: { line[$0] | 0x20 == UInt8(ascii: "e") }) {
                guard strtodIsFinite(range) else { return nil }
            }
            return .number(range)
        }
    }

    /// Whether strtod reads the literal at `range` as a finite number.
    func strtodIsFinite(_ range: Range<Int>) -> Bool {
        let text = String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
        return strtod(text, nil).isFinite
    }

    /// Takes the literal `text` if it comes next.
    mutating func word(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard line.count - position >= count else { return false }
        for offset in 0..<count where line[position + offset] != text.utf8Start[offset] { return false }
        position += count
        return true
    }
}
