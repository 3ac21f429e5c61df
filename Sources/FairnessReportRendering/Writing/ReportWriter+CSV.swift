import FairnessChecks
import FairnessModel
import FairnessReport
import Foundation

// CSV.
extension ReportWriter {
    static func checksCSV(_ r: AuditReport) -> String {
        csv(
            [
                "subject", "check", "kind", "status", "class", "magnitude", "share_of_circle", "finding", "statistic", "df", "p_value",
                "log10_p_value", "impossible", "p_value_method", "holm_p_value", "holm_log10_p_value", "threshold", "detectable", "detail",
            ],
            r.checks.map {
                [
                    $0.subject, $0.checkName, $0.kind.rawValue, $0.status.rawValue, $0.findingClass?.rawValue ?? "",
                    fullPrecision($0.magnitude),
                    fullPrecision($0.shareOfCircle), $0.finding ?? "", number($0.statistic), number($0.degreesOfFreedom),
                    fullPrecision($0.pValue), fullPrecision($0.log10PValue), $0.impossibleObserved ? "yes" : "",
                    $0.pValueMethod?.rawValue ?? "",
                    fullPrecision($0.holmPValue),
                    fullPrecision($0.holmLog10PValue), number($0.threshold), $0.detectable ?? "", $0.detail,
                ]
            })
    }

    static func tablesCSV(_ r: AuditReport) -> String {
        csv(
            ["subject", "check", "table", "row", "column", "observed", "expected", "members", "method"],
            r.tables.map {
                [
                    $0.subject, ReportNarrator.name(of: $0.check), $0.table, $0.row, $0.column, fullPrecision($0.observed),
                    fullPrecision($0.expected), $0.members, $0.method?.rawValue ?? "",
                ]
            })
    }

    /// Shortest round-trip decimal of `x` (empty for nil), so a value recomputed elsewhere can be compared exactly.
    static func fullPrecision(_ x: Double?) -> String {
        guard let x else { return "" }
        return "\(x)"
    }

    static func outcomesCSV(_ r: AuditReport) -> String {
        csv(
            ["subject", "table", "outcome", "valid", "observed", "expected_designed", "expected_fair", "standardised_residual"],
            r.outcomes.map {
                [
                    $0.subject, $0.table, $0.outcome, $0.valid ? "true" : "false", "\($0.observed)",
                    number($0.expectedDesigned), number($0.expectedFair), number($0.standardisedResidual),
                ]
            })
    }

    static func arcsCSV(_ r: AuditReport) -> String {
        csv(
            ["subject", "from", "to", "unit", "share_of_circle", "reported", "truth"],
            r.mislabelledArcs.map {
                [
                    $0.subject, String(format: "%.17g", $0.from), String(format: "%.17g", $0.to), ReportNarrator.unitName($0.unit),
                    String(format: "%.9g", $0.shareOfCircle), $0.reported.description, ReportNarrator.text($0.truth),
                ]
            })
    }

    static func counterexamplesCSV(_ r: AuditReport) -> String {
        csv(
            ["subject", "check", "input", "context", "reported", "expected"],
            r.counterexamples.map {
                let cells = $0.cells
                return [$0.subject, ReportNarrator.name(of: $0.check), cells.input, cells.context, cells.reported, cells.expected]
            })
    }

    /// What produced the report and what it read: the toolkit, its source revision, GSL and the platform,
    /// then one row per input with its SHA-256 digest and size.
    static func provenanceCSV(_ r: AuditReport) -> String {
        let p = r.provenance
        let about: [[String]] = [
            ["toolkit", "fairness-audit", p.toolkitVersion, "", ""],
            ["source revision", "fairness-audit", p.sourceRevision ?? "unknown", "", ""],
            ["gsl", "GNU Scientific Library", p.gslVersion, "", ""], ["fftw", "FFTW", p.fftwVersion, "", ""],
            ["platform", p.platform, "", "", ""],
        ]
        return csv(
            ["kind", "name", "version", "sha256", "bytes"],
            about + p.inputs.map { [$0.kind.rawValue, $0.name, "", $0.sha256, "\($0.bytes)"] })
    }
}
