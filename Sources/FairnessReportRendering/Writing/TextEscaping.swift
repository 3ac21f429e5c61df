/// One escaping layer per place text lands, for text that comes from outside the toolkit (a spec's summary,
/// a probe's answers, a log's values, file names): it is shown as text, never as structure.
public enum TextEscaping {
    /// The most characters of one echoed value; the rest is counted, not shown.
    public static let maximumCharacters = 4_000

    /// Whether `scalar` is shown escaped (`\u{1B}`): C0 and C1 controls, DEL, and the marks that reorder
    /// text (bidirectional overrides and isolates), which can make a line read otherwise than it is.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `text` for one line of a terminal or a log: line breaks and tabs as spaces, other hidden
    /// characters as `\u{XX}`, at most ``maximumCharacters`` (the rest counted).
    public static func terminal(_ text: String) -> String {
        var out = ""
        var shown = 0
        for scalar in text.unicodeScalars {
            if shown == maximumCharacters {
                out += "… (\(text.unicodeScalars.count - shown) more characters)"
                break
            }
            shown += 1
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                out += " "
            } else if isHidden(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` for Markdown, in a table cell or a line of prose: as ``terminal(_:)``, a `<` that would open
    /// an HTML tag (`<script>`, `</x>`, `<!--`) written `&lt;`, and `|`, a backtick, `*`, `_`, a backslash and a `]`
    /// before `(` or `[` escaped with a backslash; so text never becomes a heading, a table row, a link, an
    /// image, code, emphasis, HTML or a script (`[0.1, 0.2]` and `items[-1]` stay as they are).
    public static func markdown(_ text: String) -> String {
        let characters = Array(terminal(text))
        var out = ""
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            if character == "<" && (next.isLetter || "/!?".contains(next)) {
                out += "&lt;"
            } else if "|\\`*_".contains(character) || (character == "]" && (next == "(" || next == "[")) {
                // A table's bar, a code span, emphasis, the end of a link or image's text (`](`, `][`) —
                // and the backslash that would undo the escape — stay characters.
                out += "\\" + String(character)
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Encoded JSON with the characters `JSONEncoder` leaves raw that a terminal or an editor would act on
    /// (DEL, C1 controls such as CSI U+009B, bidirectional marks) written as `\uXXXX` escapes. They can
    /// only stand inside strings (JSON's own syntax is ASCII), where the escape means the same character.
    public static func json(_ encoded: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(encoded.unicodeScalars.count)
        for scalar in encoded.unicodeScalars {
            if scalar.value >= 0x7F && isHidden(scalar) {
                out += String(format: "\\u%04X", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A CSV field by RFC 4180 (quoted when it holds a comma, a quote or a line break), and a text that a
    /// spreadsheet would take for a formula (a leading `=`, `+`, `-` or `@` that is not a number) led by `'`.
    public static func csv(_ text: String) -> String {
        var text = text
        if let first = text.first, "=+-@".contains(first), Double(text) == nil { text = "'" + text }
        if text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return text
    }
}
