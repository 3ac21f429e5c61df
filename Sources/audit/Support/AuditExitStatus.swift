import ArgumentParser
import FairnessAudit
import FairnessSpec
import Foundation

/// The exit statuses of `audit`, as documented in `--help` and README, and the one place where an error
/// or a gate becomes one.
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

    /// The exit status of a finished audit: NOTEs do not gate.
    /// - Throws: ``failed`` or ``inconclusive``; returns for a pass.
    static func exit(for gate: CheckStatus) throws {
        switch gate {
        case .pass, .note: return
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
            printError(error.description)
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

/// An option's value the command refuses after parsing (a directory that cannot be written, say): the
/// message names the flag, the value and what is allowed.
struct OptionError: Error, CustomStringConvertible {
    /// The flag, as typed (`--out`).
    let flag: String
    /// The value given.
    let value: String
    /// What the flag accepts, in words.
    let allowed: String

    var description: String { "\(flag) \(value): must be \(allowed)" }
}

/// A use of the command that cannot work, in one line (two subjects of one name, say).
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The library speaks of settings; the command of the flags that set them.
enum CommandLineTerms {
    /// The flag that sets `setting`, or nil for a setting no flag sets.
    static func flag(for setting: AuditSetting) -> String? {
        switch setting {
        case .trials: "--trials"
        case .threads: "--threads"
        case .alpha: "--alpha"
        case .failOn: "--fail-on"
        case .materiality: "--materiality"
        case .sessionSpins: "--session-spins"
        case .minimumReturn: "--min-rtp"
        case .rarePrizeLimit: "--rare-prize"
        case .tallies: "--tallies"
        case .logModel, .sweepSteps: nil
        }
    }

    /// A library error in the command's own terms: settings become the flags that set them.
    static func message(for error: AuditError) -> String {
        switch error {
        case .invalidSetting(let setting, let value, let allowed):
            if setting == .logModel { return "\(value): must be \(allowed)" }
            guard let flag = flag(for: setting) else { return error.description }
            return "\(flag) \(value): must be \(allowed)"
        case .unknownSubject(let name, _):
            return "--subject \(name): unknown subject; run 'audit list' for the \(Catalogue.builtIn.count) subjects"
        case .unknownGenerator(let name, let known):
            if name.hasPrefix("gsl:") {
                return "--rng \(name): unknown GSL generator '\(name.dropFirst(4))'; GSL has: \(known.joined(separator: ", "))"
            }
            return "--rng \(name): unknown generator; choose \(known.joined(separator: ", "))"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .interrupted:
            return error.description
        }
    }
}
