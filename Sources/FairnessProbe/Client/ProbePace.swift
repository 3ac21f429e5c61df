import Foundation
import Synchronization

/// How fast a probe answers, over every connection, and whether the game's audit can still end within its
/// deadline: the early estimate that refuses a hopeless run instead of waiting the deadline out.
///
/// The estimate is a lower bound on the time still needed. Every sampled trial costs the probe at least
/// one request, so the trials still to come need at least `trials − answered` more answers; the probe
/// answers at most `rate` requests per second on one connection (answers over the seconds spent waiting for
/// them, so the toolkit's own computing does not count against it), and sampling uses at most `parallel`
/// connections at once. A run is refused when the time so far plus that bound passes the deadline, as
/// measured over two windows of at least ``window`` seconds of answering in a row (a probe that warms up,
/// as a JIT does, is judged on its later pace).
final class ProbePace: Sendable {
    /// Seconds of answering per measurement window.
    static let window = 5.0

    struct Plan: Sendable {
        var trials: UInt64
        var parallel: Int
    }

    private struct Totals: Sendable {
        var plan: Plan?
        var answered: UInt64 = 0
        var windowAnswers: UInt64 = 0
        var windowSeconds = 0.0
        var hopelessWindows = 0
    }

    let started: Date
    let deadline: Double?
    private let totals = Mutex(Totals())

    init(started: Date, deadline: Double?) {
        self.started = started
        self.deadline = deadline
    }

    /// The instant past which the game's audit stops; nil without a deadline.
    var end: Date? { deadline.map { started.addingTimeInterval($0) } }

    /// The trials the audit will sample and over how many connections at most.
    func plan(trials: UInt64, parallel: Int) {
        totals.withLock { $0.plan = Plan(trials: trials, parallel: max(1, parallel)) }
    }

    /// Records `answers` answered in `seconds` of waiting on one connection. Returns the projected total
    /// time (seconds from the probe's start) when the run cannot end within its deadline; nil otherwise.
    func record(answers: Int, seconds: Double) -> (projected: Double, rate: Double, remaining: UInt64)? {
        guard let deadline else { return nil }
        let elapsed = Date().timeIntervalSince(started)
        return totals.withLock { totals -> (projected: Double, rate: Double, remaining: UInt64)? in
            totals.answered += UInt64(max(0, answers))
            totals.windowAnswers += UInt64(max(0, answers))
            totals.windowSeconds += max(0, seconds)
            guard totals.windowSeconds >= Self.window, let plan = totals.plan else { return nil }
            let rate = Double(totals.windowAnswers) / totals.windowSeconds
            totals.windowAnswers = 0
            totals.windowSeconds = 0
            let remaining = plan.trials > totals.answered ? plan.trials - totals.answered : 0
            let projected = elapsed + Double(remaining) / (max(rate, 1e-9) * Double(plan.parallel))
            totals.hopelessWindows = projected > deadline ? totals.hopelessWindows + 1 : 0
            return totals.hopelessWindows >= 2 ? (projected, rate, remaining) : nil
        }
    }
}
