import FairnessModel
import FairnessSubjects
import Foundation
import PropertyBased
import Testing

@testable import FairnessAudit
@testable import FairnessBattery
@testable import FairnessChecks
@testable import FairnessLogs
@testable import FairnessReport
@testable import FairnessReportRendering
@testable import FairnessRunner
@testable import FairnessSubjectAudit
@testable import FairnessVerification
@testable import _FairnessAuditSupport

/// A game of any dice with a given straight detector (reference by default).
struct AnyDiceGame: DiceGame {
    let name: String
    var summary: String { "a test game" }
    let dice: DiceSet
    var rerollPolicy = RerollPolicy.never
    var detector: @Sendable (DiceRoll) -> Bool = { PokerCategory.isStraight($0) }
    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    func isStraight(_ roll: DiceRoll) -> Bool { detector(roll) }
}

@Suite("Dice checks at every size")
struct DiceScaleTests {
    @Test func multisetsAreCountedAndEnumerated() throws {
        for (k, f, expected) in [(5, 6, 252), (10, 6, 3003), (12, 10, 293_930), (1, 6, 6), (3, 1, 1)] {
            let dice = try DiceSet(count: k, faces: f)
            #expect(DetectorSurvey.multisetCount(dice) == UInt64(expected))
            if expected < 10_000 {
                let all = DetectorSurvey.allMultisets(dice)
                #expect(all.count == expected)
                // Their orderings add up to F^K.
                #expect(all.reduce(UInt64(0)) { $0 + DiceOdds.orderings(of: $1) } == dice.orderedRollCount)
            }
        }
    }

    @Test func nextPermutationVisitsEveryDistinctOrderingOnce() {
        var roll = DiceRoll([1, 1, 2, 3, 3])
        var seen = Set<DiceRoll>()
        repeat { seen.insert(roll) } while DetectorSurvey.nextPermutation(&roll)
        #expect(seen.count == 30)  // 5!/(2!·2!)
        #expect(roll == DiceRoll([1, 1, 2, 3, 3]))
    }

    /// 6d8 (262,144 ordered rolls) is visited roll by roll: a detector missing the straights that start
    /// at 3 misses exactly 6! of them. (10d6, 60,466,176 rolls, is timed by `audit-bench --scale`.)
    @Test func orderedRollsAreVisitedOneByOne() throws {
        let dice = try DiceSet(count: 6, faces: 8)
        let check = StraightDetectorCheck(AnyDiceGame(name: "6d8", dice: dice))
        #expect(check.coverage == .everyOrderedRoll(262_144) && check.passed)
        let missing = StraightDetectorCheck(AnyDiceGame(name: "6d8", dice: dice) { PokerCategory.isStraight($0) && $0.faces.min() != 3 })
        #expect(missing.falseRejects == 720 && missing.falseAccepts == 0)
    }

    /// 12d10: 10^12 ordered rolls, 293,930 multisets, each judged in up to 16 orderings.
    @Test func twelveD10IsExhaustiveOverMultisets() throws {
        let reference = StraightDetectorCheck(AnyDiceGame(name: "12d10", dice: try DiceSet(count: 12, faces: 10)))
        guard case .everyMultiset(let multisets, _, let ordered) = reference.coverage else {
            Issue.record("coverage \(reference.coverage)"); return
        }
        #expect(multisets == 293_930 && ordered == 1_000_000_000_000)
        #expect(reference.passed)
    }

    /// 9d10 (10^9 ordered rolls, 48,620 multisets): planted bugs are found and counted in ordered rolls.
    @Test func plantedBugsAreCountedThroughMultisets() throws {
        let dice = try DiceSet(count: 9, faces: 10)
        // Calls any roll spanning 1 ... 9 or 2 ... 10 a straight, repeats or not.
        let spanOnly = AnyDiceGame(name: "span", dice: dice) { roll in
            let faces = roll.faces
            return faces.max()! - faces.min()! == 8
        }
        let caught = StraightDetectorCheck(spanOnly)
        #expect(!caught.passed)
        #expect(caught.falseAccepts > 0 && caught.falseRejects == 0)
        // Rolls over 1...9 using both 1 and 9: 9^9 − 2·8^9 + 7^9, of which 9! are straights; twice (2...10).
        let spanning: UInt64 = 387_420_489 - 2 * 134_217_728 + 40_353_607
        #expect(caught.falseAccepts == 2 * (spanning - 362_880))

        let orderDependent = AnyDiceGame(name: "first-die", dice: dice) { roll in roll[0] == 1 }
        let order = StraightDetectorCheck(orderDependent)
        #expect(!order.passed && !order.orderDependentPatterns.isEmpty)
    }

    /// The policy odds through multisets equal the exact single-roll odds for a game that never rerolls,
    /// and a rerolling game's reroll probability is its detector's straight count.
    @Test func policyOddsThroughMultisets() throws {
        let dice = try DiceSet(count: 11, faces: 8)
        var game = AnyDiceGame(name: "11d8", dice: dice)
        game.rerollPolicy = .rerollOnceAfterDetectedStraight
        let policy = try PolicyOdds(game)
        // No straight exists with more dice than faces; nothing is rerolled.
        #expect(policy.reroll == .zero)
        let single = try DiceOdds.categoryCounts(dice)
        for category in PokerCategory.defined(forDice: 11) {
            #expect(policy.finalCategories[category] == (try single.probability(of: category)))
        }
    }
}

/// No check errors on a game that `WheelGeometry` or `DiceSet` accepts: random wheels (1 ... 60 sectors,
/// widths over twelve orders of magnitude) and random dice (1 ... 32 dice of 1 ... 255 faces) audited at
/// a few thousand trials finish with a report.
@Suite("Every accepted game can be audited")
struct EveryGameAuditsTests {
    @Test func randomWheelsNeverError() async {
        let input = zip(Gen.double(in: -12...0).array(of: 1...60), Gen.int(in: 0...359), Gen.int(in: 0...3))
        await propertyCheck(count: 30, input: input) { exponents, start, pointerQuarter in
            let weights = exponents.map { pow(10, $0) }
            guard let geometry = try? WheelGeometry.weighted(weights, firstSectorStart: Double(start), pointer: Double(pointerQuarter) * 90)
            else { return }
            let wheel = ReferenceWheel(geometry: geometry, name: "random")
            do {
                let report = try Audit.run(
                    [AuditSubject(wheel: wheel)],
                    settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 1), sweepSteps: 1024))
                #expect(!report.checks.isEmpty)
                // Plain Double arithmetic rounds at lines (NOTE); nothing exact may fail.
                #expect(report.checks.filter { $0.kind == .exact }.allSatisfy { $0.status != .fail }, "\(weights)")
                #expect(
                    report.checks.compactMap(\.findingClass).allSatisfy { $0 == .rounding || $0 == .latent },
                    "\(weights): \(report.checks.compactMap(\.finding))")
            } catch {
                Issue.record("\(weights): \(error)")
            }
        }
    }

    @Test(arguments: [(1, 1), (1, 255), (2, 255), (32, 3), (13, 30), (20, 6), (3, 1)])
    func diceOfEverySizeNeverError(count: Int, faces: Int) throws {
        let game = AnyDiceGame(name: "\(count)d\(faces)", dice: try DiceSet(count: count, faces: faces))
        let report = try Audit.run([AuditSubject(dice: game)], settings: AuditSettings(run: RunSettings(trials: 500, seed: 1)))
        #expect(
            report.checks.filter { $0.kind == .exact }.allSatisfy { $0.status == .pass }, "\(report.checks.filter { $0.status == .fail })")
    }
}
