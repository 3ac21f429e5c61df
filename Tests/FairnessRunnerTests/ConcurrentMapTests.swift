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

@Suite("Concurrent map")
struct ConcurrentMapTests {
    struct Refused: Error, Equatable { let element: Int }

    @Test(arguments: [1, 2, 4, 64])
    func resultsComeInTheElementsOrder(threads: Int) throws {
        // Uneven work, so that items finish out of order on several threads.
        let items = Array(0..<200)
        let work: @Sendable (Int) -> Int = { item in
            var x = UInt64(item)
            for _ in 0..<((item % 7) * 5_000) { x = x &* 6_364_136_223_846_793_005 &+ 1 }
            return item * 3 + Int(x & 0)
        }
        #expect(try items.concurrentMap(threads: threads, work) == items.map(work))
        #expect(try [Int]().concurrentMap(threads: threads, work) == [])
        #expect(try [5].concurrentMap(threads: threads, work) == [15])
    }

    @Test func oneThreadTransformsInOrderOnTheCallingThread() throws {
        // `--threads 1` keeps the work on one thread: each element is transformed after the one before.
        let seen = Mutex<[Int]>([])
        _ = try Array(0..<50).concurrentMap(threads: 1) { item in seen.withLock { $0.append(item) } }
        #expect(seen.withLock { $0 } == Array(0..<50))
    }

    @Test(arguments: [1, 2, 8])
    func theFirstFailingElementInOrderIsThrown(threads: Int) {
        // Elements 40 and 90 fail; whichever thread fails first, the error is element 40's.
        for _ in 0..<20 {
            #expect(throws: Refused(element: 40)) {
                try Array(0..<100).concurrentMap(threads: threads) { item -> Int in
                    if item == 40 || item == 90 { throw Refused(element: item) }
                    return item
                }
            }
        }
    }
}
