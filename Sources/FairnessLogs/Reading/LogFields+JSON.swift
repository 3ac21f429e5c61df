import FairnessModel
import Foundation

// JSON Lines read through JSONSerialization, after a strict check of the line.
extension LogFields {
    /// Refuses what JSONSerialization would let through and another platform's would not, or would read
    /// another way, so that a line means the same everywhere: a trailing comma before `}` or `]` (accepted
    /// by Linux's Foundation, refused by RFC 8259 and by Apple's), and a key the audit reads given twice in
    /// the line's object, exactly or in another case (`"outcome"` and `"Outcome"`): which one would count
    /// depends on a dictionary's order. The column is that of the comma or of the second key.
    /// - Returns: Where each key the audit reads begins in the line (its opening quote, 0-based), by its
    ///   name in lower case.
    /// - Throws: ``LogError`` naming the line and column.
    /// - Complexity: O(*n*) in the line's length.
    static func checkStrictJSON(_ line: UnsafeBufferPointer<UInt8>, number: Int, dice: Bool = true) throws -> [String: Int] {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var depth = 0, position = 0
        var lastSignificant: UInt8 = 0, lastComma = -1
        var seen: [String: Int] = [:]
        while position < line.count {
            let byte = line[position]
            switch byte {
            case quote:
                // A string: a key of the line's object when it opens a member at depth 1.
                let start = position
                var escaped = false
                position += 1
                while position < line.count {
                    if escaped {
                        escaped = false
                    } else if line[position] == backslash {
                        escaped = true
                    } else if line[position] == quote {
                        break
                    }
                    position += 1
                }
                if depth == 1, lastSignificant == UInt8(ascii: "{") || lastSignificant == UInt8(ascii: ","),
                    let key = jsonString(UnsafeBufferPointer(rebasing: line[start..<min(position + 1, line.count)]))
                {
                    let name = key.lowercased()
                    if OutcomeLog.columns(dice: dice).contains(name) {
                        if seen[name] != nil {
                            throw LogError(
                                line: number, column: start + 1, message: "\(name): given twice in one object (a second key '\(key)')")
                        }
                        seen[name] = start
                    }
                }
                lastSignificant = quote
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                lastSignificant = byte
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if lastSignificant == UInt8(ascii: ",") {
                    throw LogError(
                        line: number, column: lastComma + 1,
                        message: "a comma before '\(Character(UnicodeScalar(byte)))' (not JSON: RFC 8259 allows no trailing comma)")
                }
                depth -= 1
                lastSignificant = byte
                // The line's value ends here; whatever follows is JSONSerialization's to refuse.
                if depth == 0 { return seen }
            case UInt8(ascii: ","):
                lastComma = position
                lastSignificant = byte
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                break
            default:
                lastSignificant = byte
            }
            position += 1
        }
        return seen
    }

    /// The text of a JSON string literal (quotes included), escapes decoded; nil if it is not one.
    static func jsonString(_ literal: UnsafeBufferPointer<UInt8>) -> String? {
        guard literal.count >= 2, literal.last == UInt8(ascii: "\"") else { return nil }
        if !literal.contains(UInt8(ascii: "\\")) {
            return String(decoding: UnsafeBufferPointer(rebasing: literal.dropFirst().dropLast()), as: UTF8.self)
        }
        return (try? JSONSerialization.jsonObject(with: Data(literal), options: .fragmentsAllowed)) as? String
    }

    /// The fields of a JSON line: read directly where the line is a flat object of plain values (almost
    /// every production log; see ``quickJSONFields(_:number:dice:)``), through JSONSerialization otherwise.
    static func jsonFields(_ line: UnsafeBufferPointer<UInt8>, number: Int, dice: DiceSet?) throws -> LogFields {
        if let fields = try quickJSONFields(line, number: number, dice: dice) { return fields }
        return try serializedJSONFields(line, number: number, dice: dice)
    }

    /// The fields of a JSON line read with JSONSerialization: any JSON, keys in any case.
    static func serializedJSONFields(_ line: UnsafeBufferPointer<UInt8>, number: Int, dice: DiceSet?) throws -> LogFields {
        let keyStarts = try checkStrictJSON(line, number: number, dice: dice != nil)
        // An error in a field's value names the column where its key begins.
        func column(_ name: String) -> Int { (keyStarts[name] ?? 0) + 1 }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            if let (column, text) = firstOutOfRangeNumber(line) {
                throw LogError(
                    line: number, column: column, message: "the number \(text) is out of range (a double holds magnitudes up to 1.8e308)")
            }
            throw LogError(line: number, column: 1, message: "not a JSON object")
        }
        var fields = LogFields()
        let keyed = Dictionary(object.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        // JSON's true and false arrive as NSNumbers too (1 and 0); none of the fields read is a truth value.
        for name in OutcomeLog.columns(dice: dice != nil) {
            if let value = keyed[name] as? NSNumber, String(cString: value.objCType) == "c" {
                throw LogError(
                    line: number, column: column(name),
                    message: "\(name): \(value.boolValue) is not a \(name == "outcome" ? "result" : "value")")
            }
        }
        if let dice {
            let text: String
            switch keyed["outcome"] {
            case let rolls as [[Any]] where !rolls.isEmpty:
                // A round's rolls: [[4, 3], [6, 5]].
                text = rolls.map { $0.map { "\($0)" }.joined(separator: " ") }.joined(separator: " / ")
            case let list as [Any]: text = list.map { "\($0)" }.joined(separator: " ")
            case let string as String: text = string
            case let face as NSNumber: text = "\(face)"
            case nil: throw LogError(line: number, column: 1, message: "outcome: missing")
            default:
                throw LogError(
                    line: number, column: column("outcome"), message: "outcome: must be the roll's faces, [3, 1, 4, 1, 5] or \"3-1-4-1-5\"")
            }
            try Array(text.utf8).withUnsafeBufferPointer {
                try readRolls($0, dice: dice, line: number, column: column("outcome"), into: &fields)
            }
        } else {
            switch keyed["outcome"] {
            case let value as NSNumber where value.doubleValue == value.doubleValue.rounded() && abs(value.doubleValue) < 1e15:
                fields.outcome = value.intValue
            case let text as String:
                fields.outcome = try Array(text.utf8).withUnsafeBufferPointer { try outcome($0, line: number, column: column("outcome")) }
            case nil: throw LogError(line: number, column: 1, message: "outcome: missing")
            default: throw LogError(line: number, column: column("outcome"), message: "outcome: must be a whole-number label or 'none'")
            }
        }
        if let session = keyed["session"], !(session is NSNull) { fields.session = Array("\(session)".utf8).withUnsafeBufferPointer(hash) }
        for (name, keyPath) in [("timestamp", \LogFields.timestamp), ("stake", \LogFields.stake), ("payout", \LogFields.payout)] {
            switch keyed[name] {
            case nil, is NSNull: continue
            case let value as NSNumber: fields[keyPath: keyPath] = value.doubleValue
            case let text as String where name == "timestamp":
                fields.timestamp = try Array(text.utf8).withUnsafeBufferPointer {
                    try timestamp($0, line: number, column: column("timestamp"))
                }
            case let text as String:
                fields[keyPath: keyPath] = try Array(text.utf8).withUnsafeBufferPointer {
                    try Self.number($0, name, line: number, column: column(name))
                }
            default: throw LogError(line: number, column: column(name), message: "\(name): must be a number")
            }
        }
        if dice != nil {
            // A dice log's bet (text) and round (text or a number, as a session), after the numbers (as the
            // direct reading takes them).
            switch keyed["bet"] {
            case nil, is NSNull: break
            case let name as String: fields.bet = Array(name.utf8).withUnsafeBufferPointer(betName)
            default: throw LogError(line: number, column: column("bet"), message: "bet: must be the name of a bet or round, as text")
            }
            // A round's value as text; an empty one (or blank) is no round, as an empty CSV cell is.
            if let round = keyed["round"], !(round is NSNull), !"\(round)".allSatisfy({ $0 == " " || $0 == "\t" }) {
                fields.round = Array("\(round)".utf8).withUnsafeBufferPointer(hash)
            }
        }
        return fields
    }

    /// The first number literal outside strings whose value no double holds (`1e400`): its column
    /// (1-based) and text. JSONSerialization refuses such a line without saying why.
    /// - Complexity: O(*n*) in the line's length.
    static func firstOutOfRangeNumber(_ line: UnsafeBufferPointer<UInt8>) -> (column: Int, text: String)? {
        var position = 0, inString = false
        func isNumberByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
        while position < line.count {
            let byte = line[position]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    position += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                position += 1
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                position += 1
            } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                let start = position
                while position < line.count && isNumberByte(line[position]) { position += 1 }
                let text = String(decoding: UnsafeBufferPointer(rebasing: line[start..<position]), as: UTF8.self)
                if let value = Double(text), !value.isFinite { return (start + 1, text) }
            } else {
                position += 1
            }
        }
        return nil
    }
}
