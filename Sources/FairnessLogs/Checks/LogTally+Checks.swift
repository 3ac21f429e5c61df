import FairnessChecks
import FairnessReport
import FairnessStatistics
import FairnessSubjectAudit
import Foundation

// The checks of a log, from its tallies.
extension LogTally {
    /// The log's result: its checks in report order, its outcome table and its facts.
    func result(settings: AuditSettings, times: LogAuditTimes? = nil) throws -> SubjectResult {
        let started = DispatchTime.now()
        let labelNames = model.labels.map { model.name(ofLabel: $0) }
        var checks = invalidChecks()
        var observedReturn: Double?
        var windows = (counts: [[UInt64]](), startLines: [Int](), lines: 0)
        // A log of rounds only has no roll for the roll tests: its bets' checks are its audit.
        if lines > 0 {
            checks += try distributionChecks(labelNames: labelNames)
            checks += try frequencyChecks()
            let payouts = try payoutChecks()
            checks += payouts.checks
            observedReturn = payouts.observedReturn
            windows = driftWindows()
            checks.append(try driftCheck(windows, labelNames: labelNames, settings: settings, times: times))
            checks.append(try homogeneityCheck(windows, labelNames: labelNames))
        }
        checks += try betChecks()
        let proving = times?.seconds(in: .provingWindows) ?? 0
        times?.record(.checks, seconds: LogAuditTimes.seconds(from: started, to: DispatchTime.now()) - proving)
        var notes = [
            SubjectNote.logRead(lines: allLines, jsonLines: format == .jsonLines, windows: windows.counts.count, windowLines: windows.lines)
        ]
        if let observedReturn { notes.append(.observedReturn(observedReturn)) }
        if betLines > 0 {
            notes.append(.betLinesRead(betLines: betLines, rollsTested: lines, repeatedWithoutRound: repeatedWithoutRound))
        }
        let shownInvalid = counts[k + 1] + counts[k]
        return SubjectResult(
            verdict: SubjectVerdict(
                name: model.name, summary: model.summary, kind: .log, verdict: .pass, notes: notes,
                invalidPerMillion: lines == 0 ? 0 : 1e6 * Double(shownInvalid) / Double(lines), returnToPlayer: observedReturn),
            checks: checks, outcomes: lines == 0 ? [] : outcomeRows(labelNames: labelNames), arcs: [], counterexamples: [])
    }

    /// The valid outcome lines: those showing a label the game has.
    var validLines: UInt64 { counts.prefix(k).reduce(0, +) }

    /// Results no sector carries (or rolls the dice cannot show), and the bad rows skipped.
    func invalidChecks() -> [PendingCheck] {
        let name = model.name
        var checks: [PendingCheck] = []
        let foreign = counts[k + 1], none = counts[k]
        if lines == 0 { return badRowsCheck().map { [$0] } ?? [] }
        let examples: [CheckDetail.LogExample] =
            model.dice != nil
            ? invalidRollExamples.map { .roll(text: $0.text, line: $0.line) }
            : invalid.sorted { $0.value.firstLine < $1.value.firstLine }.prefix(5)
                .map { .label($0.key, lines: $0.value.count, firstLine: $0.value.firstLine) }
        checks.append(
            PendingCheck(
                record: CheckRecord(
                    subject: name, check: .invalidResults, kind: .invalid, status: foreign + none == 0 ? .pass : .fail,
                    statistic: Double(foreign + none),
                    detailFacts: .invalidLogLines(foreign: foreign, none: none, lines: lines, dice: model.dice?.dice, examples: examples))))
        if let skipped = badRowsCheck() { checks.append(skipped) }
        return checks
    }

    /// The bad rows skipped under `--skip-bad`, if any.
    func badRowsCheck() -> PendingCheck? {
        guard badRows > 0, !firstBadRows.isEmpty else { return nil }
        return PendingCheck(
            record: CheckRecord(
                subject: model.name, check: .badRowsSkipped, kind: .invalid, status: .fail, statistic: Double(badRows),
                detailFacts: .badRows(
                    count: badRows, allowed: options.skipBad,
                    shown: firstBadRows.map { .init(line: $0.line, column: $0.column, message: $0.message) })))
    }

    /// The outcome distribution against the declared odds, and serial independence within sessions.
    func distributionChecks(labelNames: [String]) throws -> [PendingCheck] {
        let name = model.name
        var checks: [PendingCheck] = []
        let observed = counts.prefix(k).map { Double($0) }
        var fit = try SubjectAudit.goodnessOfFit(
            name, .outcomes(versus: .declared, statistic: .pearson), kind: .fairness, observed: observed,
            probabilities: model.probabilities, names: labelNames, counted: .lines)
        // Its magnitude: the share of lines whose outcome would have to change to match the odds, with its interval.
        if case .fit = fit.record.detailFacts, validLines > 0 {
            fit.record.detailFacts = .shareOff(
                try ShareOffInterval(observed: observed, expected: model.probabilities), draws: validLines, fit.record.detailFacts)
        }
        checks.append(fit)
        // Dice without a reroll policy: every face of every roll against equal odds (a die loaded so that
        // the categories keep their odds is seen here).
        if let dice = model.dice, dice.facesAreFair, validLines > 0 {
            let f = dice.dice.faces
            checks.append(
                try SubjectAudit.goodnessOfFit(
                    name, .logFaces, kind: .fairness, observed: faceCounts.map { Double($0) },
                    probabilities: Array(repeating: 1 / Double(f), count: f), counted: .draws))
        }
        // Serial pairs, with the rarest labels pooled until every cell expects 5 pairs under the declared odds.
        let pairTotal = Double(pairs.reduce(0, +))
        let groups = pooledLabels { pairTotal * $0 * $0 >= 5 }
        let table = groups.map { a in groups.map { b in a.reduce(0) { sum, x in b.reduce(sum) { $0 + pairs[x * k + $1] } } } }
        let pooled = groups.filter { $0.count > 1 }
        checks.append(
            try SubjectAudit.independence(
                name, .serialIndependence(.withinSessions), table: table,
                note: .sessions(
                    noSessionColumn: !hasColumn[1], pooled: pooled.map { $0.map { labelNames[$0] }.joined(separator: "+") }),
                names: groups.map { $0.map { labelNames[$0] }.joined(separator: "+") }, magnitude: .previousResult))

        return checks
    }

    /// Each prize's frequency (wheels) and each hand's (dice, by the hand's rule), by exact binomial tests.
    func frequencyChecks() throws -> [PendingCheck] {
        let valid = validLines
        var checks: [PendingCheck] = []
        if let paytable = model.paytable {
            for (slot, label) in model.labels.enumerated() where paytable.prize(label) > 0 {
                let prize = ReturnToPlayer.format(paytable.prize(label))
                checks += try frequencyCheck(
                    .labelFrequency(label: "\(label)", pays: prize), hits: counts[slot], of: valid,
                    probability: model.probabilities[slot], what: "prize", counting: .prize(pays: prize))
            }
        }
        for (index, entry) in (model.dice?.hands ?? []).enumerated() {
            guard let p = entry.probability else { continue }
            checks += try frequencyCheck(
                .handFrequency(hand: entry.hand.name), hits: handCounts[index], of: valid, probability: p, what: "hand", counting: .logHand)
        }

        return checks
    }

    /// Payouts against the paytable, and the log's return to player with its interval.
    func payoutChecks() throws -> (checks: [PendingCheck], observedReturn: Double?) {
        let name = model.name
        var checks: [PendingCheck] = []
        let paytableStake = model.paytable?.stake ?? model.dice?.paytable?.stake
        if let paytableStake, hasColumn[4] {
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: .payoutsMatchPaytable, kind: .invalid, status: payoutMismatches == 0 ? .pass : .fail,
                        statistic: Double(payoutMismatches),
                        detailFacts: .payoutsMatchPaytable(
                            .init(
                                mismatches: payoutMismatches, logged: payoutsLogged, lines: lines - betRollLines, stake: paytableStake,
                                withoutStake: hasColumn[3] ? lines - betRollLines - stakesLogged : nil,
                                first: firstPayoutMismatch.map {
                                    .init(line: $0.line, outcome: "\($0.outcome)", paid: $0.paid, expected: $0.expected)
                                })))))
        }
        var observedReturn: Double?
        if !returns.isEmpty {
            // The RTP the log's odds give with the paytable (a wheel's claimed odds, else its design's shares;
            // a dice game's exact odds under its reroll policy) when it is known — a declared figure may be
            // rounded, and the exact audit compares the two; the declared one otherwise.
            let declared = model.paytable?.declaredReturn ?? model.dice?.paytable?.declaredReturn
            let expected = model.returnToPlayer ?? declared
            // Every per-stake prize level of the paytable, paid in the log or not.
            var levels = Array(returns.keys)
            let prizeLevels =
                model.paytable.map { table in table.prizes.values.map { $0 / table.stake } }
                ?? model.dice?.paytable.map { table in table.prizes.values.map { $0 / table.stake } } ?? []
            for prize in prizeLevels + [0] where !levels.contains(prize) {
                levels.append(prize)
            }
            // In order of value: the dictionaries' order changes from one process to the next, and the
            // report (its table's rows, the interval's sums) must not.
            levels.sort()
            let interval = try PayoutMeanInterval(levels: levels, counts: levels.map { returns[$0] ?? 0 })
            observedReturn = payoutSum / stakeSum
            let source: CheckDetail.LogReturn.Expected.Source =
                model.returnToPlayer == nil ? .declared : model.dice != nil ? .diceExact : .declaredOdds
            var record = CheckRecord(
                subject: name, check: .returnToPlayer(.log), kind: .fairness, status: .inconclusive, statistic: observedReturn,
                detailFacts: .logReturn(
                    .init(
                        returnToPlayer: observedReturn!, payoutsLogged: payoutsLogged, lines: lines - betRollLines, mean: interval.mean,
                        lower: interval.lower, upper: interval.upper, expected: expected.map { .init(source: source, value: $0) },
                        declared: model.returnToPlayer != nil ? declared : nil)))
            if let expected {
                let declared = model.returnToPlayer == nil ? nil : model.oddsOfEachReturn(levels)
                let figures = try interval.figures(mean: expected, declared: declared)
                record.setPValue(figures.pValue, log10: figures.log10PValue, method: figures.method)
                checks.append(
                    PendingCheck(
                        record: record,
                        table: SubjectAudit.payoutMeanTable(
                            name, record.check, levels: levels, counts: levels.map { returns[$0] ?? 0 }, hypothesised: expected,
                            declared: figures.method == .exact ? declared : nil)))
            } else {
                record.status = .pass
                checks.append(PendingCheck(record: record))
            }
        }

        return (checks, observedReturn)
    }

    /// The outcome table: each label's count against its declared expectation, then labels no sector
    /// carries.
    func outcomeRows(labelNames: [String]) -> [OutcomeRow] {
        let name = model.name, valid = validLines
        var outcomes: [OutcomeRow] = []
        for slot in model.labels.indices {
            let expected = Double(valid) * model.probabilities[slot]
            outcomes.append(
                OutcomeRow(
                    subject: name, table: model.dice == nil ? "logged outcome" : "logged category", outcome: labelNames[slot], valid: true,
                    observed: counts[slot],
                    expectedDesigned: expected, expectedFair: expected,
                    standardisedResidual: expected > 0 ? (Double(counts[slot]) - expected) / expected.squareRoot() : nil))
        }
        for (label, seen) in invalid.sorted(by: { $0.key < $1.key }) {
            outcomes.append(
                OutcomeRow(
                    subject: name, table: "logged outcome", outcome: "\(label)", valid: false, observed: seen.count, expectedDesigned: 0,
                    expectedFair: 0, standardisedResidual: nil))
        }
        return outcomes
    }

    /// The labels (slots) gathered into groups: the two rarest by declared probability merge until the
    /// rarest group's mass satisfies `enough` (or two groups remain); groups in label order.
    func pooledLabels(_ enough: (Double) -> Bool) -> [[Int]] {
        var groups = model.labels.indices.map { [$0] }
        func mass(_ group: [Int]) -> Double { group.reduce(0) { $0 + model.probabilities[$1] } }
        while groups.count > 2 {
            let order = groups.indices.sorted { mass(groups[$0]) < mass(groups[$1]) }
            guard !enough(mass(groups[order[0]])) else { break }
            let merged = groups[order[0]] + groups[order[1]]
            groups = groups.indices.filter { $0 != order[0] && $0 != order[1] }.map { groups[$0] } + [merged.sorted()]
        }
        return groups.sorted { $0[0] < $1[0] }
    }

    /// An exact binomial test of `hits` in `of` valid lines against `probability`; inconclusive (saying how
    /// many lines it needs) while either tail expects fewer than 5; none for a certain or impossible outcome.
    func frequencyCheck(
        _ check: CheckIdentifier, hits: UInt64, of valid: UInt64, probability p: Double, what: String,
        counting: CheckDetail.Binomial.Counting
    ) throws -> [PendingCheck] {
        guard p > 0, p < 1, valid > 0 else { return [] }
        let name = model.name
        guard Double(valid) * p >= 5, Double(valid) * (1 - p) >= 5 else {
            return [
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: check, kind: .fairness, status: .inconclusive,
                        detailFacts: .tooFewForFrequency(
                            lines: valid, expected: Double(valid) * p, what: what, needed: (5 / min(p, 1 - p)).rounded(.up))))
            ]
        }
        let test = try BinomialTest(successes: Double(hits), trials: Double(valid), hypothesised: p)
        return [
            PendingCheck(
                record: CheckRecord(
                    subject: name, check: check, kind: .fairness, status: .inconclusive, statistic: Double(hits),
                    pValue: test.verdict.pValue,
                    log10PValue: test.verdict.figures.flatMap { $0.log10PValue.isFinite ? $0.log10PValue : nil },
                    pValueMethod: test.verdict.figures?.method,
                    detailFacts: .binomial(
                        .init(
                            counting: counting, successes: hits, trials: valid, proportion: test.proportion, probability: p,
                            lower: test.clopperPearson.lower, upper: test.clopperPearson.upper))),
                power: .binomial(trials: Double(valid), probability: p),
                table: SubjectAudit.binomialTable(name, check, successes: Double(hits), trials: Double(valid), probability: p))
        ]
    }
}
