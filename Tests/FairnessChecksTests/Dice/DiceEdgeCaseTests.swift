import FairnessModel
import Testing

@testable import FairnessChecks

/// A dice game playing a round with its own logic, given as a closure over the rolls so far.
struct RoundGame: DiceGame {
    let name = "round-game"
    let summary = "a test game with a round"
    let dice: DiceSet
    let rerollPolicy = RerollPolicy.never
    let rounds: [DiceRound]
    let logic: @Sendable ([DiceRoll]) -> RoundAnswer?
    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
    func playRounds(_ round: DiceRound, sequences: [[DiceRoll]]) -> [RoundAnswer?] { sequences.map(logic) }
}

/// Edge cases found in review: values hidden under every holding face, games that assume sorted dice in
/// rounds of many dice, rounds too large for any exhaustive level, settlements that give no answer, and
/// bets on the final roll under a reroll policy.
@Suite struct DiceEdgeCaseTests {
    static func d6(_ u: Double) -> Int { Int(u * 6) + 1 }

    /// Values that change along one die only for some faces of the others — most of a kind, distinct
    /// faces, the highest 3 of 4 — are exact for a fair mapping (no merged cells, no inconclusive).
    @Test func valuesHiddenUnderTheHoldingFacesAreExact() {
        for (value, count) in [(DiceValue.mostOfAKind, 2), (.distinctFaces, 3), (.sumOfHighest(3), 4), (.secondMostOfAKind, 3)] {
            let dice = try! DiceSet(count: count, faces: 6)
            let check = DrawnValueCheck(name: "v", value: value, dice: dice) { draws in
                draws.map { value.value(of: DiceRoll($0.map(Self.d6))) }
            }
            #expect(check.inconclusive == nil, "\(value)")
            let gap = check.largestGap?.gap.double ?? 1
            #expect(gap <= DrawnValueCheck.gridTolerance(dice), "\(value): \(gap)")
        }
    }

    /// Five dice, a round that pays five alike on the first roll: a game that assumes its dice sorted (it
    /// compares the first and last die only) is asked unsorted rolls and caught in the exhaustive level.
    @Test func roundsOfManyDiceAreAskedUnsortedRolls() {
        let round = DiceRound(
            name: "alike",
            phases: [.init(name: "roll", rules: [.init(when: .allEqual, .settle(ExactFraction(1)))], otherwise: .settle(ExactFraction(-1)))]
        )
        let game = RoundGame(dice: .fiveSixSided, rounds: [round]) { rolls in
            let faces = rolls[0].faces
            return .settled(faces.first == faces.last ? 1 : -1)
        }
        let walk = RoundWalk(game, round: round, sampledRounds: 100)
        #expect(walk.depth == 1 && !walk.misSettled.isZero)
    }

    /// A pass line whose game makes 11 a point on the come-out parts from the rules on exactly the rounds
    /// that begin with an 11: 2/36 = 1/18 under fair dice, and 2 · p(5) · p(6) = 2 · 1/10 · 1/2 = 1/10 under
    /// a game's own dice that show 6 half the time and 1 … 5 a tenth each.
    @Test func aRoundsShareIsInPlayUnderTheGamesOwnDice() {
        let point = DiceRound.Phase(
            name: "point",
            rules: [
                .init(when: .comparePoint(.total, .equal), .settle(ExactFraction(1))),
                .init(when: .compare(.total, .equal, 7), .settle(ExactFraction(-1))),
            ])
        let comeOut = DiceRound.Phase(
            name: "come-out",
            rules: [
                .init(when: .among(.total, [7...7, 11...11]), .settle(ExactFraction(1))),
                .init(when: .among(.total, [2...3, 12...12]), .settle(ExactFraction(-1))),
            ], otherwise: .moveTo(phase: 1, remember: .total))
        let round = DiceRound(name: "pass-line", phases: [comeOut, point])
        let game = RoundGame(dice: try! DiceSet(count: 2, faces: 6), rounds: [round]) { rolls in
            let totals = rolls.map { $0.faces.reduce(0, +) }
            if totals.count == 1 {
                if totals[0] == 7 { return .settled(1) }
                if [2, 3, 12].contains(totals[0]) { return .settled(-1) }
                return .rollAgain
            }
            if totals.last == totals[0] { return .settled(1) }
            return totals.last == 7 ? .settled(-1) : .rollAgain
        }
        let fair = RoundWalk(game, round: round, sampledRounds: 10)
        #expect(fair.misSettled == ExactFraction(1, 18) && !fair.underOwnDice)
        // Its examples are the two first rolls of 11, each once: the sampled rounds that part on them (about
        // one in eighteen of a thousand) are not listed again.
        let sampled = RoundWalk(game, round: round, sampledRounds: 1_000)
        #expect(sampled.sampledMisSettled > 20, "\(sampled.sampledMisSettled)")
        #expect(sampled.examples.map { $0.rolls.map(\.faces) } == [[[5, 6]], [[6, 5]]], "\(sampled.examples)")
        let tenth = ExactFraction(1, 10)
        let own = RoundWalk(game, round: round, sampledRounds: 10, faceOdds: [tenth, tenth, tenth, tenth, tenth, ExactFraction(1, 2)])
        #expect(own.misSettled == ExactFraction(1, 10) && own.underOwnDice, "\(own.misSettled)")
        #expect(own.misSettledUnderFairDice == ExactFraction(1, 18))
        // Dice that never show 6: a game wrong only on 6-5 (the 11) is wrong on no roll in play, and on
        // 1/18 of rounds under fair dice.
        let fifth = ExactFraction(1, 5)
        let noSix = RoundWalk(game, round: round, sampledRounds: 10, faceOdds: [fifth, fifth, fifth, fifth, fifth, .zero])
        #expect(noSix.misSettled.isZero && noSix.misSettledUnderFairDice == ExactFraction(1, 18))
    }

    /// A pool of 3d6 whose 6s are rolled again alone and added, two rolls of explosions at most, against
    /// 15: the game's logic is asked the shorter rolls of the dice it rerolls. A game that forgets the cap
    /// (a 6 on the last roll explodes again) parts from the rules on exactly the rounds whose last roll
    /// shows a 6: 139321/10077696, by enumeration over the dice showing 6 (outside the toolkit).
    @Test func aPoolOfExplodingDiceIsAskedTheDiceItRerolls() {
        let phases: [DiceRound.Phase] = (0...2).map { level in
            .init(
                name: "level \(level)",
                rules: (level < 2
                    ? [
                        .init(
                            when: .compare(.count(of: 6), .greaterOrEqual, 1),
                            .moveTo(phase: level + 1, remember: .total, adds: true, rerolls: .face(6)))
                    ]
                    : []) + [.init(when: .compareRunning(.total, .greaterOrEqual, 15), .settle(ExactFraction(1)))],
                otherwise: .settle(ExactFraction(-1)))
        }
        let round = DiceRound(name: "pool", phases: phases)
        func logic(cap: Int) -> @Sendable ([DiceRoll]) -> RoundAnswer? {
            { rolls in
                // Every roll after the first rolls exactly the previous roll's 6s.
                for (previous, roll) in zip(rolls, rolls.dropFirst()) where roll.count != previous.faces.filter({ $0 == 6 }).count {
                    return nil
                }
                let last = rolls.last!
                if last.faces.contains(6) && rolls.count <= cap { return .rollAgain }
                return .settled(rolls.reduce(0) { $0 + $1.faces.reduce(0, +) } >= 15 ? 1 : -1)
            }
        }
        let dice = try! DiceSet(count: 3, faces: 6)
        let right = RoundWalk(RoundGame(dice: dice, rounds: [round], logic: logic(cap: 2)), round: round, sampledRounds: 1_000)
        #expect(right.gameSettles && right.misSettled.isZero && right.sampledMisSettled == 0 && right.beyond.isZero, "\(right.examples)")
        let uncapped = RoundWalk(RoundGame(dice: dice, rounds: [round], logic: logic(cap: 3)), round: round, sampledRounds: 1_000)
        #expect(uncapped.misSettled == ExactFraction(139_321, 10_077_696), "\(uncapped.misSettled)")
    }

    /// A round whose first level does not fit the budget is still judged, by sampled whole rounds.
    @Test func aRoundTooLargeForAnyLevelIsSampled() {
        let round = DiceRound(
            name: "high",
            phases: [
                .init(
                    name: "roll", rules: [.init(when: .compare(.total, .greaterOrEqual, 7), .settle(ExactFraction(1)))],
                    otherwise: .settle(ExactFraction(-1)))
            ])
        let wrong = RoundGame(dice: try! DiceSet(count: 2, faces: 6), rounds: [round]) { rolls in
            .settled(rolls[0].faces.reduce(0, +) > 7 ? 1 : -1)
        }
        let walk = RoundWalk(wrong, round: round, budget: 10, sampledRounds: 2_000)
        #expect(walk.depth == 0 && walk.gameSettles && walk.beyond == .one)
        #expect(walk.sampledMisSettled > 0)
    }

    /// A settlement that gives no answer on some rolls (NaN) is wrong there, and no return as settled is
    /// stated; the other rolls are counted as usual.
    @Test func settlementsWithoutAnAnswerAreWrongAndLeaveNoReturn() {
        let bet = DiceBet(name: "seven", wins: .compare(.total, .equal, 7), pays: ExactFraction(4))
        let game = SettlingGame(
            dice: try! DiceSet(count: 2, faces: 6), bets: [bet],
            settlements: ["seven": { d in d[0] == 1 ? .nan : (d[0] + d[1] == 7 ? 4 : -1) }])
        let survey = DetectorSurvey(game)
        let check = BetCheck(survey.bets[0], coverage: survey.coverage, orderedRolls: 36, detected: 0, policy: .never)
        #expect(survey.bets[0].misSettled == 6 && survey.bets[0].unanswered == 6 && check.returnAsSettled == nil)
        #expect(survey.bets[0].settled.values.reduce(0) { $0 + $1.all } == 30)
    }

    /// Under a reroll policy a bet settles the final roll: a wrong settlement of every large straight
    /// (which the game rerolls) weighs only what the reroll makes final, (w − w_R + (D/N)·w)/N.
    @Test func aWrongSettlementWeighsItsShareOfFinalRolls() throws {
        let bet = DiceBet(name: "run", wins: .compare(.longestRun, .greaterOrEqual, 5), pays: ExactFraction(10))
        let game = SettlingGame(
            dice: .fiveSixSided, rerollPolicy: .rerollOnceAfterDetectedStraight, bets: [bet],
            settlements: ["run": { d in Set(d).count == 5 && d.max()! - d.min()! == 4 ? -1 : -1 }])
        let survey = DetectorSurvey(game)
        let check = BetCheck(
            survey.bets[0], coverage: survey.coverage, orderedRolls: 7776, detected: survey.detectedStraights, policy: game.rerollPolicy)
        let findings = DiceFindings(
            detector: StraightDetectorCheck(game, survey: survey), categories: nil, policy: try PolicyOdds(game, survey: survey),
            single: [:],
            bets: [check])
        // Every straight (240 of 7,776) is rerolled, so a wrong straight is final only through a reroll:
        // 240 · (240/7776) / 7776 of final rolls.
        let expected = 240.0 * (240.0 / 7776) / 7776
        #expect(abs(findings.betSettlements[0]!.magnitude! - expected) < 1e-15)
    }
}
