import FairnessModel
import Foundation

/// Wraparound check: the boundary test rotations shifted by ±1, ±2, ±3, ±1000 and ±10^6 whole turns; rotations of
/// exactly one turn, zero and negative zero; and how many turns, forwards and backwards, the wheel can
/// turn before floating-point precision breaks periodicity (every sector's middle tried at ±2^k turns,
/// k = 0 ... 62, every power tried so that a break a session reaches is found past one it does not).
///
/// A shifted test *breaks periodicity* when it fails although the same test unshifted passes; failures
/// that are already there at zero turns are boundary defects, reported by ``BoundaryCheck``.
public struct WraparoundCheck: Sendable {
    /// The boundary test rotations shifted by one number of whole turns.
    public struct Shift: Sendable, Hashable {
        /// The whole turns added to every boundary test (negative: backwards).
        public let turns: Double
        /// The number of test rotations evaluated at this shift: 19 per sector line.
        public let rotationsTried: Int
        /// Tries failing here whose unshifted counterpart passes.
        public let periodicityBreaks: [Counterexample]
    }

    /// The subject's name.
    public let subject: String
    /// One entry per shift in ``shiftTurns``, in that order.
    public let shifts: [Shift]
    /// Tries at exactly one turn (the subject's value of it), 0 and −0.0 that fail.
    public let specialFailures: [Counterexample]
    /// The largest 2^k turns forwards (k ≤ 62) up to which every sector's middle is still reported
    /// correctly at every power of two; nil if it already fails at one turn.
    public let lastPeriodicTurnsForward: Double?
    /// The first 2^k turns forwards at which some sector's middle is reported wrongly (or the rotation is
    /// not finite); nil if none up to 2⁶² turns.
    public let firstBrokenTurnsForward: Double?
    /// The largest 2^k turns backwards (k ≤ 62) up to which every sector's middle is still reported
    /// correctly at every power of two; nil if it already fails at one turn.
    public let lastPeriodicTurnsBackward: Double?
    /// The first 2^k turns backwards at which some sector's middle is reported wrongly (or the rotation is
    /// not finite); nil if none up to 2⁶² turns.
    public let firstBrokenTurnsBackward: Double?
    /// Every rotation (in the subject's unit, the value tried in its own type) at which a sector's middle 2^k
    /// turns forwards is reported wrongly or is not finite, k = 0 ... 62, in increasing k.
    public let brokenRotationsForward: [Double]
    /// As ``brokenRotationsForward``, backwards.
    public let brokenRotationsBackward: [Double]

    /// The whole-turn shifts applied to the boundary test rotations: ±1, ±2, ±3, ±1000 and ±10⁶.
    public static let shiftTurns: [Double] = [1, -1, 2, -2, 3, -3, 1000, -1000, 1_000_000, -1_000_000]

    /// Whether no shift breaks periodicity, no special rotation fails, and periodicity does not break
    /// at 10⁶ turns or fewer in either direction.
    public var passed: Bool {
        shifts.allSatisfy { $0.periodicityBreaks.isEmpty } && specialFailures.isEmpty
            && firstBrokenTurnsForward.map { $0 > 1_000_000 } ?? true && firstBrokenTurnsBackward.map { $0 > 1_000_000 } ?? true
    }

    /// Tries `subject` at the shifted boundary test rotations, at exactly one turn, 0 and −0.0, and at every
    /// sector's middle 2^k turns forwards and backwards.
    ///
    /// - Parameter subject: The wheel to test.
    /// - Precondition: Every shifted test, up to 10⁶ turns, is finite in `Subject.Rotation` (the
    ///   geometric truth requires finite rotations).
    /// - Complexity: O(*L* + *S*) calls of `report(_:)` and truth lookups, where *L* is the number of
    ///   sector lines and *S* the number of sectors: 19 test rotations per line unshifted and at each of the 10
    ///   shifts, and up to 63 powers of two in each direction per sector middle.
    public init<Subject: WheelSubject>(_ subject: Subject) {
        let geometry = subject.geometry
        let unit = subject.rotationUnit
        let lines = geometry.lines
        func failing(_ rotation: Subject.Rotation) -> Bool {
            !accepts(subject.report(rotation), truth: subject.truth(rotation), geometry: geometry)
        }
        prefetchReports(
            subject,
            ([0] + Self.shiftTurns).flatMap { turns in
                lines.flatMap { BoundaryCheck.testRotations(around: $0, of: subject, turnsShift: turns).map(\.rotation) }
            })
        let baseline = lines.map { line in
            BoundaryCheck.testRotations(around: line, of: subject, turnsShift: 0).map { failing($0.rotation) }
        }
        shifts = Self.shiftTurns.map { turns in
            var rotationsTried = 0
            var breaks: [Counterexample] = []
            for (lineIndex, line) in lines.enumerated() {
                for (index, test) in BoundaryCheck.testRotations(around: line, of: subject, turnsShift: turns).enumerated() {
                    rotationsTried += 1
                    guard !baseline[lineIndex][index], failing(test.rotation) else { continue }
                    breaks.append(
                        Counterexample(
                            rotation: Double(test.rotation), context: test.context(line, geometry: geometry),
                            reported: subject.report(test.rotation),
                            truth: TruthAtRest(subject.truth(test.rotation), geometry: geometry)))
                }
            }
            return Shift(turns: turns, rotationsTried: rotationsTried, periodicityBreaks: breaks)
        }
        var special: [Counterexample] = []
        for (value, context) in [
            (Subject.Rotation(unit.fullTurn), TestPoint.exactlyOneTurn), (Subject.Rotation(0), .zero),
            (-Subject.Rotation(0), .negativeZero),
        ] where failing(value) {
            special.append(
                Counterexample(
                    rotation: Double(value), context: context, reported: subject.report(value),
                    truth: TruthAtRest(subject.truth(value), geometry: geometry)))
        }
        specialFailures = special
        let middles = geometry.sectors.map { sector -> Double in
            let middle = sector.startTurns + Turns(sector.widthTurns.value / 2)
            return (geometry.pointerTurns - middle).fractionalPart.value * unit.fullTurn
        }
        func shifted(_ middle: Double, _ k: Int, _ direction: Double) -> Subject.Rotation {
            Subject.Rotation(middle + direction * Double(sign: .plus, exponent: k, significand: 1) * unit.fullTurn)
        }
        prefetchReports(
            subject,
            [1.0, -1.0].flatMap { direction in (0...62).flatMap { k in middles.map { shifted($0, k, direction) } } }.filter(\.isFinite))
        func periodicity(direction: Double) -> (last: Double?, broken: Double?, rotations: [Double]) {
            var last: Double?
            var broken: Double?
            var rotations: [Double] = []
            for k in 0...62 {
                let turns = Double(sign: .plus, exponent: k, significand: 1)
                for middle in middles {
                    let value = shifted(middle, k, direction)
                    if !value.isFinite || failing(value) {
                        broken = broken ?? turns
                        rotations.append(Double(value))
                    }
                }
                if broken == nil { last = turns }
            }
            return (last, broken, rotations)
        }
        (lastPeriodicTurnsForward, firstBrokenTurnsForward, brokenRotationsForward) = periodicity(direction: 1)
        (lastPeriodicTurnsBackward, firstBrokenTurnsBackward, brokenRotationsBackward) = periodicity(direction: -1)
        self.subject = subject.name
    }
}
