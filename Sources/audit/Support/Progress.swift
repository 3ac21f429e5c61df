import Dispatch
import Foundation
import Synchronization

/// Progress on standard error, only on a terminal (nothing on a pipe or in a file) and only once a run has
/// taken two seconds: the subject, its share done, trials per second and the time left for the run.
final class Progress: Sendable {
    private struct State {
        var subject = 0
        var name = ""
        var lastPrint = DispatchTime.now()
        var printed = false
        var subjectStarted = DispatchTime.now()
        /// Trials per second of the subjects finished so far (for the time left of those to come).
        var finishedRate: Double?
    }
    private let state = Mutex(State())
    private let started = DispatchTime.now()
    let total: UInt64
    let subjects: Int
    let enabled: Bool

    init(total: UInt64, subjects: Int, enabled: Bool) {
        self.total = total
        self.subjects = subjects
        self.enabled = enabled
    }

    func subject(_ index: Int, _ name: String) {
        guard enabled else { return }
        let now = DispatchTime.now()
        state.withLock {
            if index > 0 {
                let seconds = Double(now.uptimeNanoseconds - $0.subjectStarted.uptimeNanoseconds) / 1e9
                if seconds > 0 { $0.finishedRate = Double(total) / seconds }
            }
            $0.subject = index
            $0.name = name
            $0.subjectStarted = now
        }
        trialsDone(0)
    }

    func trialsDone(_ done: UInt64) {
        guard enabled else { return }
        let now = DispatchTime.now()
        guard now.uptimeNanoseconds - started.uptimeNanoseconds > 2_000_000_000 else { return }
        let line: String? = state.withLock { s in
            guard now.uptimeNanoseconds - s.lastPrint.uptimeNanoseconds > 250_000_000 || done == 0 else { return nil }
            s.lastPrint = now
            s.printed = true
            let seconds = Double(now.uptimeNanoseconds - s.subjectStarted.uptimeNanoseconds) / 1e9
            let rate = seconds > 0.2 && done > 0 ? Double(done) / seconds : s.finishedRate
            var line = String(
                format: "\r\u{1B}[K[%d/%d] %@: %.0f%%", s.subject + 1, subjects, s.name, 100 * Double(done) / Double(max(total, 1)))
            if let rate, rate > 0 {
                let left =
                    Double(total - min(done, total)) / rate + Double(subjects - s.subject - 1) * Double(total) / (s.finishedRate ?? rate)
                line += String(format: ", %.3g trials/s, about %@ left", rate, Self.duration(left))
            }
            return line
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// "42 s", "3 min 5 s", "2 h 10 min".
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3600) h \(s % 3600 / 60) min"
    }

    func finish() {
        guard enabled, state.withLock({ $0.printed }) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
