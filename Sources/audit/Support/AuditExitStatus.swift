import ArgumentParser
import FairnessAudit
import Foundation

/// The exit statuses of `audit`, as documented in `--help` and README.
enum AuditExitStatus {
    /// Every gated check passed.
    static let passed = ExitCode.success
    /// A gated check failed.
    static let failed = ExitCode(1)
    /// No gated check failed, but one was inconclusive (too few trials).
    static let inconclusive = ExitCode(2)
    /// Bad input or usage (EX_USAGE); no report is written.
    static let badInput = ExitCode.validationFailure
    /// An internal error (EX_SOFTWARE).
    static let internalError = ExitCode(70)
    /// Interrupted by Ctrl-C; previous reports are left untouched.
    static let interrupted = ExitCode(130)

    /// The table printed by `audit --help`.
    static let helpTable = """
        EXIT STATUS
          0    every gated check passed
          1    a gated check failed
          2    no gated check failed, but one was inconclusive (too few trials)
          64   bad input or usage (the message names the problem); no report is written
          70   internal error
          130  interrupted (Ctrl-C); previous reports are left untouched
        """

    /// Writes `audit: error: <message>` as one line on standard error.
    static func printError(_ message: String, prefix: String = "error: ") {
        // One line, control characters shown escaped (a spec key with ESC once retitled the terminal).
        FileHandle.standardError.write(Data("audit: \(prefix)\(TextEscaping.terminal(message))\n".utf8))
    }
}
