import FairnessModel
import Foundation
import _FairnessAuditSupport

// One field's value: an outcome, a roll, a number, a timestamp.
extension LogFields {
    static func trimmed(_ field: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = field.count
        while start < end && (field[start] == 32 || field[start] == 9) { start += 1 }
        while end > start && (field[end - 1] == 32 || field[end - 1] == 9) { end -= 1 }
        return UnsafeBufferPointer(rebasing: field[start..<end])
    }

    static func outcome(_ raw: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws -> Int? {
        let field = trimmed(raw)
        var value = 0, index = 0, negative = false
        if field.count == 4, field[0] | 0x20 == UInt8(ascii: "n"), field[1] | 0x20 == UInt8(ascii: "o"),
            field[2] | 0x20 == UInt8(ascii: "n"), field[3] | 0x20 == UInt8(ascii: "e")
        {
            return nil
        }
        if index < field.count && (field[index] == UInt8(ascii: "-") || field[index] == UInt8(ascii: "+")) {
            negative = field[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < field.count, field.count - index <= 18 else {
            throw LogError(
                line: line, column: column,
                message: "outcome: '\(String(decoding: field, as: UTF8.self))' is not a whole-number label or 'none'")
        }
        while index < field.count {
            let digit = Int(field[index]) - 48
            guard digit >= 0 && digit <= 9 else {
                throw LogError(
                    line: line, column: column,
                    message: "outcome: '\(String(decoding: field, as: UTF8.self))' is not a whole-number label or 'none'")
            }
            value = value * 10 + digit
            index += 1
        }
        return negative ? -value : value
    }

    /// A dice outcome: one roll, or a round's rolls separated by `/` (`4-3 / 6-5 / 4-3`), into `fields`
    /// (``faces`` the first roll, ``rolls`` every roll when there are several; the outcome as written when
    /// a roll is invalid).
    /// - Throws: ``LogError`` for a roll that is not whole numbers, or an empty one.
    static func readRolls(_ raw: UnsafeBufferPointer<UInt8>, dice: DiceSet, line: Int, column: Int, into fields: inout LogFields) throws {
        guard raw.contains(UInt8(ascii: "/")) else {
            fields.faces = try roll(raw, dice: dice, line: line, column: column)
            if fields.faces!.count == 0 { fields.outcomeText = String(decoding: trimmed(raw), as: UTF8.self) }
            return
        }
        var rolls: [DiceRoll] = []
        var start = raw.startIndex
        // After the first roll a round may roll fewer dice (a pool's exploding dice): the round's rules
        // judge each roll's count.
        for end in raw.indices where raw[end] == UInt8(ascii: "/") {
            let first = rolls.isEmpty
            rolls.append(try roll(UnsafeBufferPointer(rebasing: raw[start..<end]), dice: dice, line: line, column: column, fewer: !first))
            start = end + 1
        }
        rolls.append(try roll(UnsafeBufferPointer(rebasing: raw[start...]), dice: dice, line: line, column: column, fewer: true))
        fields.faces = rolls[0]
        fields.rolls = rolls
        if rolls.contains(where: { $0.count == 0 }) { fields.outcomeText = String(decoding: trimmed(raw), as: UTF8.self) }
    }

    /// A `bet` field: its text without surrounding spaces (nil when empty: the line settles no bet).
    static func betName(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
        let field = trimmed(raw)
        return field.isEmpty ? nil : String(decoding: field, as: UTF8.self)
    }

    /// A roll written as its faces, separated by spaces, `-`, `:` or `|` ("3-1-4-1-5"). Faces outside
    /// 1 ... F, or the wrong number of dice (more, or fewer unless `fewer`), give an empty roll (an invalid outcome the log is audited for);
    /// anything that is not whole numbers is a bad row.
    static func roll(_ raw: UnsafeBufferPointer<UInt8>, dice: DiceSet, line: Int, column: Int, fewer: Bool = false) throws -> DiceRoll {
        let field = trimmed(raw)
        var faces: [Int] = []
        faces.reserveCapacity(dice.count)
        var value = -1
        var negative = false
        for byte in field {
            if byte >= 48 && byte <= 57 {
                value = (value < 0 ? 0 : value) * 10 + Int(byte - 48)
                guard value < 1_000_000 else { break }
            } else if byte == UInt8(ascii: "-") && value < 0 {
                // A minus sign (not a separator after a face): a negative face, which no die shows.
                negative = true
            } else if byte == 32 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "|")
                || byte == UInt8(ascii: ",")
            {
                if value >= 0 { faces.append(negative ? -value : value) }
                value = -1
                negative = false
            } else {
                throw LogError(
                    line: line, column: column,
                    message: "outcome: '\(String(decoding: field, as: UTF8.self))' is not a roll of \(dice): faces such as 3-1-4-1-5")
            }
        }
        if value >= 0 { faces.append(negative ? -value : value) }
        guard !faces.isEmpty else {
            throw LogError(
                line: line, column: column, message: "outcome: empty; a roll of \(dice) is written as its faces, such as 3-1-4-1-5")
        }
        guard faces.count == dice.count || (fewer && faces.count < dice.count), faces.allSatisfy({ (1...dice.faces).contains($0) })
        else { return DiceRoll(count: 0) }
        return DiceRoll(faces)
    }

    /// Whether `bytes` can only be a decimal number (digits, a point, a sign, an exponent): no hexadecimal
    /// (`0x1p3`), `inf` or `nan`, which C's and Swift's parsers would read.
    static func isDecimal<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || Array("+-.eE".utf8).contains($0) }
    }

    static func number(_ raw: UnsafeBufferPointer<UInt8>, _ name: String, line: Int, column: Int) throws -> Double? {
        let field = trimmed(raw)
        if field.isEmpty { return nil }
        guard isDecimal(field) else {
            throw LogError(
                line: line, column: column, message: "\(name): '\(String(decoding: field, as: UTF8.self))' is not a finite number")
        }
        guard field.count < 64 else { throw LogError(line: line, column: column, message: "\(name): too long for a number") }
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        return try withUnsafeMutableBytes(of: &buffer) { bytes -> Double in
            for index in 0..<field.count { bytes[index] = field[index] }
            bytes[field.count] = 0
            let start = bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &end)
            guard end == start + field.count, value.isFinite else {
                throw LogError(
                    line: line, column: column, message: "\(name): '\(String(decoding: field, as: UTF8.self))' is not a finite number")
            }
            return value
        }
    }

    /// Seconds since 1970 from a number (epoch seconds) or ISO 8601 `YYYY-MM-DD[T ]HH:MM:SS[.fff][Z|±HH:MM]`.
    static func timestamp(_ raw: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws -> Double? {
        let field = trimmed(raw)
        if field.isEmpty { return nil }
        if field.count >= 19, field[4] == UInt8(ascii: "-"), field[7] == UInt8(ascii: "-") {
            func digits(_ from: Int, _ count: Int) -> Int? {
                var value = 0
                for index in from..<(from + count) {
                    let digit = Int(field[index]) - 48
                    guard digit >= 0 && digit <= 9 else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), let hour = digits(11, 2),
                let minute = digits(14, 2), let second = digits(17, 2), (1...12).contains(month), (1...31).contains(day)
            else {
                throw LogError(
                    line: line, column: column, message: "timestamp: '\(String(decoding: field, as: UTF8.self))' is not ISO 8601")
            }
            // Days from the civil date (H. Hinnant's algorithm).
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let days = era * 146_097 + dayOfEra - 719_468
            var seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
            var index = 19
            if index < field.count && field[index] == UInt8(ascii: ".") {
                var scale = 0.1
                index += 1
                while index < field.count, let digit = Optional(Int(field[index]) - 48), digit >= 0 && digit <= 9 {
                    seconds += Double(digit) * scale
                    scale /= 10
                    index += 1
                }
            }
            // The zone: Z, ±HH, ±HHMM or ±HH:MM; nothing else may follow the time.
            let rest = field.count - index
            if rest == 1 && (field[index] == UInt8(ascii: "Z") || field[index] == UInt8(ascii: "z")) { return seconds }
            if rest == 0 { return seconds }
            let sign = field[index]
            var offset: Int?
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                if rest == 3, let h = digits(index + 1, 2) { offset = h * 3_600 }
                if rest == 5, let h = digits(index + 1, 2), let m = digits(index + 3, 2) { offset = h * 3_600 + m * 60 }
                if rest == 6, field[index + 3] == UInt8(ascii: ":"), let h = digits(index + 1, 2), let m = digits(index + 4, 2) {
                    offset = h * 3_600 + m * 60
                }
            }
            guard let offset else {
                throw LogError(
                    line: line, column: column,
                    message:
                        "timestamp: '\(String(decoding: field, as: UTF8.self))' is neither epoch seconds nor ISO 8601 (2026-11-01T12:00:00Z)"
                )
            }
            return seconds + (sign == UInt8(ascii: "+") ? -Double(offset) : Double(offset))
        }
        do {
            return try number(field, "timestamp", line: line, column: column)
        } catch {
            throw LogError(
                line: line, column: column,
                message:
                    "timestamp: '\(String(decoding: field, as: UTF8.self))' is neither epoch seconds nor ISO 8601 (2026-11-01T12:00:00Z)")
        }
    }

    /// FNV-1a of a field's bytes.
    static func hash(_ field: UnsafeBufferPointer<UInt8>) -> UInt64 { FNV1a.hash(trimmed(field)) }
}
