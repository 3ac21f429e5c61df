import Dispatch
import Foundation
import Synchronization

/// Progress on standard error, only on a terminal (nothing on a pipe or in a file) and only once a run has
/// taken two seconds: subjects started, the latest one's name, the share of all trials done, trials per
/// second and the time left.
/// Subjects run side by side, so the line counts every subject's trials together.
final class Progress: Sendable {
    private struct State {
        var started = 0
        var name = ""
        var lastPrint = DispatchTime.now()
        var printed = false
    }
    private let state = Mutex(State())
    private let started = DispatchTime.now()
    /// Trials per subject (a shard's own share).
    let total: UInt64
    let subjects: Int
    let enabled: Bool

    init(total: UInt64, subjects: Int, enabled: Bool) {
        self.total = total
        self.subjects = subjects
        self.enabled = enabled
    }

    /// Subject `index` (0-based) has started.
    func subject(_ index: Int, _ name: String) {
        guard enabled else { return }
        state.withLock {
            $0.started = max($0.started, index + 1)
            $0.name = name
        }
    }

    /// `done` trials of all subjects together are done.
    func trialsDone(_ done: UInt64) {
        guard enabled else { return }
        let now = DispatchTime.now()
        let seconds = Double(now.uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        guard seconds > 2 else { return }
        let all = Double(total) * Double(subjects)
        let line: String? = state.withLock { s in
            guard now.uptimeNanoseconds - s.lastPrint.uptimeNanoseconds > 250_000_000 else { return nil }
            s.lastPrint = now
            s.printed = true
            let rate = Double(done) / seconds
            var line = String(
                format: "\r\u{1B}[K[%d/%d] %@: %.0f%% of all trials", s.started, subjects, s.name,
                100 * Double(done) / max(all, 1))
            if rate > 0 {
                line += String(format: ", %.3g trials/s, about %@ left", rate, Self.duration(max(0, all - Double(done)) / rate))
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
