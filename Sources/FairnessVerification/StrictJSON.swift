import Foundation

/// What a JSON decoder lets through but a report must not hold: a key given twice in one object (RFC 8259
/// leaves the meaning open; one reader keeps the first, another the last).
enum StrictJSON {
    /// A key repeated in one object: the object's path (`checks[3].detailFacts`, empty for the top level)
    /// and the key.
    struct RepeatedKey: Hashable {
        var path: String
        var key: String
    }

    /// One open object or array while scanning.
    private struct Frame {
        var isObject: Bool
        var path: String
        var keys: Set<String> = []
        var index = 0
        var expectingKey = false
        var lastKey = ""
    }

    /// The first key repeated in one object of `data`, keys compared after their escapes are read (`"gate"`
    /// and `"g\u0061te"` are one key); nil if there is none. Malformed JSON is left to the decoder: the scan
    /// stops where it cannot go on.
    ///
    /// - Complexity: O(*n*) in the bytes, with no recursion (any depth of nesting).
    static func firstRepeatedKey(in data: Data) -> RepeatedKey? {
        let bytes = [UInt8](data)
        var stack: [Frame] = []
        var i = 0
        func childPath() -> String {
            guard let top = stack.last else { return "" }
            if top.isObject { return top.path.isEmpty ? top.lastKey : "\(top.path).\(top.lastKey)" }
            return "\(top.path)[\(top.index)]"
        }
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[i] == UInt8(ascii: "{")
                stack.append(Frame(isObject: isObject, path: childPath(), expectingKey: isObject))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard stack.popLast() != nil else { return nil }
            case UInt8(ascii: ","):
                guard !stack.isEmpty else { return nil }
                if stack[stack.count - 1].isObject { stack[stack.count - 1].expectingKey = true } else { stack[stack.count - 1].index += 1 }
            case UInt8(ascii: "\""):
                let start = i
                i += 1
                var escaped = false
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\") {
                        escaped = true
                        i += 1
                    }
                    i += 1
                }
                guard i < bytes.count else { return nil }
                guard var top = stack.popLast() else { return nil }
                defer { stack.append(top) }
                guard top.isObject && top.expectingKey else { break }
                let literal = Data(bytes[start...i])
                let key =
                    escaped
                    ? (try? JSONDecoder().decode(String.self, from: literal)) : String(decoding: bytes[(start + 1)..<i], as: UTF8.self)
                guard let key else { return nil }
                top.expectingKey = false
                top.lastKey = key
                if !top.keys.insert(key).inserted { return RepeatedKey(path: top.path, key: key) }
            default:
                break
            }
            i += 1
        }
        return nil
    }
}
