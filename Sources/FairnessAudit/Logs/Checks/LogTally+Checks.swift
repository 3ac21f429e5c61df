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
        checks.append(try driftCheck(windows, settings: settings))
        checks.append(try homogeneityCheck(windows, labelNames: labelNames))
        var findings = [
            "\(lines) outcome lines read (\(format == .jsonLines ? "JSON Lines" : "CSV")), in \(windows.counts.count) windows"
                + (windows.lines > 0 ? " of \(windows.lines) lines." : ".")
        ]
        if let observedReturn = payouts.observedReturn { findings.append("Observed RTP \(ReturnToPlayer.format(observedReturn)).") }
        let shownInvalid = counts[k + 1] + counts[k]
        return SubjectResult(
            verdict: SubjectVerdict(
                name: model.name, summary: model.summary, kind: "log", verdict: .pass, findings: findings,
                invalidPerMillion: 1e6 * Double(shownInvalid) / Double(lines), returnToPlayer: payouts.observedReturn),
            checks: checks, outcomes: outcomeRows(labelNames: labelNames), arcs: [], counterexamples: [])
    }

    /// The valid outcome lines: those showing a label the game has.
    var validLines: UInt64 { counts.prefix(k).reduce(0, +) }

    /// "line N", as the checks name a line of the log.
    static func lineText(_ line: Int) -> String { "line \(line)" }

    /// Results no sector carries (or rolls the dice cannot show), and the bad rows skipped.
    func invalidChecks() -> [PendingCheck] {
        let name = model.name
        var checks: [PendingCheck] = []
        let fileLine = Self.lineText
        let foreign = counts[k + 1], none = counts[k]
        let examples =
            model.dice != nil
            ? invalidRollExamples.map { "'\($0.text)' at \(fileLine($0.line))" }
            : invalid.sorted { $0.value.firstLine < $1.value.firstLine }.prefix(5)
                .map { "label \($0.key) on \($0.value.count) lines (first at \(fileLine($0.value.firstLine)))" }
        checks.append(
            PendingCheck(
                record: CheckRecord(
                    subject: name, check: .invalidResults, kind: .invalid, status: foreign + none == 0 ? .pass : .fail,
                    statistic: Double(foreign + none),
                    detail: (model.dice.map {
                        "\(foreign) lines show a roll that is not \($0.dice) (faces outside 1 ... \($0.dice.faces) or the wrong number of dice), of \(lines)"
                    } ?? "\(foreign) lines show a label no sector carries, \(none) show no result, of \(lines)")
                        + (examples.isEmpty ? "" : ": " + examples.joined(separator: "; ")))))
        if badRows > 0, !firstBadRows.isEmpty {
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: .badRowsSkipped, kind: .invalid, status: .fail, statistic: Double(badRows),
                        detail:
                            "\(badRows) rows could not be read and were skipped (up to \(options.skipBad) allowed); "
                            + (badRows > firstBadRows.count ? "the first \(firstBadRows.count): " : "")
                            + firstBadRows.map { "line \($0.line), column \($0.column): \($0.message)" }.joined(separator: "; ")
                    )))
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
                probabilities: model.probabilities, names: labelNames, counted: "lines"))
        // Serial pairs, with the rarest labels pooled until every cell expects 5 pairs under the declared odds.
        let pairTotal = Double(pairs.reduce(0, +))
        let groups = pooledLabels { pairTotal * $0 * $0 >= 5 }
        let table = groups.map { a in groups.map { b in a.reduce(0) { sum, x in b.reduce(sum) { $0 + pairs[x * k + $1] } } } }
        let pooled = groups.filter { $0.count > 1 }
        checks.append(
            try SubjectAudit.independence(
                name, .serialIndependence(.withinSessions), table: table,
                note: (hasColumn[1] ? "" : "; no session column: the whole log is one sequence")
                    + (pooled.isEmpty
                        ? ""
                        : "; rare labels pooled: " + pooled.map { $0.map { labelNames[$0] }.joined(separator: "+") }.joined(separator: ", ")),
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
                    probability: model.probabilities[slot], what: "prize"
                ) { test, p in
                    String(
                        format: "%llu of %llu valid lines pay %@: %.6g; declared %.9g (1 in %.6g); 95%% Clopper-Pearson [%.6g, %.6g]",
                        counts[slot], valid, prize, test.proportion, p, 1 / p, test.clopperPearson.lower, test.clopperPearson.upper)
                }
            }
        }
        for (index, entry) in (model.dice?.hands ?? []).enumerated() {
            guard let p = entry.probability else { continue }
            checks += try frequencyCheck(
                .handFrequency(hand: entry.hand.name), hits: handCounts[index], of: valid, probability: p, what: "hand"
            ) { test, p in
                String(
                    format: "%llu of %llu valid rolls: %.6g; exact %.9g; 95%% Clopper-Pearson [%.6g, %.6g]", handCounts[index], valid,
                    test.proportion, p, test.clopperPearson.lower, test.clopperPearson.upper)
            }
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
                        detail:
                            "\(payoutMismatches) of \(payoutsLogged) lines with a payout paid another amount than the paytable's prize for their outcome (scaled by stake / \(ReturnToPlayer.format(paytableStake)))"
                            + (payoutsLogged < lines
                                ? "; \(lines - payoutsLogged) lines logged no payout (the paytable's prize is counted for them in the RTP)"
                                : "")
                            + (hasColumn[3] && stakesLogged < lines
                                ? "; \(lines - stakesLogged) lines logged no stake (the paytable's stake, \(ReturnToPlayer.format(paytableStake)), is assumed)"
                                : "")
                            + (firstPayoutMismatch.map {
                                "; first at line \($0.line): \($0.outcome) paid \(ReturnToPlayer.format($0.paid)), the paytable says \(ReturnToPlayer.format($0.expected))"
                            } ?? ""))))
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
            var record = CheckRecord(
                subject: name, check: .returnToPlayer(.log), kind: .fairness, status: .inconclusive, statistic: observedReturn,
                detail:
                    "RTP \(ReturnToPlayer.format(observedReturn!)) (total payout over total stake"
                    + (payoutsLogged == 0
                        ? ", the log having no payouts: the paytable's prizes for the outcomes logged"
                        : payoutsLogged < lines ? ", \(lines - payoutsLogged) lines without a payout counted at the paytable's prize" : "")
                    + "); per-play mean \(ReturnToPlayer.format(interval.mean)), 95% interval [\(ReturnToPlayer.format(interval.lower)), \(ReturnToPlayer.format(interval.upper))] (multinomial profile likelihood over the paytable's prizes)"
                    + (expected.map {
                        "; tested against the \(model.returnToPlayer == nil ? "declared RTP" : model.dice != nil ? "exact RTP under the reroll policy" : "RTP of the declared odds and paytable") \(ReturnToPlayer.format($0))"
                    }
                        ?? "; nothing declared to test against")
                    + (declared.map { model.returnToPlayer != nil ? " (declared \(ReturnToPlayer.format($0)))" : "" } ?? ""))
            if let expected {
                record.pValue = try interval.pValue(mean: expected)
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
    func driftCheck(_ windows: (counts: [[UInt64]], startLines: [Int], lines: Int), settings: AuditSettings) throws -> PendingCheck {
        let name = model.name, fileLine = Self.lineText
        let windowLines = windows.lines, windowStartLine = windows.startLines
        let windowTests = try windows.counts.map { window -> Double? in
            let observed = window.prefix(k)
            guard observed.reduce(0, +) > 0 else { return nil }
            return try GoodnessOfFitTest(counts: Array(observed), probabilities: model.probabilities).verdict.pValue
        }
        let tested = windowTests.compactMap { $0 }
        let windowText = { (index: Int) -> String in
            switch options.window {
            case .lines, .automatic:
                let first = UInt64(index) * UInt64(windowLines) + 1
                return
                    "window \(index + 1) (outcome lines \(first)–\(min(lines, first + UInt64(windowLines) - 1)), from \(fileLine(windowStartLine[index])))"
            case .seconds(let size):
                return
                    "window \(index + 1) (seconds \(ReturnToPlayer.format(Double(index) * size))–\(ReturnToPlayer.format(Double(index + 1) * size)) after the first line, from \(fileLine(windowStartLine[index])))"
            }
        }
        var drift = CheckRecord(subject: name, check: .driftFirstDepartingWindow, kind: .fairness, status: .inconclusive, detail: "")
        if tested.count >= 2 {
            let bonferroni = settings.alpha / Double(tested.count)
            let departing = windowTests.firstIndex { ($0 ?? 1) <= bonferroni }
            let strongest = windowTests.indices.min { (windowTests[$0] ?? 2) < (windowTests[$1] ?? 2) }!
            drift.pValue = min(1, Double(tested.count) * tested.min()!)
            drift.detail =
                "\(tested.count) windows each tested against the declared odds; the check's p-value is the smallest window's × \(tested.count) (Bonferroni; window \(strongest + 1)); "
                + (departing.map {
                    "first departing at α/\(tested.count): \(windowText($0)), its p = \(String(format: "%.3g", windowTests[$0]!))"
                } ?? "none departs at α/\(tested.count)")
        } else {
            drift.detail =
                "inconclusive: \(windows.counts.count) window(s) with testable outcomes; drift needs at least 2 (a longer log or smaller windows)"
        }
        return PendingCheck(record: drift)
    }

    /// Homogeneity: windows × outcomes, the rarest outcomes pooled until the smallest window expects 5 of
    /// each.
    func homogeneityCheck(_ windows: (counts: [[UInt64]], startLines: [Int], lines: Int), labelNames: [String]) throws -> PendingCheck {
        let name = model.name
        var homogeneity = CheckRecord(
            subject: name, check: .homogeneityAcrossWindows, kind: .fairness, status: .inconclusive, detail: "")
        // Windows × outcomes, the rarest outcomes pooled until the smallest window expects 5 of each.
        let filled = windows.counts.filter { $0.prefix(k).reduce(0, +) > 0 }
        let smallest = Double(filled.map { $0.prefix(k).reduce(0, +) }.min() ?? 0)
        let columns = pooledLabels { smallest * $0 >= 5 }
        let rows = filled.map { window in columns.map { group in Double(group.reduce(0) { $0 + window[$1] }) } }
        if rows.count >= 2 {
            let test = try IndependenceTest(table: rows)
            switch test.verdict {
            case .tested(let figures):
                homogeneity.statistic = figures.statistic
                homogeneity.degreesOfFreedom = figures.degreesOfFreedom
                homogeneity.pValue = figures.pValue
                let pooledColumns = columns.filter { $0.count > 1 }
                homogeneity.detail =
                    "chi-square of \(rows.count) windows × \(test.keptColumns.count) outcomes"
                    + (pooledColumns.isEmpty
                        ? ""
                        : "; rare outcomes pooled: "
                            + pooledColumns.map { $0.map { labelNames[$0] }.joined(separator: "+") }.joined(separator: ", "))
            case .inconclusive(let reason):
                homogeneity.detail = "inconclusive: \(reason)"
            }
        } else {
            homogeneity.detail = "inconclusive: fewer than 2 windows"
        }

        return PendingCheck(record: homogeneity)
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
        detail: (BinomialTest, Double) -> String
    ) throws -> [PendingCheck] {
        guard p > 0, p < 1, valid > 0 else { return [] }
        let name = model.name
        guard Double(valid) * p >= 5, Double(valid) * (1 - p) >= 5 else {
            return [
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: check, kind: .fairness, status: .inconclusive,
                        detail: String(
                            format: "inconclusive: %llu valid lines expect %.3g of this %@; testing it needs at least %.0f lines", valid,
                            Double(valid) * p, what, (5 / min(p, 1 - p)).rounded(.up))))
            ]
        }
        let test = try BinomialTest(successes: Double(hits), trials: Double(valid), hypothesised: p)
        return [
            PendingCheck(
                record: CheckRecord(
                    subject: name, check: check, kind: .fairness, status: .inconclusive, statistic: Double(hits),
                    pValue: test.verdict.pValue, detail: detail(test, p)),
                power: .binomial(trials: Double(valid), probability: p),
                table: SubjectAudit.binomialTable(name, check, successes: Double(hits), trials: Double(valid), probability: p))
        ]
    }
}
