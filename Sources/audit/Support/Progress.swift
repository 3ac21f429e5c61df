import Dispatch
import Foundation
import Synchronization

/// Progress on standard error, only on a terminal and only once a run has taken two seconds.
final class Progress: Sendable {
    private struct State {
        var subject = 0
        var name = ""
        var lastPrint = DispatchTime.now()
        var printed = false
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
        state.withLock {
            $0.subject = index; $0.name = name
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
            return String(
                format: "\r\u{1B}[K[%d/%d] %@: %.0f%%", s.subject + 1, subjects, s.name, 100 * Double(done) / Double(max(total, 1)))
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    func finish() {
        guard enabled, state.withLock({ $0.printed }) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
