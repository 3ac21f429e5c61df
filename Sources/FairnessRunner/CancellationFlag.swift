import Foundation
import Synchronization

/// A flag another thread (a signal handler, say) sets to stop a run between blocks.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    private let parent: CancellationFlag?
    /// Creates a flag that is not set.
    public init() { parent = nil }
    /// Creates a flag that is set when it is cancelled itself or when `parent` is: one subject's part of
    /// a run, which the run can stop as a whole and the audit can stop alone.
    public init(within parent: CancellationFlag) { self.parent = parent }
    /// Sets the flag, from any thread. A run using it stops starting blocks and throws
    /// `AuditError.interrupted`; the flag stays set.
    public func cancel() { flag.store(true, ordering: .relaxed) }
    /// Whether ``cancel()`` has been called on this flag or on the flag it was created within.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) || parent?.isCancelled == true }
}
