import Foundation

/// Consistency over the whole circle: the subject's own partition of one turn of rotation (where its
/// report changes, located to adjacent floating-point values), compared with the geometric truth.
public struct ConsistencyCheck: Sendable {
    public let subject: String
    public let rotationUnit: AngleUnit
    /// The subject's partition of [0, one turn): each maximal arc with one reported result.
    public let partition: [Segment<Double, WheelOutcome>]
    public let mislabelled: [MislabelledArc]
    /// Mislabelled share of the circle (Σ widths / one turn).
    public let mislabelledFraction: Double
    /// Sweep resolution: the spacing of the dense sweep, in the rotation unit. Slivers narrower than this
    /// are found only where they touch a sector line (every line and its neighbours are swept).
    public let sweepStep: Double
    public var passed: Bool { mislabelled.isEmpty }

    public static let defaultSteps = 1 << 16

    public init<Subject: WheelSubject>(_ subject: Subject, steps: Int = ConsistencyCheck.defaultSteps) {
        let geometry = subject.geometry
        let unit = subject.rotationUnit
        let turn = Subject.Rotation(unit.fullTurn)
        let exactCuts: [Subject.Rotation] = geometry.lines.map {
            $0.firstRotation(atOrPast: unit, pointer: geometry.pointerTurns, as: Subject.Rotation.self)
        }
        let lineRotations = exactCuts.map { Double($0) }
        var extra: [Subject.Rotation] = []
        for r in exactCuts {
            var up = r, down = r
            extra.append(up)
            for _ in 0..<3 { up = up.nextUp; down = down.nextDown; extra.append(up); extra.append(down) }
        }
        let segments = PartitionFinder.segments(over: Subject.Rotation(0), turn, steps: steps, extraPoints: extra) {
            subject.report($0)
        }
        partition = segments.map { Segment(from: Double($0.from), to: Double($0.to), output: $0.output) }
        // Split each segment at the lines; the truth is constant between lines.
        let cuts = lineRotations.sorted()
        var arcs: [MislabelledArc] = []
        for segment in partition {
            var points = [segment.from]
            points += cuts.filter { $0 > segment.from && $0 < segment.to }
            points.append(segment.to)
            for (a, b) in zip(points, points.dropFirst()) where b > a {
                // The truth is constant on [a, b): cuts sit at the first value at or past each line.
                var middle = a + (b - a) / 2
                if middle >= b { middle = a }
                let truth = geometry.truth(rotation: middle, unit: unit)
                if !accepts(segment.output, truth: truth, geometry: geometry) {
                    let description = describe(truth, geometry: geometry)
                    if let last = arcs.last, last.to == a, last.reported == segment.output, last.truth == description {
                        arcs[arcs.count - 1] = MislabelledArc(from: last.from, to: b, reported: segment.output, truth: description)
                    } else {
                        arcs.append(MislabelledArc(from: a, to: b, reported: segment.output, truth: description))
                    }
                }
            }
        }
        mislabelled = arcs
        var sum = 0.0, compensation = 0.0
        for arc in arcs {
            let y = arc.width - compensation
            let t = sum + y
            compensation = (t - sum) - y
            sum = t
        }
        mislabelledFraction = sum / unit.fullTurn
        sweepStep = unit.fullTurn / Double(steps)
        rotationUnit = unit
        self.subject = subject.name
    }
}
