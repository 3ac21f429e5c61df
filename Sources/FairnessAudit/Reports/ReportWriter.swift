import Foundation

/// Renders an ``AuditReport`` as Markdown, CSV and JSON. Every number is formatted explicitly, nothing
/// depends on the clock, the thread count or the machine's locale, so the same run gives the same bytes.
public enum ReportWriter {
    /// The files written, by name.
    ///
    /// - Parameter report: The report to render.
    /// - Returns: The name and contents of `audit.md`, `audit.json`, `checks.csv`, `outcomes.csv`,
    ///   `mislabelled_arcs.csv` and `probe_failures.csv`, in that order.
    /// - Throws: `EncodingError` if the report cannot be encoded as JSON (a non-finite number).
    /// - Complexity: O(*s* · *r*), where *s* is the number of subjects and *r* the number of rows in the
    ///   report (the Markdown gathers each subject's rows from every table).
    public static func render(_ report: AuditReport) throws -> [(name: String, contents: String)] {
        [
            ("audit.md", markdown(report)),
            ("audit.json", try json(report)),
            ("checks.csv", checksCSV(report)),
            ("outcomes.csv", outcomesCSV(report)),
            ("mislabelled_arcs.csv", arcsCSV(report)),
            ("probe_failures.csv", probesCSV(report)),
        ]
    }

    /// Writes every file to a temporary name in `directory`, then renames each into place, so a killed
    /// run leaves each report either as it was or complete — never torn.
    ///
    /// - Parameters:
    ///   - report: The report to write.
    ///   - directory: The directory to write into; created, with its parents, if missing.
    /// - Throws: ``AuditError/cannotWrite(path:reason:)`` if the directory cannot be created, a temporary
    ///   file cannot be written, or a file cannot be renamed into place (temporaries are removed); and
    ///   `EncodingError` as ``render(_:)`` does.
    /// - Complexity: O(*s* · *r*), as ``render(_:)``, plus writing the files.
    public static func write(_ report: AuditReport, to directory: URL) throws {
        let files = try render(report)
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw AuditError.cannotWrite(path: directory.path, reason: error.localizedDescription)
        }
        var temporaries: [(URL, URL)] = []
        defer { for (temporary, _) in temporaries { try? manager.removeItem(at: temporary) } }
        for file in files {
            let target = directory.appendingPathComponent(file.name)
            let temporary = directory.appendingPathComponent(".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(file.name)")
            do {
                try Data(file.contents.utf8).write(to: temporary)
            } catch {
                throw AuditError.cannotWrite(path: temporary.path, reason: error.localizedDescription)
            }
            temporaries.append((temporary, target))
        }
        for (temporary, target) in temporaries {
            if rename(temporary.path, target.path) != 0 {
                throw AuditError.cannotWrite(path: target.path, reason: String(cString: strerror(errno)))
            }
        }
        temporaries = []
    }

    // MARK: Formatting

    static func number(_ x: Double?) -> String {
        guard let x else { return "" }
        if x == 0 { return "0" }
        return String(format: "%.6g", x)
    }

    static func pValue(_ x: Double?) -> String {
        guard let x else { return "" }
        if x == 0 { return "0" }
        return String(format: "%.4g", x)
    }

    static func markdownCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    static func csvField(_ text: String) -> String {
        if text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return text
    }

    static func csv(_ header: [String], _ rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(csvField).joined(separator: ",") + "\r\n" }.joined()
    }
}
