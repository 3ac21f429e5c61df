import FairnessModel

/// What a wheel shows in play: one spin from its initial rotation, the drawn value u uniform on the
/// subject's `SpinDraw` and pushed through its own spin rule, partitioned exactly by the reported result
/// (every value of u at which the rotation reaches a sector line bisected to adjacent values, plus a
/// sweep — the procedure of the consistency check) and compared with the truth at the rotation reached.
///
/// Its odds are the designed odds under the subject's own spin (``DesignedOdds/ownSpin``); its wrong arcs,
/// classified, are what the finding classes measure: the share of spins showing an invalid result, a
/// mislabel away from the lines, or a wrong label within the rounding band of a line (``RoundingBand``).
public struct OwnSpinPlay: Sendable {
    /// One arc of drawn values on which the reported result is wrong.
    public struct WrongArc: Sendable, Hashable {
        /// The drawn values [from, to), in the unit of the subject's `SpinDraw`.
        public let from: Double
        /// The first drawn value past the arc.
        public let to: Double
        /// The rotations the arc's ends put the wheel at, in the subject's rotation unit.
        public let rotations: ClosedRange<Double>
        /// What the subject reports on the arc.
        public let reported: WheelOutcome
        /// What the truth allows there.
        public let truth: TruthAtRest
        /// ``FindingClass/invalid``, ``FindingClass/mislabel`` or ``FindingClass/rounding``.
        public let findingClass: FindingClass
        /// The arc's share of spins: its width over the draw interval's.
        public let share: Double
    }

    /// The subject's name.
    public let subject: String
    /// P(reported = outcome) for one spin from the initial rotation.
    public let odds: [WheelOutcome: Double]
    /// Every arc of drawn values with a wrong result, in order.
    public let wrongArcs: [WrongArc]
    /// The share of spins showing a result that is no sector's label (or no result).
    public let invalidShare: Double
    /// The share of spins showing a valid but wrong label away from the lines.
    public let mislabelShare: Double
    /// The share of spins showing a wrong label within the rounding band of a line, or stopping exactly on
    /// a line (the pointer on a divider).
    public let roundingShare: Double
    /// The part of ``roundingShare`` that shows a label the truth does not allow (floating point's slip
    /// next to a line), without stops exactly on a line: the only rounding that moves the odds.
    public let wrongLabelRoundingShare: Double

    /// Partitions one spin of `subject` from its initial rotation.
    /// - Parameters:
    ///   - subject: The wheel.
    ///   - steps: Sweep points over the draw interval, besides the points at every line crossing.
    /// - Complexity: O((steps + L·T) · b) evaluations of the spin and the report, L the number of lines,
    ///   T the turns the rotation makes over the draw and b the bisection steps per change.
    public init<Subject: WheelSubject>(_ subject: Subject, steps: Int = ConsistencyCheck.defaultSteps) {
        self.init(subject, steps: steps, from: subject.initialRotation)
    }

    /// Partitions one spin of `subject` from the rotation `previous` (a state later in a session, say).
    /// - Complexity: as ``init(_:steps:)``.
    public init<Subject: WheelSubject>(_ subject: Subject, steps: Int = ConsistencyCheck.defaultSteps, from previous: Subject.Rotation) {
        let draw = subject.spinDraw
        let initial = previous
        let spin = { (u: Subject.Rotation) in subject.rotation(afterDrawing: u, from: initial) }
        let (segments, cuts) = WheelPartition.segments(
            of: subject, over: Subject.Rotation(draw.lower), Subject.Rotation(draw.upper), steps: steps, spunFrom: initial, rotation: spin)
        // Widths in Double (a Float subtraction would round), over the interval the subject's own type
        // actually covers (Float(2π) exceeds 2π), so the odds sum to 1.
        let span = Double(Subject.Rotation(draw.upper)) - Double(Subject.Rotation(draw.lower))
        var odds: [WheelOutcome: Double] = [:]
        for segment in segments {
            odds[segment.output, default: 0] += (Double(segment.to) - Double(segment.from)) / span
        }
        let valid = Set(subject.geometry.labels)
        let lines = LineDistances(subject.geometry, unit: subject.rotationUnit)
        var shares: [FindingClass: Double] = [:]
        var slips = 0.0
        // In play a spin that stops over an unpainted arc and shows nothing is an invalid outcome too.
        let turn = subject.rotationUnit.fullTurn
        var arcs: [WrongArc] = []
        for arc in WheelPartition.mislabelledArcs(of: subject, segments: segments, cuts: cuts, rotation: spin, showsAResult: true) {
            let a = spin(Subject.Rotation(arc.from)), b = spin(Subject.Rotation(arc.to).nextDown)
            let findingClass: FindingClass
            if let label = arc.reported.label, valid.contains(label) {
                findingClass = a.isFinite && b.isFinite && lines.withinBand(from: min(a, b), to: max(a, b)) ? .rounding : .mislabel
            } else {
                findingClass = .invalid
            }
            let share = arc.width / span
            // A stop exactly on a line that only the subject's own number type puts there (the draws that
            // round onto the line, no wider than the rounding band) is floating point's grain, not a stop
            // rule holding the pointer on a divider: not a finding, as at rest.
            let grain = 2 * RoundingBand.halfWidth(at: a, unit: subject.rotationUnit) / turn
            if arc.acceptedAtRest && findingClass == .rounding && share <= grain { continue }
            shares[findingClass, default: 0] += share
            if findingClass == .rounding && !arc.acceptedAtRest { slips += share }
            // A spin that traps has no rotation: its arc is reported at 0...0 with the truth "blank".
            let ends = [Double(a), Double(b)].filter(\.isFinite)
            arcs.append(
                WrongArc(
                    from: arc.from, to: arc.to, rotations: (ends.min() ?? 0)...(ends.max() ?? 0), reported: arc.reported,
                    truth: arc.truth, findingClass: findingClass, share: share))
        }
        wrongArcs = arcs
        invalidShare = shares[.invalid] ?? 0
        mislabelShare = shares[.mislabel] ?? 0
        roundingShare = shares[.rounding] ?? 0
        wrongLabelRoundingShare = slips
        self.odds = odds
        self.subject = subject.name
    }

    private init(merging a: OwnSpinPlay, _ b: OwnSpinPlay) {
        subject = a.subject
        odds = a.odds
        wrongArcs = a.wrongArcs + b.wrongArcs
        invalidShare = max(a.invalidShare, b.invalidShare)
        mislabelShare = max(a.mislabelShare, b.mislabelShare)
        roundingShare = max(a.roundingShare, b.roundingShare)
        wrongLabelRoundingShare = max(a.wrongLabelRoundingShare, b.wrongLabelRoundingShare)
    }

    /// The first spin and, for a wheel whose rotation accumulates, a spin at the end of a session: what
    /// play shows at either end. ``odds`` are the first spin's; the shares are the larger of the two, and
    /// `lateOdds` are the late spin's odds (nil if the rotation does not accumulate).
    /// - Parameters:
    ///   - subject: The wheel.
    ///   - steps: Sweep points of each partition.
    ///   - sessionSpins: The session length: the late spin starts where `sessionSpins` spins with the middle
    ///     draw leave the wheel.
    /// - Complexity: one or two partitions, each as ``init(_:steps:)``, plus `sessionSpins` spin-rule calls.
    public static func session<Subject: WheelSubject>(
        _ subject: Subject, steps: Int = ConsistencyCheck.defaultSteps, sessionSpins: Int = SessionReach.defaultSpins
    ) -> (play: OwnSpinPlay, lateOdds: [WheelOutcome: Double]?) {
        let first = OwnSpinPlay(subject, steps: steps)
        let middle = Subject.Rotation((subject.spinDraw.lower + subject.spinDraw.upper) / 2)
        var rotation = subject.initialRotation
        for _ in 0..<max(0, sessionSpins - 1) { rotation = subject.rotation(afterDrawing: middle, from: rotation) }
        // A rule that resets (or wraps into one turn) is the same at the end of a session as at its start.
        guard rotation.isFinite, abs(Double(rotation)) >= 2 * subject.rotationUnit.fullTurn else { return (first, nil) }
        // Every line crossing is found exactly whatever the sweep; the sweep only looks for changes away
        // from the lines, which the first spin's full sweep has already looked for.
        let late = OwnSpinPlay(subject, steps: max(1_024, steps / 8), from: rotation)
        return (OwnSpinPlay(merging: first, late), late.odds)
    }

    /// The share of spins of `findingClass` (0 for ``FindingClass/odds`` and ``FindingClass/latent``).
    public func share(of findingClass: FindingClass) -> Double {
        switch findingClass {
        case .invalid: return invalidShare
        case .mislabel: return mislabelShare
        case .rounding: return roundingShare
        case .odds, .latent: return 0
        }
    }
}
