import FairnessChecks
import FairnessStatistics
import Foundation

// The checks of a log, from its tallies.
extension LogTally {
    /// The log's result: its checks in report order, its outcome table and its facts.
    func result(settings: AuditSettings) throws -> SubjectResult {
        let labelNames = model.labels.map { model.name(ofLabel: $0) }
        var checks = invalidChecks()
        checks += try distributionChecks(labelNames: labelNames)
        checks += try frequencyChecks()
        let payouts = try payoutChecks()
        checks += payouts.checks
        let windows = driftWindows()
        checks.append(try driftCheck(windows, labelNames: labelNames, settings: settings))
        checks.append(try homogeneityCheck(windows, labelNames: labelNames))
        var notes = [
            SubjectNote.logRead(lines: lines, jsonLines: format == .jsonLines, windows: windows.counts.count, windowLines: windows.lines)
        ]
        if let observedReturn = payouts.observedReturn { notes.append(.observedReturn(observedReturn)) }
        let shownInvalid = counts[k + 1] + counts[k]
        return SubjectResult(
            verdict: SubjectVerdict(
                name: model.name, summary: model.summary, kind: .log, verdict: .pass, notes: notes,
                invalidPerMillion: 1e6 * Double(shownInvalid) / Double(lines), returnToPlayer: payouts.observedReturn),
            checks: checks, outcomes: outcomeRows(labelNames: labelNames), arcs: [], counterexamples: [])
    }

    /// The valid outcome lines: those showing a label the game has.
    var validLines: UInt64 { counts.prefix(k).reduce(0, +) }

    /// Results no sector carries (or rolls the dice cannot show), and the bad rows skipped.
    func invalidChecks() -> [PendingCheck] {
        let name = model.name
        var checks: [PendingCheck] = []
        let foreign = counts[k + 1], none = counts[k]
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
        if badRows > 0, !firstBadRows.isEmpty {
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: .badRowsSkipped, kind: .invalid, status: .fail, statistic: Double(badRows),
                        detailFacts: .badRows(
                            count: badRows, allowed: options.skipBad,
                            shown: firstBadRows.map { .init(line: $0.line, column: $0.column, message: $0.message) }))))
        }

        return checks
    }

    /// The outcome distribution against the declared odds, and serial independence within sessions.
    func distributionChecks(labelNames: [String]) throws -> [PendingCheck] {
        let name = model.name
        var checks: [PendingCheck] = []
        checks.append(
            try SubjectAudit.goodnessOfFit(
                name, .outcomes(versus: .declared, statistic: .pearson), kind: .fairness, observed: counts.prefix(k).map { Double($0) },
                probabilities: model.probabilities, names: labelNames, counted: .lines))
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
                names: groups.map { $0.map { labelNames[$0] }.joined(separator: "+") }))

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
                                mismatches: payoutMismatches, logged: payoutsLogged, lines: lines, stake: paytableStake,
                                withoutStake: hasColumn[3] ? lines - stakesLogged : nil,
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
                        returnToPlayer: observedReturn!, payoutsLogged: payoutsLogged, lines: lines, mean: interval.mean,
                        lower: interval.lower, upper: interval.upper, expected: expected.map { .init(source: source, value: $0) },
                        declared: model.returnToPlayer != nil ? declared : nil)))
            if let expected {
                record.setPValue(try interval.pValue(mean: expected), log10: try interval.log10PValue(mean: expected), method: .chiSquare)
                checks.append(
                    PendingCheck(
                        record: record,
                        table: SubjectAudit.payoutMeanTable(
                            name, record.check, levels: levels, counts: levels.map { returns[$0] ?? 0 }, hypothesised: expected)))
            } else {
                record.status = .pass
                checks.append(PendingCheck(record: record))
            }
        }

        return (checks, observedReturn)
    }

    /// The drift windows as tested: each window's counts, the line each starts at, and its length in lines
    /// (0 for windows by seconds). Automatic windows: the blocks gathered into at most 32 windows of equal
    /// length.
    func driftWindows() -> (counts: [[UInt64]], startLines: [Int], lines: Int) {
        var windows = self.windows, windowStartLine = self.windowStartLine
        var windowLines = 0
        switch options.window {
        case .automatic:
            let perWindow = (windows.count + 31) / 32
            windowLines = blockSize * perWindow
            windows = stride(from: 0, to: windows.count, by: perWindow).map { start in
                windows[start..<min(windows.count, start + perWindow)].reduce([UInt64](repeating: 0, count: k + 2)) {
                    zip($0, $1).map { $0 &+ $1 }
                }
            }
            windowStartLine = stride(from: 0, to: windowStartLine.count, by: perWindow).map { windowStartLine[$0] }
        case .lines(let size): windowLines = size
        case .seconds: break
        }
        return (windows, windowStartLine, windowLines)
    }

    /// Drift: each window against the declared odds, Bonferroni over the windows; names the first that
    /// departs.
    func driftCheck(
        _ windows: (counts: [[UInt64]], startLines: [Int], lines: Int), labelNames: [String], settings: AuditSettings
    ) throws -> PendingCheck {
        let name = model.name
        let windowLines = windows.lines, windowStartLine = windows.startLines
        let fits = try windows.counts.map { window -> GoodnessOfFitTest? in
            let observed = window.prefix(k)
            guard observed.reduce(0, +) > 0 else { return nil }
            return try GoodnessOfFitTest(counts: Array(observed), probabilities: model.probabilities)
        }
        let windowFigures = fits.map { $0?.verdict.figures }
        let windowTests = windowFigures.map { $0?.pValue }
        let tested = windowTests.compactMap { $0 }
        let window = { (index: Int) -> CheckDetail.Drift.Window in
            switch options.window {
            case .lines, .automatic:
                let first = UInt64(index) * UInt64(windowLines) + 1
                return .lines(
                    index: index, first: first, last: min(lines, first + UInt64(windowLines) - 1), fromLine: windowStartLine[index])
            case .seconds(let size):
                return .seconds(index: index, from: Double(index) * size, to: Double(index + 1) * size, fromLine: windowStartLine[index])
            }
        }
        var drift = CheckRecord(
            subject: name, check: .driftFirstDepartingWindow, kind: .fairness, status: .inconclusive,
            detailFacts: .driftTooFewWindows(windows: windows.counts.count, tested: tested.count))
        if tested.count >= 2 {
            let bonferroni = settings.alpha / Double(tested.count)
            let departing = windowTests.firstIndex { ($0 ?? 1) <= bonferroni }
            let strongest = windowTests.indices.min { (windowTests[$0] ?? 2) < (windowTests[$1] ?? 2) }!
            // The window with the smallest p-value gives the check's, and its method.
            let smallest = windowFigures.compactMap { $0 }.min { $0.log10PValue < $1.log10PValue }!
            drift.setPValue(
                min(1, Double(tested.count) * tested.min()!), log10: min(0, Foundation.log10(Double(tested.count)) + smallest.log10PValue),
                method: smallest.method)
            drift.detailFacts = .drift(
                .init(
                    tested: tested.count, strongest: strongest,
                    departing: departing.map { .init(window: window($0), pValue: windowTests[$0]!) }))
        }
        // Each window's table as tested, so the check's p-value can be recomputed from the report alone.
        var table: [StatisticTableRow] = []
        for (index, fit) in fits.enumerated() {
            guard let fit, fit.verdict.figures != nil else { continue }
            let column = "window \(index + 1)"
            for (position, cell) in fit.cells.enumerated() {
                table.append(
                    StatisticTableRow(
                        subject: name, check: .driftFirstDepartingWindow, table: "drift window", row: "\(position + 1)", column: column,
                        observed: cell.observed, expected: cell.expected,
                        members: cell.indices.map { labelNames[$0] }.joined(separator: "+"), method: fit.verdict.figures?.method))
            }
            let observed = windows.counts[index]
            for slot in 0..<k where model.probabilities[slot] == 0 && observed[slot] > 0 {
                table.append(
                    StatisticTableRow(
                        subject: name, check: .driftFirstDepartingWindow, table: "drift window", row: "impossible", column: column,
                        observed: Double(observed[slot]), expected: 0, members: labelNames[slot]))
            }
        }
        return PendingCheck(record: drift, table: drift.pValue == nil ? [] : table)
    }

    /// Homogeneity: windows × outcomes, the rarest outcomes pooled until the smallest window expects 5 of
    /// each.
    func homogeneityCheck(_ windows: (counts: [[UInt64]], startLines: [Int], lines: Int), labelNames: [String]) throws -> PendingCheck {
        let name = model.name
        var homogeneity = CheckRecord(
            subject: name, check: .homogeneityAcrossWindows, kind: .fairness, status: .inconclusive, detailFacts: .homogeneityTooFewWindows)
        // Windows × outcomes, the rarest outcomes pooled until the smallest window expects 5 of each.
        let filledWindows = windows.counts.indices.filter { windows.counts[$0].prefix(k).reduce(0, +) > 0 }
        let filled = filledWindows.map { windows.counts[$0] }
        let smallest = Double(filled.map { $0.prefix(k).reduce(0, +) }.min() ?? 0)
        let columns = pooledLabels { smallest * $0 >= 5 }
        let rows = filled.map { window in columns.map { group in Double(group.reduce(0) { $0 + window[$1] }) } }
        if rows.count >= 2 {
            let test = try IndependenceTest(table: rows)
            switch test.verdict {
            case .tested(let figures):
                homogeneity.statistic = figures.statistic
                homogeneity.degreesOfFreedom = figures.degreesOfFreedom
                homogeneity.setPValue(figures)
                homogeneity.detailFacts = .homogeneity(
                    windows: rows.count, outcomes: test.keptColumns.count,
                    pooled: columns.filter { $0.count > 1 }.map { $0.map { labelNames[$0] }.joined(separator: "+") })
            case .inconclusive(let reason):
                homogeneity.detailFacts = .inconclusive(reason)
            }
        }
        guard homogeneity.pValue != nil else { return PendingCheck(record: homogeneity) }
        // The windows × outcomes table as tested, each row a window of the log.
        let groups = columns.map { $0.map { labelNames[$0] }.joined(separator: "+") }
        var table: [StatisticTableRow] = []
        for (row, window) in zip(rows, filledWindows) {
            for (count, group) in zip(row, groups) {
                table.append(
                    StatisticTableRow(
                        subject: name, check: .homogeneityAcrossWindows, table: "contingency", row: "window \(window + 1)", column: group,
                        observed: count, expected: nil, members: "window \(window + 1)"))
            }
        }
        return PendingCheck(record: homogeneity, table: table)
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
