import ArgumentParser
import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import _FairnessAuditSupport

/// What decides the exit status of `audit run`: the level of the sampled tests, the kinds of check that
/// gate, and how exact findings gate by class and size.
struct GateOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Family-wise significance level of the run (Holm), in (0, 1).", valueName: "alpha"))
    var alpha = AuditSettings.defaultAlpha

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Comma-separated kinds of check that gate the exit status: exact, fairness, sampling, invalid. (default: exact,fairness,sampling,invalid)",
            valueName: "kinds"),
        transform: GateOptions.parseKinds)
    var failOn: [CheckKind] = CheckKind.allCases

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Share of plays above which a mislabel or an odds difference fails the gate, in [0, 1).",
            valueName: "share"))
    var materiality = AuditSettings.defaultMateriality

    @Flag(help: "Fail on every exact finding: rounding at a line, latent defects and findings below --materiality too.")
    var strict = false

    @Option(
        name: .customLong("session-spins"), parsing: .unconditional,
        help: ArgumentHelp(
            "Spins (or draws) in the longest session play is assumed to reach; rotations beyond are latent, and a prize draw's first draws count by their share of it.",
            valueName: "n"))
    var sessionSpins = SessionReach.defaultSpins

    @Option(
        name: .customLong("min-rtp"), parsing: .unconditional,
        help: ArgumentHelp(
            "Least return to player (expected payout over stake, 0.9 for 90%) every game with a paytable must return (a spec's own minimum-rtp applies too; the stricter wins).",
            valueName: "rtp"))
    var minimumReturn: Double?

    @Option(
        name: .customLong("rare-prize"), parsing: .unconditional,
        help: ArgumentHelp("N of '1 in N': an advertised prize rarer than that per play fails. (default: 1e8)", valueName: "n"))
    var rarePrizeOption: Double?

    /// N of "1 in N" for advertised prizes: the option, or 10^8.
    var rarePrizeLimit: Double { rarePrizeOption ?? 1e8 }

    /// `--fail-on`'s comma-separated kinds, in the order given.
    static func parseKinds(_ argument: String) throws -> [CheckKind] {
        try argument.split(separator: ",", omittingEmptySubsequences: false).map { name in
            guard let kind = CheckKind(rawValue: String(name)) else {
                throw ValidationError(
                    "unknown kind '\(name)'; choose from \(CheckKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return kind
        }
    }

    /// Sets the gate's part of `settings`.
    func apply(to settings: inout AuditSettings) {
        settings.alpha = alpha
        settings.failOn = failOn
        settings.materiality = materiality
        settings.strict = strict
        settings.sessionSpins = sessionSpins
        settings.minimumReturn = minimumReturn
        settings.rarePrizeLimit = rarePrizeLimit
    }

    /// The options that differ from their defaults, as a reviewer would type them again.
    var reproduceArguments: [String] {
        var arguments: [String] = []
        if alpha != AuditSettings.defaultAlpha { arguments += ["--alpha", "\(alpha)"] }
        if Set(failOn) != Set(CheckKind.allCases) { arguments += ["--fail-on", failOn.map(\.rawValue).joined(separator: ",")] }
        if materiality != AuditSettings.defaultMateriality { arguments += ["--materiality", "\(materiality)"] }
        if strict { arguments.append("--strict") }
        if sessionSpins != SessionReach.defaultSpins { arguments += ["--session-spins", "\(sessionSpins)"] }
        if let minimumReturn { arguments += ["--min-rtp", "\(minimumReturn)"] }
        if rarePrizeLimit != 1e8 { arguments += ["--rare-prize", "\(rarePrizeLimit)"] }
        return arguments
    }
}
