import FairnessModel
import Foundation
import Synchronization
import _FairnessAuditSupport

/// Runs a driver over all trials on `threads` workers. Each worker takes blocks from a shared atomic
/// counter and tallies into its own counts; the counts are integers merged by addition, so the result
/// does not depend on which worker ran which block. Memory is one tally per worker, whatever the trials.
public enum MonteCarloRunner {
    /// Runs `driver` over trials 0 ..< `settings.trials`, drawing from the generator `settings.generator`
    /// names, and returns the merged tally.
    ///
    /// - Parameters:
    ///   - driver: What one block of trials does, and the tally it counts into.
    ///   - settings: Trials, seed, generator, threads, block size, cancellation and progress.
    /// - Returns: The tally of every trial; the same whatever the number of threads.
    /// - Precondition: `settings.blockSize` is at least 1 (the initialiser ensures it; 0 traps).
    /// - Throws: `AuditError.interrupted` if `settings.cancellation` is set when the workers finish.
    ///   For ``GeneratorChoice/gsl(_:)``, `StatisticsError.invalidArgument(_:)` if GSL has no generator
    ///   of that name, and `StatisticsError.gsl(function:status:message:)` if GSL cannot allocate one.
    /// - Complexity: O(*n*) driver trials, *n* = `settings.trials`, spread over min(`threads`, blocks)
    ///   workers, plus one tally merge per worker.
    @inlinable
    public static func run<Driver: TrialDriver>(_ driver: Driver, settings: RunSettings) throws -> Driver.Counts {
        switch settings.generator {
        case .xoshiro: return try runBlocks(driver, settings: settings, randomness: XoshiroBlockRandomness.self, context: ())
        case .philox: return try runBlocks(driver, settings: settings, randomness: PhiloxBlockRandomness.self, context: ())
        case .system: return try runBlocks(driver, settings: settings, randomness: SystemBlockRandomness.self, context: ())
        case .gsl(let name): return try runBlocks(driver, settings: settings, randomness: GSLBlockRandomness.self, context: name)
        }
    }

    /// Runs `driver` over trials 0 ..< `settings.trials` with the randomness `R`, on
    /// min(`settings.threads`, blocks) workers that take blocks of `settings.blockSize` trials from a
    /// shared counter, and merges their tallies.
    ///
    /// - Parameters:
    ///   - driver: What one block of trials does, and the tally it counts into.
    ///   - settings: Trials, seed, threads, block size, cancellation and progress (`generator` is not read).
    ///   - randomness: The randomness each block is prepared with.
    ///   - context: What `R` needs for every block (a GSL generator's name, say).
    /// - Returns: The tally of every trial; the same whatever the number of threads.
    /// - Precondition: `settings.blockSize` is at least 1 (the initialiser ensures it; 0 traps).
    /// - Throws: The first error `R.init(context:seed:stream:block:)` throws (which also cancels the run);
    ///   otherwise `AuditError.interrupted` if `settings.cancellation` is set when the workers finish.
    /// - Complexity: O(*n*) driver trials, *n* = `settings.trials`, plus one tally merge per worker.
    @inlinable
    public static func runBlocks<Driver: TrialDriver, R: BlockRandomness>(
        _ driver: Driver, settings: RunSettings, randomness: R.Type, context: R.Context
    ) throws -> Driver.Counts {
        let blockCount = settings.blocks.map { min($0.upperBound, settings.blockCount) } ?? settings.blockCount
        let firstBlock = settings.blocks.map { min($0.lowerBound, blockCount) } ?? 0
        let workers = Int(min(UInt64(settings.threads), max(blockCount - firstBlock, 1)))
        let nextBlock = Atomic<UInt64>(firstBlock)
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
                    var source = try R(context: context, seed: settings.seed, stream: settings.stream, block: block)
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
