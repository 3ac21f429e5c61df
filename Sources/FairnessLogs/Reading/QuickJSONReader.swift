import Foundation

/// A cursor over one line of JSON Lines for ``LogFields/quickJSONFields(_:number:dice:)``: it reads the
/// grammar's tokens where they are of the plain kinds and answers nil for anything else.
struct QuickJSONReader {
    /// The keys the audit reads, and the rest.
    enum Key { case outcome, session, timestamp, stake, payout, bet, round, other }

    let line: UnsafeBufferPointer<UInt8>
    var position = 0

    package init(line: UnsafeBufferPointer<UInt8>) { self.line = line }

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
        if named("bet") { return .bet }
        if named("round") { return .round }
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
    mutating func value() -> LogFields.QuickValue? {
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
