import Foundation
import Synchronization

/// A flag another thread (a signal handler, say) sets to stop a run between blocks.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    public init() {}
    public func cancel() { flag.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

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

/// Counts that add up exactly: merging per-thread tallies in any order gives the same result.
public protocol Tally: Sendable {
    mutating func merge(_ other: Self)
}

/// What a subject does in one block of trials, for any randomness.
public protocol TrialDriver: Sendable {
    associatedtype Counts: Tally
    /// An empty tally.
    func makeTally() -> Counts
    /// Runs trials `range` (one block) into `tally`.
    func run<R: BlockRandomness>(_ range: Range<UInt64>, randomness: inout R, into tally: inout Counts)
}

/// Runs a driver over all trials on `threads` workers. Each worker takes blocks from a shared atomic
/// counter and tallies into its own counts; the counts are integers merged by addition, so the result
/// does not depend on which worker ran which block. Memory is one tally per worker, whatever the trials.
public enum MonteCarloRunner {
    @inlinable
    public static func run<Driver: TrialDriver>(_ driver: Driver, settings: RunSettings) throws -> Driver.Counts {
        switch settings.generator {
        case .philox: return try runBlocks(driver, settings: settings, randomness: PhiloxBlockRandomness.self, context: ())
        case .system: return try runBlocks(driver, settings: settings, randomness: SystemBlockRandomness.self, context: ())
        case .gsl(let name): return try runBlocks(driver, settings: settings, randomness: GSLBlockRandomness.self, context: name)
        }
    }

    @inlinable
    public static func runBlocks<Driver: TrialDriver, R: BlockRandomness>(
        _ driver: Driver, settings: RunSettings, randomness: R.Type, context: R.Context
    ) throws -> Driver.Counts {
        let blockCount = (settings.trials + settings.blockSize - 1) / settings.blockSize
        let workers = Int(min(UInt64(settings.threads), max(blockCount, 1)))
        let nextBlock = Atomic<UInt64>(0)
        let done = Atomic<UInt64>(0)
        let results = Mutex<[Driver.Counts]>([])
        let failure = Mutex<Error?>(nil)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var tally = driver.makeTally()
            while !settings.cancellation.isCancelled {
                let block = nextBlock.add(1, ordering: .relaxed).oldValue
                if block >= blockCount { break }
                let start = block * settings.blockSize
                let end = min(start + settings.blockSize, settings.trials)
                do {
                    var source = try R(context: context, seed: settings.seed, block: block)
                    driver.run(start..<end, randomness: &source, into: &tally)
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    settings.cancellation.cancel()
                    break
                }
                let total = done.add(end - start, ordering: .relaxed).newValue
                settings.progress?(total)
            }
            results.withLock { $0.append(tally) }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        if settings.cancellation.isCancelled { throw AuditError.interrupted }
        var merged = driver.makeTally()
        for tally in results.withLock({ $0 }) { merged.merge(tally) }
        return merged
    }
}
