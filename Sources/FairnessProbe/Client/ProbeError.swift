import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import _FairnessAuditSupport

/// Why a probe could not be used. Each case names the command, and where it applies the request and what
/// came back, in one line.
public enum ProbeError: Error, Sendable, Hashable, CustomStringConvertible, SubjectFault {
    /// The command could not be started, or exited before the handshake.
    case didNotStart(command: String, reason: String)
    /// The handshake answer was not `ok 1 KIND NUMBER` for the game the spec declares.
    case badHandshake(command: String, expected: String, received: String)
    /// No complete answer within the timeout (seconds) to a batch whose first unanswered request is shown.
    case timedOut(command: String, request: String, seconds: Double)
    /// An answer that is not what the protocol allows for its request.
    case badAnswer(command: String, request: String, answer: String, expected: String)
    /// The probe wrote more lines than there were requests.
    case extraLines(command: String, after: String, extra: String)
    /// The probe kept dying: more restarts than allowed.
    case keepsDying(command: String, restarts: Int, lastRequest: String)
    /// The probe wrote more than `limit` bytes without ending the line (to the request shown).
    case lineTooLong(command: String, request: String, limit: Int)
    /// The game's audit through the probe took longer than its deadline (seconds).
    case pastDeadline(command: String, seconds: Double)
    /// The early estimate: at the pace the probe answers (`rate` requests per second on one connection),
    /// the `remaining` sampled trials alone would take the game's audit to at least `projected` seconds,
    /// past its deadline of `seconds`; the run was stopped at once.
    case cannotMeetDeadline(command: String, seconds: Double, projected: Double, rate: Double, remaining: UInt64)

    public var description: String {
        switch self {
        case .didNotStart(let command, let reason): return "probe '\(command)' did not start: \(reason)"
        case .badHandshake(let command, let expected, let received):
            return "probe '\(command)' answered the handshake with '\(received)', expected '\(expected)'"
        case .timedOut(let command, let request, let seconds):
            return "probe '\(command)' gave no answer within \(seconds) s (waiting for the answer to '\(request)')"
        case .badAnswer(let command, let request, let answer, let expected):
            return "probe '\(command)' answered '\(request)' with '\(answer)'; expected \(expected)"
        case .extraLines(let command, let after, let extra):
            return "probe '\(command)' wrote an extra line '\(extra)' after answering '\(after)'"
        case .keepsDying(let command, let restarts, let lastRequest):
            return "probe '\(command)' died \(restarts) times (last on '\(lastRequest)'); giving up"
        case .pastDeadline(let command, let seconds):
            return
                "probe '\(command)' did not finish the game's audit within its deadline of \(seconds) s; a slow probe can be given a longer deadline, or fewer trials"
        case .cannotMeetDeadline(let command, let seconds, let projected, let rate, let remaining):
            return String(
                format:
                    "probe '%@' answers about %.3g requests per second: the %llu sampled trials still to come would take the game's audit to at least %.3g s, past its deadline of %.6g s; stopped early (a slow probe can be given a longer deadline, or fewer trials)",
                command, rate, remaining, projected, seconds)
        case .lineTooLong(let command, let request, let limit):
            return
                "probe '\(command)' wrote more than \(limit) bytes without ending its line (answering '\(request)'); an answer is one short line"
        }
    }

    /// The one-line reason, for the subject's failed check.
    public var faultDescription: String { description }
}

/// A probe's fault with the last lines its start wrote to standard error: what a report states for a probe
/// that could not be used, in one line.
public struct ProbeFailure: Error, Sendable, Hashable, CustomStringConvertible, SubjectFault {
    /// The fault.
    public let error: ProbeError
    /// The last lines (escaped) the start that had the fault wrote to its standard error, oldest first.
    public let standardError: [String]

    /// `error`, with the lines its start wrote last to standard error.
    public init(_ error: ProbeError, standardError: [String]) {
        self.error = error
        self.standardError = standardError
    }

    /// The fault's line, then "; its standard error ended: 'LINE' | 'LINE'" when it wrote any.
    public var description: String {
        error.description
            + (standardError.isEmpty ? "" : "; its standard error ended: " + standardError.map { "'\($0)'" }.joined(separator: " | "))
    }

    /// The one-line reason, for the subject's failed check.
    public var faultDescription: String { description }
}
