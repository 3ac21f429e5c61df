import Synchronization
import Testing

@testable import FairnessModel

/// Partitions of a game's answers over the 2⁵³ draws: exact where the answers allow it, bounded where they
/// change between identical requests, and checked where they change faster than the sweep resolves.
@Suite("The draw grid and the game's own index draw")
struct DrawGridTests {
    /// A prize table walked in order: 40:25:15:10:6:4 out of 100.
    static func prizeTable(_ u: Double) -> IndexDrawTable.Pick {
        var x = u * 100
        for (index, weight) in [40.0, 25, 15, 10, 6, 4].enumerated() {
            if x < weight { return .index(index) }
            x -= weight
        }
        return .index(6)
    }

    @Test func aDrawThatChangesOnceBetweenSweptDrawsIsPartitionedExactly() throws {
        let survey = IndexDrawSurvey { $0.map(Self.prizeTable) }
        let table = try #require(survey.table)
        for (index, weight) in [40.0, 25, 15, 10, 6, 4].enumerated() {
            // Each cumulative bound is found to the draw: the share is the weight within the grid's spacing.
            #expect(abs(table.probabilities[index]! - weight / 100) < 1e-15, "\(index): \(table.probabilities[index]!)")
        }
    }

    @Test func anIntegerDrawTakenModuloNIsSampledNotAliased() throws {
        // floor(u · 2³²) mod 8 is fair, but every swept draw k/4096 gives 0: a partition of the sweep alone
        // would claim index 0 always. The check draws catch it; the sample sees eight equal shares.
        let survey = IndexDrawSurvey { draws in draws.map { .index(Int(UInt64($0 * 0x1p32) % 8)) } }
        guard case .sampled(let sample) = survey else {
            Issue.record("\(survey)")
            return
        }
        #expect(sample.draws == IndexDrawSurvey.sampleDraws)
        #expect(sample.mismatch?.predicted == .index(0) && sample.mismatch?.answered != .index(0))
        let expected = Double(sample.draws) / 8
        for index in 0..<8 {
            // Binomial spread at 2²⁰ draws: sd ≈ 339; six sd is far beyond any fair sample.
            #expect(abs(Double(sample.counts[.index(index)] ?? 0) - expected) < 6 * 339, "\(index): \(sample.counts)")
        }
    }

    @Test func aDrawThatDependsOnEarlierRequestsIsNamedAndDoesNotGrowWithoutBound() {
        // A no-repeat rule: the same u never gives the index it gave last.
        let last = Mutex(-1)
        let survey = IndexDrawSurvey { draws in
            last.withLock { previous in
                draws.map { u in
                    var index = Int(u * 8)
                    if index == previous { index = (index + 1) % 8 }
                    previous = index
                    return .index(index)
                }
            }
        }
        guard case .changesBetweenRequests(_, let first, let later) = survey else {
            Issue.record("\(survey)")
            return
        }
        #expect(first != later)
    }

    @Test func answersAtRandomStopTheBisectionAtItsLimit() {
        // Every answer different: the open intervals double every round. The evaluation stops, incomplete,
        // once they pass the limit, having asked a bounded number of questions.
        let asked = Atomic(0)
        let counter = Mutex(UInt64(0))
        let evaluation = DrawGrid.evaluate(streams: 3, points: DrawGrid.sweep(256), same: { (a: UInt64, b: UInt64) in a == b }) {
            requests in
            asked.add(requests.count, ordering: .relaxed)
            return counter.withLock { next in
                requests.map { _ in
                    next &+= 1
                    return next
                }
            }
        }
        #expect(!evaluation.complete)
        let limit = DrawGrid.openLimit(points: 257, streams: 3)
        #expect(asked.load(ordering: .relaxed) <= 257 * 3 + 2 * limit, "\(asked.load(ordering: .relaxed))")
    }

    @Test func checkDrawsAreSpreadOverTheGridAndRepeatable() {
        let draws = DrawGrid.checkDraws(count: 4096, seed: 7)
        #expect(draws == DrawGrid.checkDraws(count: 4096, seed: 7))
        #expect(draws.allSatisfy { $0 < DrawGrid.size })
        // Every eighth of the grid holds about an eighth of them.
        for eighth in 0..<8 {
            let count = draws.filter { $0 / (DrawGrid.size / 8) == UInt64(eighth) }.count
            #expect(abs(count - 512) < 6 * 21, "\(eighth): \(count)")
        }
    }
}
