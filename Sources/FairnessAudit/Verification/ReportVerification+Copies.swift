import Foundation

/// The CSV files of a set are copies of `audit.json` in another shape: a verification rebuilds each one's
/// cells from `audit.json`, formatted as the writer formats them, and compares them with the file, so a
/// table or a p-value edited in a CSV (and sealed again) does not pass while `audit.json` recomputes.
extension ReportVerification {
    /// How a cell is written from its JSON value (the writer's own formatting, column by column).
    enum CellFormat {
        /// Text as it is; a number by its shortest round-trip decimal (`ReportWriter.fullPrecision`).
        case full
        /// A number to 6 significant digits (`ReportWriter.number`).
        case short
        /// A whole number without a decimal point.
        case integer
        /// `yes` for true, empty for false.
        case yesIfTrue
        /// `true` or `false`.
        case boolean
        /// A number by `%.<digits>g`.
        case digits(Int)
    }

    /// One column of a copy: its CSV heading, the key of its figure in a JSON row, its format.
    typealias Column = (heading: String, key: String, format: CellFormat)

    /// Every CSV copy: its file, the array of `audit.json` it copies, and its columns.
    static let copies: [(file: String, array: String, columns: [Column])] = [
        (
            "checks.csv", "checks",
            ["subject", "check", "kind", "status"].map { column($0) } + [
                column("class", key: "findingClass"), column("magnitude"), column("share_of_circle"), column("finding"),
                column("statistic", as: .short), column("df", key: "degreesOfFreedom", as: .short), column("p_value"),
                column("log10_p_value"), column("impossible", key: "impossibleObserved", as: .yesIfTrue), column("p_value_method"),
                column("holm_p_value"), column("holm_log10_p_value"), column("threshold", as: .short), column("detectable"),
                column("detail"),
            ]
        ),
        (
            "tables.csv", "tables",
            ["subject", "check", "table", "row", "column", "observed", "expected", "members", "method"].map { column($0) }
        ),
        (
            "outcomes.csv", "outcomes",
            ["subject", "table", "outcome"].map { column($0) } + [
                column("valid", as: .boolean), column("observed", as: .integer), column("expected_designed", as: .short),
                column("expected_fair", as: .short), column("standardised_residual", as: .short),
            ]
        ),
        (
            "mislabelled_arcs.csv", "mislabelledArcs",
            [
                column("subject"), column("from", as: .digits(17)), column("to", as: .digits(17)), column("unit"),
                column("share_of_circle", as: .digits(9)), column("reported"), column("truth"),
            ]
        ),
        ("counterexamples.csv", "counterexamples", ["subject", "check", "input", "context", "reported", "expected"].map { column($0) }),
    ]

    /// Each CSV copy in `directory` (the required ones, and the others where present) against `json`.
    static func checkCopies(_ directory: URL, json: Data, into result: inout VerificationResult) {
        guard case .object(let report)? = try? JSONDecoder().decode(JSONValue.self, from: json) else { return }
        for copy in copies {
            guard let bytes = contents(directory, copy.file) else { continue }
            guard case .array(let rows)? = report[copy.array] else { continue }
            let expected = [copy.columns.map(\.heading)] + rows.map { row in copy.columns.map { cell(row, $0) } }
            compare(file: copy.file, String(decoding: bytes, as: UTF8.self), expected, into: &result)
            result.copies += 1
        }
        if let bytes = contents(directory, "provenance.csv") {
            compare(file: "provenance.csv", String(decoding: bytes, as: UTF8.self), provenanceRows(report), into: &result)
            result.copies += 1
        }
    }

    /// What `audit.md` states as decisions, against `audit.json`: the gate line and each subject's verdict
    /// in the executive summary, in order (its prose and figures are the narrator's words for the same
    /// report; a reviewer who doubts them reads the CSV files, compared cell by cell).
    static func checkMarkdown(_ directory: URL, _ report: ReportFile, into result: inout VerificationResult) {
        guard let bytes = contents(directory, "audit.md") else { return }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
        func between(_ line: String, _ open: String, _ close: String) -> String? {
            guard let start = line.range(of: open), let end = line.range(of: close, range: start.upperBound..<line.endIndex) else {
                return nil
            }
            return String(line[start.upperBound..<end.lowerBound])
        }
        let gate = lines.firstIndex { $0.hasPrefix("**Gate: ") }
        let stated = gate.flatMap { between(lines[$0], "**Gate: ", "**") } ?? ""
        if stated != report.gate.rawValue {
            result.mismatches.append(
                .copy(file: "audit.md", line: (gate ?? -1) + 1, column: "gate", stated: stated, json: report.gate.rawValue))
            return
        }
        result.copies += 1
        let summary = lines.firstIndex(of: "## Executive summary") ?? lines.endIndex
        let end = lines[summary...].dropFirst().firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        let rows = lines[summary..<end].indices.filter { lines[$0].hasPrefix("| [") }
        for (index, subject) in zip(rows, report.subjects) {
            let name = between(lines[index], "| [", "](") ?? "", verdict = between(lines[index], "| **", "** |") ?? ""
            guard name != subject.name || verdict != subject.verdict.rawValue else { continue }
            result.mismatches.append(
                .copy(
                    file: "audit.md", line: index + 1, column: "verdict", stated: "\(name) \(verdict)",
                    json: "\(subject.name) \(subject.verdict.rawValue)"))
            return
        }
        if rows.count != report.subjects.count {
            result.mismatches.append(.copyRows(file: "audit.md", stated: rows.count, json: report.subjects.count))
        }
    }

    /// Each JUnit file of the set (a sealed `.xml`, written with `--junit` inside `--out`) against
    /// `audit.json`: every `gate` property states its gate, and its root counts as many failures and
    /// skipped checks as `audit.json` has checks of the kinds that gate which FAIL or are INCONCLUSIVE (a
    /// CI dashboard reads these; the writer escapes `<` and `"` inside values, so the markers cannot
    /// occur in text).
    static func checkJUnit(_ directory: URL, sealed: [String], _ report: ReportFile, into result: inout VerificationResult) {
        let gating = report.checks.filter { report.failOn.contains($0.kind) }
        let failures = gating.filter { $0.status == .fail }.count, skipped = gating.filter { $0.status == .inconclusive }.count
        for name in sealed where name.hasSuffix(".xml") {
            guard let bytes = contents(directory, name) else { continue }
            let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
            result.copies += 1
            for (index, line) in lines.enumerated() where line.contains("<property name=\"gate\" value=\"") {
                let stated = line.components(separatedBy: "value=\"").last?.components(separatedBy: "\"").first ?? ""
                guard stated != report.gate.rawValue else { continue }
                result.mismatches.append(.copy(file: name, line: index + 1, column: "gate", stated: stated, json: report.gate.rawValue))
                return
            }
            let root = lines.firstIndex { $0.hasPrefix("<testsuites ") }
            let expected = "failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\""
            guard let root, lines[root].contains(expected) else {
                result.mismatches.append(
                    .copy(
                        file: name, line: (root ?? -1) + 1, column: "testsuites",
                        stated: root.map { lines[$0] } ?? "no testsuites element", json: expected))
                return
            }
        }
    }

    /// The rows `provenance.csv` copies from `audit.json`'s provenance, heading first.
    static func provenanceRows(_ report: [String: JSONValue]) -> [[String]] {
        guard case .object(let provenance)? = report["provenance"] else { return [] }
        func text(_ key: String, in object: [String: JSONValue]) -> String { object[key].map { format($0, .full) } ?? "" }
        var rows = [
            ["kind", "name", "version", "sha256", "bytes"],
            ["toolkit", "fairness-audit", text("toolkitVersion", in: provenance), "", ""],
            ["source revision", "fairness-audit", provenance["sourceRevision"].map { format($0, .full) } ?? "unknown", "", ""],
            ["gsl", "GNU Scientific Library", text("gslVersion", in: provenance), "", ""],
        ]
        // Reports written before FFTW computed the spectral test have no FFTW row.
        if provenance["fftwVersion"] != nil { rows.append(["fftw", "FFTW", text("fftwVersion", in: provenance), "", ""]) }
        rows.append(["platform", text("platform", in: provenance), "", "", ""])
        if case .array(let inputs)? = provenance["inputs"] {
            for case .object(let input) in inputs {
                rows.append(
                    [
                        text("kind", in: input), text("name", in: input), "", text("sha256", in: input),
                        cell(.object(input), ("", "bytes", .integer)),
                    ])
            }
        }
        return rows
    }

    /// `file`'s fields against `expected`'s (escaped as the writer escapes them): the first cell that
    /// differs, or a difference in the number of rows.
    static func compare(file: String, _ text: String, _ expected: [[String]], into result: inout VerificationResult) {
        let actual = CSVFields.rows(text)
        for (index, (stated, copied)) in zip(actual, expected).enumerated() {
            let copied = copied.map(ReportWriter.csvField)
            guard stated != copied else { continue }
            let column = (0..<max(stated.count, copied.count)).first { stated[safe: $0] != copied[safe: $0] } ?? 0
            result.mismatches.append(
                .copy(
                    file: file, line: index + 1, column: expected.first?[safe: column] ?? "\(column + 1)",
                    stated: stated[safe: column] ?? "", json: copied[safe: column] ?? ""))
            return
        }
        if actual.count != expected.count {
            result.mismatches.append(.copyRows(file: file, stated: actual.count - 1, json: expected.count - 1))
        }
    }

    /// A column headed `heading`, whose figure is `key` in a JSON row (by default the heading in camel
    /// case), written in `format`.
    static func column(_ heading: String, key: String? = nil, as format: CellFormat = .full) -> Column {
        (heading, key ?? camelCase(heading), format)
    }

    /// `share_of_circle` as `shareOfCircle`, `log10_p_value` as `log10PValue`.
    static func camelCase(_ heading: String) -> String {
        let words = heading.split(separator: "_")
        return words.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }

    /// The cell `column` writes for `row` (empty when the row has no such figure).
    static func cell(_ row: JSONValue, _ column: Column) -> String {
        guard case .object(let object) = row, let value = object[column.key] else { return "" }
        return format(value, column.format)
    }

    /// `value` written in `format`.
    static func format(_ value: JSONValue, _ format: CellFormat) -> String {
        switch (value, format) {
        case (.null, _): ""
        case (.string(let text), _): text
        case (.bool(let flag), .yesIfTrue): flag ? "yes" : ""
        case (.bool(let flag), _): flag ? "true" : "false"
        case (.number(let x), .full): ReportWriter.fullPrecision(x)
        case (.number(let x), .short): ReportWriter.number(x)
        case (.number(let x), .integer): x.magnitude < 1e18 && x == x.rounded() ? String(Int64(x)) : "\(x)"
        case (.number(let x), .digits(let digits)): String(format: "%.\(digits)g", x)
        case (.number(let x), .yesIfTrue): x != 0 ? "yes" : ""
        case (.number(let x), .boolean): x != 0 ? "true" : "false"
        case (.array, _), (.object, _): "(structured)"
        }
    }
}

/// Any JSON value, as `audit.json` holds it.
enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let x = try? container.decode(Double.self) {
            self = .number(x)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

/// A CSV file's fields as written (RFC 4180: quotes kept, so a field compares with the writer's own
/// escaping of the value it should hold).
enum CSVFields {
    /// The rows of `text`, each field as it stands in the file; a line break inside quotes stays in its field.
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            if character == "\"" { quoted.toggle() }
            if quoted || (character != "," && character != "\r\n" && character != "\n") {
                field.append(character)
            } else if character == "," {
                row.append(field)
                field = ""
            } else {
                rows.append(row + [field])
                row = []
                field = ""
            }
        }
        if !field.isEmpty || !row.isEmpty { rows.append(row + [field]) }
        return rows
    }
}

extension Array {
    /// The element at `index`, or nil outside the array.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
