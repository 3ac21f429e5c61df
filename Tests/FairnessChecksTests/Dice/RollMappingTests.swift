import FairnessModel
import Synchronization
import Testing

@testable import FairnessChecks

/// The game's own mapping from draws to faces, partitioned over the 2⁵³ draws: exact where the mapping
/// allows, and named where it does not (a mapping that ignores its draws, or one finer than the sweep).
@Suite("Roll mapping")
struct RollMappingTests {
    static let dice = try! DiceSet(count: 2, faces: 6)

    @Test func floorOfSixUIsExactlyFair() {
        let check = RollMappingCheck(dice: Self.dice, steps: 1024) { draws in draws.map { $0.map { Int($0 * 6) + 1 } } }
        #expect(check.unstable == nil && check.passed, "\(check.largestDifference)")
    }

    @Test func aRollThatIgnoresItsDrawsIsNamedAndBounded() throws {
        // The probe rolls its own dice: each answer a new face. Without a bound the bisection would double its
        // intervals every round.
        let state = Mutex(UInt64(0x9e37_79b9))
        let check = RollMappingCheck(dice: Self.dice, steps: 1024) { draws in
            state.withLock { s in
                draws.map { roll in
                    roll.map { _ in
                        s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        return Int(s >> 61) % 6 + 1
                    }
                }
            }
        }
        let unstable = try #require(check.unstable)
        #expect(unstable.kind == .changesBetweenRequests && unstable.die == 0)
    }

    @Test func aRollTakenModuloSixIsNamedAsFinerThanTheSweep() throws {
        // floor(u · 2³²) mod 6 + 1: the same face for the same draw, but changing every 2⁻³² of u.
        let check = RollMappingCheck(dice: Self.dice, steps: 1024) { draws in
            draws.map { $0.map { Int(UInt64($0 * 0x1p32) % 6) + 1 } }
        }
        let unstable = try #require(check.unstable)
        #expect(unstable.kind == .changesBetweenDraws, "\(unstable)")
    }
}
