import Synchronization
import Testing

@testable import FairnessAudit

@Suite("Ordered pipeline")
struct OrderedPipelineTests {
    struct Refused: Error, Equatable { let job: Int }

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
