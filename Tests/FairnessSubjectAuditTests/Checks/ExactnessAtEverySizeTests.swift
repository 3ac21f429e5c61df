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

/// A correct wheel generic over its rotation type, answering with the exact truth (half-open arcs: a
/// rotation exactly on a line goes to the sector starting there). Optionally plants a one-value shift
/// of one line: the first `shiftedValues` rotations at or past line `shiftedLine` still report the sector
/// before it.
struct ExactWheel<R: BinaryFloatingPoint & Sendable>: WheelSubject {
    typealias Rotation = R
    let geometry: WheelGeometry
    var name = "exact-wheel"
    var summary: String { "exact truth" }
    var rotationUnit: AngleUnit { geometry.unit }
    var initialRotation: R { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: geometry.unit) }
    var shiftedLine: Int? = nil
    var shiftedValues = 1
    var turnsPerSpin: R = 0

    func rotation(afterDrawing u: R, from previous: R) -> R { u + turnsPerSpin * R(rotationUnit.fullTurn) }

    func report(_ rotation: R) -> WheelOutcome {
        if let shiftedLine {
            let line = geometry.lines[shiftedLine]
            let cut = line.firstRotation(atOrPast: rotationUnit, pointer: geometry.pointerTurns, as: R.self)
            var end = cut
            for _ in 0..<shiftedValues { end = end.nextUp }
            if rotation >= cut && rotation < end, let previous = label(cut.nextDown) { return previous }
        }
        return label(rotation) ?? .noResult
    }

    private func label(_ rotation: R) -> WheelOutcome? {
        switch geometry.truth(rotation: Double(rotation), unit: rotationUnit) {
        case .inside(let index): return .label(geometry.sectors[index].label)
        case .onLine(let touching):
            let position = geometry.positionUnderPointer(rotation: Double(rotation), unit: rotationUnit)
            let starting = touching.first { index in
                let offset = (position - geometry.sectors[index].startTurns).fractionalPart.value
                return offset < 1e-12 || offset > 1 - 1e-12
            }
            return .label(geometry.sectors[starting ?? touching[0]].label)
        case .blank: return nil
        }
    }
}

@Suite("Exact figures at every sector width, position and size")
struct ExactnessAtEverySizeTests {
    /// Weights with one sector of `tiny` of the circle at `index`, the rest equal.
    static func weights(count: Int, tiny: Double, at index: Int) -> [Double] {
        var weights = [Double](repeating: (1 - tiny) / Double(count - 1), count: count)
        weights[index] = tiny
        return weights
    }

    static func shares(_ geometry: WheelGeometry) -> [WheelOutcome: Double] {
        var shares: [WheelOutcome: Double] = [:]
        for sector in geometry.sectors { shares[.label(sector.label), default: 0] += sector.widthTurns.value }
        return shares
    }

    /// The issue's own example: a one-in-a-million jackpot just before the wrap of the circle.
    @Test(arguments: [[999_999.0, 1], [9_999_999, 1], [99_999_999, 1], [1_000_000, 1, 1_000_000, 1], [1, 999_999]])
    func rareJackpotKeepsItsOdds(weights: [Double]) throws {
        let wheel = try ReferenceWheel(weights: weights)
        let consistency = ConsistencyCheck(wheel)
        let odds = DesignedOdds(wheel, consistency: consistency)
        let total = weights.reduce(0, +)
        // Each sector's odds are exact up to the spacing of doubles at the rotation of its two lines.
        let spacing = 2 * Double(360).ulp / 360
        for (index, weight) in weights.enumerated() {
            let share = weight / total
            #expect(
                abs((odds.ownSpin[.label(index + 1)] ?? 0) - share) <= max(share * 1e-9, spacing),
                "own spin, label \(index + 1): \(odds.ownSpin)")
            #expect(abs((odds.uniformAngle[.label(index + 1)] ?? 0) - share) <= max(share * 1e-9, spacing), "uniform, label \(index + 1)")
        }
        // The reference's Double lookup misplaces a line by a few ulps at most: rounding, never material.
        #expect(consistency.mislabelledFraction < 1e-13)
        #expect(WheelFindings(auditing: wheel).material().isEmpty)
    }

    /// Weights 1 ... 1000: every label keeps its share, and consistency and designed odds agree.
    @Test func thousandGraduatedSectors() throws {
        let weights = (1...1000).map(Double.init)
        let wheel = try ReferenceWheel(weights: weights)
        let consistency = ConsistencyCheck(wheel)
        let odds = DesignedOdds(wheel, consistency: consistency)
        let total = weights.reduce(0, +)
        for (index, weight) in weights.enumerated() {
            let share = weight / total
            #expect(abs((odds.ownSpin[.label(index + 1)] ?? 0) - share) <= share * 1e-9)
            #expect(abs((odds.uniformAngle[.label(index + 1)] ?? 0) - share) <= share * 1e-9)
        }
        #expect(odds.ownSpin.count == 1000 && odds.uniformAngle.count == 1000)
        #expect(consistency.mislabelledFraction < 1e-12)
        #expect(WheelFindings(auditing: wheel).material().isEmpty)
    }

    /// A sector of 10^-9 of the circle first, last, at the wrap (straddling the line where rotations wrap)
    /// and under the pointer, in Double and Float, degrees and radians: the exact odds from the partition
    /// equal the sectors' shares within one unit in the last place of the rotation per line.
    @Test(arguments: [0, 5, 11], [AngleUnit.degrees, .radians])
    func billionthSectorAnywhere(position: Int, unit: AngleUnit) throws {
        let weights = Self.weights(count: 12, tiny: 1e-9, at: position)
        for pointer in [0.0, 0.25, 0.5 + 1e-10] {
            let geometry = try WheelGeometry.weighted(weights, unit: unit, firstSectorStart: 0, pointer: pointer * unit.fullTurn)
            try checkShares(ExactWheel<Double>(geometry: geometry), tolerance: 4 * Double.ulpOfOne)
            try checkShares(ExactWheel<Float>(geometry: geometry), tolerance: 4 * Double(Float.ulpOfOne))
        }
        // Straddling the wrap: the first sector starts 0.5e-9 turn before the pointer.
        let straddle = try WheelGeometry.weighted(weights, unit: unit, firstSectorStart: -0.5e-9 * unit.fullTurn, pointer: 0)
        try checkShares(ExactWheel<Double>(geometry: straddle), tolerance: 4 * Double.ulpOfOne)
    }

    func checkShares<R>(_ wheel: ExactWheel<R>, tolerance: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let consistency = ConsistencyCheck(wheel)
        let odds = DesignedOdds(wheel, consistency: consistency)
        for (outcome, share) in Self.shares(wheel.geometry) {
            let own = odds.ownSpin[outcome] ?? 0, uniform = odds.uniformAngle[outcome] ?? 0
            if R.self == Double.self {
                #expect(
                    abs(own - share) <= max(share * 1e-6, tolerance), "\(R.self) \(outcome): own \(own) vs \(share)",
                    sourceLocation: sourceLocation)
            } else {
                // A sector narrower than a Float's spacing gets 0 or one spacing: only the absolute error is bounded.
                #expect(abs(own - share) <= tolerance, "\(R.self) \(outcome): own \(own) vs \(share)", sourceLocation: sourceLocation)
            }
            #expect(
                abs(uniform - own) <= tolerance, "\(R.self) \(outcome): uniform \(uniform) vs own \(own)", sourceLocation: sourceLocation)
        }
        #expect(consistency.passed, "\(consistency.mislabelled.prefix(3))", sourceLocation: sourceLocation)
    }

    /// Random weightings (property test): the exact odds from the partition are the sectors' shares.
    @Test func randomWeightingsKeepTheirShares() async {
        await propertyCheck(count: 25, input: Gen.double(in: 1e-9...1).array(of: 2...60)) { weights in
            let wheel = try! ReferenceWheel(weights: weights)
            let odds = DesignedOdds(wheel, consistency: ConsistencyCheck(wheel, steps: 4096))
            let total = weights.reduce(0, +)
            for (index, weight) in weights.enumerated() {
                let share = weight / total
                #expect(abs((odds.ownSpin[.label(index + 1)] ?? 0) - share) <= max(share * 1e-9, 1e-15), "\(weights)")
            }
        }
    }

    /// A line planted two values late (in Double and Float) is found and measured: one mislabelled arc,
    /// exactly as wide as the values that report the wrong side. (A value exactly on the line may report
    /// either neighbour, so the arc starts after it when the first value past the line is on it.)
    @Test(arguments: [0, 3, 7])
    func lineShiftedByTwoValuesIsFoundAndMeasured(line: Int) throws {
        let geometry = try WheelGeometry.weighted([3, 1, 4, 1, 5, 9, 2, 6], firstSectorStart: 270, pointer: 270)
        func expectShift<R: BinaryFloatingPoint & Sendable>(_: R.Type) {
            let cut = geometry.lines[line].firstRotation(atOrPast: .degrees, pointer: geometry.pointerTurns, as: R.self)
            let onLine: Bool
            if case .onLine = geometry.truth(rotation: Double(cut), unit: .degrees) { onLine = true } else { onLine = false }
            let from = onLine ? cut.nextUp : cut, to = cut.nextUp.nextUp
            let check = ConsistencyCheck(ExactWheel<R>(geometry: geometry, shiftedLine: line, shiftedValues: 2))
            #expect(check.mislabelled.count == 1, "\(R.self): \(check.mislabelled)")
            #expect(
                check.mislabelled.first.map { $0.from == Double(from) && $0.to == Double(to) } == true, "\(R.self): \(check.mislabelled)")
            #expect(check.mislabelledFraction == (Double(to) - Double(from)) / 360)
            #expect(ConsistencyCheck(ExactWheel<R>(geometry: geometry)).passed)
        }
        expectShift(Double.self)
        expectShift(Float.self)
    }

    /// A spin that adds whole turns (the rotation sweeps five turns over the draw) still finds every line.
    @Test func spinsOverManyTurnsFindEveryLine() throws {
        let geometry = try WheelGeometry.weighted(Self.weights(count: 7, tiny: 1e-9, at: 6), firstSectorStart: 270, pointer: 270)
        var wheel = ExactWheel<Double>(geometry: geometry)
        wheel.turnsPerSpin = 5
        let odds = DesignedOdds(wheel, consistency: ConsistencyCheck(wheel))
        #expect(abs((odds.ownSpin[.label(7)] ?? 0) - 1e-9) < 1e-15, "\(odds.ownSpin)")
    }
}

@Suite("Sampled tests for big wheels and rare prizes")
struct BigWheelSamplingTests {
    @Test func equalMassGroupsAreContiguousAndBalanced() {
        let masses = (1...1000).map(Double.init)
        for count in [2, 7, 100, 707, 999] {
            let groups = OutcomeSlots.equalMassGroups(masses, count: count)
            #expect(groups.count == count)
            #expect(groups.flatMap { $0 } == Array(0..<1000), "contiguous and complete")
            #expect(groups.allSatisfy { !$0.isEmpty })
            let total = masses.reduce(0, +)
            for group in groups {
                let mass = group.reduce(0.0) { $0 + masses[$1] }
                // Each group is within one sector's mass (at most 1000) of its share, give or take the last.
                #expect(mass <= total / Double(count) + 1000 + 1e-9, "\(count) groups: \(mass)")
            }
        }
        #expect(OutcomeSlots.equalMassGroups([1, 1, 1], count: 5) == [[0], [1], [2]])
    }

    /// The example: a 1-in-a-million jackpot passes the default gate at 100,000 trials and its
    /// odds are tested on their own.
    @Test func rareJackpotPassesTheDefaultGate() throws {
        let wheel = try ReferenceWheel(weights: [999_999, 1], name: "jackpot")
        let report = try Audit.run([AuditSubject(wheel: wheel)], settings: AuditSettings(run: RunSettings(trials: 100_000, seed: 7)))
        #expect(report.gate != .fail, "\(report.checks.filter { $0.status == .fail })")
        #expect(report.checks.contains { $0.checkName == "rare outcome 2 vs designed odds (exact binomial)" && $0.pValue != nil })
        #expect(report.checks.first { $0.checkName == "designed odds equal claimed odds" }?.status == .pass)
    }

    /// Weights 1 ... 1000 at 10^7 spins: serial independence is tested (over about 700 groups of equal
    /// designed odds), not left inconclusive, and the sampled checks pass.
    @Test func thousandSectorWheelIsTestableAtTenMillionSpins() throws {
        let wheel = try ReferenceWheel(weights: (1...1000).map(Double.init), name: "thousand")
        let report = try Audit.run([AuditSubject(wheel: wheel)], settings: AuditSettings(run: RunSettings(trials: 10_000_000, seed: 3)))
        let serial = try #require(report.checks.first { $0.checkName == "serial independence (consecutive results)" })
        #expect(serial.pValue != nil, "\(serial.detail)")
        #expect(serial.detail.contains("groups"), "\(serial.detail)")
        #expect(
            report.checks.filter { $0.kind == .sampling }.allSatisfy { $0.status == .pass },
            "\(report.checks.filter { $0.status != .pass })")
    }
}
