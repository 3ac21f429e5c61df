import FairnessModel
import Foundation

/// Landing check for wheels told their result up front: one exact partition of every play over the index
/// told and the game's own draw u, judged against the geometric truth.
///
/// For each index (the valid ones and six out of range), the game is asked at ``drawSteps`` + 1 draws u —
/// k/``drawSteps`` and the last draw below 1 — and, between neighbouring draws where what it does changes
/// (the result it shows, or how that result is judged), bisected on the 2⁵³ grid of draws (u = m · 2⁻⁵³,
/// the draws of a 53-bit uniform double) to the exact draw where it changes; every request of a round goes
/// in one batch. The result is a list of ``Run``s: intervals of draws on which the index's play shows one
/// outcome judged one way, so each share (of a verdict, of an outcome) is an exact count of draws — for
/// games whose play changes at most once between neighbouring evaluated draws. The landing check, the
/// finding classes, the designed odds and the sampled tests' expected counts all come from these runs, so
/// no two of them can disagree about a play.
///
/// How a play of a valid index i is judged (``Verdict``), with b the ``RoundingBand`` half-width at the stop
/// and b₁ the half-width at one turn (which does not grow with the rotation):
/// - ``Verdict/correct``: it stops inside sector i, more than b₁ from its lines, and shows its label;
/// - ``Verdict/rounding``: it stops on a line of sector i, within b₁ of one on the inside, or within b of one
///   on the outside, and shows the label of a sector within b of the stop (the pointer on a divider: the
///   player cannot tell which prize is meant);
/// - ``Verdict/mislabel``: it stops inside another sector, farther than b from sector i, and shows that
///   sector's label (the player gets another prize than the game decided);
/// - ``Verdict/invalid``: it refuses, traps, stops over a part of the circle no sector covers, or shows
///   something other than a sector within b of where it stopped (no result included).
///
/// An out-of-range index is ``Verdict/correct`` when refused or answered with no result, otherwise
/// ``Verdict/invalid`` (mishandled; the finding classes call it latent, as play never draws it).
public struct LandingCheck: Sendable {
    /// How one play is judged, most severe first.
    public enum Verdict: Int, Sendable, Hashable, Comparable, CaseIterable, Codable {
        /// A result that is not where the wheel stopped: refused, trapped, no result, blank, another label.
        case invalid
        /// The label of the sector it stopped in, but not the sector of the index told.
        case mislabel
        /// On (or within the rounding band of) a line of the index's sector, showing a sector at that line.
        case rounding
        /// Strictly inside the index's sector, showing its label.
        case correct

        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// An interval of the game's own draws on which one index's play shows one outcome, judged one way.
    public struct Run: Sendable, Hashable {
        /// The index told.
        public let index: Int
        /// The draws u = m · 2⁻⁵³ for m in this range.
        public let draws: Range<UInt64>
        /// What the play shows, as sampling records it: a refusal and a trap record no result.
        public let outcome: WheelOutcome
        /// How the play is judged.
        public let verdict: Verdict
        /// The run's share of the index's draws: its length over 2⁵³.
        public var share: Double { Double(draws.count) * 0x1p-53 }
    }

    /// Where a play ended, as the truth sees it.
    public enum Place: Sendable, Hashable, Codable {
        /// It stopped at a finite rotation, where the truth is this.
        case truth(TruthAtRest)
        /// It refused: the wheel did not spin.
        case noSpin
        /// It trapped before the wheel stopped.
        case trappedBeforeStopping
        /// Its stop is not a finite number.
        case notFinite
    }

    /// What a play showed.
    public enum Shown: Sendable, Hashable, Codable {
        /// Nothing: the game refused the index.
        case nothing
        /// The game trapped (crashed, threw), for this reason.
        case trap(reason: String)
        /// A result.
        case outcome(WheelOutcome)
    }

    /// What the wheel did when told one index, summed over the game's draws.
    public struct Landing: Sendable, Hashable {
        /// The index the wheel was told to land on.
        public let index: Int
        /// Stop rotation in the subject's unit at ``draw`` (nil if refused or trapped before stopping).
        public let rotation: Double?
        /// What is truly under the pointer there.
        public let landsOn: Place
        /// What the wheel reported at ``draw``.
        public let reported: Shown
        /// The smallest distance from the pointer to a line of the index's sector over the correct draws
        /// evaluated (the draw described when none is correct), in degrees; nil when no draw stopped inside
        /// a sector.
        public let marginDegrees: Double?
        /// Whether the wheel did the right thing for every draw: for a valid index, stop strictly inside
        /// that index's sector and report its label; for an out-of-range index, refuse or report no result.
        public let correct: Bool
        /// The share of the game's own draws u in [0, 1) for which it does not do the right thing.
        public let wrongShareOfDraws: Double
        /// The most severe verdict over the index's draws.
        public let worst: Verdict
        /// The draw of the landing described, 1/2 when all are right; otherwise the most telling wrong one:
        /// the first of the most severe verdict that shows another result than the sector it stops on (or
        /// none), else the one that stops deepest inside another sector, else the first wrong one.
        public let draw: Double
    }

    /// Draws per index besides the last draw below 1: u = k / ``drawSteps``.
    public static let drawSteps = 256

    /// The subject's name.
    public let subject: String
    /// The rotation the wheel rested at before the spins judged here, in the subject's unit: its initial
    /// rotation for a first spin, where an earlier spin left it for a later spin of a session.
    public let previousRotation: Double
    /// One landing for every index in the subject's `indices` and every other index its own draw picks
    /// (`TargetedWheelSubject.indexDistribution`), in order.
    public let landings: [Landing]
    /// Behaviour for out-of-range indices (-1, -count, count, count + 1, Int.max, Int.min).
    public let outOfRange: [Landing]
    /// The partition of every valid index's draws, by index then draw.
    public let runs: [Run]
    /// The partition of every out-of-range index's draws.
    public let outOfRangeRuns: [Run]

    /// Whether every valid and every out-of-range index was handled correctly.
    ///
    /// - Complexity: O(*n*), where *n* is the number of landings.
    public var passed: Bool { landings.allSatisfy(\.correct) && outOfRange.allSatisfy(\.correct) }

    /// The probability of each outcome in play: the index drawn with `probabilities` (by index; indices
    /// absent or at 0 are never drawn) times the game's own uniform draw.
    /// - Complexity: O(*r*) for *r* runs.
    public func odds(probabilities: [Int: Double]) -> [WheelOutcome: Double] {
        var odds: [WheelOutcome: Double] = [:]
        for run in runs {
            guard let p = probabilities[run.index], p > 0 else { continue }
            odds[run.outcome, default: 0] += p * run.share
        }
        return odds
    }

    /// Spins `subject` from its initial rotation (a first spin) to every index in its `indices` and to six
    /// out-of-range indices, over the game's own draws, and judges every play against the geometric truth.
    ///
    /// - Parameter subject: The wheel told its result up front.
    /// - Complexity: O((*n* + 6) · (``drawSteps`` + *c* · 53)) calls of `spins(_:from:)` per request and
    ///   truth lookups, where *n* is `subject.indices.count` and *c* the changes of play over one index's
    ///   draws; one batch per bisection round.
    public init<Subject: TargetedWheelSubject>(_ subject: Subject) {
        self.init(subject, from: subject.initialRotation, outOfRange: true)
    }

    /// Spins `subject` to every index it can draw (no out-of-range ones) when its previous spin left it at
    /// `previous`, over the game's own draws: a later spin of a session.
    /// - Complexity: as ``init(_:)`` without the six out-of-range indices.
    public init<Subject: TargetedWheelSubject>(_ subject: Subject, from previous: Subject.Rotation) {
        self.init(subject, from: previous, outOfRange: false)
    }

    private init<Subject: TargetedWheelSubject>(_ subject: Subject, from previous: Subject.Rotation, outOfRange asksOutside: Bool) {
        let judge = LandingJudge(subject)
        let count = subject.geometry.count
        // Every index the game can be told: its range, and any other index its own draw picks.
        let valid = Self.indicesInPlay(subject)
        // Out of range: six indices the game does not draw (one its own draw picks is in play, not outside).
        let outside = asksOutside ? [-1, -count, count, count + 1, Int.max, Int.min].filter { !valid.contains($0) } : []
        let all = valid.map { ($0, true) } + outside.map { ($0, false) }
        // Every index's play over the game's own draws, all indices in one batch per round.
        let results = DrawGrid.evaluate(streams: all.count, steps: Self.drawSteps, same: { $0.key == $1.key }) { requests in
            let spins = subject.spins(requests.map { (index: all[$0.stream].0, u: DrawGrid.u($0.m)) }, from: previous)
            return zip(requests, spins).map { request, spin in judge.point(all[request.stream].0, spin, mustLand: all[request.stream].1) }
        }
        var landings: [Landing] = []
        var runs: [[Run]] = []
        for (position, (index, _)) in all.enumerated() {
            let indexRuns = DrawGrid.runs(results[position]) { $0.key }.map {
                Run(index: index, draws: $0.draws, outcome: $0.key.outcome, verdict: $0.key.verdict)
            }
            runs.append(indexRuns)
            landings.append(
                Self.landing(
                    index, points: results[position], evaluated: results[position].keys.sorted(), runs: indexRuns,
                    gridMiddle: DrawGrid.size / 2))
        }
        self.landings = Array(landings.prefix(valid.count))
        outOfRange = Array(landings.dropFirst(valid.count))
        self.runs = Array(runs.prefix(valid.count).joined())
        outOfRangeRuns = Array(runs.dropFirst(valid.count).joined())
        self.subject = subject.name
        previousRotation = Double(previous)
    }

    /// Every index the game can be told, in order: its `indices`, and any other index its own draw picks.
    static func indicesInPlay<Subject: TargetedWheelSubject>(_ subject: Subject) -> [Int] {
        Array(Set(subject.indices).union(subject.indexDistribution.keys)).sorted()
    }

    /// The run of the valid index `index` that holds the draw u = m · 2⁻⁵³ (nil for an index not in
    /// play).
    /// - Complexity: O(log *r*) for *r* runs (they are sorted by index, then draw).
    public func run(of index: Int, atDraw m: UInt64) -> Run? {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            let run = runs[middle]
            if run.index < index || (run.index == index && run.draws.upperBound <= m) { low = middle + 1 } else { high = middle }
        }
        return low < runs.count && runs[low].index == index && runs[low].draws.contains(m) ? runs[low] : nil
    }

    /// One index's landing, summed from its evaluated draws and runs.
    static func landing(
        _ index: Int, points: [UInt64: LandingJudge.Point], evaluated: [UInt64], runs: [Run], gridMiddle: UInt64
    ) -> Landing {
        let wrong = runs.filter { $0.verdict != .correct }
        let worst = runs.map(\.verdict).min() ?? .correct
        let wrongDraws = evaluated.filter { points[$0]!.key.verdict == worst && worst != .correct }
        let example =
            wrongDraws.first { points[$0]!.showsAnother }
            ?? wrongDraws.filter { points[$0]!.margin != nil }.max { points[$0]!.margin! < points[$1]!.margin! }
            ?? wrongDraws.first ?? gridMiddle
        let shown = points[example]!
        let margins = points.values.compactMap { $0.key.verdict == .correct ? $0.margin : nil }
        return Landing(
            index: index, rotation: shown.rotation, landsOn: shown.landsOn, reported: shown.reported,
            marginDegrees: margins.min() ?? shown.margin, correct: wrong.isEmpty,
            wrongShareOfDraws: Double(wrong.reduce(0) { $0 + $1.draws.count }) * 0x1p-53, worst: worst,
            draw: Double(example) * 0x1p-53)
    }
}

/// Judges one targeted play against the geometric truth (see ``LandingCheck/Verdict``).
struct LandingJudge: Sendable {
    /// What one play at one draw showed, and how it is judged.
    struct Point: Sendable {
        struct Key: Hashable, Sendable {
            let outcome: WheelOutcome
            let verdict: LandingCheck.Verdict
        }
        let key: Key
        let rotation: Double?
        let landsOn: LandingCheck.Place
        let reported: LandingCheck.Shown
        /// Distance from the pointer to the nearest line of the sector it stops in, in degrees.
        let margin: Double?
        /// Whether it shows a result other than a sector at the stop (the most telling kind of wrong).
        let showsAnother: Bool
    }

    let geometry: WheelGeometry
    let unit: AngleUnit
    let bandAt: @Sendable (Double) -> Double
    /// The rounding band at one turn in the subject's own type: how close to a line a stop on the right
    /// side of it still counts as on the line. It does not grow with the rotation, as the band for a wrong
    /// label does: a `Float` rotation late in a session holds whole even degrees, and a stop six degrees
    /// clear of a line is clear of it, however coarse the type there.
    let lineBand: Double

    init<Subject: TargetedWheelSubject>(_ subject: Subject) {
        geometry = subject.geometry
        unit = subject.rotationUnit
        let unit = subject.rotationUnit
        bandAt = { RoundingBand.halfWidth(at: Subject.Rotation($0), unit: unit) }
        lineBand = RoundingBand.halfWidth(at: Subject.Rotation(unit.fullTurn), unit: unit)
    }

    /// Whether the pointer is inside sector `s` at `rotation` and `band` either side of it.
    func isDeepInside(_ s: Int, rotation: Double, band: Double) -> Bool {
        [rotation - band, rotation + band].allSatisfy { r in
            guard r.isFinite, case .inside(let t) = geometry.truth(rotation: r, unit: unit) else { return false }
            return t == s
        }
    }

    /// The sectors under the pointer within `band` of `rotation` (the truth there and at either end).
    func sectors(near rotation: Double, band: Double) -> Set<Int> {
        var near = Set<Int>()
        for r in [rotation - band, rotation, rotation + band] where r.isFinite {
            switch geometry.truth(rotation: r, unit: unit) {
            case .inside(let s): near.insert(s)
            case .onLine(let touching): near.formUnion(touching)
            case .blank: break
            }
        }
        return near
    }

    func point<Rotation: BinaryFloatingPoint>(_ index: Int, _ spin: TargetedSpin<Rotation>, mustLand: Bool) -> Point {
        let bad: LandingCheck.Verdict = .invalid
        switch spin {
        case .refused:
            return Point(
                key: .init(outcome: .noResult, verdict: mustLand ? bad : .correct), rotation: nil, landsOn: .noSpin, reported: .nothing,
                margin: nil, showsAnother: mustLand)
        case .traps(let rotation, let reason):
            // A trap before the wheel stopped (a crashed process, say) has no finite rotation.
            let landsOn: LandingCheck.Place =
                rotation.isFinite
                ? .truth(TruthAtRest(geometry.truth(rotation: Double(rotation), unit: unit), geometry: geometry)) : .trappedBeforeStopping
            return Point(
                key: .init(outcome: .noResult, verdict: bad), rotation: rotation.isFinite ? Double(rotation) : nil, landsOn: landsOn,
                reported: .trap(reason: reason), margin: nil, showsAnother: true)
        case .stops(let stop, let outcome):
            guard stop.isFinite else {
                return Point(
                    key: .init(outcome: outcome, verdict: mustLand || outcome != .noResult ? bad : .correct), rotation: nil,
                    landsOn: .notFinite, reported: .outcome(outcome), margin: nil, showsAnother: true)
            }
            let rotation = Double(stop)
            let truth = geometry.truth(rotation: rotation, unit: unit)
            let landsOn = LandingCheck.Place.truth(TruthAtRest(truth, geometry: geometry))
            var margin: Double?
            if case .inside(let s) = truth {
                let position = geometry.positionUnderPointer(rotation: rotation, unit: unit)
                let sector = geometry.sectors[s]
                let offset = (position - sector.startTurns).fractionalPart.value
                margin = min(offset, sector.widthTurns.value - offset) * 360
            }
            guard mustLand else {
                return Point(
                    key: .init(outcome: outcome, verdict: outcome == .noResult ? .correct : bad), rotation: rotation, landsOn: landsOn,
                    reported: .outcome(outcome), margin: margin, showsAnother: outcome != .noResult)
            }
            let verdict = judge(index, truth: truth, outcome: outcome, rotation: rotation)
            return Point(
                key: .init(outcome: outcome, verdict: verdict), rotation: rotation, landsOn: landsOn, reported: .outcome(outcome),
                margin: margin, showsAnother: verdict == .invalid)
        }
    }

    /// The verdict on a valid index's play that stopped at `rotation` and shows `outcome`.
    func judge(_ index: Int, truth: PointerTruth, outcome: WheelOutcome, rotation: Double) -> LandingCheck.Verdict {
        guard let label = outcome.label else { return .invalid }
        let shows = { (s: Int) in self.geometry.sectors[s].label == label }
        let isIndex = { (s: Int) in self.geometry.sectors[s].index == index }
        switch truth {
        case .blank:
            return .invalid
        case .onLine(let touching):
            guard touching.contains(where: shows) else { return .invalid }
            return touching.contains(where: isIndex) ? .rounding : .mislabel
        case .inside(let s):
            let band = bandAt(rotation)
            // Inside the index's sector and showing it: right, unless within the rounding band of one of the
            // sector's lines (the pointer on a divider, a few ulps to the right side of it).
            if shows(s) && isIndex(s) { return isDeepInside(s, rotation: rotation, band: lineBand) ? .correct : .rounding }
            let near = sectors(near: rotation, band: band)
            if shows(s) { return near.contains(where: isIndex) ? .rounding : .mislabel }
            // Shows another sector than the one it stopped in: a reading across the line it stops at, or
            // a result that is not where the wheel is.
            return near.contains(where: shows) && near.contains(where: isIndex) ? .rounding : .invalid
        }
    }
}
