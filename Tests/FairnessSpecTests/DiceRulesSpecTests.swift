import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import TestSupport
import Testing
import _FairnessAuditSupport

/// Rules over a roll and bets as a spec writes them: each text reads as the condition it says, reads back
/// from its description, and a wrong one is refused with a message naming what is wrong.
@Suite struct DiceRulesSpecTests {
    struct NotDice: Error {}

    static func dice(_ body: String, count: Int = 3, faces: Int = 6) throws -> DiceSpec {
        let spec = try SpecParser.parse("version: 1\nname: rules\ndice:\n  count: \(count)\n  faces: \(faces)\n" + body)
        guard case .dice(let dice) = spec.game else { throw NotDice() }
        return dice
    }

    static func rule(_ text: String, count: Int = 3, faces: Int = 6) throws -> DiceCondition {
        let spec = try dice("  bets:\n    - { name: b, wins: \"\(text)\", pays: 1 }\n", count: count, faces: faces)
        return spec.bets[0].cases[0].condition
    }

    @Test func rulesReadAsTheySay() throws {
        let cases: [(String, DiceCondition)] = [
            ("total in 4..10", .among(.total, [4...10])),
            ("total in 7, 11", .among(.total, [7...7, 11...11])),
            ("total>=8", .compare(.total, .greaterOrEqual, 8)),
            ("Total < 7", .compare(.total, .less, 7)),
            ("total != 7", .compare(.total, .notEqual, 7)),
            ("all equal", .allEqual),
            ("not all equal and total in 4..10", .and(.not(.allEqual), .among(.total, [4...10]))),
            ("all equal or total = 3 and highest = 1", .or(.allEqual, .and(.compare(.total, .equal, 3), .compare(.highest, .equal, 1)))),
            ("(all equal or total = 3) and highest = 1", .and(.or(.allEqual, .compare(.total, .equal, 3)), .compare(.highest, .equal, 1))),
            ("count of 4 >= 1", .compare(.count(of: 4), .greaterOrEqual, 1)),
            ("count at least 5 = 2", .compare(.countAtLeast(5), .equal, 2)),
            ("highest 2 >= 10", .compare(.sumOfHighest(2), .greaterOrEqual, 10)),
            ("lowest 1 = 1", .compare(.sumOfLowest(1), .equal, 1)),
            ("lowest <= 2", .compare(.lowest, .lessOrEqual, 2)),
            ("most of a kind = 2", .compare(.mostOfAKind, .equal, 2)),
            ("three of a kind", .compare(.mostOfAKind, .greaterOrEqual, 3)),
            ("distinct faces = 3", .compare(.distinctFaces, .equal, 3)),
            ("run of 3", .compare(.longestRun, .greaterOrEqual, 3)),
            ("large straight", .compare(.longestRun, .greaterOrEqual, 3)),
            ("any roll", .always),
        ]
        for (text, expected) in cases {
            let condition = try Self.rule(text)
            #expect(condition == expected, "\(text)")
            // The description reads back as the same condition.
            #expect(try Self.rule(condition.description) == condition, "\(condition)")
        }
    }

    @Test func wrongRulesAreRefusedSayingWhy() {
        let cases: [(String, String)] = [
            ("total in", "needs a whole number after 'in'"),
            ("total >= x", "needs a whole number after 'total >='"),
            ("sum >= 3", "'sum' is not a value"),
            ("count of 7 >= 1", "says 'count of 7'; use 1 ... 6"),
            ("highest 4 >= 10", "says 'highest 4' but only 3 dice are rolled"),
            ("total 7", "needs a comparison"),
            ("(all equal", "has a '(' without its ')'"),
            ("all equal all equal", "after a complete rule"),
            ("total in 10..4", "has the empty range 10..4"),
            ("four of a kind", "says 4 of a kind, not possible with 3 dice"),
            (String(repeating: "not ", count: 50_000) + "total = 7", "words and symbols; a rule has at most 500"),
            (String(repeating: "not ", count: 40) + "total = 7", "nests 'not' and parentheses deeper than 32"),
        ]
        for (text, message) in cases {
            do {
                _ = try Self.rule(text)
                Issue.record("'\(text)' was accepted")
            } catch let error as SpecError {
                #expect(error.message.contains(message) && error.field == "dice.bets[0].wins", "\(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func betsReadWithTheirCasesPayoutsAndPublishedFigures() throws {
        let spec = try Self.dice(
            """
              sees: sorted
              bets:
                - name: small
                  cases:
                    - { when: all equal, pays: -1 }
                    - { when: total in 4..10, pays: 1 }
                  win-probability: 105/216
                  house-edge: 2.78%
                - name: seven
                  wins: total = 7
                  pays: 0.95
                  otherwise: 0
                  return: "0.9"
            """)
        #expect(spec.seesSortedDice)
        #expect(spec.bets.map(\.name) == ["small", "seven"])
        let small = spec.bets[0]
        #expect(small.cases == [.init(when: .allEqual, net: ExactFraction(-1)), .init(when: .among(.total, [4...10]), net: .one)])
        #expect(small.declared[.winProbability] == .init(ExactFraction(105) / ExactFraction(216)))
        #expect(
            small.declared[.houseEdge]
                == .init(ExactFraction(278) / ExactFraction(10_000), tolerance: ExactFraction(5) / ExactFraction(100_000)))
        let seven = spec.bets[1]
        #expect(seven.cases[0].net == ExactFraction(19) / ExactFraction(20) && seven.otherwise == .zero)
        #expect(seven.declared[.returnToPlayer]?.tolerance == ExactFraction(1) / ExactFraction(20))
    }

    @Test func wrongBetsAreRefusedSayingWhy() {
        let cases: [(String, String, String)] = [
            ("    - { name: a, wins: total = 7 }\n", "dice.bets[0].pays", "missing"),
            ("    - { name: a, pays: 1 }\n", "dice.bets[0]", "needs 'wins' and 'pays', or 'cases'"),
            ("    - { name: a, wins: total = 7, pays: -2 }\n", "dice.bets[0].pays", "from -1"),
            (
                "    - { name: a, wins: total = 7, pays: 1 }\n    - { name: a, wins: total = 8, pays: 1 }\n", "dice.bets[1].name",
                "declared twice"
            ),
            ("    - { name: a, wins: total = 7, pays: 1, house-edge: 3 }\n", "dice.bets[0].house-edge", "from 0 to 2"),
            ("    - { name: 'a b', wins: total = 7, pays: 1 }\n", "dice.bets[0].name", "ASCII letters"),
            // A rule no roll of 3d6 meets settles nothing: a typo, refused.
            ("    - { name: a, wins: total = 19, pays: 1 }\n", "dice.bets[0].wins", "'total = 19' holds on no roll of 3d6"),
            (
                "    - name: a\n      cases:\n        - { when: count of 6 = 3 and total < 18, pays: 1 }\n", "dice.bets[0].cases[0].when",
                "holds on no roll"
            ),
        ]
        for (bets, field, message) in cases {
            do {
                _ = try Self.dice("  bets:\n" + bets)
                Issue.record("\(bets) was accepted")
            } catch let error as SpecError {
                #expect(error.field == field && error.message.contains(message), "\(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
        #expect(throws: SpecError.self) { try Self.dice("  sees: shuffled\n") }
    }

    /// A hand may be any rule over the roll: Catan's robber (a total of 7), a critical hit on advantage.
    @Test func handsTakeRulesOverTheRoll() throws {
        let spec = try Self.dice("  hands:\n    - { name: robber, rule: total = 7, claimed: 1/6 }\n", count: 2)
        #expect(spec.hands[0].rule == .condition(.compare(.total, .equal, 7)))
        #expect(throws: SpecError.self) { try Self.dice("  hands:\n    - { name: never, rule: total = 13 }\n", count: 2) }
    }

    /// Craps' two rounds as the example spec declares them, and what a round may not say.
    @Test func roundsReadAndWrongOnesAreRefused() throws {
        let spec = try SpecParser.parse(contentsOf: packageRoot.appendingPathComponent("Examples/probes/python/craps.yaml"))
        guard case .dice(let dice) = spec.game else { throw NotDice() }
        #expect(dice.rounds.map(\.name) == ["pass-line", "dont-pass"] && dice.bets.map(\.name) == ["field"])
        let pass = dice.rounds[0]
        #expect(pass.phases.map(\.name) == ["come-out", "point"])
        #expect(pass.phases[0].otherwise == .moveTo(phase: 1, remember: .total))
        #expect(pass.phases[1].rules[0] == .init(when: .comparePoint(.total, .equal), .settle(.one)))
        #expect(try DiceRoundOdds(pass, dice: dice.dice).odds.winProbability == ExactFraction(244) / ExactFraction(495))

        let phases = "      phases:\n        - { name: a, rules: [ { when: total = 7, pays: 1 } ], otherwise: { to: b } }\n"
        let cases: [(String, String, String)] = [
            ("    - name: r\n" + phases + "        - { name: a }\n", "dice.rounds[0].phases[1].name", "declared twice"),
            ("    - name: r\n" + phases, "dice.rounds[0].phases[0].otherwise.to", "'b' is not a phase"),
            ("    - name: r\n" + phases + "        - { name: b }\n", "dice.rounds[0].phases", "the round may never end: from phase 'b'"),
            (
                "    - name: r\n      phases:\n        - { name: a, otherwise: { pays: 1, to: a } }\n",
                "dice.rounds[0].phases[0].otherwise",
                "has both 'pays' and 'to'"
            ),
            (
                "    - name: r\n      phases:\n        - { name: a, otherwise: { to: a, remember: sum } }\n",
                "dice.rounds[0].phases[0].otherwise.remember", "is not a value"
            ),
        ]
        for (rounds, field, message) in cases {
            do {
                _ = try Self.dice("  rounds:\n" + rounds, count: 2)
                Issue.record("\(rounds) was accepted")
            } catch let error as SpecError {
                #expect(error.field == field && error.message.contains(message), "\(error)")
            }
        }
        // A one-roll bet has no point; a round may not take a bet's name.
        #expect(throws: SpecError.self) { try Self.dice("  bets:\n    - { name: a, wins: total = point, pays: 1 }\n") }
        #expect(throws: SpecError.self) {
            try Self.dice(
                "  bets:\n    - { name: a, wins: total = 7, pays: 1 }\n  rounds:\n    - name: a\n      phases:\n        - { name: x, otherwise: { pays: 1 } }\n"
            )
        }
    }

    /// Exploding dice as a round: a 6 adds itself to the running total and rolls again; `total + point`
    /// compares the running total.
    @Test func runningTotalsRead() throws {
        let spec = try Self.dice(
            """
              rounds:
                - name: explode
                  phases:
                    - name: first
                      rules:
                        - { when: total + point >= 10, pays: 1 }
                        - { when: total = 6, to: second, add: total }
                      otherwise: { pays: -1 }
                    - name: second
                      rules:
                        - { when: total + point >= 10, pays: 1 }
                      otherwise: { pays: -1 }
            """, count: 1)
        let round = spec.rounds[0]
        #expect(round.phases[0].rules[0].condition == .compareRunning(.total, .greaterOrEqual, 10))
        #expect(round.phases[0].rules[1].outcome == .moveTo(phase: 1, remember: .total, adds: true))
        #expect(try DiceRoundOdds(round, dice: spec.dice).odds.winProbability == ExactFraction(1) / ExactFraction(12))
        #expect(throws: SpecError.self) { try Self.dice("  bets:\n    - { name: a, wins: total + point >= 3, pays: 1 }\n") }
    }

    /// A pool of exploding dice: every 6 rolled again alone and added, two rolls of explosions at most,
    /// against 15 — 131/432 by the recursion of make_dice_rounds_reference.py.
    @Test func aPoolOfExplodingDiceReads() throws {
        let spec = try Self.dice(
            """
              rounds:
                - name: pool
                  phases:
                    - name: roll
                      rules:
                        - { when: count of 6 >= 1, to: explosion, add: total, reroll: face 6 }
                        - { when: total + point >= 15, pays: 1 }
                      otherwise: { pays: -1 }
                    - name: explosion
                      rules:
                        - { when: count of 6 >= 1, to: last explosion, add: total, reroll: face 6 }
                        - { when: total + point >= 15, pays: 1 }
                      otherwise: { pays: -1 }
                    - name: last explosion
                      rules:
                        - { when: total + point >= 15, pays: 1 }
                      otherwise: { pays: -1 }
            """)
        let round = spec.rounds[0]
        #expect(round.phases[0].rules[0].outcome == .moveTo(phase: 1, remember: .total, adds: true, rerolls: .face(6)))
        #expect(try DiceRoundOdds(round, dice: spec.dice).odds.winProbability == ExactFraction(131, 432))
        #expect(throws: SpecError.self) {
            try Self.dice(
                "  rounds:\n    - name: r\n      phases:\n        - name: a\n          otherwise: { to: a, keep: face 6, reroll: face 6 }\n"
            )
        }
        // A move that may reroll no dice (no 6 shows on 5-4-3) is refused, naming the phase.
        do {
            _ = try Self.dice(
                """
                  rounds:
                    - name: bonus
                      phases:
                        - name: roll
                          rules:
                            - { when: total >= 12, to: bonus, add: total, reroll: face 6 }
                          otherwise: { pays: -1 }
                        - name: bonus
                          otherwise: { pays: 1 }
                """)
            Issue.record("a reroll of no dice was accepted")
        } catch let error as SpecError {
            #expect(error.message.contains("a move to phase 'bonus' rerolls no dice"), "\(error)")
        }
    }

    /// A figure's tolerance is half a unit of its last printed digit, however it is printed; rules the
    /// dice cannot hold are refused.
    @Test func figuresAsPrintedAndRulesWithinTheDice() throws {
        func tolerance(_ text: String) throws -> ExactFraction? {
            try Self.dice("  bets:\n    - { name: a, wins: total = 7, pays: 1, house-edge: \"\(text)\" }\n").bets[0].declared[.houseEdge]?
                .tolerance
        }
        #expect(try tolerance(".9") == ExactFraction(5) / ExactFraction(100))
        #expect(try tolerance("2.78e-2") == ExactFraction(5) / ExactFraction(100_000))
        #expect(try tolerance("2.78%") == ExactFraction(5) / ExactFraction(100_000))
        #expect(try tolerance("1/36") == .zero)
        #expect(try Self.rule("count of 6 >= one") == .compare(.count(of: 6), .greaterOrEqual, 1))
        for (text, count) in [("count at least 9 >= 1", 3), ("small straight", 2), ("two pair", 3), ("full house", 4)] {
            #expect(throws: SpecError.self, "\(text) on \(count) dice") { try Self.rule(text, count: count) }
        }
    }
}

/// A game judged by its rules (bets, rounds, values; no reroll, no category claims) is not judged by poker
/// categories: no straight detector, category odds or straight frequency checks — unless its straight
/// detector is wrong, which always shows.
@Suite("Dice judged by their rules")
struct DiceJudgedByRulesTests {
    /// Three dice with one bet, whose straight detector is `detector`.
    struct OneBetGame: DiceGame {
        let name = "one-bet"
        let summary = "three dice and a bet on their total"
        let dice = try! DiceSet(count: 3, faces: 6)
        let rerollPolicy = RerollPolicy.never
        let bets: [DiceBet]
        let detector: @Sendable (DiceRoll) -> Bool
        func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
        func isStraight(_ roll: DiceRoll) -> Bool { detector(roll) }
    }

    static func checks(_ game: OneBetGame) throws -> [CheckIdentifier] {
        try Audit.run([AuditSubject(dice: game)], settings: AuditSettings(run: RunSettings(trials: 5_000, seed: 1, threads: 1))).checks
            .map(\.check)
    }

    @Test func aGameOfBetsIsNotJudgedByPokerCategories() throws {
        let bet = DiceBet(name: "high", wins: .compare(.total, .greaterOrEqual, 11), pays: ExactFraction(1))
        let poker: Set<CheckIdentifier> = [
            .straightDetector, .finalOddsEqualOneFairRoll, .finalCategories(versus: .designedOdds),
            .finalCategories(versus: .oneFairRoll), .straightProbability,
        ]
        let right = try Self.checks(OneBetGame(bets: [bet]) { PokerCategory.isStraight($0) })
        #expect(Set(right).isDisjoint(with: poker) && right.contains(.betProbability(bet: "high")), "\(right)")
        // Without bets the same dice are a poker game, judged as one.
        let plain = try Self.checks(OneBetGame(bets: []) { PokerCategory.isStraight($0) })
        #expect(poker.isSubset(of: Set(plain)), "\(plain)")
        // A straight detector that is wrong (it calls 1-2-4 a straight) is shown, and fails.
        let wrong = OneBetGame(bets: [bet]) { PokerCategory.isStraight($0) || Set($0.faces) == [1, 2, 4] }
        let report = try Audit.run(
            [AuditSubject(dice: wrong)], settings: AuditSettings(run: RunSettings(trials: 5_000, seed: 1, threads: 1)))
        #expect(report.checks.first { $0.check == .straightDetector }?.status == .fail)
    }
}

/// A round's published mean number of rolls, checked as its other figures are.
@Suite("Expected rolls of a round")
struct ExpectedRollsTests {
    @Test func aRoundPublishesItsExpectedRolls() throws {
        let spec = try SpecParser.parse(contentsOf: packageRoot.appendingPathComponent("Examples/probes/python/craps.yaml"))
        guard case .dice(let dice) = spec.game else { throw DiceRulesSpecTests.NotDice() }
        let pass = try #require(dice.rounds.first { $0.name == "pass-line" })
        let declared = try #require(pass.declared[.expectedRolls])
        // 557/165 ≈ 3.3758 rolls (the closed form of make_dice_rounds_reference.py), printed 3.38 (± 0.005).
        let odds = try DiceRoundOdds(pass, dice: dice.dice)
        #expect(odds.odds.figure(.expectedRolls) == ExactFraction(557, 165) && declared.agrees(with: ExactFraction(557, 165)))
        #expect(!DiceBet.DeclaredFigure(ExactFraction(7, 2), tolerance: ExactFraction(1, 200)).agrees(with: ExactFraction(557, 165)))
        // A bet is settled on one roll: it has no expected rolls to publish; rolls are not a percentage.
        #expect(throws: SpecError.self) {
            try DiceRulesSpecTests.dice("  bets:\n    - { name: a, wins: total = 7, pays: 1, expected-rolls: 1 }\n", count: 2)
        }
        let round = """
              rounds:
                - name: r
                  phases:
                    - name: one
                      rules:
                        - { when: total = 7, pays: 1 }
                      otherwise: { pays: -1 }
                  expected-rolls: 100%

            """
        #expect(throws: SpecError.self) { try DiceRulesSpecTests.dice(round, count: 2) }
        do {
            _ = try DiceRulesSpecTests.dice(round, count: 2)
        } catch let error as SpecError {
            #expect(error.field == "dice.rounds[0].expected-rolls" && error.message.contains("a number of rolls"), "\(error)")
        }
        let read = try DiceRulesSpecTests.dice(round.replacingOccurrences(of: "100%", with: "6"), count: 2)
        #expect(read.rounds[0].declared[.expectedRolls]?.value == ExactFraction(6))
    }

    /// A wrong expected-rolls fails the round's figures as unfair odds without a magnitude (rolls are not a
    /// share of plays), and adds nothing to the largest odds difference.
    @Test func aWrongExpectedRollsFailsWithoutAMagnitude() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Examples/probes/python/craps.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "expected-rolls: 3.38", with: "expected-rolls: 3.5")
        let report = try Audit.run(
            [try SpecParser.parse(text).subject()], settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 1, threads: 1)))
        let figures = try #require(report.checks.first { $0.check == .betFigures(bet: "pass-line") })
        #expect(figures.status == .fail && figures.findingClass == .odds && figures.magnitude == nil, "\(figures.detail)")
        #expect((report.subjects[0].largestOddsDifference ?? 0) < 0.01)
    }
}
