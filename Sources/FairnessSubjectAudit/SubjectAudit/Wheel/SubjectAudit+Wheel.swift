import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessRunner
import Foundation

// Wheels read from their rotation.
extension SubjectAudit {
    /// The audit of a wheel; `sample` runs the sampling driver (made where the subject's type is concrete,
    /// so the trial loop is specialised for it).
    @usableFromInline
    static func wheel<Subject: WheelSubject>(
        _ subject: Subject, settings: AuditSettings, sample: Sampler<WheelDriver<Subject>>
    ) throws -> SubjectResult {
        let name = subject.name, geometry = subject.geometry, unit = subject.rotationUnit
        let analysis = WheelExactAnalysis(subject, settings: settings)
        let (checks, counterexamples) = wheelExactChecks(subject, analysis, settings: settings)
        let ownSpin = analysis.odds.ownSpin
        let notes = geometryNotes(geometry) + [SubjectNote.exactOdds(OutcomeOdds(ownSpin))]
        // Sampling.
        let driver = WheelDriver(subject, pairGroups: pairGroups(geometry: geometry, designed: ownSpin, trials: settings.run.trials))
        let tally = try sampled(name, driver, settings, sample)
        var result = try sampledOutcomes(name, slots: driver.slots, tally: tally, designed: ownSpin, claimed: analysis.claimed)
        var payoutChecks: [PendingCheck] = []
        var returnToPlayer: Double?
        if let paytable = subject.paytable {
            let payouts = try self.payoutChecks(
                name, rtp: ReturnToPlayer(paytable: paytable, outcomes: ownSpin), paytable: paytable, settings: settings,
                sampled: sampledPayouts(paytable, slots: driver.slots, tally: tally))
            payoutChecks = payouts.checks
            returnToPlayer = payouts.rtp
        }
        let play = analysis.play
        result.verdict = SubjectVerdict(
            name: name, summary: subject.summary, kind: .wheel, verdict: .pass, notes: notes,
            affectedShare: play.invalidShare + play.mislabelShare, invalidPerMillion: play.invalidShare * 1e6,
            largestOddsDifference: analysis.largestGap, returnToPlayer: returnToPlayer)
        result.checks = checks + payoutChecks + result.checks
        result.arcs = analysis.consistency.mislabelled.map {
            ArcRow(
                subject: name, from: $0.from, to: $0.to, unit: unit, shareOfCircle: $0.width / unit.fullTurn, reported: $0.reported,
                truth: $0.truth)
        }
        result.counterexamples = counterexamples + result.counterexamples
        result.drawing = drawing(name, geometry: geometry, unit: unit)
        return result
    }

    /// Gaps and overlaps of the wheel as drawn, named by the labels the player sees (not by the sectors'
    /// positions in the list).
    static func geometryNotes(_ geometry: WheelGeometry) -> [SubjectNote] {
        geometry.findings.map {
            .geometry($0, after: geometry.sectors[$0.after].label, before: geometry.sectors[$0.before].label)
        }
    }

    /// The exact checks of a wheel in report order (boundary, wraparound, consistency, range, designed
    /// odds), and the counterexamples that failed.
    static func wheelExactChecks<Subject: WheelSubject>(
        _ subject: Subject, _ analysis: WheelExactAnalysis, settings: AuditSettings
    ) -> (checks: [PendingCheck], counterexamples: [CounterexampleRow]) {
        let name = subject.name, classes = analysis.classes
        let boundary = analysis.boundary, consistency = analysis.consistency, range = analysis.range
        var checks = [
            exact(
                name, .boundary, passed: boundary.passed, finding: classes.boundary, settings: settings,
                .boundary(lines: boundary.linesChecked, rotations: boundary.rotationsTried, failures: boundary.failures.count))
        ]
        var counterexamples = boundary.failures.map { CounterexampleRow(subject: name, check: .boundary, facts: .probe($0)) }
        checks.append(
            exact(
                name, .wraparound, passed: analysis.wraparound.passed, finding: classes.wraparound, settings: settings,
                wraparoundDetail(analysis.wraparound)))
        counterexamples += analysis.wraparound.shifts.flatMap {
            $0.periodicityBreaks.map { CounterexampleRow(subject: name, check: .wraparound, facts: .probe($0)) }
        }
        counterexamples += analysis.wraparound.specialFailures.map {
            CounterexampleRow(subject: name, check: .wraparound, facts: .probe($0))
        }
        checks.append(
            exact(
                name, .consistency, passed: consistency.passed, finding: classes.consistency, settings: settings,
                .consistency(
                    arcs: consistency.mislabelled.count, fraction: consistency.mislabelledFraction, step: consistency.sweepStep,
                    unit: subject.rotationUnit)))
        checks.append(
            exact(
                name, .range, passed: range.passed, finding: classes.range, settings: settings,
                .range(range.invalid.map { .init(outcome: $0.outcome, shareOfCircle: $0.shareOfCircle, example: $0.example) })))
        checks.append(designedOddsCheck(subject, analysis, settings: settings))
        return (checks, counterexamples)
    }

    /// The wraparound check's figures: the shifts where periodicity breaks, the special rotations that
    /// fail, and how many turns each way the wheel stays periodic.
    static func wraparoundDetail(_ wraparound: WraparoundCheck) -> CheckDetail {
        .wraparound(
            breaks: wraparound.shifts.filter { !$0.periodicityBreaks.isEmpty }.map {
                .init(turns: $0.turns, failures: $0.periodicityBreaks.count)
            }, special: wraparound.specialFailures.map(\.context), forward: wraparound.firstBrokenTurnsForward,
            backward: wraparound.firstBrokenTurnsBackward)
    }

    /// The exact odds of the reported results against the odds the game claims (or the sectors' shares).
    static func designedOddsCheck<Subject: WheelSubject>(
        _ subject: Subject, _ analysis: WheelExactAnalysis, settings: AuditSettings
    ) -> PendingCheck {
        let largestGap = analysis.largestGap
        let claimedTolerance = DesignedOdds.tolerance(claimed: true, claimTolerance: subject.claimTolerance)
        return exact(
            subject.name, .designedOddsEqualClaimedOdds, kind: .fairness,
            passed: largestGap <= DesignedOdds.tolerance(claimed: subject.claimedOdds != nil, claimTolerance: subject.claimTolerance),
            finding: analysis.classes.designedOdds, settings: settings,
            .designedOdds(difference: largestGap, claimed: subject.claimedOdds != nil, tolerance: claimedTolerance))
    }

    /// Sampled plays by payout: each slot's count at its label's prize (no result and invalid labels pay 0).
    static func sampledPayouts(_ paytable: Paytable<Int>, slots: OutcomeSlots, tally: OutcomeTally) -> [Double: UInt64] {
        var payouts: [Double: UInt64] = [:]
        for (slot, count) in tally.counts.enumerated() where count > 0 {
            payouts[slot < slots.labels.count ? paytable.prize(slots.labels[slot]) : 0, default: 0] += count
        }
        return payouts
    }

    /// The wheel as drawn, for the report's picture.
    static func drawing(_ name: String, geometry: WheelGeometry, unit: AngleUnit) -> WheelDrawing {
        WheelDrawing(
            subject: name,
            sectors: geometry.sectors.map { .init(label: $0.label, start: $0.startTurns.value, width: $0.widthTurns.value) },
            pointer: geometry.pointerTurns.fractionalPart.value, unit: unit)
    }

    /// The groups of sectors whose consecutive pairs the serial test counts: one group per sector while a
    /// table of every pair still expects about 20 pairs per cell at this number of trials (so the default
    /// audit of a 37-sector wheel is unchanged), otherwise √(trials / 20) groups (at most 1,024) of
    /// consecutive sectors with about equal designed odds — so a 1,000-sector wheel is testable at 10^7 trials.
    static func pairGroups(geometry: WheelGeometry, designed: [WheelOutcome: Double], trials: UInt64) -> [[Int]]? {
        let affordable = Int((Double(trials) / 20).squareRoot())
        let count = min(OutcomeSlots.maximumPairGroups, max(2, affordable))
        guard count < geometry.count else { return nil }
        return OutcomeSlots.equalMassGroups(geometry.sectors.map { designed[.label($0.label)] ?? 0 }, count: count)
    }
}
