import Foundation
import Synchronization

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
