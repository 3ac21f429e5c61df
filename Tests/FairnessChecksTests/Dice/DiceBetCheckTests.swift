import FairnessModel
import Testing

@testable import FairnessChecks

/// A three-dice game with bets and a settlement of its own, written as a game's code settles them.
struct SettlingGame: DiceGame {
    let name = "settling-game"
    let summary = "a test game with bets"
    var dice = try! DiceSet(count: 3, faces: 6)
    var rerollPolicy = RerollPolicy.never
    var bets: [DiceBet]
    var seesSortedDice = false
    /// The game's settlement by bet name; a bet without one has no settlement of its own.
    var settlements: [String: @Sendable ([Int]) -> Double] = [:]
    /// The game's straight detector (the reference by default).
    var straight: @Sendable ([Int]) -> Bool = { PokerCategory.isStraight(DiceRoll($0)) }
    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    func isStraight(_ roll: DiceRoll) -> Bool { straight(roll.faces) }
    func settle(_ bet: DiceBet, on roll: DiceRoll) -> Double? { settlements[bet.name]?(roll.faces) }
}

/// A Yahtzee card whose detectors assume the hand is sorted, as the game sorts it before scoring.
struct SortedYahtzee: DiceGame {
    let name = "sorted-yahtzee"
    let summary = "detectors that read sorted dice"
    let dice = DiceSet.fiveSixSided
    let rerollPolicy = RerollPolicy.never
    var seesSortedDice: Bool
    var hands: [DiceHand] { [.smallStraight(dice: dice), .largeStraight(dice: dice)] }
    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    /// Steps between neighbouring distinct faces, in the order given: only right for sorted dice.
    static func longestRunAsGiven(_ faces: [Int]) -> Int {
        var distinct: [Int] = []
        for face in faces where distinct.last != face { distinct.append(face) }
        var best = 1, current = 1
        for i in 1..<distinct.count {
            current = distinct[i] == distinct[i - 1] + 1 ? current + 1 : 1
            best = max(best, current)
        }
        return best
    }
    func isStraight(_ roll: DiceRoll) -> Bool { Self.longestRunAsGiven(roll.faces) == 5 }
    func detects(_ hand: DiceHand, in roll: DiceRoll) -> Bool? {
        Self.longestRunAsGiven(roll.faces) >= (hand.name == "small straight" ? 4 : 5)
    }
}

@Suite("Bets and sorted dice in the exhaustive checks")
struct DiceBetCheckTests {
    static let small = DiceBet(
        name: "small",
        cases: [.init(when: .allEqual, net: ExactFraction(-1)), .init(when: .among(.total, [4...10]), net: ExactFraction(1))],
        declared: [.houseEdge: .init(ExactFraction(1, 36))])

    /// Small settled on 4 ... 9 (a public game's line one total too low): wrong on exactly the 27 rolls
    /// totalling 10, and its return as settled is what a plain count of its own settlement gives.
    @Test func aMisSettledBetIsCountedExactly() throws {
        let game = SettlingGame(
            bets: [Self.small],
            settlements: ["small": { d in d[0] == d[1] && d[1] == d[2] ? -1 : (4...9).contains(d.reduce(0, +)) ? 1 : -1 }])
        let survey = DetectorSurvey(game)
        let counts = survey.bets[0]
        #expect(counts.gameSettles && counts.misSettled == 27)
        #expect(counts.mismatches.allSatisfy { $0.pattern.faces.reduce(0, +) == 10 && $0.rules == ExactFraction(1) && $0.game == -1 })
        let check = BetCheck(counts, coverage: survey.coverage, orderedRolls: 216, detected: survey.detectedStraights, policy: .never)
        var net = 0
        DiceOdds.forEachOrderedRoll(game.dice) { roll in net += Int(game.settle(Self.small, on: roll)!) }
        #expect(abs(check.returnAsSettled! - (1 + Double(net) / 216)) < 1e-15)
        #expect(check.odds?.houseEdge == ExactFraction(1, 36) && check.figures.allSatisfy(\.agrees))
        let findings = DiceFindings(
            detector: StraightDetectorCheck(game, survey: survey), categories: nil, policy: try PolicyOdds(game, survey: survey),
            single: [:],
            bets: [check])
        #expect(findings.betSettlements[0]?.findingClass == .mislabel && findings.betSettlements[0]?.magnitude == 27.0 / 216)
        #expect(findings.betFigures[0] == nil)
    }

    @Test func aRightSettlementPassesAndAWrongPublishedFigureIsAnOddsFinding() throws {
        let published = DiceBet(name: "small", cases: Self.small.cases, declared: [.houseEdge: .init(ExactFraction(2, 100))])
        let game = SettlingGame(
            bets: [published],
            settlements: ["small": { d in d[0] == d[1] && d[1] == d[2] ? -1 : (4...10).contains(d.reduce(0, +)) ? 1 : -1 }])
        let survey = DetectorSurvey(game)
        #expect(survey.bets[0].misSettled == 0)
        let check = BetCheck(survey.bets[0], coverage: survey.coverage, orderedRolls: 216, detected: 0, policy: .never)
        let findings = DiceFindings(
            detector: StraightDetectorCheck(game, survey: survey), categories: nil, policy: try PolicyOdds(game, survey: survey),
            single: [:],
            bets: [check])
        #expect(findings.betSettlements[0] == nil)
        #expect(findings.betFigures[0]?.findingClass == .odds)
        #expect(abs(findings.betFigures[0]!.magnitude! - (1.0 / 36 - 0.02)) < 1e-15)
    }

    /// Under a reroll policy the bet settles on the final roll: the survey's formula equals a brute-force
    /// enumeration of every first roll and every reroll.
    @Test func aBetOnTheFinalRollUnderARerollPolicyEqualsTwoStageEnumeration() throws {
        let bet = DiceBet(name: "high", wins: .compare(.total, .greaterOrEqual, 13), pays: ExactFraction(2))
        // The game rerolls when its detector (the reference run of 3) fires.
        let game = SettlingGame(rerollPolicy: .rerollOnceAfterDetectedStraight, bets: [bet])
        let survey = DetectorSurvey(game)
        let check = BetCheck(
            survey.bets[0], coverage: survey.coverage, orderedRolls: 216, detected: survey.detectedStraights,
            policy: .rerollOnceAfterDetectedStraight)
        var wins = 0, total = 0
        DiceOdds.forEachOrderedRoll(game.dice) { first in
            DiceOdds.forEachOrderedRoll(game.dice) { second in
                let final = PokerCategory.isStraight(first) ? second : first
                total += 1
                if bet.settlingCase(final) == 0 { wins += 1 }
            }
        }
        #expect(check.odds?.winProbability == ExactFraction(wins) / ExactFraction(total))
    }

    /// A Yahtzee card that sorts the hand before its detectors read it: judged on rolls as rolled, it
    /// misses straights; declared `seesSortedDice`, every detector is right.
    @Test func aGameThatSortsItsDicePassesWhenItSaysSo() {
        let asRolled = DetectorSurvey(SortedYahtzee(seesSortedDice: false))
        #expect(asRolled.falseRejects > 0 && asRolled.hands[0].falseRejects > 0)
        let sorted = DetectorSurvey(SortedYahtzee(seesSortedDice: true))
        #expect(sorted.falseAccepts + sorted.falseRejects == 0)
        #expect(sorted.hands.allSatisfy { $0.falseAccepts + $0.falseRejects == 0 && $0.gameDetects })
        #expect(sorted.hands[0].holds == 1200 && sorted.hands[1].holds == 240)
    }
}
