import FairnessModel
import FairnessSubjects
import Testing

@testable import FairnessChecks

/// Deliberately wrong detectors, to show the exhaustive check has teeth.
struct WrongDetectorGame: DiceGame {
    let name: String
    let summary = "a test game with a wrong straight detector"
    let dice = DiceSet.fiveSixSided
    let rerollPolicy = RerollPolicy.never
    let detector: @Sendable (DiceRoll) -> Bool
    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    func isStraight(_ roll: DiceRoll) -> Bool { detector(roll) }
}

@Suite("Dice checks")
struct DiceCheckTests {
    @Test func referenceDetectorPasses() throws {
        let check = StraightDetectorCheck(ReferenceDiceGame())
        #expect(check.passed)
        #expect(check.orderedRolls == 7776)
        #expect(CategoryDetectorCheck(ReferenceDiceGame())?.passed == true)
    }

    @Test func seedDetectorIsRightInPlayButIgnoresItsArgument() throws {
        let check = StraightDetectorCheck(DrinkingDiceGame(rerollSwitchOn: false))
        #expect(check.mismatches.isEmpty)
        // With the game's array holding 1-2-3-4-5 it calls every roll a straight: 7776 − 240 false accepts.
        #expect(check.mismatchesWithStraightState == 7536)
        // With it holding 1-1-1-1-1 it rejects every roll: all 240 straights missed.
        #expect(check.mismatchesWithNonStraightState == 240)
        #expect(!check.passed)
        #expect(CategoryDetectorCheck(DrinkingDiceGame(rerollSwitchOn: false)) == nil)
    }

    /// Accepts any five distinct faces: 1-2-3-4-6 and its three siblings, 120 orderings each.
    @Test func detectorAcceptingAnyFiveDistinctFacesIsCaught() throws {
        let game = WrongDetectorGame(name: "distinct") { Set($0.faces).count == 5 }
        let check = StraightDetectorCheck(game)
        #expect(check.falseAccepts == 480 && check.falseRejects == 0)
        #expect(check.mismatches.map(\.pattern.faces) == [[1, 2, 3, 4, 6], [1, 2, 3, 5, 6], [1, 2, 4, 5, 6], [1, 3, 4, 5, 6]])
        #expect(check.mismatches.allSatisfy { $0.mismatchingOrderedRolls == 120 && $0.orderedRollsOfPattern == 120 && !$0.truth })
    }

    /// Forgets to sort: only 1-2-3-4-5 and 2-3-4-5-6 in ascending order pass; 3-1-2-5-4 is rejected.
    @Test func detectorThatDoesNotSortIsCaught() throws {
        let game = WrongDetectorGame(name: "unsorted") { roll in
            (0..<4).allSatisfy { roll[$0] + 1 == roll[$0 + 1] }
        }
        let check = StraightDetectorCheck(game)
        #expect(check.falseRejects == 238 && check.falseAccepts == 0)
        #expect(check.mismatches.count == 2)
        #expect(check.mismatches.allSatisfy { $0.mismatchingOrderedRolls == 119 && $0.truth })
        #expect(!game.isStraight(DiceRoll([3, 1, 2, 5, 4])))
    }

    /// Checks only max − min = 4: accepts 1-1-3-4-5 and the like. Rolls within 1...5 using both 1 and 5:
    /// 5^5 − 2·4^5 + 3^5 = 1320, of which 120 are straights; the same for 2...6: 2 × 1200 false accepts.
    @Test func detectorCheckingOnlyTheSpanIsCaught() throws {
        let game = WrongDetectorGame(name: "span") { roll in
            let faces = roll.faces
            return faces.max()! - faces.min()! == 4
        }
        let check = StraightDetectorCheck(game)
        #expect(check.falseAccepts == 2400 && check.falseRejects == 0)
        #expect(check.mismatches.reduce(0) { $0 + $1.mismatchingOrderedRolls } == 2400)
    }

    /// Accepts four in a row (a "small straight"). Each run of four is in 2·120 + 4·60 = 480 rolls (fifth die
    /// outside or doubling the run); runs overlap only in the two straights (120 each), so the union is
    /// 3·480 − 240 = 1200, and 1200 − 240 straights = 960 false accepts.
    @Test func detectorAcceptingSmallStraightsIsCaught() throws {
        let game = WrongDetectorGame(name: "small") { roll in
            let set = Set(roll.faces)
            return [[1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]].contains { Set($0).isSubset(of: set) }
        }
        let check = StraightDetectorCheck(game)
        // Counted independently below by brute force over the 7776 rolls.
        var expected: UInt64 = 0
        for a in 1...6 {
            for b in 1...6 {
                for c in 1...6 {
                    for d in 1...6 {
                        for e in 1...6 {
                            let set = Set([a, b, c, d, e])
                            let small = [[1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]].contains { Set($0).isSubset(of: set) }
                            let straight = set.count == 5 && set.max()! - set.min()! == 4
                            if small && !straight { expected += 1 }
                        }
                    }
                }
            }
        }
        #expect(expected == 960)
        #expect(check.falseAccepts == expected)
    }

    @Test func exactFinalStraightOddsForBothSwitchSettings() throws {
        let off = try PolicyOdds(DrinkingDiceGame(rerollSwitchOn: false))
        let on = try PolicyOdds(DrinkingDiceGame(rerollSwitchOn: true))
        // Off: a straight stands with probability 240/7776 = 5/162.
        #expect(off.finalStraight == ExactProbability(5, over: 162))
        #expect(off.reroll == .zero)
        // On: a straight only survives as the unchecked reroll after a first straight: (5/162)^2.
        #expect(on.finalStraight == ExactProbability(25, over: 26244))
        #expect(on.reroll == ExactProbability(5, over: 162))
        // Other categories gain the rerolled mass: P(one pair) = 3600/7776 · (1 + 5/162).
        #expect(on.finalCategories[.onePair] == ExactProbability(3600 * 7776 + 240 * 3600, over: 7776 * 7776))
        let total = on.finalCategories.values.reduce(0.0) { $0 + $1.value }
        #expect(abs(total - 1) < 1e-15)
    }
}
