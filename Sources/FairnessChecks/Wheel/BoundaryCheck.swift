import FairnessModel
import Foundation

/// Boundary check: every sector line tried in the subject's own units and floating-point type — the
/// line's nearest representable rotation, 1, 2 and 3 adjacent values on each side, and offsets of
/// 2^8, 2^16 and 2^24 units in the last place and of 1e-9, 1e-6 and 1e-3 turn.
public struct BoundaryCheck: Sendable {
    /// The subject's name.
    public let subject: String
    /// The number of sector lines tried (every line of the subject's geometry).
    public let linesChecked: Int
    /// The number of test rotations evaluated: 19 per line.
    public let rotationsTried: Int
    /// The test rotations whose reported result the truth does not allow, line by line in the geometry's order.
    public let failures: [Counterexample]
    /// Whether every test rotation passed.
    public var passed: Bool { failures.isEmpty }

    /// Tries every sector line of `subject` and records the test rotations whose reported result the geometric
    /// truth does not allow (on a line, either neighbour's label passes).
    ///
    /// - Parameters:
    ///   - subject: The wheel to test.
    ///   - turnsShift: Whole turns added to every test rotation; with 0 (the default) each line is
    ///     tried at its rotation within [0, one turn).
    /// - Precondition: Every test rotation is finite in `Subject.Rotation` (the geometric truth requires
    ///   finite rotations); a `turnsShift` too large for the type breaks this.
    /// - Complexity: O(*L*): 19 test rotations per sector line, each one call of `report(_:)` and one truth
    ///   lookup, where *L* is the number of lines.
    public init<Subject: WheelSubject>(_ subject: Subject, turnsShift: Double = 0) {
        let geometry = subject.geometry
        let lines = geometry.lines
        var rotationsTried = 0
        var failures: [Counterexample] = []
        prefetchReports(subject, lines.flatMap { Self.testRotations(around: $0, of: subject, turnsShift: turnsShift).map(\.rotation) })
        for line in lines {
            for test in Self.testRotations(around: line, of: subject, turnsShift: turnsShift) {
                rotationsTried += 1
                let reported = subject.report(test.rotation)
                let truth = subject.truth(test.rotation)
                if !accepts(reported, truth: truth, geometry: geometry) {
                    failures.append(
                        Counterexample(
                            rotation: Double(test.rotation), context: test.context(line, geometry: geometry),
                            reported: reported, truth: TruthAtRest(truth, geometry: geometry)))
                }
            }
        }
        self.subject = subject.name
        linesChecked = lines.count
        self.rotationsTried = rotationsTried
        self.failures = failures
    }

    /// One test near a line: its rotation, and where it sits.
    struct TestRotation<Rotation: BinaryFloatingPoint> {
        typealias Offset = TestPoint.Offset
        let rotation: Rotation
        let offset: Offset
        let turnsShift: Double

        /// Where it sits, by the labels either side of `line`.
        func context(_ line: WheelGeometry.Line, geometry: WheelGeometry) -> TestPoint {
            .nearLine(labels: line.sectors.map { geometry.sectors[$0].label }, turnsShift: turnsShift, offset: offset)
        }
    }

    /// The 19 test rotations around one line, shifted by `turnsShift` whole turns.
    static func testRotations<Subject: WheelSubject>(
        around line: WheelGeometry.Line, of subject: Subject, turnsShift: Double
    )
        -> [TestRotation<Subject.Rotation>]
    {
        let unit = subject.rotationUnit
        let base = line.rotation(in: unit, pointer: subject.geometry.pointerTurns) + turnsShift * unit.fullTurn
        let r0 = Subject.Rotation(base)
        var result: [TestRotation<Subject.Rotation>] = []
        result.reserveCapacity(19)
        result.append(TestRotation(rotation: r0, offset: .nearest, turnsShift: turnsShift))
        var up = r0, down = r0
        for k in 1...3 {
            up = up.nextUp
            down = down.nextDown
            result.append(TestRotation(rotation: up, offset: .adjacent(k), turnsShift: turnsShift))
            result.append(TestRotation(rotation: down, offset: .adjacent(-k), turnsShift: turnsShift))
        }
        for power in [8, 16, 24] {
            let step = r0.ulp * Subject.Rotation(1 << power)
            result.append(TestRotation(rotation: r0 + step, offset: .powerOfTwoUlps(power, above: true), turnsShift: turnsShift))
            result.append(TestRotation(rotation: r0 - step, offset: .powerOfTwoUlps(power, above: false), turnsShift: turnsShift))
        }
        for fraction in [1e-9, 1e-6, 1e-3] {
            let step = fraction * unit.fullTurn
            result.append(
                TestRotation(rotation: Subject.Rotation(base + step), offset: .turns(fraction, above: true), turnsShift: turnsShift))
            result.append(
                TestRotation(rotation: Subject.Rotation(base - step), offset: .turns(fraction, above: false), turnsShift: turnsShift))
        }
        return result
    }
}
