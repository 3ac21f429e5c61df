import Foundation
import Synchronization

/// A flag another thread (a signal handler, say) sets to stop a run between blocks.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    /// Creates a flag that is not set.
    public init() {}
    /// Sets the flag, from any thread. A run using it stops starting blocks and throws
    /// ``AuditError/interrupted``; the flag stays set.
    public func cancel() { flag.store(true, ordering: .relaxed) }
    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
