import FairnessChecks
import FairnessModel
import FairnessSubjects
import Testing

/// The exact checks run from a target that depends on FairnessChecks alone (no FairnessStatistics, no
/// GSL): what an iOS app's unit tests can link where GSL cannot go.
@Suite("exact checks without GSL")
struct ExactChecksWithoutGSLTests {
    @Test func wheelChecksRunAndTheReferencePasses() throws {
        let wheel = try ReferenceWheel(weights: [30, 20, 15, 10, 10, 8, 5, 2])
        let consistency = ConsistencyCheck(wheel, steps: 4096)
        let boundary = BoundaryCheck(wheel)
        let wraparound = WraparoundCheck(wheel)
        let range = RangeCheck(wheel, consistency: consistency, boundary: boundary, wraparound: wraparound)
        let odds = DesignedOdds(wheel, consistency: consistency, steps: 4096)
        #expect(range.passed && consistency.mislabelledFraction < 1e-13)
        #expect(abs((odds.ownSpin[.label(8)] ?? 0) - 0.02) < 1e-12)
        _ = (boundary, wraparound)
        // Classified, nothing gates: the reference's Double table lookup only rounds at its lines.
        #expect(WheelFindings(auditing: wheel, steps: 4096).material().isEmpty)
    }

    @Test func aSeedBugIsFoundWithoutGSL() throws {
        let slider = try SliderRoulette(sectorCount: 7)
        let consistency = ConsistencyCheck(slider, steps: 4096)
        let range = RangeCheck(slider, consistency: consistency, boundary: BoundaryCheck(slider), wraparound: WraparoundCheck(slider))
        #expect(range.invalid.contains { $0.outcome == .label(8) })
        let findings = WheelFindings(auditing: slider, steps: 4096)
        #expect(findings.range?.findingClass == .invalid)
        #expect(abs((findings.range?.magnitude ?? 0) - 3.0 / 360) < 1e-12, "label 8 on 3/360 of spins")
    }

    @Test func diceDetectorChecksRunWithoutGSL() throws {
        #expect(StraightDetectorCheck(ReferenceDiceGame()).passed)
        let seed = StraightDetectorCheck(DrinkingDiceGame(rerollSwitchOn: false))
        #expect(seed.mismatchesWithStraightState == 7536)
        #expect(try PolicyOdds(DrinkingDiceGame(rerollSwitchOn: true)).finalStraight == ExactProbability(25, over: 26244))
    }
}
