import Foundation

// Wheels read from their rotation.
extension SubjectAudit {
    /// The audit of a wheel; `sample` runs the sampling driver (made where the subject's type is concrete,
    /// so the trial loop is specialised for it).
    @usableFromInline
    static func wheel<Subject: WheelSubject>(
        _ subject: Subject, settings: AuditSettings, sample: Sampler<WheelDriver<Subject>>
    ) throws -> SubjectResult {
        let name = subject.name
        let geometry = subject.geometry
        let unit = subject.rotationUnit
        let consistency = ConsistencyCheck(subject, steps: settings.sweepSteps)
        let boundary = BoundaryCheck(subject)
        let wraparound = WraparoundCheck(subject)
        let range = RangeCheck(subject, consistency: consistency, boundary: boundary, wraparound: wraparound)
        let (play, lateOdds) = OwnSpinPlay.session(subject, steps: settings.sweepSteps, sessionSpins: settings.sessionSpins)
        let odds = DesignedOdds(subject, consistency: consistency, play: play)
        let claimed = subject.claimedOdds ?? DesignedOdds.sectorShares(of: geometry)
        // The odds at either end of a session: a rotation accumulated in Float, say, may land on coarser
        // angles late in a session.
        let largestGap = max(
            DesignedOdds.largestDifference(odds.ownSpin, claimed), lateOdds.map { DesignedOdds.largestDifference($0, claimed) } ?? 0)
        let classes = WheelFindings(
            subject, boundary: boundary, wraparound: wraparound, consistency: consistency, range: range, play: play,
            reach: SessionReach(subject, spins: settings.sessionSpins), oddsDifference: largestGap)

        var checks: [PendingCheck] = []
        var probes: [ProbeRow] = []
        var findings: [String] = []
        for finding in geometry.findings {
            // Named by the labels the player sees, not by the sectors' positions in the list.
            let after = geometry.sectors[finding.after].label, before = geometry.sectors[finding.before].label
            findings.append(
                String(
                    format: "The wheel as drawn has a %@ of %.9g%@ between label %d and label %d, starting at %.9g%@.",
                    finding.kind.rawValue, finding.width, finding.unit.symbol, after, before, finding.at, finding.unit.symbol))
        }

        checks.append(
            exact(
                name, "boundary", passed: boundary.passed, finding: classes.boundary, settings: settings,
                "\(boundary.linesProbed) lines, \(boundary.probes) probes, \(boundary.failures.count) failures"))
        for failure in boundary.failures {
            probes.append(
                ProbeRow(
                    subject: name, check: "boundary", input: String(format: "%.17g", failure.rotation),
                    context: failure.context, reported: failure.reported.description, expected: failure.truth))
        }
        let breaks = wraparound.shifts.filter { !$0.periodicityBreaks.isEmpty }
            .map { "\(Int($0.turns)) turns: \($0.periodicityBreaks.count)" }
        var wrapDetail =
            breaks.isEmpty
            ? "no periodicity breaks at ±1, ±2, ±3, ±1000, ±10^6 turns" : "periodicity breaks at " + breaks.joined(separator: ", ")
        if !wraparound.specialFailures.isEmpty {
            wrapDetail += "; fails at " + wraparound.specialFailures.map(\.context).joined(separator: ", ")
        }
        func periodicity(_ broken: Double?, _ direction: String) -> String {
            guard let broken else { return "\(direction): periodic up to 2^62 turns" }
            return "\(direction): breaks by \(format(broken)) turns"
        }
        wrapDetail +=
            "; " + periodicity(wraparound.firstBrokenTurnsForward, "forward") + "; "
            + periodicity(wraparound.firstBrokenTurnsBackward, "backward")
        checks.append(exact(name, "wraparound", passed: wraparound.passed, finding: classes.wraparound, settings: settings, wrapDetail))
        for shift in wraparound.shifts {
            for failure in shift.periodicityBreaks {
                probes.append(
                    ProbeRow(
                        subject: name, check: "wraparound", input: String(format: "%.17g", failure.rotation),
                        context: failure.context, reported: failure.reported.description, expected: failure.truth))
            }
        }
        for failure in wraparound.specialFailures {
            probes.append(
                ProbeRow(
                    subject: name, check: "wraparound", input: String(format: "%.17g", failure.rotation),
                    context: failure.context, reported: failure.reported.description, expected: failure.truth))
        }
        checks.append(
            exact(
                name, "consistency", passed: consistency.passed, finding: classes.consistency, settings: settings,
                "\(consistency.mislabelled.count) mislabelled arcs covering \(String(format: "%.9g", consistency.mislabelledFraction)) of the circle; sweep step \(format(consistency.sweepStep)) \(unitName(unit)) (narrower slivers are found only where they touch a line)"
            ))
        let arcs = consistency.mislabelled.map {
            ArcRow(
                subject: name, from: $0.from, to: $0.to, unit: unitName(unit), shareOfCircle: $0.width / unit.fullTurn,
                reported: $0.reported.description, truth: $0.truth)
        }
        checks.append(
            exact(
                name, "range", passed: range.passed, finding: classes.range, settings: settings,
                range.invalid.isEmpty
                    ? "every reported result is a sector label"
                    : "reports "
                        + range.invalid.map {
                            "\($0.outcome) on \(String(format: "%.6g", $0.shareOfCircle)) of the circle (e.g. at \(String(format: "%.17g", $0.example)))"
                        }.joined(separator: "; ")))

        checks.append(
            exact(
                name, "designed odds equal claimed odds", kind: .fairness,
                passed: largestGap <= DesignedOdds.tolerance(claimed: subject.claimedOdds != nil, claimTolerance: subject.claimTolerance),
                finding: classes.designedOdds, settings: settings,
                "largest difference \(format(largestGap)) between the exact odds of the reported results and \(subject.claimedOdds == nil ? "the sectors' shares" : "the odds the game claims (agreeing within \(format(DesignedOdds.tolerance(claimed: true, claimTolerance: subject.claimTolerance))))" + roundedClaimsHint(difference: largestGap, tolerance: DesignedOdds.tolerance(claimed: true, claimTolerance: subject.claimTolerance)))"
            ))
        findings.append(
            "Exact odds of the reported result under its own spin: "
                + odds.ownSpin.sorted { $0.key < $1.key }.map { "\($0.key): \(String(format: "%.9g", $0.value))" }.joined(separator: ", ")
                + ".")

        // Sampling.
        let driver = WheelDriver(subject, pairGroups: pairGroups(geometry: geometry, designed: odds.ownSpin, trials: settings.run.trials))
        let tally = try sampled(name, driver, settings, sample)
        var result = try sampledOutcomes(name, slots: driver.slots, tally: tally, designed: odds.ownSpin, claimed: claimed)
        var returnToPlayer: Double?
        if let paytable = subject.paytable {
            let payouts = try payoutChecks(
                name, rtp: ReturnToPlayer(paytable: paytable, outcomes: odds.ownSpin), paytable: paytable, settings: settings,
                sampled: sampledPayouts(paytable, slots: driver.slots, tally: tally))
            checks += payouts.checks
            returnToPlayer = payouts.rtp
        }
        result.verdict = SubjectVerdict(
            name: name, summary: subject.summary, kind: "wheel", verdict: .pass, findings: findings,
            affectedShare: play.invalidShare + play.mislabelShare, invalidPerMillion: play.invalidShare * 1e6,
            largestOddsDifference: largestGap, returnToPlayer: returnToPlayer)
        result.checks = checks + result.checks
        result.arcs = arcs
        result.probes = probes + result.probes
        result.drawing = drawing(name, geometry: geometry, unit: unit)
        return result
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
            pointer: geometry.pointerTurns.fractionalPart.value, unit: unitName(unit))
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

    /// The sampled checks shared by both kinds of wheel: fit to designed and claimed odds, invalid
    /// results, serial independence; and the outcome rows.
    static func sampledOutcomes(
        _ name: String, slots: OutcomeSlots, tally: OutcomeTally,
        designed: [WheelOutcome: Double], claimed: [WheelOutcome: Double]
    ) throws -> SubjectResult {
        let n = Double(tally.trials)
        var designedBySlot = [Double](repeating: 0, count: slots.count)
        // Sum in a fixed order: dictionary order changes from process to process, and so would the rounding.
        for (outcome, p) in designed.sorted(by: { $0.key < $1.key }) { designedBySlot[slots.slot(outcome)] += p }
        var claimedBySlot = [Double](repeating: 0, count: slots.count)
        for (outcome, p) in claimed.sorted(by: { $0.key < $1.key }) { claimedBySlot[slots.slot(outcome)] += p }
        let observed = tally.counts.map { Double($0) }
        let names = (0..<slots.count).map { slots.name($0) }
        var checks: [PendingCheck] = []
        // Outcomes against the odds the code produces (sampling) and against the sectors' shares (fairness),
        // each by Pearson's X² and by G.
        let fits: [(against: String, kind: CheckKind, probabilities: [Double])] = [
            ("designed odds", .sampling, designedBySlot), ("claimed fair odds", .fairness, claimedBySlot),
        ]
        for fit in fits {
            for (label, statistic) in [("Pearson", GoodnessOfFitStatistic.pearson), ("G-test", .logLikelihoodRatio)] {
                checks.append(
                    try goodnessOfFit(
                        name, "outcomes vs \(fit.against) (\(label))", kind: fit.kind, observed: observed,
                        probabilities: fit.probabilities, statistic: statistic, names: names))
            }
        }
        let invalid = tally.counts[slots.noResult] + tally.counts[slots.invalid]
        var invalidDetail =
            "\(tally.counts[slots.invalid]) invalid labels, \(tally.counts[slots.noResult]) without a result in \(tally.trials) spins"
        if !tally.invalidLabels.isEmpty {
            invalidDetail +=
                " (" + tally.invalidLabels.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
        }
        if tally.traps > 0 { invalidDetail += "; \(tally.traps) traps" }
        checks.append(
            PendingCheck(
                record: CheckRecord(
                    subject: name, check: "invalid results", kind: .invalid,
                    status: invalid == 0 ? .pass : .fail, statistic: Double(invalid), detail: invalidDetail)))
        // Rare outcomes (below 1% of the most likely one's odds) are pooled in the fit above; each gets its
        // own exact binomial test so a rare prize is tested on its own.
        let largest = designedBySlot.max() ?? 0
        for slot in 0..<slots.labels.count where designedBySlot[slot] > 0 && designedBySlot[slot] < largest / 100 {
            let p = designedBySlot[slot], count = tally.counts[slot]
            let test = try BinomialTest(successes: Double(count), trials: n, hypothesised: p)
            let check = "rare outcome \(slots.name(slot)) vs designed odds (exact binomial)"
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: check, kind: .sampling,
                        status: .inconclusive, statistic: Double(count), pValue: test.verdict.pValue,
                        detail: String(
                            format: "%llu in %llu spins: %.6g; designed %.9g; 95%% Clopper-Pearson [%.6g, %.6g]",
                            count, tally.trials, test.proportion, p, test.clopperPearson.lower, test.clopperPearson.upper)),
                    power: p < 1 && n > 0 ? .binomial(trials: n, probability: p) : nil,
                    table: binomialTable(name, check, successes: Double(count), trials: n, probability: p)))
        }
        let groups = slots.pairGroupCount
        let table = (0..<groups).map { a in (0..<groups).map { b in tally.pairs[a * groups + b] } }
        let grouped = slots.pairGroups.count < slots.count
        checks.append(
            try independence(
                name, "serial independence (consecutive results)", table: table,
                note: grouped
                    ? "; \(slots.labels.count) sectors in \(groups - 2) groups of consecutive sectors with about equal designed odds" : "",
                names: slots.pairGroups.map { $0.map { slots.name($0) }.joined(separator: "+") }))

        var rows: [OutcomeRow] = []
        for slot in 0..<slots.count where slot != slots.invalid {
            let count = tally.counts[slot]
            if slot == slots.noResult && count == 0 && designedBySlot[slot] == 0 { continue }
            let expected = n * designedBySlot[slot]
            rows.append(
                OutcomeRow(
                    subject: name, table: "reported outcome", outcome: slots.name(slot), valid: slot < slots.labels.count,
                    observed: count, expectedDesigned: expected, expectedFair: n * claimedBySlot[slot],
                    standardisedResidual: expected > 0 ? (Double(count) - expected) / expected.squareRoot() : nil))
        }
        let designedInvalid = designed.filter { $0.key.label.map { !slots.labels.contains($0) } ?? false }
        for label in Set(tally.invalidLabels.keys).union(designedInvalid.keys.compactMap(\.label)).sorted() {
            let count = tally.invalidLabels[label] ?? 0
            let expected = n * (designed[.label(label)] ?? 0)
            rows.append(
                OutcomeRow(
                    subject: name, table: "reported outcome", outcome: "\(label)", valid: false, observed: count,
                    expectedDesigned: expected, expectedFair: 0,
                    standardisedResidual: expected > 0 ? (Double(count) - expected) / expected.squareRoot() : nil))
        }
        return SubjectResult(
            verdict: SubjectVerdict(name: name, summary: "", kind: "", verdict: .pass, findings: []),
            checks: checks, outcomes: rows, arcs: [], probes: [])
    }
}
