import FairnessModel
import Foundation

/// Landing check for wheels told their result up front: for every valid index, the stop rotation must lie
/// strictly inside that index's sector (with its margin to the nearest line), and the wheel must report
/// that sector; what out-of-range and negative indices do is recorded.
///
/// A game whose stop also depends on a draw of its own (a jitter within the sector) is asked at
/// ``drawSteps`` + 1 draws u per index — k/32 and the last draw below 1 — and, between neighbouring draws
/// where the stop turns from right to wrong, bisected on the 2⁵³ grid of draws to the exact draw where it
/// turns, so each index's share of wrong draws is exact (for stops that change between right and wrong
/// at most once between neighbouring draws). A game that ignores the draw answers alike at every one.
public struct LandingCheck: Sendable {
    /// What the wheel did when told one index.
    public struct Landing: Sendable, Hashable {
        /// The index the wheel was told to land on.
        public let index: Int
        /// Stop rotation in the subject's unit (nil if refused).
        public let rotation: Double?
        /// The sector truly under the pointer there (description).
        public let landsOn: String
        /// What the wheel reported, as text: the outcome's description, `nothing` if it refused, or
        /// `traps: ` and the reason if it trapped.
        public let reported: String
        /// Distance from the pointer to the nearest line of the sector it lands in, in degrees.
        public let marginDegrees: Double?
        /// Whether the wheel did the right thing for every draw: for a valid index, stop strictly inside
        /// that index's sector and report its label; for an out-of-range index, refuse or report no result.
        /// A trap is never correct.
        public let correct: Bool
        /// The share of the game's own draws u in [0, 1) for which it does the wrong thing (0 or 1 for a game
        /// that ignores its draw).
        public let wrongShareOfDraws: Double
        /// The draw of the landing described, 1/2 when all are right; otherwise the most telling wrong one:
        /// the first that shows another result than the sector it stops on (or none), else the one that
        /// stops deepest inside another sector, else the first wrong one. (The first wrong draw alone is
        /// often the one bisection found at the line, where right turns wrong, which says nothing of how far
        /// the others go.)
        public let draw: Double
    }

    /// Draws per index besides the last draw below 1: u = k / ``drawSteps``.
    public static let drawSteps = 32

    /// The subject's name.
    public let subject: String
    /// One landing for every index in the subject's `indices`, in order.
    public let landings: [Landing]
    /// Behaviour for out-of-range indices (-1, -count, count, count + 1, Int.max, Int.min).
    public let outOfRange: [Landing]
    /// Whether every valid and every out-of-range index was handled correctly.
    ///
    /// - Complexity: O(*n*), where *n* is the number of landings.
    public var passed: Bool { landings.allSatisfy(\.correct) && outOfRange.allSatisfy(\.correct) }

    /// Spins `subject` to every index in its `indices` and to six out-of-range indices, and compares where
    /// it stops, and what it reports, with the geometric truth.
    ///
    /// - Parameter subject: The wheel told its result up front.
    /// - Precondition: Every rotation the subject stops or traps at is finite (the geometric truth
    ///   requires it).
    /// - Complexity: O(*n*) calls of `spin(toIndex:)` and truth lookups, where *n* is
    ///   `subject.indices.count` + 6.
    public init<Subject: TargetedWheelSubject>(_ subject: Subject) {
        let geometry = subject.geometry
        let count = geometry.count
        func land(
            _ index: Int, _ spin: TargetedSpin<Subject.Rotation>, mustLand: Bool
        ) -> (landsOn: String, reported: String, rotation: Double?, margin: Double?, correct: Bool, showsAnother: Bool) {
            switch spin {
            case .refused:
                return ("refused (no spin)", "nothing", nil, nil, !mustLand, mustLand)
            case .traps(let rotation, let reason):
                // A trap before the wheel stopped (a crashed process, say) has no finite rotation.
                guard rotation.isFinite else { return ("unknown (trapped before stopping)", "traps: \(reason)", nil, nil, false, true) }
                let truth = geometry.truth(rotation: Double(rotation), unit: subject.rotationUnit)
                return (describe(truth, geometry: geometry), "traps: \(reason)", Double(rotation), nil, false, true)
            case .stops(let rotation, let outcome):
                let truth = geometry.truth(rotation: Double(rotation), unit: subject.rotationUnit)
                var margin: Double?
                var correct = false
                var showsAnother = mustLand
                if case .inside(let sector) = truth {
                    let position = geometry.positionUnderPointer(rotation: Double(rotation), unit: subject.rotationUnit)
                    let s = geometry.sectors[sector]
                    let offset = (position - s.startTurns).fractionalPart.value
                    margin = min(offset, s.widthTurns.value - offset) * 360
                    correct = mustLand ? (outcome == .label(s.label) && s.index == index) : outcome == .noResult
                    showsAnother = mustLand && outcome != .label(s.label)
                } else {
                    correct = !mustLand && outcome == .noResult
                    if case .onLine(let touching) = truth, case .label(let label) = outcome {
                        showsAnother = mustLand && !touching.contains { geometry.sectors[$0].label == label }
                    }
                }
                return (describe(truth, geometry: geometry), outcome.description, Double(rotation), margin, correct, showsAnother)
            }
        }
        let grid = UInt64(1) << 53
        let gridDraws = (0...Self.drawSteps).map { $0 == Self.drawSteps ? grid - 1 : UInt64($0) * (grid / UInt64(Self.drawSteps)) }
        func u(_ m: UInt64) -> Double { Double(m) / Double(grid) }
        let valid = Array(subject.indices)
        let outside = [-1, -count, count, count + 1, Int.max, Int.min]
        let all = valid.map { ($0, true) } + outside.map { ($0, false) }
        // Every index at every grid draw, in one batch.
        let first = subject.spins(all.flatMap { index, _ in gridDraws.map { (index: index, u: u($0)) } })
        var landings: [Landing] = []
        for (position, (index, mustLand)) in all.enumerated() {
            var results:
                [UInt64: (landsOn: String, reported: String, rotation: Double?, margin: Double?, correct: Bool, showsAnother: Bool)] =
                    [:]
            for (offset, m) in gridDraws.enumerated() {
                results[m] = land(index, first[position * gridDraws.count + offset], mustLand: mustLand)
            }
            // Bisect between neighbouring draws that differ in rightness (one request per round).
            var open = zip(gridDraws, gridDraws.dropFirst()).filter { results[$0.0]!.correct != results[$0.1]!.correct && $0.1 - $0.0 > 1 }
                .map { (low: $0.0, high: $0.1) }
            while !open.isEmpty {
                let middles = open.map { $0.low + ($0.high - $0.low) / 2 }
                for (m, spin) in zip(middles, subject.spins(middles.map { (index: index, u: u($0)) })) {
                    results[m] = land(index, spin, mustLand: mustLand)
                }
                open = zip(open, middles).flatMap { interval, middle -> [(low: UInt64, high: UInt64)] in
                    let left = results[interval.low]!.correct != results[middle]!.correct
                    return left
                        ? (middle - interval.low > 1 ? [(interval.low, middle)] : [])
                        : (interval.high - middle > 1 ? [(middle, interval.high)] : [])
                }
            }
            // Runs between evaluated draws: a run takes the rightness of its start.
            let evaluated = results.keys.sorted()
            var wrong: UInt64 = 0
            for (i, m) in evaluated.enumerated() where !results[m]!.correct {
                wrong += (i + 1 < evaluated.count ? evaluated[i + 1] : grid) - m
            }
            let wrongDraws = evaluated.filter { !results[$0]!.correct }
            let example =
                wrongDraws.first { results[$0]!.showsAnother }
                ?? wrongDraws.filter { results[$0]!.margin != nil }.max { results[$0]!.margin! < results[$1]!.margin! }
                ?? wrongDraws.first ?? gridDraws[Self.drawSteps / 2]
            let shown = results[example]!
            let margins = results.values.compactMap { $0.correct ? $0.margin : nil }
            landings.append(
                Landing(
                    index: index, rotation: shown.rotation, landsOn: shown.landsOn, reported: shown.reported,
                    marginDegrees: margins.min() ?? shown.margin, correct: wrong == 0,
                    wrongShareOfDraws: Double(wrong) / Double(grid), draw: u(example)))
        }
        self.landings = Array(landings.prefix(valid.count))
        outOfRange = Array(landings.dropFirst(valid.count))
        self.subject = subject.name
    }
}
