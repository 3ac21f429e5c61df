import FairnessReport
import Foundation
import _FairnessAuditSupport

// JUnit XML: the test-report format GitLab, Jenkins, Azure DevOps and most CI dashboards read.
extension ReportWriter {
    /// The report as JUnit XML: a `testsuites` element for the run, one `testsuite` per subject and one
    /// `testcase` per check (`classname` the subject, `name` the check).
    ///
    /// - A FAIL check carries a `failure` whose `type` is its finding class (or its kind, for a sampled
    ///   test) and whose `message` is the finding in plain words, with the check's detail as text.
    /// - An INCONCLUSIVE or N/A check is `skipped`, with the reason as its message.
    /// - A NOTE check passes and says what it noted in `system-out`.
    ///
    /// The run's settings are `properties` of every `testsuite` element (where every reader accepts them) (seed, trials, generator, α,
    /// materiality, strict, session spins, the command that reproduces it). No `time` or `timestamp`
    /// attributes: the same seed gives the same bytes. The format is checked against
    /// `Tests/FairnessReportRenderingTests/Fixtures/junit.xsd` in the test suite.
    /// - Complexity: O(*n*) for *n* checks.
    public static func junit(_ report: AuditReport) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        func counts(_ checks: [CheckRecord]) -> String {
            let failures = checks.filter { $0.status == .fail && report.failOn.contains($0.kind) }.count
            let skipped = checks.filter { [.inconclusive, .notApplicable].contains($0.status) && report.failOn.contains($0.kind) }.count
            return "tests=\"\(checks.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\""
        }
        xml += "<testsuites name=\"fairness audit\" \(counts(report.checks))>\n"
        var block = "    <properties>\n"
        let properties: [(String, String)] =
            [
                ("command", report.command), ("toolkit", report.toolkitVersion), ("gsl", report.gslVersion),
                ("seed", "\(report.seed)"), ("generator", report.generator),
                (report.counted == .logLines ? "lines" : report.counted == .bits ? "bits" : "trials", "\(report.count)"),
                ("alpha", number(report.alpha)), ("materiality", number(report.materiality)), ("strict", "\(report.strict)"),
                ("session-spins", "\(report.sessionSpins)"), ("fail-on", report.failOn.map(\.rawValue).joined(separator: ",")),
                ("gate", report.gate.rawValue), ("source-revision", report.provenance.sourceRevision ?? "unknown"),
                ("platform", report.provenance.platform),
            ] + report.provenance.inputs.map { ("\($0.kind.rawValue): \($0.name)", "sha256:\($0.sha256) (\($0.bytes) bytes)") }
        for (name, value) in properties {
            block += "      <property name=\"\(xmlEscaped(name))\" value=\"\(xmlEscaped(value))\"/>\n"
        }
        block += "    </properties>\n"
        for subject in report.subjects {
            let checks = report.checks.filter { $0.subject == subject.name }
            xml += "  <testsuite name=\"\(xmlEscaped(subject.name))\" \(counts(checks))>\n" + block
            for check in checks {
                let open = "    <testcase classname=\"\(xmlEscaped(subject.name))\" name=\"\(xmlEscaped(check.checkName))\""
                let gates = report.failOn.contains(check.kind)
                switch check.status {
                case .fail where gates:
                    let type = check.findingClass?.title ?? "\(check.kind.rawValue) check"
                    let message = check.finding ?? check.detail
                    xml += open + ">\n"
                    xml +=
                        "      <failure type=\"\(xmlEscaped(type))\" message=\"\(xmlEscaped(message))\">\(xmlEscaped(failureText(check)))</failure>\n"
                    xml += "    </testcase>\n"
                case .inconclusive where gates:
                    xml += open + ">\n"
                    xml += "      <skipped message=\"\(xmlEscaped("INCONCLUSIVE: " + check.detail))\"/>\n"
                    xml += "    </testcase>\n"
                case .notApplicable where gates:
                    xml += open + ">\n"
                    xml += "      <skipped message=\"\(xmlEscaped("N/A: " + check.detail))\"/>\n"
                    xml += "    </testcase>\n"
                case .pass where check.finding == nil:
                    xml += open + "/>\n"
                default:
                    // NOTE findings, and checks of kinds that do not gate, pass and say what they found.
                    xml += open + ">\n"
                    xml += "      <system-out>\(xmlEscaped(failureText(check)))</system-out>\n"
                    xml += "    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// A check's status, class, finding, detail and figures, one per line.
    static func failureText(_ check: CheckRecord) -> String {
        var lines = ["\(check.status.rawValue): \(check.subject) / \(check.checkName) (\(check.kind.rawValue))"]
        if let findingClass = check.findingClass { lines.append("class: \(findingClass.title)") }
        if let finding = check.finding { lines.append("finding: \(finding)") }
        if let magnitude = check.magnitude { lines.append("magnitude: \(number(magnitude))") }
        lines.append("detail: \(check.detail)")
        if let p = check.pValue {
            lines.append(
                "p = \(ReportNarrator.pValue(p, log10: check.log10PValue, of: check)); Holm p = \(ReportNarrator.pValue(check.holmPValue ?? p, log10: check.holmLog10PValue ?? check.log10PValue, of: check))"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with the five XML special characters escaped, and control characters XML 1.0 forbids
    /// replaced by U+FFFD.
    static func xmlEscaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                out.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }

    /// Writes `report` as JUnit XML to `file`, through a temporary file beside it and a rename.
    /// - Throws: `AuditError.cannotWrite(path:reason:)`.
    public static func writeJUnit(_ report: AuditReport, to file: URL) throws {
        try landJUnit(try stageJUnit(report, beside: file), at: file)
    }

    /// Writes `report` as JUnit XML to a temporary file beside `file` (same directory, so the rename that
    /// lands it is atomic) and returns it; ``landJUnit(_:at:)`` moves it into place.
    /// - Throws: `AuditError.cannotWrite(path:reason:)` (the temporary file is removed).
    public static func stageJUnit(_ report: AuditReport, beside file: URL) throws -> URL {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(
            ".\(file.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try Data(junit(report).utf8).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw AuditError.cannotWrite(path: temporary.path, reason: error.localizedDescription)
        }
        return temporary
    }

    /// Moves a staged JUnit file (``stageJUnit(_:beside:)``) to `file` with one rename.
    /// - Throws: `AuditError.cannotWrite(path:reason:)` (the staged file is removed).
    public static func landJUnit(_ staged: URL, at file: URL) throws {
        if rename(staged.path, file.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: staged)
            throw AuditError.cannotWrite(path: file.path, reason: reason)
        }
    }
}
