import Foundation

/// Renders an ``AuditReport`` as Markdown, CSV and JSON. Every number is formatted explicitly, nothing
/// depends on the clock, the thread count or the machine's locale, so the same run gives the same bytes.
public enum ReportWriter {
    /// The files written, by name.
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
    public static func write(_ report: AuditReport, to directory: URL) throws {
        let files = try render(report)
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw AuditError.cannotWrite("cannot create report directory \(directory.path): \(error.localizedDescription)")
        }
        var temporaries: [(URL, URL)] = []
        defer { for (temporary, _) in temporaries { try? manager.removeItem(at: temporary) } }
        for file in files {
            let target = directory.appendingPathComponent(file.name)
            let temporary = directory.appendingPathComponent(".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(file.name)")
            do {
                try Data(file.contents.utf8).write(to: temporary)
            } catch {
                throw AuditError.cannotWrite("cannot write \(temporary.path): \(error.localizedDescription)")
            }
            temporaries.append((temporary, target))
        }
        for (temporary, target) in temporaries {
            if rename(temporary.path, target.path) != 0 {
                throw AuditError.cannotWrite("cannot move report into place at \(target.path): \(String(cString: strerror(errno)))")
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

    // MARK: CSV

    static func checksCSV(_ r: AuditReport) -> String {
        csv(["subject", "check", "kind", "status", "statistic", "df", "p_value", "holm_p_value", "threshold", "detectable", "detail"],
            r.checks.map { [$0.subject, $0.check, $0.kind.rawValue, $0.status.rawValue, number($0.statistic), number($0.degreesOfFreedom),
                            pValue($0.pValue), pValue($0.holmPValue), number($0.threshold), $0.detectable ?? "", $0.detail] })
    }

    static func outcomesCSV(_ r: AuditReport) -> String {
        csv(["subject", "table", "outcome", "valid", "observed", "expected_designed", "expected_fair", "standardised_residual"],
            r.outcomes.map { [$0.subject, $0.table, $0.outcome, $0.valid ? "true" : "false", "\($0.observed)",
                              number($0.expectedDesigned), number($0.expectedFair), number($0.standardisedResidual)] })
    }

    static func arcsCSV(_ r: AuditReport) -> String {
        csv(["subject", "from", "to", "unit", "share_of_circle", "reported", "truth"],
            r.mislabelledArcs.map { [$0.subject, String(format: "%.17g", $0.from), String(format: "%.17g", $0.to), $0.unit,
                                     String(format: "%.9g", $0.shareOfCircle), $0.reported, $0.truth] })
    }

    static func probesCSV(_ r: AuditReport) -> String {
        csv(["subject", "check", "input", "context", "reported", "expected"],
            r.probeFailures.map { [$0.subject, $0.check, $0.input, $0.context, $0.reported, $0.expected] })
    }

    // MARK: JSON

    static func json(_ r: AuditReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(r), as: UTF8.self) + "\n"
    }

    // MARK: Markdown

    static func markdown(_ r: AuditReport) -> String {
        var out: [String] = []
        let failed = r.subjects.filter { $0.verdict == .fail }.count
        let inconclusive = r.subjects.filter { $0.verdict == .inconclusive }.count
        out.append("# Fairness audit report")
        out.append("")
        out.append("**Gate: \(r.gate.rawValue)** — \(r.subjects.count) subjects: \(r.subjects.count - failed - inconclusive) pass, \(failed) fail, \(inconclusive) inconclusive (gating on: \(r.failOn.map(\.rawValue).joined(separator: ", "))).")
        out.append("")
        out.append("Reproduce with `\(r.command)`. Toolkit \(r.toolkitVersion), GSL \(r.gslVersion), generator `\(r.generator)`\(r.reproducible ? "" : " (not reproducible)"), seed \(r.seed), \(r.trials) trials per subject, family-wise α = \(number(r.alpha)) (Holm over all \(r.checks.filter { $0.pValue != nil }.count) p-values), blocks of \(r.blockSize) trials, consistency sweep of \(r.sweepSteps) steps per turn.")
        out.append("")
        out.append("## Verdicts")
        out.append("")
        out.append("| subject | kind | verdict | failing checks |")
        out.append("|---|---|---|---|")
        for s in r.subjects {
            let failing = r.checks.filter { $0.subject == s.name && $0.status != .pass && r.failOn.contains($0.kind) }
                .map { "\($0.check) (\($0.status.rawValue))" }
            out.append("| \(s.name) | \(s.kind) | **\(s.verdict.rawValue)** | \(markdownCell(failing.joined(separator: ", "))) |")
        }
        out.append("")
        out.append("## Subjects")
        for s in r.subjects {
            out.append("")
            out.append("### \(s.name) — \(s.verdict.rawValue)")
            out.append("")
            out.append(s.summary + ".")
            for finding in s.findings { out.append("- " + finding) }
            out.append("")
            out.append("| check | kind | status | statistic | df | p | Holm p | α | detectable (90% power) | detail |")
            out.append("|---|---|---|---|---|---|---|---|---|---|")
            for c in r.checks where c.subject == s.name {
                out.append("| \(c.check) | \(c.kind.rawValue) | \(c.status.rawValue) | \(number(c.statistic)) | \(number(c.degreesOfFreedom)) | \(pValue(c.pValue)) | \(pValue(c.holmPValue)) | \(number(c.threshold)) | \(markdownCell(c.detectable ?? "")) | \(markdownCell(c.detail)) |")
            }
            let arcs = r.mislabelledArcs.filter { $0.subject == s.name }
            if !arcs.isEmpty {
                out.append("")
                out.append("Mislabelled arcs (\(arcs.count); the largest \(min(arcs.count, 12)) shown, all in `mislabelled_arcs.csv`):")
                out.append("")
                out.append("| from | to | unit | share of circle | reported | truth |")
                out.append("|---|---|---|---|---|---|")
                for a in arcs.sorted(by: { ($0.shareOfCircle, $1.from) > ($1.shareOfCircle, $0.from) }).prefix(12) {
                    out.append("| \(String(format: "%.17g", a.from)) | \(String(format: "%.17g", a.to)) | \(a.unit) | \(String(format: "%.9g", a.shareOfCircle)) | \(a.reported) | \(markdownCell(a.truth)) |")
                }
            }
            let probes = r.probeFailures.filter { $0.subject == s.name }
            if !probes.isEmpty {
                out.append("")
                out.append("Failing probes (the first \(min(probes.count, 8)) shown; `probe_failures.csv` lists up to \(Audit.probesListedPerCheck) per check, the check's detail gives the full count):")
                out.append("")
                out.append("| check | input | where | reported | expected |")
                out.append("|---|---|---|---|---|")
                for p in probes.prefix(8) {
                    out.append("| \(p.check) | \(markdownCell(p.input)) | \(markdownCell(p.context)) | \(markdownCell(p.reported)) | \(markdownCell(p.expected)) |")
                }
            }
            let outcomes = r.outcomes.filter { $0.subject == s.name && ($0.table == "reported outcome" || $0.table == "final category") }
            if !outcomes.isEmpty {
                out.append("")
                out.append("| outcome | valid | observed | expected (designed) | expected (fair) | residual |")
                out.append("|---|---|---|---|---|---|")
                for o in outcomes {
                    out.append("| \(o.outcome) | \(o.valid ? "yes" : "**no**") | \(o.observed) | \(number(o.expectedDesigned)) | \(number(o.expectedFair)) | \(number(o.standardisedResidual)) |")
                }
            }
        }
        out.append("")
        out.append(methods)
        return out.joined(separator: "\n") + "\n"
    }

    static let methods = """
    ## Methods

    - **Exact checks** use no sampling. The geometric truth (which sector is under the pointer) is computed in
      turns with 106-bit arithmetic, so lines are located exactly. *Boundary*: every line probed at its nearest
      representable rotation, 1–3 adjacent values each side, 2^8/2^16/2^24 ulps and 1e-9/1e-6/1e-3 turn away, in
      the subject's own type and unit; on a line either neighbour passes. *Wraparound*: the same probes shifted
      by ±1, ±2, ±3, ±1000, ±10^6 turns (a failure counts only where the unshifted probe passes), exactly one
      turn, 0 and −0.0, and sector middles at ±2^k turns. *Consistency*: a dense sweep of one turn plus every
      line and its neighbours, each change of the reported result narrowed to adjacent floating-point values;
      slivers narrower than the sweep step are found only where they touch a line. *Designed odds*: the exact
      share of each reported result under a uniform rest angle and under the subject's own spin.
      *Dice*: detectors compared with the reference on every ordered roll; final odds under the reroll policy
      computed as exact fractions.
    - **Sampled checks** run the subject on the toolkit's generator. Pearson's X² and the G-test assume
      independent trials and expected counts of at least 5 (rarer outcomes are pooled with a neighbour;
      too few trials for the outcomes that matter gives INCONCLUSIVE with the trials needed). Independence
      tests are Pearson's X² on contingency tables. The straight probability uses the exact two-sided
      binomial test with a Clopper–Pearson interval. All p-values of the run form one family corrected
      by Holm's method at α; a check fails when its Holm-adjusted p-value is at most α. "Detectable" gives
      the deviation each test would catch with 90% power at Holm's strictest level α/m (noncentral
      chi-square for X² tests, the exact binomial rejection region for the straight test).
    - **Invalid results** (labels no sector carries, no result, traps) fail whenever they are observed.
    """
}
