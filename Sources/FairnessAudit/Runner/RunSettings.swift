import Foundation
import Synchronization

/// How a Monte Carlo run is carried out. Nothing here changes the tallies except `trials`, `seed` and
/// `generator`: the same three give bit-identical tallies whatever `threads` is.
public struct RunSettings: Sendable {
    public var trials: UInt64
    public var seed: UInt64
    public var generator: GeneratorChoice
    public var threads: Int
    /// Trials per block. Blocks are the unit of scheduling, of stateful subjects' sessions (a wheel's
    /// accumulated rotation restarts at each block) and of serial pairs (pairs do not straddle blocks).
    public var blockSize: UInt64
    public var cancellation: CancellationFlag
    /// Called now and then from worker threads with the number of trials done (for progress display).
    public var progress: (@Sendable (UInt64) -> Void)?

    public static let defaultBlockSize: UInt64 = 1 << 16

    public init(trials: UInt64, seed: UInt64, generator: GeneratorChoice = .philox,
                threads: Int = ProcessInfo.processInfo.activeProcessorCount, blockSize: UInt64 = RunSettings.defaultBlockSize,
                cancellation: CancellationFlag = CancellationFlag(), progress: (@Sendable (UInt64) -> Void)? = nil) {
        self.trials = trials
        self.seed = seed
        self.generator = generator
        self.threads = max(1, threads)
        self.blockSize = max(1, blockSize)
        self.cancellation = cancellation
        self.progress = progress
    }
}
