/// Why an audit could not run or finish. Each case carries the setting or name concerned, the value
/// given and what is allowed, so a caller (the `audit` command, a user's test) can phrase the message in
/// its own terms; ``description`` is a plain one-line default.
public enum AuditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A setting is outside what the audit accepts.
    /// - Parameters:
    ///   - setting: which setting.
    ///   - value: the value given, as text.
    ///   - allowed: what the setting accepts, in words ("a number in (0, 1)").
    case invalidSetting(AuditSetting, value: String, allowed: String)
    /// No built-in subject has this name; `known` lists the names there are.
    case unknownSubject(name: String, known: [String])
    /// No generator has this name. `name` is as given (`mersenne`, `gsl:nope`); `known` lists the
    /// names accepted in the same family (the toolkit's choices, or GSL's generators for `gsl:` names).
    case unknownGenerator(name: String, known: [String])
    /// The run was cancelled through its `CancellationFlag` (Ctrl-C in the `audit` command); no report
    /// was written.
    case interrupted
    /// A report file or directory could not be written at `path`; `reason` is the system's explanation.
    case cannotWrite(path: String, reason: String)
    /// A file could not be read at `path` (a report set to verify); `reason` says why.
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidSetting(let setting, let value, let allowed):
            return "\(setting.rawValue) = \(value) is not allowed; it must be \(allowed)"
        case .unknownSubject(let name, let known):
            return "unknown subject '\(name)'; there are \(known.count) built-in subjects"
        case .unknownGenerator(let name, let known):
            if name.hasPrefix("gsl:") {
                return "unknown GSL generator '\(name.dropFirst(4))'; GSL has: \(known.joined(separator: ", "))"
            }
            return "unknown generator '\(name)'; choose \(known.joined(separator: ", "))"
        case .interrupted:
            return "interrupted; previous reports left untouched"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .cannotRead(let path, let reason):
            return "cannot read \(path): \(reason)"
        }
    }
}

/// The settings of an audit that ``AuditError/invalidSetting(_:value:allowed:)`` can name.
public enum AuditSetting: String, Sendable, Hashable, CaseIterable {
    /// `RunSettings.trials`.
    case trials
    /// `RunSettings.threads`.
    case threads
    /// `AuditSettings.alpha`.
    case alpha
    /// `AuditSettings.failOn`.
    case failOn = "fail-on"
    /// `AuditSettings.sweepSteps`.
    case sweepSteps = "sweep-steps"
    /// `AuditSettings.materiality`.
    case materiality
    /// `AuditSettings.sessionSpins`.
    case sessionSpins = "session-spins"
    /// The minimum return to player.
    case minimumReturn = "min-rtp"
    /// The model or contents of an outcome log.
    case logModel = "log"
    /// The tallies of a sharded run.
    case tallies = "tallies"
    /// N of the "1 in N" limit for advertised prizes.
    case rarePrizeLimit = "rare-prize"
}
