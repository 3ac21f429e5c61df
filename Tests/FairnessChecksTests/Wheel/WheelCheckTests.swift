import FairnessSubjects
import Foundation
import Testing

@testable import FairnessChecks

/// Figures derived by hand from the seeds' arithmetic, not by running the checks.
@Suite("Wheel checks on the seed ports")
struct SeedWheelCheckTests {
    /// Slider roulette: sectors of w = ⌊360/n⌋ degrees from the top, the last one absorbing 360 − n·w more.
    /// The result ⌊(360 − d)/w⌋ + 1 is right except where 360 − d ≥ n·w, i.e. on the last 360 − n·w degrees
    /// before the top, where it gives n + 1, n + 2, …: labels no sector carries. Label L > n is shown on
    /// offsets [(L−1)·w, min(L·w, 360)).
    static func invalidLabelsByHand(_ n: Int) -> [Int: Double] {
        let w = 360 / n
        var result: [Int: Double] = [:]
        var label = n + 1
        while (label - 1) * w < 360 {
            result[label] = Double(min(label * w, 360) - (label - 1) * w) / 360
            label += 1
        }
        return result
    }

    @Test(arguments: SliderRoulette.sectorCounts)
    func sliderRouletteShowsNumbersNoSectorCarries(n: Int) throws {
        let wheel = try SliderRoulette(sectorCount: n)
        let consistency = ConsistencyCheck(wheel)
        let boundary = BoundaryCheck(wheel)
        let wraparound = WraparoundCheck(wheel)
        let range = RangeCheck(wheel, consistency: consistency, boundary: boundary, wraparound: wraparound)
        let expected = Self.invalidLabelsByHand(n)
        // Invalid labels with a positive share of the circle (others only at isolated rotations).
        let observed = Dictionary(
            uniqueKeysWithValues: range.invalid.filter { $0.shareOfCircle > 1e-12 }
                .map { ($0.outcome.label!, $0.shareOfCircle) })
        #expect(Set(observed.keys) == Set(expected.keys), "n = \(n)")
        for (label, share) in expected {
            #expect(abs((observed[label] ?? 0) - share) < 1e-12, "n = \(n), label \(label)")
        }
        // All mislabelling is that region, up to floating-point slivers narrower than 1e-12 of the circle.
        let total = expected.values.reduce(0, +)
        #expect(abs(consistency.mislabelledFraction - total) < 1e-12, "n = \(n)")
        // At rest at 0 (and at exactly one turn) it shows 360/w + 1, which is n + 1 when w divides 360.
        let atZero = wheel.report(0)
        #expect(atZero == .label(360 / (360 / n) + 1))
        #expect(!wraparound.specialFailures.isEmpty)
        // Backwards (negative) rotations are not periodic: truncatingRemainder keeps the sign.
        #expect(wraparound.firstBrokenTurnsBackward == 1)
    }

    @Test func sliderRouletteFiguresForSevenAndTwentySix() {
        #expect(Self.invalidLabelsByHand(7) == [8: 3.0 / 360])
        #expect(Self.invalidLabelsByHand(26) == [27: 13.0 / 360, 28: 9.0 / 360])
        #expect(Self.invalidLabelsByHand(36) == [:])
    }

    /// 12-slice wheel: slices of 360·8.33/100 = 29.988° from the top; the switch uses 30° cases. Slice L
    /// starts 0.012·(L−1)° before its case does, so the case of slice L−1 covers 0.012·(L−1)° of slice L
    /// (L = 2 … 12), and the unpainted 0.144° before the top shows "12". Total 0.012·66 + 0.144 = 0.936°.
    @Test func twelveSliceWheelMislabelsExactly0936Degrees() {
        let wheel = TwelveSliceWheel()
        #expect(wheel.geometry.findings.count == 1)
        let gap = wheel.geometry.findings[0]
        #expect(gap.kind == .gap && abs(gap.width - 0.144) < 1e-9 && gap.after == 11 && gap.before == 0)
        let consistency = ConsistencyCheck(wheel)
        #expect(abs(consistency.mislabelledFraction - 0.936 / 360) < 1e-9 * 0.936 / 360)
        let widths = consistency.mislabelled.map { $0.width * 180 / Double.pi }.sorted()
        let expected = (1...12).map { 0.012 * Double($0) }
        #expect(widths.count == 12)
        for (w, e) in zip(widths, expected) { #expect(abs(w - e) < 1e-9, "arc of \(w)° vs \(e)°") }
        // The widest arc is the unpainted gap, reported as 12.
        let gapArc = consistency.mislabelled.max { $0.width < $1.width }!
        #expect(gapArc.reported == .label(12) && gapArc.truth == .blank)
        // Designed odds under a uniform angle: each label still gets exactly 1/12 (the 30° cases tile the circle).
        let odds = DesignedOdds(wheel, consistency: consistency)
        for label in 1...12 { #expect(abs(odds.uniformAngle[.label(label)]! - 1.0 / 12) < 1e-12) }
    }

    /// Rotary wheel: bounds are floats and the tests strict, so a release whose atan2f equals a bound selects
    /// nothing. For each bound, a release angle near it whose atan2f is exactly the bound must report no
    /// result (the float rounding of sin and cos can move atan2f off θ itself, so nearby angles are
    /// searched). Each of the n lines must carry a no-result arc; each such arc is about one float ulp of
    /// the angle (2^-25 … 2^-22 rad), so the total is between 1e-9 and 1e-6 of the circle.
    @Test(arguments: RotaryWheel.sectorCounts)
    func rotaryWheelSelectsNothingAtItsBounds(n: Int) throws {
        let wheel = try RotaryWheel(sectorCount: n)
        var hit = 0, bounds = 0
        for bound in wheel.sectorTable.flatMap({ [$0.minValue, $0.maxValue] }) where abs(bound) < Float.pi {
            bounds += 1
            let step = Double(bound.ulp) / 16
            let release = (-400...400).lazy.map { Double(bound) + Double($0) * step }
                .first { RotaryWheel.transformAngle($0) == Double(bound) }
            guard let release else { continue }
            hit += 1
            #expect(wheel.report(release) == .noResult, "n = \(n): release at bound \(bound) must select nothing")
        }
        #expect(hit >= bounds / 2, "n = \(n): only \(hit) of \(bounds) bounds reachable")
        let consistency = ConsistencyCheck(wheel)
        let nothing = consistency.partition.filter { $0.output == .noResult }
        let share = nothing.reduce(0.0) { $0 + ($1.to - $1.from) } / (2 * Double.pi)
        #expect(share > 1e-9 && share < 1e-6, "n = \(n): share \(share)")
        // Every line has a no-result arc within 1e-6 rad.
        let lines = wheel.geometry.lines.map { $0.rotation(in: .radians, pointer: wheel.geometry.pointerTurns) }
        for line in lines {
            let near =
                nothing.contains { $0.from - 1e-6 <= line && line <= $0.to + 1e-6 }
                || nothing.contains { $0.from - 1e-6 <= line + 2 * Double.pi && line + 2 * Double.pi <= $0.to + 1e-6 }
            #expect(near, "n = \(n): no no-result arc at line \(line)")
        }
        // Apart from slivers at the lines, every sector is reported where it is: all n labels appear,
        // nothing else, and every mislabelled arc (no result, or the neighbour where a float bound falls
        // short of the true line) lies within 1e-6 rad of a line.
        let labels = Set(consistency.partition.compactMap { $0.output.label })
        #expect(labels == Set(0..<n))
        for arc in consistency.mislabelled {
            let nearLine = lines.contains { line in
                [line - 2 * Double.pi, line, line + 2 * Double.pi].contains { arc.from - 1e-6 <= $0 && $0 <= arc.to + 1e-6 }
            }
            #expect(nearLine && arc.width < 1e-6, "n = \(n): \(arc)")
        }
    }

    @Test func rotaryWheelSnapsToTheMiddleOfTheSelectedSector() throws {
        let wheel = try RotaryWheel(sectorCount: 8)
        let width = 2 * Double.pi / 8
        for k in 0..<8 {
            for offset in [-0.3, 0.1, 0.45] {
                // Sector k's middle sits under the selection point at rotation −k·w.
                let release = -Double(k) * width + offset * width
                let rest = wheel.restingRotation(afterReleaseAt: release)
                #expect(wheel.report(release) == .label(k))
                let distance = remainder(rest + Double(k) * width, 2 * Double.pi)
                #expect(abs(distance) < 1e-6, "k = \(k), offset \(offset): rests \(distance) rad from the middle")
            }
        }
    }

    /// Target-index wheel: index i stops at slice·(n − i) degrees, which puts slice i's middle under the
    /// pointer: margin half a slice. Index n stops at 0 (slice 0) and reports nothing; −1 stops on slice n−1
    /// and traps on items[-1].
    @Test func targetIndexWheelLandsMidSliceAndMishandlesOutOfRangeIndices() throws {
        for n in [2, 6, 7, 12, 37] {
            let landing = LandingCheck(try TargetIndexWheel(itemCount: n))
            for l in landing.landings {
                #expect(l.correct, "n = \(n), index \(l.index)")
                #expect(abs(l.marginDegrees! - 180 / Double(n)) < 1e-9)
            }
            let byIndex = Dictionary(uniqueKeysWithValues: landing.outOfRange.map { ($0.index, $0) })
            #expect(byIndex[n]!.landsOn == .truth(.label(0)) && byIndex[n]!.reported == .outcome(.noResult))
            #expect(byIndex[n + 1]!.landsOn == .truth(.label(1)) && byIndex[n + 1]!.reported == .outcome(.noResult))
            #expect(byIndex[-1]!.landsOn == .truth(.label(n - 1)))
            guard case .trap = byIndex[-1]!.reported, case .trap(let reason) = byIndex[Int.min]!.reported else {
                Issue.record("\(byIndex[-1]!.reported), \(byIndex[Int.min]!.reported)")
                return
            }
            #expect(reason.hasPrefix("arithmetic overflow"))
            #expect(!landing.passed)
        }
    }
}

@Suite("Reference wheel: nothing worse than rounding at a line")
struct ReferenceWheelCheckTests {
    static let wheels: [ReferenceWheel] = [
        try! ReferenceWheel(equalSectors: 2), try! ReferenceWheel(equalSectors: 3), try! ReferenceWheel(equalSectors: 7),
        try! ReferenceWheel(equalSectors: 37), try! ReferenceWheel(equalSectors: 100),
        try! ReferenceWheel(weights: [1, 2, 3]), try! ReferenceWheel(weights: [0.5, 0.25, 0.125, 0.125]),
        try! ReferenceWheel(weights: [0.013, 0.4, 7, 1e-3, 2.5, 0.9]),
    ]

    @Test(arguments: wheels)
    func passes(wheel: ReferenceWheel) {
        let consistency = ConsistencyCheck(wheel)
        let boundary = BoundaryCheck(wheel)
        let wraparound = WraparoundCheck(wheel)
        let range = RangeCheck(wheel, consistency: consistency, boundary: boundary, wraparound: wraparound)
        // The reference computes in plain Double arithmetic: whatever the checks find is rounding at a line
        // (within 16 ulps) or latent (negative rotations its spins never reach), never material.
        let findings = WheelFindings(auditing: wheel)
        #expect(findings.material().isEmpty, "\(wheel.name): \(findings.material())")
        #expect(findings.all.allSatisfy { $0.findingClass == .rounding || $0.findingClass == .latent }, "\(findings.all)")
        #expect(range.passed, "no result or foreign label anywhere")
        #expect(consistency.mislabelledFraction < 1e-13, "\(consistency.mislabelledFraction)")
        // Every boundary failure sits at the line's nearest value or a few ulps from it, never farther.
        #expect(
            boundary.failures.allSatisfy {
                switch $0.context {
                case .nearLine(_, _, .nearest), .nearLine(_, _, .adjacent), .nearLine(_, _, .powerOfTwoUlps): true
                default: false
                }
            })
        _ = wraparound
        #expect(LandingCheck(wheel).passed)
        // Designed odds equal the sector shares.
        let odds = DesignedOdds(wheel, consistency: consistency)
        for sector in wheel.geometry.sectors {
            #expect(abs(odds.uniformAngle[.label(sector.label)]! - sector.widthTurns.value) < 1e-12)
            #expect(abs(odds.ownSpin[.label(sector.label)]! - sector.widthTurns.value) < 1e-12)
        }
    }
}

extension ReferenceWheel: CustomTestStringConvertible {
    public var testDescription: String { name }
}
