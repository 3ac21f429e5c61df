import FairnessModel
import Foundation

/// Designed odds: the exact probability of each reported result when the rest angle is uniform, and
/// under the subject's own spin (u uniform on its draw interval, pushed through its rotation arithmetic
/// from the initial rotation), both from exact partitions. These are the expected probabilities of the
/// Monte Carlo tests, and they show without sampling whether the wheel is fair as designed.
public struct DesignedOdds: Sendable {
    /// The subject's name.
    public let subject: String
    /// P(reported = outcome) for a rest angle uniform over a turn.
    public let uniformAngle: [WheelOutcome: Double]
    /// P(reported = outcome) under the subject's own spin distribution.
    public let ownSpin: [WheelOutcome: Double]
    /// P(truth = sector label) for a uniform rest angle: each sector's share of the circle (blank arcs as
    /// no result).
    public let geometricShare: [WheelOutcome: Double]

    /// The odds of `subject`: under a uniform rest angle from `consistency`'s partition, and under its own
    /// spin from the same exact procedure over its draw interval (every value of the draw at which the
    /// rotation reaches a sector line, plus a sweep of `steps` points).
    /// - Complexity: O((steps + L·T) · b) evaluations of the spin and the report, L the number of lines,
    ///   T the turns the rotation makes over the draw and b the bisection steps per change.
    public init<Subject: WheelSubject>(_ subject: Subject, consistency: ConsistencyCheck, steps: Int = ConsistencyCheck.defaultSteps) {
        self.init(subject, consistency: consistency, play: OwnSpinPlay(subject, steps: steps))
    }

    /// The odds of `subject` from partitions already made: `consistency`'s of the rest angle and `play`'s of
    /// its own spin.
    /// - Complexity: O(s) for s segments of the two partitions.
    public init<Subject: WheelSubject>(_ subject: Subject, consistency: ConsistencyCheck, play: OwnSpinPlay) {
        var uniform: [WheelOutcome: Double] = [:]
        // The turn as the subject's type holds it (Float(2π) exceeds 2π), so the odds sum to 1.
        let turn = (consistency.partition.last?.to ?? subject.rotationUnit.fullTurn) - (consistency.partition.first?.from ?? 0)
        for segment in consistency.partition {
            uniform[segment.output, default: 0] += (segment.to - segment.from) / turn
        }
        let own = play.odds
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

extension DesignedOdds {
    /// The fair odds a wheel's drawing claims: each painted sector's share of the painted circle (blank arcs
    /// excluded), by label.
    /// - Complexity: O(n) for n sectors.
    public static func sectorShares(of geometry: WheelGeometry) -> [WheelOutcome: Double] {
        let painted = geometry.sectors.reduce(0.0) { $0 + $1.widthTurns.value }
        var shares: [WheelOutcome: Double] = [:]
        for sector in geometry.sectors { shares[.label(sector.label), default: 0] += sector.widthTurns.value / painted }
        return shares
    }

    /// The largest difference between two sets of odds over every outcome either names (0 for none).
    public static func largestDifference(_ a: [WheelOutcome: Double], _ b: [WheelOutcome: Double]) -> Double {
        Set(a.keys).union(b.keys).map { abs((a[$0] ?? 0) - (b[$0] ?? 0)) }.max() ?? 0
    }

    /// The difference between designed and claimed odds that still agrees: 1e-9 against the sectors' exact
    /// shares; against a game's printed claims, the larger of 1e-9 and its claim tolerance (half a unit in
    /// the last digit printed).
    public static func tolerance(claimed: Bool, claimTolerance: Double) -> Double {
        claimed ? max(1e-9, claimTolerance) : 1e-9
    }
}
