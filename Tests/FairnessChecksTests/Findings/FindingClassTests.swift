import FairnessChecks
import FairnessModel
import FairnessSubjects
import Testing

/// Eight 45° sectors (labels 1 ... 8 clockwise from 0°, pointer at 0°), read with `floor(angle / 45)`,
/// except that the line between sectors 1 and 2 is moved `shift` degrees clockwise: rotations that put
/// the wheel angle in [45, 45 + shift) show 1 instead of 2. With `foreign`, that sliver shows 9, a label
/// no sector carries.
struct ShiftedLineWheel: WheelSubject {
    typealias Rotation = Double
    let shift: Double
    var foreign = false
    var accumulates = false
    let geometry = try! WheelGeometry.equal(count: 8, firstSectorStart: 0, pointer: 0)
    var name: String { "shifted-line" }
    var summary: String { "a line moved by \(shift)°" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }
    func rotation(afterDrawing u: Double, from previous: Double) -> Double { accumulates ? previous + 1800 + u : u }
    func report(_ rotation: Double) -> WheelOutcome {
        var angle = (-rotation).truncatingRemainder(dividingBy: 360)
        if angle < 0 { angle += 360 }
        if angle >= 45 && angle < 45 + shift { return .label(foreign ? 9 : 1) }
        return .label(min(8, Int((angle / 45).rounded(.down)) + 1))
    }
}

@Suite("finding classes")
struct FindingClassTests {
    @Test func aMislabelOnFiveHundredthsOfAPercentIsMaterial() {
        // 0.018° is 5·10⁻⁵ of the circle: the smallest mislabel the default must still fail.
        let findings = WheelFindings(auditing: ShiftedLineWheel(shift: 0.018), steps: 4096)
        let consistency = findings.consistency!
        #expect(consistency.findingClass == .mislabel)
        #expect(abs(consistency.magnitude! - 5e-5) < 1e-12, "\(consistency)")
        #expect(consistency.isMaterial(materiality: Finding.defaultMateriality, strict: false))
        #expect(!consistency.isMaterial(materiality: 1e-4, strict: false), "above the threshold only")
        #expect(!findings.material().isEmpty)
    }

    @Test func aLineMovedByAFewUlpsIsRounding() {
        let findings = WheelFindings(auditing: ShiftedLineWheel(shift: 3 * Double(45).ulp), steps: 4096)
        #expect(findings.consistency?.findingClass == .rounding, "\(findings.all)")
        #expect(findings.boundary?.findingClass == .rounding)
        #expect(findings.material().isEmpty)
        #expect(!findings.material(strict: true).isEmpty, "--strict gates rounding")
        // Beyond the band (16 ulps of one turn, 9.1e-13°) it is a mislabel, however small.
        let wider = WheelFindings(auditing: ShiftedLineWheel(shift: 64 * Double(360).ulp), steps: 4096)
        #expect(wider.consistency?.findingClass == .mislabel)
        #expect(wider.material().isEmpty, "a mislabel of 1e-14 of spins is below materiality")
    }

    @Test func aForeignLabelIsInvalidAtAnyShare() {
        let findings = WheelFindings(auditing: ShiftedLineWheel(shift: 3 * Double(45).ulp, foreign: true), steps: 4096)
        #expect(findings.range?.findingClass == .invalid)
        #expect(findings.range!.magnitude! > 0 && findings.range!.magnitude! < 1e-15)
        #expect(!findings.material().isEmpty, "an invalid outcome in play is material at any share")
    }

    @Test func rotationsASessionNeverReachesAreLatent() {
        // The plain wheel resets to u ∈ [0, 360): negative and many-turn rotations are never at rest.
        let reset = SessionReach(ShiftedLineWheel(shift: 0))
        #expect(reset.lowest == 0 && reset.highest < 360 && reset.contains(359) && !reset.contains(-1))
        let accumulating = SessionReach(ShiftedLineWheel(shift: 0, accumulates: true), spins: 100)
        #expect(accumulating.lowest == 1800, "\(accumulating)")
        #expect(accumulating.highest <= 100 * 2160 && accumulating.highest > 100 * 2159, "\(accumulating)")
    }

    @Test func theSeedsFindingsHaveTheirClasses() throws {
        // Slider n = 7: label 8 on 3/360 of spins, invalid.
        let slider7 = WheelFindings(auditing: try SliderRoulette(sectorCount: 7), steps: 4096)
        #expect(slider7.range?.findingClass == .invalid)
        #expect(abs(slider7.range!.magnitude! - 3.0 / 360) < 1e-12)
        // Slider n = 36 divides 360: label 37 only at rotations ≡ 0 — still invalid, on about 3e-16 of spins.
        let slider36 = WheelFindings(auditing: try SliderRoulette(sectorCount: 36), steps: 4096)
        #expect(slider36.range?.findingClass == .invalid)
        #expect(slider36.range!.magnitude! < 1e-15)
        // The twelve-slice wheel paints over its gap: a neighbour's label on 0.936/360 of spins.
        let twelve = WheelFindings(auditing: TwelveSliceWheel(), steps: 4096)
        #expect(twelve.consistency?.findingClass == .mislabel)
        #expect(abs(twelve.consistency!.magnitude! - 0.936 / 360) < 1e-9, "\(twelve.consistency!)")
        #expect(twelve.consistency!.isMaterial(materiality: Finding.defaultMateriality, strict: false))
        // The rotary wheel selects nothing at its float bounds: invalid, material.
        let rotary = WheelFindings(auditing: try RotaryWheel(sectorCount: 6), steps: 4096)
        #expect(rotary.range?.findingClass == .invalid)
        #expect(!rotary.material().isEmpty)
        // Its odds differ from the shares by about 1e-7: below materiality.
        #expect(rotary.designedOdds.map { !$0.isMaterial(materiality: Finding.defaultMateriality, strict: false) } ?? true)
    }

    @Test func targetedAndDiceFindings() throws {
        let target = try TargetIndexWheel(itemCount: 6)
        let landing = TargetedWheelFindings(target, landing: LandingCheck(target))
        #expect(landing.landing == nil)
        #expect(landing.outOfRange?.findingClass == .latent)
        let off = DrinkingDiceGame(rerollSwitchOn: false)
        let survey = DetectorSurvey(off)
        let detector = StraightDetectorCheck(off, survey: survey)
        let single = try DiceOdds.categoryCounts(off.dice)
        let categories = PokerCategory.defined(forDice: 5)
        let odds = Dictionary(uniqueKeysWithValues: try categories.map { ($0, try single.probability(of: $0)) })
        let offFindings = DiceFindings(
            detector: detector, categories: CategoryDetectorCheck(off, survey: survey), policy: try PolicyOdds(off, survey: survey),
            single: odds)
        #expect(offFindings.straightDetector?.findingClass == .latent, "wrong only when called as a function")
        #expect(offFindings.finalOdds == nil)
        let on = DrinkingDiceGame(rerollSwitchOn: true)
        let onSurvey = DetectorSurvey(on)
        let onFindings = DiceFindings(
            detector: StraightDetectorCheck(on, survey: onSurvey), categories: nil, policy: try PolicyOdds(on, survey: onSurvey),
            single: odds)
        #expect(onFindings.finalOdds?.findingClass == .odds)
        #expect(onFindings.finalOdds!.isMaterial(materiality: Finding.defaultMateriality, strict: false))
    }

    /// Found by the property test of random wheels: a sector of 10⁻¹² of the circle used to vanish between
    /// its two edges (merged into one line at 10⁻¹² turn), so the truth called the reference's correct
    /// label there a mislabel.
    @Test func aSectorOfATrillionthOfTheCircleKeepsItsLines() throws {
        let geometry = try WheelGeometry.weighted([1.997651426995084e-12, 1, 1], firstSectorStart: 217, pointer: 270)
        #expect(geometry.lines.count == 3)
        let findings = WheelFindings(auditing: ReferenceWheel(geometry: geometry, name: "tiny"), steps: 1024)
        #expect(findings.all.allSatisfy { $0.findingClass == .rounding || $0.findingClass == .latent }, "\(findings.all)")
    }

    @Test func materialityRules() {
        let rules: [(Finding, Bool)] = [
            (Finding(.invalid, magnitude: 1e-16, fact: .finalOddsDiffer(difference: 0)), true),
            (Finding(.invalid, magnitude: nil, fact: .finalOddsDiffer(difference: 0)), true),
            (Finding(.mislabel, magnitude: 2e-6, fact: .finalOddsDiffer(difference: 0)), true),
            (Finding(.mislabel, magnitude: 1e-6, fact: .finalOddsDiffer(difference: 0)), false),
            (Finding(.mislabel, magnitude: nil, fact: .finalOddsDiffer(difference: 0)), true),
            (Finding(.odds, magnitude: 0.03, fact: .finalOddsDiffer(difference: 0)), true),
            // Rounding at a line on half the plays is a pointer on a divider, not floating point's slip.
            (Finding(.rounding, magnitude: 0.5, fact: .finalOddsDiffer(difference: 0)), true),
            (Finding(.rounding, magnitude: 1e-6, fact: .finalOddsDiffer(difference: 0)), false),
            (Finding(.rounding, magnitude: 7e-16, fact: .finalOddsDiffer(difference: 0)), false),
            (Finding(.rounding, magnitude: nil, fact: .finalOddsDiffer(difference: 0)), false),
            (Finding(.latent, magnitude: 0.5, fact: .finalOddsDiffer(difference: 0)), false),
        ]
        for (finding, material) in rules {
            #expect(finding.isMaterial(materiality: 1e-6, strict: false) == material, "\(finding)")
            #expect(finding.isMaterial(materiality: 1e-6, strict: true))
        }
        #expect(Finding(.latent, magnitude: 0.5, fact: .finalOddsDiffer(difference: 0)).magnitude == 0)
        #expect(FindingClass.allCases.sorted() == [.invalid, .odds, .mislabel, .rounding, .latent])
    }
}

/// A faithful port of a twelve-slice wheel whose original code indexes an array with the slice number and
/// would crash (Swift's out-of-range trap) where the index leaves 0 ..< 12: the port reports
/// `WheelOutcome.trap` there instead of crashing the audit. `rounding` reads the slice with `+ 0.5`
/// rounding, so angles from 359.5° index slot 12 — in play; without it only negative angles (rotations
/// play never reaches) index slot −1.
struct TrappingPortWheel: WheelSubject {
    typealias Rotation = Double
    var rounding = false
    let geometry = try! WheelGeometry.equal(count: 12, firstSectorStart: 0, pointer: 0)
    var name: String { rounding ? "trapping-rounded" : "trapping-negative" }
    var summary: String { "an array index that can leave the array" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }
    func rotation(afterDrawing u: Double, from previous: Double) -> Double { 720 + u }
    func report(_ rotation: Double) -> WheelOutcome {
        // The original: let angle = (360 - rotation % 360) % 360; return labels[Int(angle / 30 + offset)].
        let angle = (360 - rotation.truncatingRemainder(dividingBy: 360)).truncatingRemainder(dividingBy: 360)
        let slot = (angle / 30 + (rounding ? 0.5 : 0)).rounded(.down)
        guard slot >= 0 && slot < 12 else { return .trap }
        return .label(Int(slot) + 1)
    }
}

extension FindingClassTests {
    @Test func aTrapInPlayIsInvalidAndOneOutsidePlayIsLatent() {
        let inPlay = WheelFindings(auditing: TrappingPortWheel(rounding: true), steps: 4096)
        #expect(inPlay.range?.findingClass == .invalid, "\(inPlay.all)")
        #expect(!inPlay.material().isEmpty)
        // The finding says, as data, that play traps instead of reporting.
        let traps = inPlay.all.contains {
            if case .wheelDefects(let defects) = $0.fact { return defects.traps }
            return false
        }
        #expect(traps, "\(inPlay.all.map(\.fact))")
        let outside = WheelFindings(auditing: TrappingPortWheel(rounding: false), steps: 4096)
        #expect(outside.material().isEmpty, "\(outside.all)")
        #expect(outside.wraparound?.findingClass == .latent, "\(outside.all)")
    }
}
