import ArgumentParser
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import _FairnessAuditSupport

/// The exit statuses of `audit`, as documented in `--help` and README, and the one place where an error
/// or a gate becomes one.
enum AuditExitStatus {
    /// Every gated check passed.
    static let passed = ExitCode.success
    /// A gated check failed.
    static let failed = ExitCode(1)
    /// No gated check failed, but one was inconclusive (too few trials, or an exact figure not established).
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
          2    no gated check failed, but one was inconclusive (the report says why)
          64   bad input or usage (the message names the problem); no report is written
          70   internal error
          130  interrupted (Ctrl-C); previous reports are left untouched
        """

    /// Writes `audit: error: <message>` as one line on standard error.
    static func printError(_ message: String, prefix: String = "error: ") {
        // One line, control characters shown escaped (a spec key with ESC once retitled the terminal).
        FileHandle.standardError.write(Data("audit: \(prefix)\(TextEscaping.terminal(message))\n".utf8))
    }

    /// The exit status of a finished audit: NOTEs do not gate.
    /// - Throws: ``failed`` or ``inconclusive``; returns for a pass.
    static func exit(for gate: CheckStatus) throws {
        switch gate {
        case .pass, .note, .notApplicable: return
        case .fail: throw failed
        case .inconclusive: throw inconclusive
        }
    }

    /// Runs a command's body, turning every error into one line on standard error and its documented exit
    /// status: bad input of any kind 64, Ctrl-C 130, anything unforeseen 70.
    static func reportingErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ExitCode {
            throw error
        } catch AuditError.interrupted {
            printError(AuditError.interrupted.description, prefix: "")
            throw interrupted
        } catch let error as AuditError {
            printError(CommandLineTerms.message(for: error))
            throw badInput
        } catch let error as OptionError {
            printError(error.description)
            throw badInput
        } catch let error as SpecError {
            printError(error.description)
            throw badInput
        } catch let error as LogError {
            printError(CommandLineTerms.message(for: error))
            throw badInput
        } catch let error as MergeError {
            printError(error.description)
            throw badInput
        } catch let error as UsageError {
            printError(error.description)
            throw badInput
        } catch let error as CocoaError {
            printError("cannot write \(error.filePath ?? "a file"): \(error.localizedDescription)")
            throw badInput
        } catch {
            printError("\(error)", prefix: "internal error: ")
            throw internalError
        }
    }
}
