import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import _FairnessAuditSupport

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

    /// The end of a command that read its input (a log, a generator's output): the verdicts unless `quiet`,
    /// the gate line with what was read (`read`), the time and the rate of `count` `unit` per second on
    /// standard error unless `quiet` (or, with `stages`, the time and where it went), then the exit status of
    /// the gate.
    /// - Throws: the exit status of a gate that failed or was inconclusive.
    static func finish(
        _ report: AuditReport, read: String, count: Double, unit: String, started: DispatchTime, quiet: Bool, directory: URL,
        stages: String? = nil
    ) throws {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        if !quiet { printVerdicts(report) }
        print("gate: \(report.gate.rawValue) (\(read)); reports in \(TextEscaping.terminal(directory.path))")
        if !quiet {
            let line =
                stages.map { String(format: "audit: %.2f s: ", seconds) + $0 }
                ?? String(format: "audit: %.2f s, %.3g \(unit) per second", seconds, count / seconds)
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        try AuditExitStatus.exit(for: report.gate)
    }
}
