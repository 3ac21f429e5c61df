import FairnessChecks
import FairnessModel
import Foundation

/// Everything a wheel's exact checks establish: the boundary, wraparound, consistency and range checks,
/// the wheel's own spin partitioned exactly (at both ends of a session), its designed odds against what it
/// claims, and the findings' classes.
struct WheelExactAnalysis {
    let consistency: ConsistencyCheck
    let boundary: BoundaryCheck
    let wraparound: WraparoundCheck
    let range: RangeCheck
    let play: OwnSpinPlay
    let odds: DesignedOdds
    /// What the game claims: its claimed odds, or the sectors' shares of the circle.
    let claimed: [WheelOutcome: Double]
    /// The largest difference between an outcome's exact odds in play and its claimed odds, at either end
    /// of a session.
    let largestGap: Double
    let classes: WheelFindings

    package init<Subject: WheelSubject>(_ subject: Subject, settings: AuditSettings) {
        let consistency = ConsistencyCheck(subject, steps: settings.sweepSteps)
        let boundary = BoundaryCheck(subject)
        let wraparound = WraparoundCheck(subject)
        let range = RangeCheck(subject, consistency: consistency, boundary: boundary, wraparound: wraparound)
        let (play, lateOdds) = OwnSpinPlay.session(subject, steps: settings.sweepSteps, sessionSpins: settings.sessionSpins)
        let odds = DesignedOdds(subject, consistency: consistency, play: play)
        let claimed = subject.claimedOdds ?? DesignedOdds.sectorShares(of: subject.geometry)
        // The odds at either end of a session: a rotation accumulated in Float, say, may land on coarser
        // angles late in a session.
        let largestGap = max(
            DesignedOdds.largestDifference(odds.ownSpin, claimed), lateOdds.map { DesignedOdds.largestDifference($0, claimed) } ?? 0)
        self.consistency = consistency
        self.boundary = boundary
        self.wraparound = wraparound
        self.range = range
        self.play = play
        self.odds = odds
        self.claimed = claimed
        self.largestGap = largestGap
        classes = WheelFindings(
            subject, boundary: boundary, wraparound: wraparound, consistency: consistency, range: range, play: play,
            reach: SessionReach(subject, spins: settings.sessionSpins), oddsDifference: largestGap)
    }
}
