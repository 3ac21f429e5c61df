import ArgumentParser
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessStatistics
import FairnessSubjectAudit
import FairnessSubjects
import FairnessVerification
import Foundation
import _FairnessAuditSupport

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
        case .cannotWrite, .cannotRead, .interrupted:
            return error.description
        }
    }

    /// A log's error in the command's terms: a limit of the options is named by its flag.
    static func message(for error: LogError) -> String {
        let limit: String
        switch error.exceeded {
        case nil: limit = ""
        case .badRows(let row, let allowed): limit = " (bad row \(row), more than --skip-bad \(allowed))"
        case .windowsOfLines: limit = "; use a larger --window"
        }
        return "\(error.file):\(error.line):\(error.column): \(error.message)\(limit)"
    }
}
