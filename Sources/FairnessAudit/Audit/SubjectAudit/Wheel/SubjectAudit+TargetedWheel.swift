import FairnessChecks
import FairnessModel
import Foundation

// Wheels told their result up front.
extension SubjectAudit {
    /// The audit of a wheel told its result up front; `sample` as for ``wheel(_:settings:sample:)``.
    @usableFromInline
    static func targetedWheel<Subject: TargetedWheelSubject>(
        _ subject: Subject, settings: AuditSettings, sample: Sampler<TargetedWheelDriver<Subject>>
    ) throws -> SubjectResult {
        let name = subject.name
        let landing = LandingCheck(subject)
        let classes = TargetedWheelFindings(subject, landing: landing)
        var (checks, counterexamples) = landingChecks(subject, landing, classes, settings: settings)
        let odds = targetedOdds(subject, landing)
        checks.append(targetedOddsCheck(subject, odds, settings: settings))
        if let table = subject.ownIndexDraw { checks.append(indexDrawCheck(subject, table: table, settings: settings)) }

        let driver = TargetedWheelDriver(
            subject, pairGroups: pairGroups(geometry: subject.geometry, designed: odds.designed, trials: settings.run.trials))
        let tally = try sampled(name, driver, settings, sample)
        var result = try sampledOutcomes(name, slots: driver.slots, tally: tally, designed: odds.designed, claimed: odds.claimed)
        result.checks.append(
            PendingCheck(
                record: CheckRecord(
                    subject: name, check: .shownSectorEqualsReportedResult, kind: .invalid,
                    status: tally.shownDiffersFromReported == 0 ? .pass : .fail, statistic: Double(tally.shownDiffersFromReported),
                    detail: "\(tally.shownDiffersFromReported) of \(tally.trials) spins stopped on another sector than they reported")))
        var returnToPlayer: Double?
        if let paytable = subject.paytable {
            let payouts = try payoutChecks(
                name, rtp: ReturnToPlayer(paytable: paytable, outcomes: odds.designed), paytable: paytable, settings: settings,
                sampled: sampledPayouts(paytable, slots: driver.slots, tally: tally))
            checks += payouts.checks
            returnToPlayer = payouts.rtp
        }
        let margins = landing.landings.filter(\.correct).compactMap(\.marginDegrees)
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
            largestOddsDifference: odds.largestGap, returnToPlayer: returnToPlayer)
        result.checks = checks + result.checks
        result.counterexamples = counterexamples
        result.drawing = drawing(name, geometry: subject.geometry, unit: subject.rotationUnit)
        return result
    }

    /// Where every index stops (landing) and what indices outside the game's draw do, with the counterexamples
    /// that failed.
    static func landingChecks<Subject: TargetedWheelSubject>(
        _ subject: Subject, _ landing: LandingCheck, _ classes: TargetedWheelFindings, settings: AuditSettings
    ) -> (checks: [PendingCheck], counterexamples: [CounterexampleRow]) {
        let name = subject.name
        let wrong = landing.landings.filter { !$0.correct }
        let margins = landing.landings.filter(\.correct).compactMap(\.marginDegrees)
        // A margin exists only where an index stops inside its sector at every draw.
        let margin =
            margins.min().map { "smallest margin to a line \(format($0))°" }
            ?? "no index stops strictly inside its sector at every draw, so there is no margin to a line"
        let badOutOfRange = landing.outOfRange.filter { !$0.correct }
        let checks = [
            exact(
                name, .landing, passed: wrong.isEmpty, finding: classes.landing, settings: settings,
                "\(landing.landings.count - wrong.count) of \(landing.landings.count) indices stop strictly inside their sector and report it at every draw of the game's own randomness (\(LandingCheck.drawSteps + 1) draws each, bisected to the exact draw wherever the play changes); \(margin)"
            ),
            exact(
                name, .outOfRangeIndices, passed: badOutOfRange.isEmpty, finding: classes.outOfRange, settings: settings,
                landing.outOfRange.map {
                    $0.rotation == nil && $0.reported == "nothing"
                        ? "\($0.index): refused" : "\($0.index): \($0.reported) (lands on \($0.landsOn))"
                }.joined(separator: "; ")),
        ]
        let counterexamples = (wrong + badOutOfRange).map { l in
            CounterexampleRow(
                subject: name, check: .landing, input: "index \(l.index)",
                context: l.rotation.map { String(format: "stops at %.17g %@", $0, unitName(subject.rotationUnit)) } ?? "no spin",
                reported: l.reported, expected: "lands on \(l.landsOn)")
        }
        return (checks, counterexamples)
    }

    /// A targeted wheel's exact odds in play, what it claims, and the largest difference between them.
    struct TargetedOdds {
        /// Over the index drawn and the game's own draw u: the landing check's exact partition of play.
        var designed: [WheelOutcome: Double]
        var claimed: [WheelOutcome: Double]
        var largestGap: Double
    }

    static func targetedOdds<Subject: TargetedWheelSubject>(_ subject: Subject, _ landing: LandingCheck) -> TargetedOdds {
        var designed = landing.odds(probabilities: subject.indexDistribution)
        // A pick that traps shows no result, as sampling records it.
        if let trapped = subject.ownIndexDraw?.trapShare, trapped > 0 { designed[.noResult, default: 0] += trapped }
        let claimed = subject.claimedOdds ?? DesignedOdds.sectorShares(of: subject.geometry)
        return TargetedOdds(designed: designed, claimed: claimed, largestGap: DesignedOdds.largestDifference(designed, claimed))
    }

    /// The exact odds in play against the odds the game claims (or the sectors' shares).
    static func targetedOddsCheck<Subject: TargetedWheelSubject>(
        _ subject: Subject, _ odds: TargetedOdds, settings: AuditSettings
    ) -> PendingCheck {
        let largestGap = odds.largestGap
        let tolerance = DesignedOdds.tolerance(claimed: subject.claimedOdds != nil, claimTolerance: subject.claimTolerance)
        return exact(
            subject.name, .designedOddsEqualClaimedOdds, kind: .fairness, passed: largestGap <= tolerance,
            finding: largestGap <= tolerance
                ? nil
                : Finding(
                    .odds, magnitude: largestGap, fact: .targetedOddsDiffer(difference: largestGap, fromClaims: subject.claimedOdds != nil)),
            settings: settings,
            "index drawn \(subject.ownIndexDraw != nil ? "by the game's own draw" : subject.indexWeights == nil ? "uniformly" : "by the game's weights") from \(subject.indices), then the game's own draw u (exact over u); largest difference \(format(largestGap)) from the \(subject.claimedOdds == nil ? "sectors' shares" : "claimed odds")"
        )
    }

    /// The game's own index draw (a probe's `pick U`, partitioned exactly) against the draw it declares:
    /// its index weights, or a uniform draw over its indices. An index outside the sectors, or a pick that
    /// traps, has declared probability 0.
    static func indexDrawCheck<Subject: TargetedWheelSubject>(
        _ subject: Subject, table: IndexDrawTable, settings: AuditSettings
    ) -> PendingCheck {
        let actual = table.probabilities
        let declared = Dictionary(zip(subject.indices, subject.indexProbabilities), uniquingKeysWith: { a, _ in a })
        let keys = Set(actual.keys).union(declared.keys).sorted()
        var gap = table.trapShare
        for index in keys { gap = max(gap, abs((actual[index] ?? 0) - (declared[index] ?? 0))) }
        let outside = keys.filter { declared[$0] == nil }
        let outsideShare = outside.reduce(0) { $0 + (actual[$1] ?? 0) }
        let tolerance = DesignedOdds.tolerance(claimed: true, claimTolerance: subject.claimTolerance)
        var parts = keys.prefix(12).map { "\($0): \(format(actual[$0] ?? 0)) (declared \(format(declared[$0] ?? 0)))" }
        if keys.count > 12 { parts.append("… \(keys.count - 12) more") }
        if table.trapShare > 0 { parts.append("traps: \(format(table.trapShare))") }
        let fact = FindingFact.indexDrawDiffers(
            difference: gap, outside: Array(outside.prefix(4)), outsideShare: outsideShare, trapShare: table.trapShare)
        return exact(
            subject.name, .indexDrawEqualsDeclaredDraw, kind: .fairness, passed: gap <= tolerance,
            finding: gap <= tolerance ? nil : Finding(.odds, magnitude: gap, fact: fact), settings: settings,
            "the game's own pick U, exact over the 2^53 draws (\(table.runs.count) runs): " + parts.joined(separator: "; "))
    }
}
