import Foundation

// Wheels told their result up front.
extension SubjectAudit {
    /// The audit of a wheel told its result up front; `sample` as for ``wheel(_:settings:sample:)``.
    @usableFromInline
    static func targetedWheel<Subject: TargetedWheelSubject>(
        _ subject: Subject, settings: AuditSettings, sample: Sampler<TargetedWheelDriver<Subject>>
    ) throws -> SubjectResult {
        let name = subject.name
        let geometry = subject.geometry
        let landing = LandingCheck(subject)
        let classes = TargetedWheelFindings(subject, landing: landing)
        var checks: [PendingCheck] = []
        var probes: [ProbeRow] = []
        let wrong = landing.landings.filter { !$0.correct }
        let margins = landing.landings.filter(\.correct).compactMap(\.marginDegrees)
        // A margin exists only where an index stops inside its sector at every draw.
        let margin =
            margins.min().map { "smallest margin to a line \(format($0))°" }
            ?? "no index stops strictly inside its sector at every draw, so there is no margin to a line"
        checks.append(
            exact(
                name, "landing", passed: wrong.isEmpty, finding: classes.landing, settings: settings,
                "\(landing.landings.count - wrong.count) of \(landing.landings.count) indices stop strictly inside their sector and report it at every draw of the game's own randomness (\(LandingCheck.drawSteps + 1) draws each, bisected to the exact draw wherever the play changes); \(margin)"
            ))
        let badOutOfRange = landing.outOfRange.filter { !$0.correct }
        checks.append(
            exact(
                name, "out-of-range indices", passed: badOutOfRange.isEmpty, finding: classes.outOfRange, settings: settings,
                landing.outOfRange.map {
                    $0.rotation == nil && $0.reported == "nothing"
                        ? "\($0.index): refused" : "\($0.index): \($0.reported) (lands on \($0.landsOn))"
                }.joined(separator: "; ")))
        for l in wrong + badOutOfRange {
            probes.append(
                ProbeRow(
                    subject: name, check: "landing", input: "index \(l.index)",
                    context: l.rotation.map { String(format: "stops at %.17g %@", $0, unitName(subject.rotationUnit)) } ?? "no spin",
                    reported: l.reported, expected: "lands on \(l.landsOn)"))
        }
        // Over the index drawn and the game's own draw u: the landing check's exact partition of play.
        let designed = landing.odds(
            probabilities: Dictionary(zip(subject.indices, subject.indexProbabilities), uniquingKeysWith: { a, _ in a }))
        let claimed = subject.claimedOdds ?? DesignedOdds.sectorShares(of: geometry)
        let largestGap = DesignedOdds.largestDifference(designed, claimed)
        let tolerance = DesignedOdds.tolerance(claimed: subject.claimedOdds != nil, claimTolerance: subject.claimTolerance)
        checks.append(
            exact(
                name, "designed odds equal claimed odds", kind: .fairness, passed: largestGap <= tolerance,
                finding: largestGap <= tolerance
                    ? nil
                    : Finding(
                        .odds, magnitude: largestGap,
                        summary: "an outcome's odds differ from its sector's share by \(Finding.describeShare(largestGap))"),
                settings: settings,
                "index drawn \(subject.indexWeights == nil ? "uniformly" : "by the game's weights") from \(subject.indices), then the game's own draw u (exact over u); largest difference \(format(largestGap)) from the \(subject.claimedOdds == nil ? "sectors' shares" : "claimed odds")"
            ))

        let driver = TargetedWheelDriver(
            subject, pairGroups: pairGroups(geometry: subject.geometry, designed: designed, trials: settings.run.trials))
        let tally = try sampled(name, driver, settings, sample)
        var result = try sampledOutcomes(name, slots: driver.slots, tally: tally, designed: designed, claimed: claimed)
        result.checks.append(
            PendingCheck(
                record: CheckRecord(
                    subject: name, check: "shown sector equals reported result", kind: .invalid,
                    status: tally.shownDiffersFromReported == 0 ? .pass : .fail, statistic: Double(tally.shownDiffersFromReported),
                    detail: "\(tally.shownDiffersFromReported) of \(tally.trials) spins stopped on another sector than they reported")))
        var returnToPlayer: Double?
        if let paytable = subject.paytable {
            let payouts = try payoutChecks(
                name, rtp: ReturnToPlayer(paytable: paytable, outcomes: designed), paytable: paytable, settings: settings,
                sampled: sampledPayouts(paytable, slots: driver.slots, tally: tally))
            checks += payouts.checks
            returnToPlayer = payouts.rtp
        }
        result.verdict = SubjectVerdict(
            name: name, summary: subject.summary, kind: "targeted wheel", verdict: .pass,
            findings: [
                margins.count == landing.landings.count
                    ? "Every valid index stops \(format(margins.min() ?? 0))° or more inside its sector."
                    : "\(landing.landings.count - margins.count) of \(landing.landings.count) valid indices do not stop strictly inside their sector at every draw."
            ],
            affectedShare: classes.invalidShare + classes.mislabelShare
                + (classes.roundingShare > settings.materiality ? classes.roundingShare : 0),
            invalidPerMillion: 1e6 * classes.invalidShare,
            largestOddsDifference: largestGap, returnToPlayer: returnToPlayer)
        result.checks = checks + result.checks
        result.probes = probes
        result.drawing = drawing(name, geometry: subject.geometry, unit: subject.rotationUnit)
        return result
    }
}
