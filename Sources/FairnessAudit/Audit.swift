import FairnessModel
import FairnessReport
import FairnessRunner
import FairnessStatistics
import FairnessSubjectAudit
import Foundation
import Synchronization
import _FairnessAuditSupport

extension Audit {
    /// Audits `subjects` (exact checks, then sampling), applies Holm's correction over every p-value of
    /// the run at `settings.alpha`, states each sampled test's power, and returns the report.
    ///
    /// Up to `settings.run.threads` subjects are audited at once, the threads shared among them; the
    /// report does not depend on how many. `settings.run.progress`, if set, is called with the trials
    /// done by every subject together (at most `trials` × `subjects.count`).
    ///
    /// - Parameters:
    ///   - subjects: The subjects to audit, in report order.
    ///   - randomSources: Random sources to test with the randomness battery, each a subject of its own
    ///     after `subjects` (a game's own generator read through its probe). A shard tests none: it writes
    ///     tallies, which a random source has none of.
    ///   - settings: The run's settings; checked with `AuditSettings.validate()` before anything runs.
    ///   - onSubject: Called as each subject starts, with its position in `subjects` and the subject (for
    ///     progress display); from worker threads, in order of starting.
    /// - Returns: The report: one verdict per subject, every check with its Holm-adjusted p-value and
    ///   status, the outcome tallies, mislabelled arcs and counterexamples.
    /// - Throws: `AuditError.invalidSetting(_:value:allowed:)` if a setting is out of range;
    ///   `AuditError.interrupted` if `settings.run.cancellation` is set before a subject's sampling
    ///   finishes. `DiceError.tooManyRollsToEnumerate(_:limit:)` for a dice game with more than
    ///   `DiceOdds.enumerationLimit` ordered rolls, and `DiceError.categoryUndefined(_:_:)` for a game of
    ///   one die (which has no straight). `StatisticsError` if a statistical routine fails:
    ///   `invalidArgument` for a `GeneratorChoice.gsl(_:)` name GSL does not know, `gsl` if GSL cannot
    ///   allocate the generator, `noConvergence` if a power calculation does not converge.
    /// - Complexity: For each subject, O(`settings.run.trials`) sampled trials plus the exact checks:
    ///   for a wheel, a fixed number of counterexamples per sector line and sweeps of `settings.sweepSteps` points
    ///   (each change of result bisected to adjacent values); for a dice game, all F^K ordered rolls.
    public static func run(
        _ subjects: [AuditSubject], randomSources: [RandomSourceSubject] = [], settings: AuditSettings,
        onSubject: (@Sendable (Int, AuditSubject) -> Void)? = nil
    ) throws -> AuditReport {
        try settings.validate()
        // Subjects run side by side, `workers` at a time, each sampling on twice its share of the threads
        // (the last ones, with fewer left to share them, on more): the exact checks of one subject
        // (single-threaded) then overlap another's sampling. Every result depends on the subject, seed
        // and trials only, so the report is the same for any thread count. The workers are plain
        // dispatch blocks, not a `concurrentPerform`: a `concurrentPerform` inside another one (the
        // runner's, the dice survey's) is given a share of its width and would run on one thread.
        let workers = min(settings.run.threads, subjects.count)
        let trialsDone = Atomic<UInt64>(0)
        let progress = settings.run.progress
        let nextSubject = Atomic<Int>(0)
        let outcomes = Mutex<[Result<SubjectResult, Error>?]>(Array(repeating: nil, count: subjects.count))
        // Each subject can be stopped alone. When subject k fails, no subject after it starts and those
        // after it that are running stop; those before it finish. So the error thrown is the first
        // failing subject's in order, as when subjects ran one after another, and comes as soon as that.
        let cancellations = subjects.indices.map { _ in CancellationFlag(within: settings.run.cancellation) }
        let firstFailure = Atomic<Int>(Int.max)
        @Sendable func work() {
            while !settings.run.cancellation.isCancelled {
                let index = nextSubject.add(1, ordering: .relaxed).oldValue
                guard index < subjects.count, index < firstFailure.load(ordering: .relaxed) else { break }
                let subject = subjects[index]
                onSubject?(index, subject)
                // Each subject draws from its own stream, so the family holds independent evidence and a
                // subject's result does not depend on which others ran. Progress adds up every subject's
                // trials.
                var own = settings
                own.run.stream = subject.stream
                // Twice its share of the threads: a subject left sampling alone when the others finish
                // keeps every core busy (the system shares out the surplus threads meanwhile).
                own.run.threads = min(
                    settings.run.threads, max(1, 2 * settings.run.threads / max(1, min(workers, subjects.count - index))))
                own.run.cancellation = cancellations[index]
                if let progress {
                    let subjectTotal = RunningTotal()
                    own.run.progress = { done in
                        let excess = subjectTotal.advance(to: done)
                        if excess > 0 { progress(trialsDone.wrappingAdd(excess, ordering: .relaxed).newValue) }
                    }
                }
                let outcome = Result { try audit(subject, settings: own) }
                if case .failure = outcome {
                    var current = firstFailure.load(ordering: .relaxed)
                    while index < current {
                        let (exchanged, original) = firstFailure.compareExchange(
                            expected: current, desired: index, ordering: .relaxed)
                        if exchanged { break }
                        current = original
                    }
                    for later in cancellations[(index + 1)...] { later.cancel() }
                }
                outcomes.withLock { $0[index] = outcome }
            }
        }
        if workers <= 1 {
            work()
        } else {
            let group = DispatchGroup()
            for _ in 0..<workers { DispatchQueue.global().async(group: group) { work() } }
            group.wait()
        }
        var results: [SubjectResult] = []
        for outcome in outcomes.withLock({ $0 }) {
            guard let outcome else { throw AuditError.interrupted }
            results.append(try outcome.get())
        }
        let report = try assemble(results, settings: settings)
        if case .shard = settings.sampling { return report }
        return try report.adding(randomSources: randomSources, settings: settings)
    }
}

/// A running total that workers report in any order (each reports the total it saw, and a later report
/// may carry a smaller one): only a larger total advances it, by its excess, so the excesses add up to
/// the largest total reported and every trial is counted once.
final class RunningTotal: Sendable {
    private let seen = Atomic<UInt64>(0)

    /// Advances to `total` if it is larger than any total so far; returns by how much (0 if not larger).
    func advance(to total: UInt64) -> UInt64 {
        var before = seen.load(ordering: .relaxed)
        while total > before {
            let (exchanged, original) = seen.compareExchange(expected: before, desired: total, ordering: .relaxed)
            if exchanged { return total - before }
            before = original
        }
        return 0
    }
}
