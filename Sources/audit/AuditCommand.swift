import ArgumentParser
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessStatistics
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import _FairnessAuditSupport

/// The `audit` command: its subcommands, its help, and one-line errors with documented exit statuses.
@main
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract:
            "Audit spin wheels and dice for fairness: exact boundary, wraparound and consistency checks, and Monte Carlo tests with GSL.",
        discussion: """
            With no subcommand, runs 'audit run': audits every built-in subject with 1,000,000 trials each, \
            prints a verdict table and writes Markdown, CSV and JSON reports to Reports/.

            \(AuditExitStatus.helpTable)
            """,
        version: Toolkit.version,
        subcommands: [
            RunCommand.self, LogCommand.self, RngCommand.self, MergeCommand.self, VerifyCommand.self, ListCommand.self, SpecCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Parses and runs like `ParsableCommand.main()`, except that a usage error is one line on standard
    /// error (`audit: error: ...`) with exit status 64, rather than the message followed by the usage.
    static func main() {
        let command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitOnParseError(error)
        }
        do {
            var command = command
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// Help and version requests go to argument-parser's own printing; anything else is a usage error.
    private static func exitOnParseError(_ error: Error) -> Never {
        let code = exitCode(for: error)
        guard code == .validationFailure else { exit(withError: error) }
        let message =
            fullMessage(for: error)
            .split(separator: "\n").first.map(String.init) ?? "invalid usage"
        let line = message.hasPrefix("Error: ") ? String(message.dropFirst("Error: ".count)) : message
        AuditExitStatus.printError(line)
        Foundation.exit(AuditExitStatus.badInput.rawValue)
    }
}
