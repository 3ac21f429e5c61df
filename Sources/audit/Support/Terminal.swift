import FairnessAudit

/// What a finished audit prints on the terminal besides its gate line.
enum Terminal {
    /// The longest finding a verdict line shows; the reports hold the rest.
    static let findingWidth = 160

    /// One line per subject: its name, its verdict and, unless it passed, its worst finding in a few words
    /// (the same words as the report's executive summary; a subject that could not be run says why, so a CI
    /// log shows it).
    static func printVerdicts(_ report: AuditReport) {
        let width = report.subjects.map(\.name.count).max() ?? 0
        for subject in report.subjects {
            var line =
                subject.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + subject.verdict.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
            if subject.verdict == .pass {
                line = line.trimmingCharacters(in: .whitespaces)
            } else {
                let worst = ReportNarrator.worstFinding(of: subject.name, in: report)
                var words = worst.label.isEmpty ? worst.text : "\(worst.label): \(worst.text)"
                if words.count > findingWidth { words = String(words.prefix(findingWidth - 1)) + "…" }
                line += TextEscaping.terminal(words)
            }
            print(line)
        }
    }
}
