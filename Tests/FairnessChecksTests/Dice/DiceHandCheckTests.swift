import FairnessModel
import Testing

@testable import FairnessChecks

/// A five-dice game with hands, its own detectors for them, and claims — the library side of what a spec
/// file and a probe express.
struct HandGame: DiceGame {
    let name = "hand-game"
    let summary = "a test game with hands"
    let dice = DiceSet.fiveSixSided
    var rerollPolicy = RerollPolicy.never
    var hands: [DiceHand]
    /// The game's detectors by hand name; a hand without one has no detector of its own.
    var detectors: [String: @Sendable (DiceRoll) -> Bool] = [:]
    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
    func detects(_ hand: DiceHand, in roll: DiceRoll) -> Bool? { detectors[hand.name]?(roll) }
}

@Suite("Dice hands in the exhaustive checks")
struct DiceHandCheckTests {
    /// A small straight read as text without removing repeats first: 1-2-2-3-4 is missed.
    static let textSmallStraight: @Sendable (DiceRoll) -> Bool = { roll in
        let text = roll.faces.sorted().map(String.init).joined()
        return ["1234", "2345", "3456"].contains { text.contains($0) }
    }

    static let rightSmallStraight: @Sendable (DiceRoll) -> Bool = { roll in
        let text = Set(roll.faces).sorted().map(String.init).joined()
        return ["1234", "2345", "3456"].contains { text.contains($0) }
    }

    @Test func aRightDetectorPassesAndAWrongOneIsCounted() throws {
        let small = DiceHand.smallStraight(dice: .fiveSixSided, claimed: 1200.0 / 7776)
        let right = HandGame(hands: [small], detectors: ["small straight": Self.rightSmallStraight])
        let survey = DetectorSurvey(right)
        #expect(survey.hands[0].gameDetects && survey.hands[0].holds == 1200)
        #expect(survey.hands[0].falseAccepts + survey.hands[0].falseRejects == 0)

        let wrong = HandGame(hands: [small], detectors: ["small straight": Self.textSmallStraight])
        let wrongSurvey = DetectorSurvey(wrong)
        // Missed: rolls with a run of four and a repeat inside the run's text, e.g. 1-2-2-3-4.
        var missed = 0
        DiceOdds.forEachOrderedRoll(.fiveSixSided) { roll in
            if Self.rightSmallStraight(roll) && !Self.textSmallStraight(roll) { missed += 1 }
        }
        #expect(missed > 0)
        #expect(wrongSurvey.hands[0].falseRejects == UInt64(missed) && wrongSurvey.hands[0].falseAccepts == 0)
        let findings = DiceFindings(
            detector: StraightDetectorCheck(wrong, survey: wrongSurvey), categories: nil,
            policy: try PolicyOdds(wrong, survey: wrongSurvey),
            single: [:], hands: wrongSurvey.hands)
        #expect(findings.handDetectors[0]?.findingClass == .mislabel)
        #expect(findings.handDetectors[0]?.magnitude == Double(missed) / 7776)
    }

    @Test func aGameWithoutItsOwnDetectorIsNotJudged() {
        let game = HandGame(hands: [.largeStraight(dice: .fiveSixSided)])
        let survey = DetectorSurvey(game)
        #expect(!survey.hands[0].gameDetects && survey.hands[0].holds == 240)
    }

    /// Under a reroll after every straight, a large straight stands only when the reroll is one again:
    /// P = P(straight)² = (240/7776)²; a small straight: P(small, not large) + P(large) · P(small).
    @Test func handOddsFollowTheRerollPolicy() throws {
        let game = HandGame(
            rerollPolicy: .rerollOnceAfterDetectedStraight,
            hands: [.largeStraight(dice: .fiveSixSided), .smallStraight(dice: .fiveSixSided)])
        let odds = try #require(try PolicyOdds(game).hands)
        #expect(odds[0].final == ExactProbability(240 * 240, over: 7776 * 7776))
        #expect(odds[1].final == ExactProbability(960 * 7776 + 240 * 1200, over: 7776 * 7776))
        #expect(odds[1].single == ExactProbability(1200, over: 7776))
    }

    @Test func claimsAreComparedWithExactOdds() throws {
        let game = HandGame(hands: [DiceHand(name: "yacht", rule: .ofAKind(count: 5), claimed: 1.0 / 1296)])
        let survey = DetectorSurvey(game)
        let policy = try PolicyOdds(game, survey: survey)
        let exact = try #require(policy.hands?[0].final.value)
        let findings = DiceFindings(
            detector: StraightDetectorCheck(game, survey: survey), categories: nil, policy: policy, single: [:],
            claims: [("yacht", 1.0 / 1296, exact)])
        // 6/7776 = 1/1296 exactly: a faithful claim.
        #expect(findings.claimedOdds == nil)
        let wrongClaim = DiceFindings(
            detector: StraightDetectorCheck(game, survey: survey), categories: nil, policy: policy, single: [:],
            claims: [("yacht", 1.0 / 1000, exact)])
        #expect(wrongClaim.claimedOdds?.findingClass == .odds)
    }

    /// A custom reference detector (a rules card's "high roll": the faces sum to 25 or more) and a game
    /// whose detector uses > where the card says "or more".
    @Test func aCustomReferenceJudgesTheGamesDetector() {
        let high = DiceHand(name: "high roll") { $0.faces.reduce(0, +) >= 25 }
        let game = HandGame(hands: [high], detectors: ["high roll": { $0.faces.reduce(0, +) > 25 }])
        let survey = DetectorSurvey(game)
        var sum25 = 0
        DiceOdds.forEachOrderedRoll(.fiveSixSided) { if $0.faces.reduce(0, +) == 25 { sum25 += 1 } }
        #expect(survey.hands[0].falseRejects == UInt64(sum25) && sum25 == 126)
    }

    /// Beyond the ordered-roll limit the survey visits orderings of multisets; the rolls it judges are the
    /// ones `rollsJudged` lists (what a probe is asked about), and the hand odds stay exact.
    @Test func multisetVisitsListTheRollsJudged() throws {
        let dice = try DiceSet(count: 8, faces: 6)
        let rolls = DetectorSurvey.rollsJudged(dice, orderedRollLimit: 1_000_000)
        #expect(Set(rolls).count == rolls.count && rolls.count < 1287 * 16 + 1)
        let game = HandGame(hands: [DiceHand(name: "run5", rule: .run(length: 5))])
        let limited = DetectorSurvey(LimitedHandGame(base: game), orderedRollLimit: 1_000_000)
        if case .everyMultiset = limited.coverage {} else { Issue.record("expected multiset coverage, got \(limited.coverage)") }
        let full = DetectorSurvey(LimitedHandGame(base: game))
        #expect(limited.hands[0].holds == full.hands[0].holds)
    }
}

/// `HandGame` on eight dice.
struct LimitedHandGame: DiceGame {
    let base: HandGame
    var name: String { base.name }
    var summary: String { base.summary }
    let dice = try! DiceSet(count: 8, faces: 6)
    var rerollPolicy: RerollPolicy { base.rerollPolicy }
    var hands: [DiceHand] { base.hands }
    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
}
