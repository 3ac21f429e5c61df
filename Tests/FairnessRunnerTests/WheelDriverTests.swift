import FairnessModel
import FairnessSubjects
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

/// A wheel whose report sometimes names a label no sector carries (or nothing), so every path of the
/// driver's slot lookup is taken: its three sectors' labels are not consecutive by default (a table
/// lookup), or consecutive (a subtraction) when given so.
struct StrayLabelWheel: WheelSubject {
    typealias Rotation = Double
    /// The labels of the sectors [0°, 100°), [100°, 200°) and [200°, 360°).
    var labels = [3, 10, 7]
    var geometry: WheelGeometry {
        try! WheelGeometry(
            drawnArcs: [
                DrawnArc(label: labels[0], start: 0, end: 100), DrawnArc(label: labels[1], start: 100, end: 200),
                DrawnArc(label: labels[2], start: 200, end: 360),
            ], unit: .degrees, direction: .clockwise, pointer: 0)
    }
    var name: String { "stray-label-wheel" }
    var summary: String { "test subject" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    /// One turn of degrees by default; the driver's loop has a shape for [0, 1), [0, upper) and others.
    var spinDraw: SpinDraw = .oneTurn(in: .degrees)
    func rotation(afterDrawing u: Double, from previous: Double) -> Double {
        let degrees = (u - spinDraw.lower) * 360 / (spinDraw.upper - spinDraw.lower)
        return (previous + degrees).truncatingRemainder(dividingBy: 360)
    }
    func report(_ rotation: Double) -> WheelOutcome {
        if rotation < 5 { return .noResult }
        if rotation < 12 { return .label(99) }
        if rotation < 15 { return .label(-4) }
        return .label(rotation < 100 ? labels[0] : rotation < 200 ? labels[1] : labels[2])
    }
}

@Suite("Wheel driver")
struct WheelDriverTests {
    /// Counts, pairs and stray labels of `range`, spun one trial at a time from the same randomness.
    static func naiveTally<Subject: WheelSubject>(
        _ subject: Subject, slots: OutcomeSlots, range: Range<UInt64>, seed: UInt64, block: UInt64
    ) -> OutcomeTally {
        var tally = OutcomeTally(slots: slots.count, pairGroups: slots.pairGroupCount)
        var randomness = XoshiroBlockRandomness(context: (), seed: seed, stream: 0, block: block)
        var previous = subject.initialRotation, previousGroup = -1
        for trial in range {
            let spin = randomness.withTrial(trial) { subject.spin(from: previous, using: &$0) }
            previous = spin.rotation
            tally.record(spin.outcome, slot: slots.slot(spin.outcome), slots: slots, previousGroup: &previousGroup)
        }
        tally.trials = UInt64(range.count)
        return tally
    }

    @Test(arguments: [1, 7, 500, 20_000])
    func theBlockLoopTalliesWhatANaiveLoopTallies(trials: Int) throws {
        // A block of 20,000 trials takes the one-increment path (counts from the pair table's columns);
        // shorter ones, and coarse pair groups, count both.
        let draws = [SpinDraw.oneTurn(in: .degrees), .unitInterval, try SpinDraw(lower: -3, upper: 7.5)]
        // Labels in a table, consecutive, and spanning 2^16 or more values (a dictionary), up to Int's ends.
        let labelSets = [[3, 10, 7], [4, 5, 6], [3, 100_000, 7], [Int.max, 5, Int.min]]
        let subjects = labelSets.flatMap { labels in draws.map { StrayLabelWheel(labels: labels, spinDraw: $0) } }
        for subject in subjects {
            let slots = WheelDriver(subject).slots
            #expect(slots.labelsAreConsecutive == (subject.labels == [4, 5, 6]))
            #expect(slots.table.isEmpty == (subject.labels.max()! > 10))
            for groups in [nil, [[0, 1], [2]]] as [[[Int]]?] {
                let driver = WheelDriver(subject, pairGroups: groups)
                let range: Range<UInt64> = 40_000..<(40_000 + UInt64(trials))
                var tally = driver.makeTally()
                // A tally that already holds counts: the block's are added to them.
                tally.counts[0] = 5
                tally.pairs[0] = 3
                var randomness = XoshiroBlockRandomness(context: (), seed: 11, stream: 0, block: 2)
                driver.run(range, randomness: &randomness, into: &tally)
                let naive = Self.naiveTally(subject, slots: driver.slots, range: range, seed: 11, block: 2)
                var expectedCounts = naive.counts, expectedPairs = naive.pairs
                expectedCounts[0] += 5
                expectedPairs[0] += 3
                #expect(tally.counts == expectedCounts, "groups \(String(describing: groups)), \(trials) trials")
                #expect(tally.pairs == expectedPairs)
                #expect(tally.invalidLabels == naive.invalidLabels && tally.trials == UInt64(trials))
                if trials == 20_000 { #expect(naive.invalidLabels[99, default: 0] > 0 && naive.invalidLabels[-4, default: 0] > 0) }
                // The randomness moved on by exactly the block's draws.
                var fresh = XoshiroBlockRandomness(context: (), seed: 11, stream: 0, block: 2)
                for trial in range { _ = fresh.withTrial(trial) { $0.next() } }
                #expect(randomness.withTrial(0) { $0.next() } == fresh.withTrial(0) { $0.next() })
            }
        }
    }

    @Test func theDrawShapesGiveSpinDrawsValuesToTheBit() throws {
        var generator = Xoshiro256StarStar(seed: 5, stream: 0, block: 0)
        let units =
            [0, .leastNonzeroMagnitude, 0x1p-53, 0.5, 1.0.nextDown] + (0..<100_000).map { _ in Sampling.unitInterval(using: &generator) }
        let shapes: [(SpinDraw, any DrawMapping)] = [
            (.unitInterval, UnitDraw()), (.oneTurn(in: .degrees), ScaledDraw(width: 360)),
            (.oneTurn(in: .radians), ScaledDraw(width: 2 * Double.pi)), (try SpinDraw(lower: 0, upper: 1e-300), ScaledDraw(width: 1e-300)),
            (try SpinDraw(lower: -0.0, upper: 7), ScaledDraw(width: 7)),
            (try SpinDraw(lower: -3, upper: 7.5), IntervalDraw(interval: try SpinDraw(lower: -3, upper: 7.5))),
        ]
        for (draw, mapping) in shapes {
            let differing = units.filter { draw.value(at: $0).bitPattern != mapping.value(at: $0).bitPattern }
            #expect(differing.isEmpty, "\(draw): \(differing.prefix(3))")
        }
    }

    @Test func consecutiveLabelsMapStraightToSlots() throws {
        let slots = OutcomeSlots(labels: [4, 5, 6, 7])
        #expect(slots.labelsAreConsecutive && slots.pairGroupsAreSlots)
        #expect(!OutcomeSlots(labels: [4, 6, 5]).labelsAreConsecutive)
        #expect(!OutcomeSlots(labels: [Int.max, Int.max]).labelsAreConsecutive)
        let wheel = try ReferenceWheel(equalSectors: 37)
        let driver = WheelDriver(wheel)
        var tally = driver.makeTally()
        var randomness = XoshiroBlockRandomness(context: (), seed: 3, stream: 0, block: 0)
        driver.run(0..<65_536, randomness: &randomness, into: &tally)
        let naive = Self.naiveTally(wheel, slots: driver.slots, range: 0..<65_536, seed: 3, block: 0)
        #expect(tally.counts == naive.counts && tally.pairs == naive.pairs && tally.counts.reduce(0, +) == 65_536)
    }
}
