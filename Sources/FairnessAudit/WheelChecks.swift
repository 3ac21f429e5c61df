import Foundation

/// Whether `reported` is an acceptable result when the truth is `truth`: strictly inside a sector, only
/// that sector's label; exactly on a line, either neighbour's; over a blank arc, only "no result".
func accepts(_ reported: WheelOutcome, truth: PointerTruth, geometry: WheelGeometry) -> Bool {
    switch truth {
    case .inside(let index): return reported == .label(geometry.sectors[index].label)
    case .onLine(let touching): return touching.contains { reported == .label(geometry.sectors[$0].label) }
    case .blank: return reported == .noResult
    }
}

/// The labels the truth allows, for messages.
func describe(_ truth: PointerTruth, geometry: WheelGeometry) -> String {
    switch truth {
    case .inside(let index): return "\(geometry.sectors[index].label)"
    case .onLine(let touching): return "on the line: " + touching.map { "\(geometry.sectors[$0].label)" }.joined(separator: " or ")
    case .blank: return "blank (no sector)"
    }
}

/// One probe whose reported result the truth does not allow.
public struct ProbeFailure: Sendable, Hashable {
    /// The rotation probed, in the subject's unit (printed with `%.17g` it reproduces the probe exactly).
    public let rotation: Double
    /// Where the probe sits (which line, which side, how far).
    public let context: String
    public let reported: WheelOutcome
    public let truth: String
}

/// Boundary check: every sector line probed in the subject's own units and floating-point type — the
/// line's nearest representable rotation, 1, 2 and 3 adjacent values on each side, and offsets of
/// 2^8, 2^16 and 2^24 units in the last place and of 1e-9, 1e-6 and 1e-3 turn.
public struct BoundaryCheck: Sendable {
    public let subject: String
    public let linesProbed: Int
    public let probes: Int
    public let failures: [ProbeFailure]
    public var passed: Bool { failures.isEmpty }

    public init<Subject: WheelSubject>(_ subject: Subject, turnsShift: Double = 0) {
        let geometry = subject.geometry
        var probes = 0
        var failures: [ProbeFailure] = []
        for line in geometry.lines {
            for (rotation, context) in Self.probes(around: line, of: subject, turnsShift: turnsShift) {
                probes += 1
                let reported = subject.report(rotation)
                let truth = subject.truth(rotation)
                if !accepts(reported, truth: truth, geometry: geometry) {
                    failures.append(ProbeFailure(rotation: Double(rotation), context: context, reported: reported,
                                                 truth: describe(truth, geometry: geometry)))
                }
            }
        }
        self.subject = subject.name
        linesProbed = geometry.lines.count
        self.probes = probes
        self.failures = failures
    }

    /// The probe rotations around one line, shifted by `turnsShift` whole turns, with their descriptions.
    static func probes<Subject: WheelSubject>(around line: WheelGeometry.Line, of subject: Subject, turnsShift: Double)
        -> [(Subject.Rotation, String)] {
        let unit = subject.rotationUnit
        let base = line.rotation(in: unit, pointer: subject.geometry.pointerTurns) + turnsShift * unit.fullTurn
        let name = "line " + line.sectors.map { "\(subject.geometry.sectors[$0].label)" }.joined(separator: "|")
            + (turnsShift == 0 ? "" : String(format: " shifted %+.0f turns", turnsShift))
        let r0 = Subject.Rotation(base)
        var result: [(Subject.Rotation, String)] = [(r0, "\(name), nearest value")]
        var up = r0, down = r0
        for k in 1...3 {
            up = up.nextUp
            down = down.nextDown
            result.append((up, "\(name), \(k) ulp above"))
            result.append((down, "\(name), \(k) ulp below"))
        }
        for power in [8, 16, 24] {
            let step = r0.ulp * Subject.Rotation(1 << power)
            result.append((r0 + step, "\(name), 2^\(power) ulp above"))
            result.append((r0 - step, "\(name), 2^\(power) ulp below"))
        }
        for fraction in [1e-9, 1e-6, 1e-3] {
            let step = fraction * unit.fullTurn
            result.append((Subject.Rotation(base + step), "\(name), \(fraction) turn above"))
            result.append((Subject.Rotation(base - step), "\(name), \(fraction) turn below"))
        }
        return result
    }
}

/// Wraparound check: the boundary probes shifted by ±1, ±2, ±3, ±1000 and ±10^6 whole turns; rotations of
/// exactly one turn, zero and negative zero; and how many turns, forwards and backwards, the wheel can
/// turn before floating-point precision breaks periodicity (every sector's middle probed at ±2^k turns,
/// k = 0 ... 62).
///
/// A shifted probe *breaks periodicity* when it fails although the same probe unshifted passes; failures
/// that are already there at zero turns are boundary defects, reported by ``BoundaryCheck``.
public struct WraparoundCheck: Sendable {
    public struct Shift: Sendable, Hashable {
        public let turns: Double
        public let probes: Int
        /// Probes failing here whose unshifted counterpart passes.
        public let periodicityBreaks: [ProbeFailure]
    }

    public let subject: String
    public let shifts: [Shift]
    /// Probes at exactly one turn (the subject's value of it), 0 and −0.0 that fail.
    public let specialFailures: [ProbeFailure]
    /// The largest 2^k turns at which every sector's middle is still reported correctly, forwards and
    /// backwards, and the first 2^k at which one is not (nil: none up to 2^62).
    public let lastPeriodicTurnsForward: Double?
    public let firstBrokenTurnsForward: Double?
    public let lastPeriodicTurnsBackward: Double?
    public let firstBrokenTurnsBackward: Double?

    public static let shiftTurns: [Double] = [1, -1, 2, -2, 3, -3, 1000, -1000, 1_000_000, -1_000_000]

    public var passed: Bool {
        shifts.allSatisfy { $0.periodicityBreaks.isEmpty } && specialFailures.isEmpty
            && firstBrokenTurnsForward.map { $0 > 1_000_000 } ?? true && firstBrokenTurnsBackward.map { $0 > 1_000_000 } ?? true
    }

    public init<Subject: WheelSubject>(_ subject: Subject) {
        let geometry = subject.geometry
        let unit = subject.rotationUnit
        let lines = geometry.lines
        func failing(_ rotation: Subject.Rotation) -> Bool {
            !accepts(subject.report(rotation), truth: subject.truth(rotation), geometry: geometry)
        }
        let baseline = lines.flatMap { BoundaryCheck.probes(around: $0, of: subject, turnsShift: 0) }.map { failing($0.0) }
        shifts = Self.shiftTurns.map { turns in
            let probes = lines.flatMap { BoundaryCheck.probes(around: $0, of: subject, turnsShift: turns) }
            var breaks: [ProbeFailure] = []
            for (index, (rotation, context)) in probes.enumerated() where !baseline[index] && failing(rotation) {
                breaks.append(ProbeFailure(rotation: Double(rotation), context: context, reported: subject.report(rotation),
                                           truth: describe(subject.truth(rotation), geometry: geometry)))
            }
            return Shift(turns: turns, probes: probes.count, periodicityBreaks: breaks)
        }
        var special: [ProbeFailure] = []
        for (value, context) in [(Subject.Rotation(unit.fullTurn), "exactly one turn"), (Subject.Rotation(0), "zero"),
                                 (-Subject.Rotation(0), "negative zero")] where failing(value) {
            special.append(ProbeFailure(rotation: Double(value), context: context, reported: subject.report(value),
                                        truth: describe(subject.truth(value), geometry: geometry)))
        }
        specialFailures = special
        let middles = geometry.sectors.map { sector -> Double in
            let middle = sector.startTurns + Turns(sector.widthTurns.value / 2)
            return (geometry.pointerTurns - middle).fractionalPart.value * unit.fullTurn
        }
        func periodicity(direction: Double) -> (last: Double?, broken: Double?) {
            var last: Double?
            for k in 0...62 {
                let turns = Double(sign: .plus, exponent: k, significand: 1)
                for middle in middles {
                    let value = Subject.Rotation(middle + direction * turns * unit.fullTurn)
                    if !value.isFinite || failing(value) { return (last, turns) }
                }
                last = turns
            }
            return (last, nil)
        }
        (lastPeriodicTurnsForward, firstBrokenTurnsForward) = periodicity(direction: 1)
        (lastPeriodicTurnsBackward, firstBrokenTurnsBackward) = periodicity(direction: -1)
        self.subject = subject.name
    }
}

/// One arc of the circle where the reported result differs from the truth.
public struct MislabelledArc: Sendable, Hashable {
    /// [from, to) in the subject's rotation unit, within one turn from 0.
    public let from: Double
    public let to: Double
    public let reported: WheelOutcome
    /// The truth on the arc's interior.
    public let truth: String
    /// The arc's share of the circle.
    public var width: Double { to - from }
}

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

/// Range check: every result the subject reported anywhere in the exact checks must be a sector's
/// label. Invalid results are listed with the share of the circle that shows them.
public struct RangeCheck: Sendable {
    public struct InvalidResult: Sendable, Hashable {
        public let outcome: WheelOutcome
        /// Share of one turn of rotation on which it is reported (0 if only seen at isolated probes).
        public let shareOfCircle: Double
        /// A rotation (subject unit) that produces it.
        public let example: Double
    }

    public let subject: String
    public let invalid: [InvalidResult]
    public var passed: Bool { invalid.isEmpty }

    public init<Subject: WheelSubject>(_ subject: Subject, consistency: ConsistencyCheck, boundary: BoundaryCheck, wraparound: WraparoundCheck) {
        let valid = Set(subject.geometry.labels)
        var share: [WheelOutcome: (Double, Double)] = [:]
        for segment in consistency.partition {
            if let label = segment.output.label, valid.contains(label) { continue }
            let width = (segment.to - segment.from) / subject.rotationUnit.fullTurn
            share[segment.output, default: (0, segment.from)].0 += width
        }
        let probeFailures = boundary.failures + wraparound.shifts.flatMap(\.periodicityBreaks) + wraparound.specialFailures
        for failure in probeFailures {
            if let label = failure.reported.label, valid.contains(label) { continue }
            if share[failure.reported] == nil { share[failure.reported] = (0, failure.rotation) }
        }
        invalid = share.map { InvalidResult(outcome: $0.key, shareOfCircle: $0.value.0, example: $0.value.1) }
            .sorted { $0.outcome < $1.outcome }
        self.subject = subject.name
    }
}

/// Designed odds: the exact probability of each reported result when the rest angle is uniform, and
/// under the subject's own spin (u uniform on its draw interval, pushed through its rotation arithmetic
/// from the initial rotation), both from exact partitions. These are the expected probabilities of the
/// Monte Carlo tests, and they show without sampling whether the wheel is fair as designed.
public struct DesignedOdds: Sendable {
    public let subject: String
    /// P(reported = outcome) for a rest angle uniform over a turn.
    public let uniformAngle: [WheelOutcome: Double]
    /// P(reported = outcome) under the subject's own spin distribution.
    public let ownSpin: [WheelOutcome: Double]
    /// P(truth = sector label) for a uniform rest angle: each sector's share of the circle (blank arcs as
    /// no result).
    public let geometricShare: [WheelOutcome: Double]

    public init<Subject: WheelSubject>(_ subject: Subject, consistency: ConsistencyCheck, steps: Int = ConsistencyCheck.defaultSteps) {
        var uniform: [WheelOutcome: Double] = [:]
        let turn = subject.rotationUnit.fullTurn
        for segment in consistency.partition {
            uniform[segment.output, default: 0] += (segment.to - segment.from) / turn
        }
        let draw = subject.spinDraw
        let initial = subject.initialRotation
        let spinSegments = PartitionFinder.segments(over: Subject.Rotation(draw.lower), Subject.Rotation(draw.upper), steps: steps) {
            subject.report(subject.rotation(afterDrawing: $0, from: initial))
        }
        var own: [WheelOutcome: Double] = [:]
        for segment in spinSegments {
            own[segment.output, default: 0] += Double(segment.to - segment.from) / (draw.upper - draw.lower)
        }
        var share: [WheelOutcome: Double] = [:]
        var covered = 0.0
        let geometry = subject.geometry
        for sector in geometry.sectors {
            share[.label(sector.label), default: 0] += sector.widthTurns.value
            covered += sector.widthTurns.value
        }
        if geometry.findings.contains(where: { $0.kind == .gap }) {
            let gaps = geometry.findings.filter { $0.kind == .gap }.reduce(0.0) { $0 + $1.width / geometry.unit.fullTurn }
            share[.noResult] = gaps
        }
        uniformAngle = uniform
        ownSpin = own
        geometricShare = share
        self.subject = subject.name
    }
}

/// Landing check for wheels told their result up front: for every valid index, the stop rotation must lie
/// strictly inside that index's sector (with its margin to the nearest line), and the wheel must report
/// that sector; what out-of-range and negative indices do is recorded.
public struct LandingCheck: Sendable {
    public struct Landing: Sendable, Hashable {
        public let index: Int
        /// Stop rotation in the subject's unit (nil if refused).
        public let rotation: Double?
        /// The sector truly under the pointer there (description).
        public let landsOn: String
        public let reported: String
        /// Distance from the pointer to the nearest line of the sector it lands in, in degrees.
        public let marginDegrees: Double?
        public let correct: Bool
    }

    public let subject: String
    public let landings: [Landing]
    /// Behaviour for out-of-range indices (-1, -count, count, count + 1, Int.max, Int.min).
    public let outOfRange: [Landing]
    public var passed: Bool { landings.allSatisfy(\.correct) && outOfRange.allSatisfy(\.correct) }

    public init<Subject: TargetedWheelSubject>(_ subject: Subject) {
        let geometry = subject.geometry
        let count = geometry.count
        func land(_ index: Int, mustLand: Bool) -> Landing {
            switch subject.spin(toIndex: index) {
            case .refused:
                return Landing(index: index, rotation: nil, landsOn: "refused (no spin)", reported: "nothing", marginDegrees: nil, correct: !mustLand)
            case .traps(let rotation, let reason):
                let truth = geometry.truth(rotation: Double(rotation), unit: subject.rotationUnit)
                return Landing(index: index, rotation: Double(rotation), landsOn: describe(truth, geometry: geometry),
                               reported: "traps: \(reason)", marginDegrees: nil, correct: false)
            case .stops(let rotation, let outcome):
                let truth = geometry.truth(rotation: Double(rotation), unit: subject.rotationUnit)
                var margin: Double?
                var correct = false
                if case .inside(let sector) = truth {
                    let position = geometry.positionUnderPointer(rotation: Double(rotation), unit: subject.rotationUnit)
                    let s = geometry.sectors[sector]
                    let offset = (position - s.startTurns).fractionalPart.value
                    margin = min(offset, s.widthTurns.value - offset) * 360
                    correct = mustLand ? (outcome == .label(s.label) && s.index == index) : outcome == .noResult
                } else {
                    correct = !mustLand && outcome == .noResult
                }
                return Landing(index: index, rotation: Double(rotation), landsOn: describe(truth, geometry: geometry),
                               reported: outcome.description, marginDegrees: margin, correct: correct)
            }
        }
        landings = subject.indices.map { land($0, mustLand: true) }
        outOfRange = [-1, -count, count, count + 1, Int.max, Int.min].map { land($0, mustLand: false) }
        self.subject = subject.name
    }
}
