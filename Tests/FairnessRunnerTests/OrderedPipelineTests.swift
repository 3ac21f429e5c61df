import Synchronization
import Testing

@testable import FairnessAudit
@testable import FairnessBattery
@testable import FairnessLogs
@testable import FairnessReport
@testable import FairnessReportRendering
@testable import FairnessRunner
@testable import FairnessSubjectAudit
@testable import FairnessVerification
@testable import _FairnessAuditSupport

@Suite("Ordered pipeline")
struct OrderedPipelineTests {
    struct Refused: Error, Equatable { let job: Int }

    /// The last job a chain ran, whether one is running, and how often one started while another ran.
    final class ChainState: Sendable {
        let state = Mutex<(last: Int, running: Bool, overlaps: Int)>((-1, false, 0))
    }

    /// Uneven work, so that jobs finish out of order on several threads.
    static func work(_ job: Int) -> Int {
        var x = UInt64(job)
        for _ in 0..<((job % 7) * 20_000) { x = x &* 6_364_136_223_846_793_005 &+ 1 }
        return job * 3 + Int(x & 0)
    }

    @Test(arguments: [1, 2, 3, 8])
    func outputsComeInTheOrderTheJobsWereSubmitted(threads: Int) throws {
        let pipeline = OrderedPipeline<Int>(threads: threads)
        var taken: [Int] = []
        for job in 0..<300 {
            pipeline.submit { Self.work(job) }
            taken += try pipeline.takeFinished()
        }
        taken += try pipeline.finish()
        #expect(taken == (0..<300).map(Self.work))
        #expect(pipeline.pending == 0 && pipeline.jobSeconds > 0)
    }

    /// A chain's jobs run one after another in the order submitted (each sees the state the one before
    /// left), beside the other jobs and the other chains, on any number of threads.
    @Test(arguments: [1, 2, 5])
    func chainedJobsRunInOrderOneAtATime(threads: Int) throws {
        let chains = 3
        let seen = (0..<chains).map { _ in ChainState() }
        let pipeline = OrderedPipeline<Int>(threads: threads, chains: chains, chainDepth: 2)
        var taken: [Int] = []
        for job in 0..<240 {
            let chain = job % 4
            if chain == chains {
                pipeline.submit { Self.work(job) }
            } else {
                let box = seen[chain]
                pipeline.submitInOrder(chain: chain) {
                    let order = box.state.withLock { state in
                        defer { state = (job, true, state.overlaps + (state.running ? 1 : 0)) }
                        return state.last < job
                    }
                    let output = Self.work(job)
                    box.state.withLock { $0.running = false }
                    return order ? output : -1
                }
            }
            taken += try pipeline.takeFinished()
        }
        taken += try pipeline.finish()
        #expect(taken == (0..<240).map(Self.work))
        #expect(seen.allSatisfy { $0.state.withLock { $0.overlaps } == 0 })
        #expect(pipeline.chainSeconds.count == chains && pipeline.chainSeconds.allSatisfy { $0 > 0 })
    }

    @Test func oneThreadRunsEveryJobInPlaceInOrder() throws {
        let pipeline = OrderedPipeline<Int>(threads: 1)
        let seen = Mutex<[Int]>([])
        for job in 0..<50 {
            pipeline.submit {
                seen.withLock { $0.append(job) }
                return job
            }
            // Run in place: finished before `submit` returns.
            #expect(try pipeline.takeFinished() == [job])
        }
        #expect(seen.withLock { $0 } == Array(0..<50))
        #expect(pipeline.inPlaceSeconds == pipeline.jobSeconds)
    }

    @Test(arguments: [1, 4])
    func theFirstErrorInOrderIsThrownAndLaterJobsStillFinish(threads: Int) throws {
        let finished = Mutex(0)
        do {
            let pipeline = OrderedPipeline<Int>(threads: threads)
            for job in 0..<40 {
                pipeline.submit {
                    defer { finished.withLock { $0 += 1 } }
                    if job == 13 || job == 29 { throw Refused(job: job) }
                    return Self.work(job)
                }
            }
            #expect(throws: Refused(job: 13)) { _ = try pipeline.finish() }
        }
        // The pipeline waited for every job before it went.
        #expect(finished.withLock { $0 } == 40)
    }
}
