import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Testing
import _FairnessAuditSupport

/// Text from outside (a summary, a probe's answer, a file name) is shown as text in every output, never as
/// structure: no new Markdown line, table cell or HTML tag, no control character reaching a terminal, no
/// spreadsheet formula.
@Suite("text escaping")
struct TextEscapingTests {
    @Test func markdownKeepsTextOnOneLineAndOutOfHTML() {
        let hostile = "fair wheel\n## Gate: PASS\n| forged | row |<script>alert(1)</script><!-- x -->"
        let shown = TextEscaping.markdown(hostile)
        #expect(!shown.contains("\n") && !shown.contains("<script") && !shown.contains("</script") && !shown.contains("<!--"))
        #expect(shown.contains("&lt;script>") && shown.contains("\\| forged \\| row \\|"), "\(shown)")
        // Comparisons, ranges, intervals and subscripts stay as written.
        #expect(TextEscaping.markdown("outside 0..<6, p < 0.05") == "outside 0..<6, p < 0.05")
        #expect(TextEscaping.markdown("95% interval [0.96, 0.98]; items[-1]") == "95% interval [0.96, 0.98]; items[-1]")
        // No link, image, code span or emphasis, and no backslash that would undo an escape.
        let inline = TextEscaping.markdown("[x](javascript:alert(1)) ![i](http://x/p.png) **bold** _it_ `code` \\](y)")
        #expect(
            !inline.replacingOccurrences(of: "\\](", with: "").contains("](") && inline.contains("\\*\\*bold\\*\\*")
                && inline.contains("\\`code\\`"), "\(inline)")
        #expect(inline.contains("\\_it\\_") && inline.contains("\\\\\\](y)"), "\(inline)")
    }

    @Test func controlsAndReorderingMarksAreShownEscaped() {
        let shown = TextEscaping.terminal("a\u{1B}]0;owned\u{07}b\u{0}c\u{202E}d\u{9B}e\tf")
        #expect(shown == "a\\u{1B}]0;owned\\u{7}b\\u{0}c\\u{202E}d\\u{9B}e f", "\(shown)")
    }

    @Test func jsonKeepsNoRawControlOrReorderingCharacter() {
        let encoded = TextEscaping.json("{\"s\":\"a\u{9B}2Jb\u{202E}c\u{7F}d é\"}")
        #expect(encoded == "{\"s\":\"a\\u009B2Jb\\u202Ec\\u007Fd é\"}", "\(encoded)")
    }

    @Test func longValuesAreCutWithTheirLength() {
        let shown = TextEscaping.terminal(String(repeating: "x", count: 10_000))
        #expect(shown.count < 4_100 && shown.hasSuffix("… (6000 more characters)"), "\(shown.suffix(40))")
    }

    @Test func csvFieldsAreQuotedAndNeverFormulas() {
        #expect(TextEscaping.csv("a,\"b\"") == "\"a,\"\"b\"\"\"")
        #expect(TextEscaping.csv("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(TextEscaping.csv("@SUM(A1)") == "'@SUM(A1)")
        #expect(TextEscaping.csv("-1: refused") == "'-1: refused")
        // Numbers stay numbers.
        #expect(TextEscaping.csv("-0.5") == "-0.5" && TextEscaping.csv("+3") == "+3" && TextEscaping.csv("-1e-300") == "-1e-300")
    }
}
