import Testing

@testable import FairnessAudit

@Suite("Concurrent map")
struct ConcurrentMapTests {
    struct Refused: Error, Equatable { let element: Int }

    @Test func resultsComeInTheElementsOrder() throws {
        // Uneven work, so that items finish out of order on several threads.
        let items = Array(0..<200)
        let work: @Sendable (Int) -> Int = { item in
            var x = UInt64(item)
            for _ in 0..<((item % 7) * 5_000) { x = x &* 6_364_136_223_846_793_005 &+ 1 }
            return item * 3 + Int(x & 0)
        }
        #expect(try items.concurrentMap(work) == items.map(work))
        #expect(try [Int]().concurrentMap(work) == [])
        #expect(try [5].concurrentMap(work) == [15])
    }

    @Test func theFirstFailingElementInOrderIsThrown() {
        // Elements 40 and 90 fail; whichever thread fails first, the error is element 40's.
        for _ in 0..<20 {
            #expect(throws: Refused(element: 40)) {
                try Array(0..<100).concurrentMap { item -> Int in
                    if item == 40 || item == 90 { throw Refused(element: item) }
                    return item
                }
            }
        }
    }
}
