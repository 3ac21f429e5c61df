import FairnessModel
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

/// A five-dice game that pays by hands, with its own detector for some of them: a "small straight"
/// detector that misses rolls with a repeated face, so the detector (what pays) and the rule (what the
/// hand counts show) disagree on some rolls.
struct PayingHandGame: DiceGame {
    let name = "paying-hand-game"
    let summary = "a test game paying by hands"
    let dice = DiceSet.fiveSixSided
    var rerollPolicy = RerollPolicy.rerollOnceAfterDetectedStraight
    var hands: [DiceHand]
    var paytable: Paytable<String>?
    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
    func detects(_ hand: DiceHand, in roll: DiceRoll) -> Bool? {
        guard hand.name == "small straight" else { return nil }
        let faces = roll.faces.sorted()
        return zip(faces, faces.dropFirst()).filter { $1 == $0 + 1 }.count >= 3 && Set(faces).count == faces.count
    }
}

@Suite("Dice driver")
struct DiceDriverTests {
    /// The game's hands and paytable: a small straight, three of a kind and a full house (each paying), and
    /// `extra` more "n of a kind" hands paying nothing, to reach past 64 hands.
    static func game(extra: Int) throws -> PayingHandGame {
        var hands = [
            DiceHand.smallStraight(dice: .fiveSixSided), DiceHand(name: "three of a kind", rule: .ofAKind(count: 3)),
            DiceHand(name: "full house", rule: .fullHouse),
        ]
        hands += (0..<extra).map { DiceHand(name: "filler \($0)", rule: .ofAKind(count: 2 + $0 % 4)) }
        let paytable = try Paytable(prizes: ["small straight": 4, "three of a kind": 2, "full house": 9])
        return PayingHandGame(hands: hands, paytable: paytable)
    }

    @Test(arguments: [0, 70])
    func aBlockCountsEachHandByItsRuleAndPaysByTheDetector(extra: Int) throws {
        let game = try Self.game(extra: extra)
        let driver = DiceDriver(game)
        var tally = driver.makeTally()
        var randomness = XoshiroBlockRandomness(context: (), seed: 9, stream: 0, block: 4)
        driver.run(0..<30_000, randomness: &randomness, into: &tally)
        // The same plays, one at a time, counted from the library's own definitions.
        var fresh = XoshiroBlockRandomness(context: (), seed: 9, stream: 0, block: 4)
        var hands = [UInt64](repeating: 0, count: game.hands.count)
        var paid: [Double: UInt64] = [:]
        var disagreements = 0
        for trial in UInt64(0)..<30_000 {
            let play = fresh.withTrial(trial) { game.play(using: &$0) }
            for (index, hand) in game.hands.enumerated() where hand.holds(in: play.final) { hands[index] += 1 }
            paid[game.payout(for: play.final, hands: game.hands, paytable: game.paytable!).prize, default: 0] += 1
            if game.detects(game.hands[0], in: play.final) != game.hands[0].holds(in: play.final) { disagreements += 1 }
        }
        #expect(disagreements > 0, "the detector must disagree with the rule on some plays")
        #expect(tally.plays == 30_000 && tally.hands == hands)
        #expect(Dictionary(uniqueKeysWithValues: zip(tally.payoutLevels, tally.payouts)).filter { $0.value > 0 } == paid)
    }
}

/// A game whose own mapping from draws to faces shows a face no die has on every roll (`Int(u * 6) + 7`),
/// as a broken probe or port would.
struct NeverValidDice: BatchRollingDice {
    let name = "never-valid-dice"
    let summary = "every roll shows faces 7 to 12"
    let dice = DiceSet.fiveSixSided
    let rerollPolicy = RerollPolicy.never
    var hands: [DiceHand] { [DiceHand.smallStraight(dice: .fiveSixSided)] }
    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
    func rolls(from uniforms: [[Double]]) -> [DiceRoll] { uniforms.map { DiceRoll($0.map { Int($0 * 6) + 7 }) } }
}

@Suite("Games with no valid play")
struct NoValidPlayTests {
    /// Every play invalid: the audit fails on invalid results and says the frequency tests have nothing to
    /// count (inconclusive), instead of stopping with an internal error on a binomial test of 0 trials.
    @Test func everyPlayInvalidIsAFindingNotAnError() throws {
        let report = try Audit.run(
            [AuditSubject(dice: NeverValidDice())], settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 7)))
        #expect(report.gate == .fail)
        #expect(report.checks.first { $0.checkName == "invalid results" }?.status == .fail)
        for check in ["straight probability (exact binomial)", "small straight probability (exact binomial)"] {
            let record = try #require(report.checks.first { $0.checkName == check })
            #expect(record.status == .inconclusive && record.pValue == nil && record.detail.contains("no valid plays"), "\(record)")
        }
    }

    /// A wheel that never shows a result: every spin is an invalid outcome, and nothing is an error.
    @Test func aWheelThatNeverShowsAResultFailsWithoutAnError() throws {
        struct Blank: WheelSubject {
            typealias Rotation = Double
            let geometry = try! WheelGeometry.equal(count: 4, firstSectorStart: 0, pointer: 0)
            var name: String { "blank-wheel" }
            var summary: String { "shows no result, ever" }
            var rotationUnit: AngleUnit { .degrees }
            var initialRotation: Double { 0 }
            var spinDraw: SpinDraw { .oneTurn(in: .degrees) }
            func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }
            func report(_ rotation: Double) -> WheelOutcome { .noResult }
        }
        let report = try Audit.run([AuditSubject(wheel: Blank())], settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 7)))
        #expect(report.gate == .fail)
        #expect(report.checks.first { $0.checkName == "invalid results" }?.status == .fail)
    }

    /// A wheel of one sector has one possible outcome: its sampled fits and serial test have nothing to
    /// test and pass (the gate is not INCONCLUSIVE forever); the same wheel that shows no result on a
    /// quarter of its spins fails, the fits at p = 0 exactly.
    @Test func aOneSectorWheelPassesAndItsBlankTwinFails() throws {
        struct OneSector: WheelSubject {
            typealias Rotation = Double
            let blankQuarter: Bool
            let geometry = try! WheelGeometry.equal(count: 1, firstSectorStart: 0, pointer: 0)
            var name: String { blankQuarter ? "one-sector-blank" : "one-sector" }
            var summary: String { "a wheel of one sector" }
            var rotationUnit: AngleUnit { .degrees }
            var initialRotation: Double { 0 }
            var spinDraw: SpinDraw { .oneTurn(in: .degrees) }
            func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }
            func report(_ rotation: Double) -> WheelOutcome {
                let angle = rotation.truncatingRemainder(dividingBy: 360)
                return blankQuarter && (angle < 0 ? angle + 360 : angle) >= 270 ? .noResult : .label(1)
            }
        }
        let settings = AuditSettings(run: RunSettings(trials: 20_000, seed: 3))
        let fair = try Audit.run([AuditSubject(wheel: OneSector(blankQuarter: false))], settings: settings)
        #expect(fair.gate == .pass, "\(fair.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.detail)" })")
        let fit = try #require(fair.checks.first { $0.checkName == "outcomes vs claimed fair odds (Pearson)" })
        #expect(fit.status == .pass && fit.pValue == nil && fit.detail.contains("one possible outcome"))
        let blank = try Audit.run([AuditSubject(wheel: OneSector(blankQuarter: true))], settings: settings)
        #expect(blank.gate == .fail)
        let blankFit = try #require(blank.checks.first { $0.checkName == "outcomes vs claimed fair odds (Pearson)" })
        #expect(blankFit.status == .fail && blankFit.pValue == 0 && blankFit.impossibleObserved)
    }

    /// A straight check that reads the dice in the order they lie (a straight only when the first die is
    /// the lowest), surveyed through multisets as a game behind a probe is: the straight detector's detail
    /// says its answers depend on the order of the dice (the words were once built after the check was
    /// recorded and never reached the report).
    @Test func aDetectorThatDependsOnTheOrderOfTheDiceIsNamed() throws {
        struct OrderedStraight: BatchRollingDice {
            let name = "ordered-straight"
            let summary = "a straight only when the first die is the lowest"
            let dice = DiceSet.fiveSixSided
            let rerollPolicy = RerollPolicy.never
            var orderedRollLimit: UInt64 { 1_000 }
            func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
            func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) && roll[0] == roll.faces.min() }
            func rolls(from uniforms: [[Double]]) -> [DiceRoll] { uniforms.map { DiceRoll($0.map { Int($0 * 6) + 1 }) } }
        }
        let report = try Audit.run(
            [AuditSubject(dice: OrderedStraight())], settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 5)))
        let check = try #require(report.checks.first { $0.checkName == "straight detector (exhaustive)" })
        #expect(check.status == .fail)
        #expect(check.detail.contains("answers depend on the order of the dice for"), "\(check.detail)")
    }
}
