import FairnessAudit

/// What a finished audit prints on the terminal besides its gate line.
enum Terminal {
    /// One line per subject: its name, its verdict, and the gated checks that failed (a subject that could
    /// not be run says why, so a CI log shows it).
    static func printVerdicts(_ report: AuditReport) {
        let width = report.subjects.map(\.name.count).max() ?? 0
        for subject in report.subjects {
            let failing = report.checks.filter { $0.subject == subject.name && $0.status == .fail && report.failOn.contains($0.kind) }.map {
                $0.check == "subject could not be run" ? "\($0.check): \($0.detail)" : $0.check
            }
            print(
                subject.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + subject.verdict.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
                    + TextEscaping.terminal(failing.joined(separator: "; ")))
        }
    }
}
