import FairnessModel
import Foundation
import Testing

/// Rounds of several rolls solved as Markov chains equal closed forms from the rules cards
/// (`Fixtures/make_dice_rounds_reference.py`): craps' pass line wins 244/495.
@Suite struct DiceRoundTests {
    static let twoDice = try! DiceSet(count: 2, faces: 6)
    static func net(_ value: Int) -> ExactFraction { ExactFraction(value) }

    static let passLine = DiceRound(
        name: "pass-line",
        phases: [
            .init(
                name: "come-out",
                rules: [
                    .init(when: .among(.total, [7...7, 11...11]), .settle(net(1))),
                    .init(when: .among(.total, [2...3, 12...12]), .settle(net(-1))),
                ], otherwise: .moveTo(phase: 1, remember: .total)),
            .init(
                name: "point",
                rules: [
                    .init(when: .comparePoint(.total, .equal), .settle(net(1))), .init(when: .compare(.total, .equal, 7), .settle(net(-1))),
                ]),
        ])

    static let rounds: [String: (DiceSet, DiceRound)] = [
        "pass-line": (twoDice, passLine),
        "dont-pass": (
            twoDice,
            DiceRound(
                name: "dont-pass",
                phases: [
                    .init(
                        name: "come-out",
                        rules: [
                            .init(when: .among(.total, [2...3]), .settle(net(1))),
                            .init(when: .compare(.total, .equal, 12), .settle(net(0))),
                            .init(when: .among(.total, [7...7, 11...11]), .settle(net(-1))),
                        ], otherwise: .moveTo(phase: 1, remember: .total)),
                    .init(
                        name: "point",
                        rules: [
                            .init(when: .compare(.total, .equal, 7), .settle(net(1))),
                            .init(when: .comparePoint(.total, .equal), .settle(net(-1))),
                        ]),
                ])
        ),
        "six-in-three": (
            try! DiceSet(count: 1, faces: 6),
            DiceRound(
                name: "six",
                phases: (0..<3).map { roll in
                    .init(
                        name: "roll \(roll + 1)", rules: [.init(when: .compare(.total, .equal, 6), .settle(net(1)))],
                        otherwise: roll == 2 ? .settle(net(-1)) : .moveTo(phase: roll + 1, remember: nil))
                })
        ),
        "yahtzee-three-rolls": (
            DiceSet.fiveSixSided,
            DiceRound(
                name: "yahtzee",
                phases: (0..<3).map { roll in
                    .init(
                        name: "roll \(roll + 1)", rules: [.init(when: .allEqual, .settle(net(1)))],
                        otherwise: roll == 2 ? .settle(net(-1)) : .moveTo(phase: roll + 1, remember: nil, keep: .mostOfAKind))
                })
        ),
        "pig-hold-20": (
            try! DiceSet(count: 1, faces: 6),
            DiceRound(
                name: "pig",
                phases: [
                    .init(
                        name: "turn",
                        rules: [.init(when: .compare(.total, .equal, 1), .settle(net(0)))]
                            + (20...25).map { .init(when: .compareRunning(.total, .equal, $0), .settle(net($0))) },
                        otherwise: .moveTo(phase: 0, remember: .total, adds: true))
                ])
        ),
        "exploding-d6-10": (
            try! DiceSet(count: 1, faces: 6),
            DiceRound(
                name: "explode",
                phases: (0...3).map { explosions in
                    .init(
                        name: "after \(explosions) explosions",
                        rules: [.init(when: .compareRunning(.total, .greaterOrEqual, 10), .settle(net(1)))]
                            + (explosions < 3
                                ? [.init(when: .compare(.total, .equal, 6), .moveTo(phase: explosions + 1, remember: .total, adds: true))]
                                : []),
                        otherwise: .settle(net(-1)))
                })
        ),
        // 3d6, every 6 rolled again alone and added, at most two rolls of explosions; 15 or more succeeds.
        "exploding-pool-3d6-15": (
            try! DiceSet(count: 3, faces: 6),
            DiceRound(
                name: "pool",
                phases: (0...2).map { level in
                    .init(
                        name: "level \(level)",
                        rules: (level < 2
                            ? [
                                .init(
                                    when: .compare(.count(of: 6), .greaterOrEqual, 1),
                                    .moveTo(phase: level + 1, remember: .total, adds: true, rerolls: .face(6)))
                            ] : [])
                            + [.init(when: .compareRunning(.total, .greaterOrEqual, 15), .settle(net(1)))],
                        otherwise: .settle(net(-1)))
                })
        ),
        "hot-streak": (
            twoDice,
            DiceRound(
                name: "hot",
                phases: [
                    .init(
                        name: "first",
                        rules: [
                            .init(when: .compare(.total, .greaterOrEqual, 10), .settle(net(3))),
                            .init(when: .compare(.total, .equal, 7), .settle(net(-1))),
                        ], otherwise: .moveTo(phase: 1, remember: .total)),
                    .init(
                        name: "second", rules: [.init(when: .comparePoint(.total, .greater), .settle(net(1)))], otherwise: .settle(net(-1))),
                ])
        ),
    ]

    @Test func everyRoundHasTheClosedFormFigures() throws {
        let url = try #require(Bundle.module.url(forResource: "dice_rounds_reference", withExtension: "json", subdirectory: "Fixtures"))
        let references = try JSONDecoder().decode([String: [String: String]].self, from: Data(contentsOf: url))
        #expect(references.count == Self.rounds.count)
        for (name, figures) in references {
            let (dice, round) = try #require(Self.rounds[name], "\(name)")
            let solved = try DiceRoundOdds(round, dice: dice)
            #expect(solved.odds.winProbability == ExactFraction(text: figures["win"]!), "\(name)")
            #expect(solved.odds.pushProbability == ExactFraction(text: figures["push"]!), "\(name)")
            #expect(solved.odds.loseProbability == ExactFraction(text: figures["lose"]!), "\(name)")
            #expect(solved.odds.returnToPlayer == ExactFraction(text: figures["return"]!), "\(name)")
            #expect(solved.expectedRolls == ExactFraction(text: figures["rolls"]!), "\(name)")
        }
        // The pass line's published figures: 244/495 wins, a house edge of 7/495 ≈ 1.41%.
        let pass = try DiceRoundOdds(Self.passLine, dice: Self.twoDice)
        #expect(
            pass.odds.winProbability == ExactFraction(244) / ExactFraction(495)
                && pass.odds.houseEdge == ExactFraction(7) / ExactFraction(495))
        #expect(pass.states.count == 7)
        // A Yahtzee within three rolls keeping the face shown most: 347897/7558272 ≈ 4.6029%, the published figure.
        let yahtzee = try #require(Self.rounds["yahtzee-three-rolls"])
        #expect(try DiceRoundOdds(yahtzee.1, dice: yahtzee.0).odds.winProbability == ExactFraction(347_897) / ExactFraction(7_558_272))
    }

    /// What each keep strategy keeps.
    @Test func keepStrategiesKeepWhatTheySay() {
        let roll = DiceRoll([5, 2, 5, 3, 4])
        #expect(DiceKeep.mostOfAKind.kept(from: roll).faces == [5, 5])
        #expect(DiceKeep.mostOfAKind.kept(from: DiceRoll([1, 6, 1, 6, 2])).faces == [6, 6])
        #expect(DiceKeep.face(2).kept(from: roll).faces == [2])
        #expect(DiceKeep.atLeast(4).kept(from: roll).faces == [4, 5, 5])
        #expect(DiceKeep.longestRun.kept(from: roll).faces == [2, 3, 4, 5])
        #expect(DiceKeep.longestRun.kept(from: DiceRoll([1, 2, 4, 5, 6])).faces == [4, 5, 6])
    }

    /// A round that can stick in a phase for ever is refused, naming the phase.
    @Test func aRoundThatMayNeverEndIsRefused() {
        let stuck = DiceRound(
            name: "stuck",
            phases: [
                .init(
                    name: "start", rules: [.init(when: .compare(.total, .equal, 2), .settle(Self.net(1)))],
                    otherwise: .moveTo(phase: 1, remember: nil)),
                .init(name: "limbo", rules: []),
            ])
        #expect(throws: DiceRoundOdds.Failure.mayNeverEnd(phase: "limbo", point: nil)) { try DiceRoundOdds(stuck, dice: Self.twoDice) }
    }

    /// The rules settle a sequence of rolls as a table would: 4, 6, 4 wins the pass line on the third roll.
    @Test func theRulesSettleASequence() {
        let rolls = [[1, 3], [2, 4], [3, 1]].map(DiceRoll.init)
        #expect(Self.passLine.settle(rolls)?.net == ExactFraction(1) && Self.passLine.settle(rolls)?.rolls == 3)
        #expect(Self.passLine.settle(Array(rolls.prefix(2))) == nil)
        #expect(Self.passLine.settle([DiceRoll([6, 5])])?.net == ExactFraction(1))
        #expect(Self.passLine.settle([DiceRoll([1, 3]), DiceRoll([3, 4])])?.net == ExactFraction(-1))
    }
}
