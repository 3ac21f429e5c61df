import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessRunner
import Foundation

// Wheels told their result up front.
extension SubjectAudit {
    /// The audit of a wheel told its result up front; `sample` as for ``wheel(_:settings:sample:)``.
    @usableFromInline
    static func targetedWheel<Subject: TargetedWheelSubject>(
        _ subject: Subject, settings: AuditSettings, sample: Sampler<TargetedWheelDriver<Subject>>
    ) throws -> SubjectResult {
        let name = subject.name
        let analysis = TargetedExactAnalysis(subject, settings: settings)
        let landing = analysis.landing
        var (checks, counterexamples) = landingChecks(subject, analysis, settings: settings)
        let odds = targetedOdds(subject, landing)
        checks.append(targetedOddsCheck(subject, odds, settings: settings))
        switch subject.ownIndexDrawSurvey {
        case .exact(let table): checks.append(indexDrawCheck(subject, table: table, settings: settings))
        case .sampled(let sample): checks.append(try sampledIndexDrawCheck(subject, sample: sample))
        case .changesBetweenRequests(let draw, let first, let later):
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: .indexDrawEqualsDeclaredDraw, kind: .fairness, status: .inconclusive,
                        detailFacts: .indexDrawChanges(draw: draw, first: first, later: later))))
        case nil: break
        }

        let driver = TargetedWheelDriver(
            subject, pairGroups: pairGroups(geometry: subject.geometry, designed: odds.designed, trials: settings.run.trials))
        let tally = try sampled(name, driver, settings, sample)
        var result = try sampledOutcomes(name, slots: driver.slots, tally: tally, designed: odds.designed, claimed: odds.claimed)
        result.checks.append(
            PendingCheck(
                record: CheckRecord(
                    subject: name, check: .shownSectorEqualsReportedResult, kind: .invalid,
                    status: tally.shownDiffersFromReported == 0 ? .pass : .fail, statistic: Double(tally.shownDiffersFromReported),
                    detailFacts: .shownDiffers(count: tally.shownDiffersFromReported, trials: tally.trials))))
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
            name: name, summary: subject.summary, kind: .targetedWheel, verdict: .pass,
            notes: [
                margins.count == landing.landings.count
                    ? .landingMargin(degrees: margins.min() ?? 0, laterSpinsWrong: analysis.worstSpin.spin.kind != .first)
                    : .indicesNotAlwaysInside(
                        count: landing.landings.count - margins.count, indices: landing.landings.count,
                        laterSpinsWrong: analysis.worstSpin.spin.kind != .first)
            ],
            affectedShare: analysis.shares.map { $0.invalid + $0.mislabel },
            invalidPerMillion: analysis.shares.map { 1e6 * $0.invalid },
            largestOddsDifference: odds.largestGap, returnToPlayer: returnToPlayer)
        result.checks = checks + result.checks
        result.counterexamples = counterexamples
        result.drawing = drawing(name, geometry: subject.geometry, unit: subject.rotationUnit)
        return result
    }

    /// Where every index stops (landing), on the first spin and the later spins of a session, and what
    /// indices outside the game's draw do, with the counterexamples that failed.
    static func landingChecks<Subject: TargetedWheelSubject>(
        _ subject: Subject, _ analysis: TargetedExactAnalysis, settings: AuditSettings
    ) -> (checks: [PendingCheck], counterexamples: [CounterexampleRow]) {
        let name = subject.name
        let landing = analysis.landing
        let wrong = landing.landings.filter { !$0.correct }
        let margins = landing.landings.filter(\.correct).compactMap(\.marginDegrees)
        let badOutOfRange = landing.outOfRange.filter { !$0.correct }
        let laterWrong = analysis.worstSpin.spin.kind == .first ? [] : analysis.worstSpin.landing.landings.filter { !$0.correct }
        let checks = [
            exact(
                name, .landing, passed: wrong.isEmpty && laterWrong.isEmpty && analysis.session.unstablePlay == nil,
                finding: analysis.landingFinding, settings: settings,
                .landing(
                    .init(
                        correct: landing.landings.count - wrong.count, indices: landing.landings.count, draws: LandingCheck.drawSteps + 1,
                        marginDegrees: margins.min(), session: analysis.sessionDetail))),
            exact(
                name, .outOfRangeIndices, passed: badOutOfRange.isEmpty, finding: analysis.outOfRange, settings: settings,
                .outOfRange(
                    landing.outOfRange.map {
                        .init(
                            index: $0.index, refused: $0.rotation == nil && $0.reported == .nothing, reported: $0.reported,
                            landsOn: $0.landsOn)
                    })),
        ]
        let unit = subject.rotationUnit, from = analysis.worstSpin.landing.previousRotation
        func row(_ landing: LandingCheck.Landing, from: Double?) -> CounterexampleRow {
            CounterexampleRow(
                subject: name, check: .landing,
                facts: .landing(
                    .init(
                        index: landing.index, rotation: landing.rotation, unit: unit, from: from, landsOn: landing.landsOn,
                        reported: landing.reported)))
        }
        let counterexamples = (wrong + badOutOfRange).map { row($0, from: nil) } + laterWrong.map { row($0, from: from) }
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
            .targetedOdds(
                source: subject.ownIndexDraw != nil ? .ownDraw : subject.indexWeights == nil ? .uniform : .weights,
                indices: subject.indices,
                difference: largestGap, claimed: subject.claimedOdds != nil))
    }

    /// The game's own index draw, sampled because it changes more often than a sweep resolves, against the
    /// draw it declares: a goodness-of-fit test of the picks at draws spread at random (a pick no sector has,
    /// or a trap, is an outcome of probability 0).
    static func sampledIndexDrawCheck<Subject: TargetedWheelSubject>(_ subject: Subject, sample: IndexDrawSample) throws -> PendingCheck {
        let declared = Array(subject.indices)
        let others = sample.counts.keys.filter { if case .index(let i) = $0 { !subject.indices.contains(i) } else { true } }
            .sorted { $0.description < $1.description }
        let observed = declared.map { Double(sample.counts[.index($0)] ?? 0) } + others.map { Double(sample.counts[$0] ?? 0) }
        let probabilities = subject.indexProbabilities + others.map { _ in 0.0 }
        var check = try goodnessOfFit(
            subject.name, .indexDrawEqualsDeclaredDraw, kind: .fairness, observed: observed, probabilities: probabilities,
            names: declared.map(String.init) + others.map(\.description), counted: .draws)
        check.record.detailFacts = .sampledIndexDraw(
            mismatch: sample.mismatch, draws: sample.draws, sweep: IndexDrawTable.sweepSteps + 1, test: check.record.detailFacts)
        return check
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
        let fact = FindingFact.indexDrawDiffers(
            difference: gap, outside: Array(outside.prefix(4)), outsideShare: outsideShare, trapShare: table.trapShare)
        return exact(
            subject.name, .indexDrawEqualsDeclaredDraw, kind: .fairness, passed: gap <= tolerance,
            finding: gap <= tolerance ? nil : Finding(.odds, magnitude: gap, fact: fact), settings: settings,
            .indexDraw(
                runs: table.runs.count,
                entries: keys.prefix(12).map { .init(index: $0, actual: actual[$0] ?? 0, declared: declared[$0] ?? 0) },
                more: max(0, keys.count - 12), trapShare: table.trapShare))
    }
}
