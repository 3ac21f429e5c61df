import Foundation
import Synchronization

/// How a Monte Carlo run is carried out. Nothing here changes the tallies except `trials`, `seed` and
/// `generator`: the same three give bit-identical tallies whatever `threads` is.
public struct RunSettings: Sendable {
    /// The number of trials (spins or plays) per subject.
    public var trials: UInt64
    /// The seed the generator is keyed or seeded with; the system generator ignores it.
    public var seed: UInt64
    /// The stream the trials are drawn from (the second Philox key word of every block's or trial's key, and part of every GSL block
    /// seed): 0 by default; `Audit.run(_:randomSources:settings:onSubject:)` gives each subject
    /// `AuditSubject.stream`, derived from its name, so subjects never share draws.
    public var stream: UInt64 = 0
    /// The generator the trials draw from.
    public var generator: GeneratorChoice
    /// The number of worker threads; it does not change the tallies. The initialiser raises values below
    /// 1 to 1, and `AuditSettings.validate()` accepts 1 ... 1024.
    public var threads: Int
    /// Trials per block. Blocks are the unit of scheduling, of stateful subjects' sessions (a wheel's
    /// accumulated rotation restarts at each block) and of serial pairs (pairs do not straddle blocks).
    public var blockSize: UInt64
    /// The flag that stops the run between blocks.
    public var cancellation: CancellationFlag
    /// Called now and then from worker threads with the number of trials done (for progress display).
    public var progress: (@Sendable (UInt64) -> Void)?
    /// The blocks to run, when only some of them are (one shard of a run spread over machines); nil for
    /// every block. A block's trials draw the same numbers whichever shard runs them.
    public var blocks: Range<UInt64>? = nil

    /// The number of blocks of the whole run: ⌈trials / blockSize⌉.
    public var blockCount: UInt64 { (trials + blockSize - 1) / blockSize }

    /// The blocks of shard `index` of `count`: the run's blocks cut into `count` consecutive ranges whose
    /// lengths differ by at most one.
    /// - Precondition: 0 ≤ `index` < `count`.
    public func blocks(ofShard index: Int, of count: Int) -> Range<UInt64> {
        precondition(index >= 0 && index < count, "shard \(index) of \(count)")
        let total = blockCount, k = UInt64(count), i = UInt64(index)
        return (total * i / k)..<(total * (i + 1) / k)
    }

    /// The default number of trials per block, 2¹⁶ = 65,536.
    public static let defaultBlockSize: UInt64 = 1 << 16

    /// Creates run settings.
    ///
    /// - Parameters:
    ///   - trials: Trials (spins or plays) per subject.
    ///   - seed: The generator's seed.
    ///   - generator: The generator; ``GeneratorChoice/xoshiro`` by default.
    ///   - threads: Worker threads, raised to 1 if lower; by default one per active processor.
    ///   - blockSize: Trials per block, raised to 1 if lower; ``defaultBlockSize`` by default.
    ///   - cancellation: The flag that stops the run; a fresh, unset one by default.
    ///   - progress: Called from worker threads with the number of trials done; none by default.
    public init(
        trials: UInt64, seed: UInt64, generator: GeneratorChoice = .xoshiro,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount, blockSize: UInt64 = RunSettings.defaultBlockSize,
        cancellation: CancellationFlag = CancellationFlag(), progress: (@Sendable (UInt64) -> Void)? = nil
    ) {
        self.trials = trials
        self.seed = seed
        self.generator = generator
        self.threads = max(1, threads)
        self.blockSize = max(1, blockSize)
        self.cancellation = cancellation
        self.progress = progress
    }
}
