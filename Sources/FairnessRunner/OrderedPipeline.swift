import Foundation
import Synchronization

/// Jobs run as they are submitted — on up to `threads − 1` helper threads and, when every helper has
/// ``depth`` jobs waiting, on the submitting thread itself — with their outputs taken back in the order
/// they were submitted. The submitting thread keeps producing work (reading an input, cutting its
/// sequences) while the helpers test what it produced, with no barrier between batches: at most `threads`
/// threads are busy at once, and a run on one thread runs every job in place, in order.
///
/// Outputs come back in submission order whatever the threads, so a caller that folds them in that order
/// gets the same result on any number of threads. Jobs submitted with ``submitInOrder(chain:_:)`` form
/// chains: each runs after the one before it in its chain and never beside it, so they may share state (a
/// tally fed block by block) while the other jobs, and the other chains, run beside them.
///
/// One thread submits and takes outputs; the helpers only run jobs.
package final class OrderedPipeline<Output: Sendable> {
    /// Jobs waiting or running on each helper at most, beyond which the submitting thread runs the job.
    let depth: Int
    private let lanes: [DispatchQueue]
    private let shared = Shared()
    private let group = DispatchGroup()
    private var submitted = 0, taken = 0
    /// Each chain's jobs waiting or running at most; beyond, ``submitInOrder(chain:_:)`` waits for its
    /// oldest.
    private let chainSlots: [DispatchSemaphore]
    /// Seconds the submitting thread spent running jobs, and waiting for the helpers (in ``finish()``, and
    /// for a place in the chain).
    package private(set) var inPlaceSeconds = 0.0, waitingSeconds = 0.0

    private struct State {
        var outputs: [Int: Result<Output, any Error>] = [:]
        var waiting: [Int] = []
        var helperSeconds = 0.0
        var chainSeconds: [Double] = []
    }

    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    /// A pipeline on `threads` threads in all, the submitting one included (1 or fewer: every job in place).
    package init(threads: Int, depth: Int = 2, chains: Int = 1, chainDepth: Int = 4) {
        self.depth = depth
        chainSlots = (0..<chains).map { _ in DispatchSemaphore(value: chainDepth) }
        let helpers = max(0, threads - 1)
        lanes = (0..<helpers).map { DispatchQueue(label: "fairness-audit.pipeline.\($0)") }
        shared.state.withLock { state in
            state.waiting = Array(repeating: 0, count: helpers)
            state.chainSeconds = Array(repeating: 0, count: chains)
        }
    }

    deinit {
        // No job outlives the pipeline (a run that throws still waits for its helpers' jobs).
        group.wait()
    }

    /// Jobs submitted whose outputs have not been taken.
    var pending: Int { submitted - taken }

    /// Runs `job` on the least busy helper, or here when each has ``depth`` jobs waiting.
    package func submit(_ job: @escaping @Sendable () throws -> Output) {
        let index = submitted
        submitted += 1
        let lane: Int? = shared.state.withLock { state in
            guard let least = state.waiting.indices.min(by: { state.waiting[$0] < state.waiting[$1] }), state.waiting[least] < depth
            else { return nil }
            state.waiting[least] += 1
            return least
        }
        guard let lane else { return runHere(job, index: index, chain: nil) }
        let shared = self.shared
        lanes[lane].async(group: group) {
            let (output, seconds) = Self.timed(job)
            shared.state.withLock { state in
                state.outputs[index] = output
                state.waiting[lane] -= 1
                state.helperSeconds += seconds
            }
        }
    }

    /// Runs `job` after every job submitted to the same chain before it, never beside one: on helper
    /// `chain` modulo the helpers (in its queue's order), or here when there is no helper. Waits while
    /// the chain has its most jobs.
    /// - Precondition: 0 ≤ `chain` < the pipeline's chains.
    package func submitInOrder(chain: Int = 0, _ job: @escaping @Sendable () throws -> Output) {
        let index = submitted
        submitted += 1
        guard !lanes.isEmpty else { return runHere(job, index: index, chain: chain) }
        let waited = DispatchTime.now().uptimeNanoseconds
        chainSlots[chain].wait()
        waitingSeconds += Self.seconds(since: waited)
        // Not counted among the lane's waiting jobs: a chain's jobs are short, and counting them would send
        // the other jobs to this thread while the helper idles between them.
        let lane = chain % lanes.count
        let (shared, slots) = (self.shared, chainSlots[chain])
        lanes[lane].async(group: group) {
            let (output, seconds) = Self.timed(job)
            shared.state.withLock { state in
                state.outputs[index] = output
                state.helperSeconds += seconds
                state.chainSeconds[chain] += seconds
            }
            slots.signal()
        }
    }

    /// Runs job `index` on this thread.
    private func runHere(_ job: () throws -> Output, index: Int, chain: Int?) {
        let (output, seconds) = Self.timed(job)
        inPlaceSeconds += seconds
        shared.state.withLock { state in
            state.outputs[index] = output
            if let chain { state.chainSeconds[chain] += seconds }
        }
    }

    /// The job's output and the seconds it took.
    private static func timed(_ job: () throws -> Output) -> (Result<Output, any Error>, Double) {
        let started = DispatchTime.now().uptimeNanoseconds
        let output = Result { try job() }
        return (output, seconds(since: started))
    }

    /// Seconds every job took, summed over the threads that ran them (so far).
    package var jobSeconds: Double { inPlaceSeconds + shared.state.withLock { $0.helperSeconds } }
    /// Seconds each chain's jobs took (so far), part of ``jobSeconds``.
    package var chainSeconds: [Double] { shared.state.withLock { $0.chainSeconds } }

    package static func seconds(since started: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

    /// The outputs finished so far that follow every earlier one, in submission order.
    /// - Throws: The error of the first of them, in order, whose job threw.
    package func takeFinished() throws -> [Output] {
        let ready: [Result<Output, any Error>] = shared.state.withLock { state in
            var ready: [Result<Output, any Error>] = []
            while let output = state.outputs.removeValue(forKey: taken + ready.count) { ready.append(output) }
            return ready
        }
        taken += ready.count
        return try ready.map { try $0.get() }
    }

    /// Waits for every job and returns the outputs not yet taken, in submission order.
    package func finish() throws -> [Output] {
        let started = DispatchTime.now().uptimeNanoseconds
        group.wait()
        waitingSeconds += Self.seconds(since: started)
        return try takeFinished()
    }
}
