import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessStatistics
import FairnessSubjectAudit
import Foundation

// The checks of a prize draw's log, from its tallies: each draw is judged against the declared odds of the
// state its player was in, the state rebuilt from the declared rules.
extension PrizeDrawLogTally {
    /// The log's result: its checks in report order, its item table and its facts; drift tested at `alpha`.
    func result(alpha: Double) throws -> SubjectResult {
        var checks = invalidChecks()
        checks.append(try impossibleCheck())
        if let payouts = payoutCheck() { checks.append(payouts) }
        let (fit, rows) = try fitGivenState()
        checks.append(fit)
        checks += try itemFrequencies()
        if !hasMemory, !pairs.isEmpty { checks.append(try serialCheck()) }
        let observedReturn = try returnCheck()
        if let observedReturn { checks.append(observedReturn.check) }
        checks += try driftChecks(alpha: alpha)
        let figures = DrawMachineFigures(machine)
        let notes: [SubjectNote] = [
            .prizeDrawLogRead(lines: lines, players: players.count, jsonLines: format == .jsonLines, sessionColumn: hasSessionColumn),
            .drawFigures(DrawFiguresNote(machine, figures, cost: nil)),
        ]
        let verdict = SubjectVerdict(
            name: model.name, summary: model.summary, kind: .log, verdict: .pass, notes: notes,
            invalidPerMillion: lines > 0 ? 1e6 * Double(foreignLines + impossible) / Double(lines) : 0,
            returnToPlayer: observedReturn?.value)
        return SubjectResult(verdict: verdict, checks: checks, outcomes: rows, arcs: [], counterexamples: [])
    }

    /// Draws of the table's items: lines naming an item it has.
    var draws: UInt64 { lines - foreignLines }

    /// Lines naming an item the table does not have, and the bad rows skipped.
    func invalidChecks() -> [PendingCheck] {
        let examples = foreign.sorted { $0.value.firstLine < $1.value.firstLine }.prefix(5)
            .map { CheckDetail.ForeignItem(item: $0.key, count: $0.value.count, firstLine: $0.value.firstLine) }
        var checks = [
            PendingCheck(
                record: CheckRecord(
                    subject: model.name, check: .invalidResults, kind: .invalid, status: foreignLines == 0 ? .pass : .fail,
                    statistic: Double(foreignLines), detailFacts: .itemsNotInTable(count: foreignLines, lines: lines, examples: examples)))
        ]
        if badRows > 0, !firstBadRows.isEmpty {
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: model.name, check: .badRowsSkipped, kind: .invalid, status: .fail, statistic: Double(badRows),
                        detailFacts: .badRows(
                            count: badRows, allowed: options.skipBad,
                            shown: firstBadRows.map { .init(line: $0.line, column: $0.column, message: $0.message) }))))
        }
        return checks
    }

    /// Draws of an item the player's declared state gives odds 0: a miss past a hard limit, a repeat under
    /// no-repeat, an item out of stock, a guaranteed item not given. Any fails; the share comes with its 95%
    /// Clopper–Pearson interval.
    func impossibleCheck() throws -> PendingCheck {
        let interval =
            draws > 0
            ? try BinomialTest.clopperPearsonInterval(successes: Double(impossible), trials: Double(draws), confidenceLevel: 0.95)
            : nil
        let items = impossibleByItem.indices.filter { impossibleByItem[$0] > 0 }
            .sorted { (impossibleByItem[$0], -$0) > (impossibleByItem[$1], -$1) }
            .map { CheckDetail.ImpossibleDraws.ItemCount(item: machine.labels[$0], count: impossibleByItem[$0]) }
        let facts = CheckDetail.ImpossibleDraws(
            count: impossible, draws: draws, runs: impossibleRuns, players: impossiblePlayers,
            share: draws > 0 ? Double(impossible) / Double(draws) : 0, lower: interval?.lower ?? 0,
            upper: interval?.upper ?? 1, items: items,
            examples: impossibleExamples.map { .init(line: $0.line, state: machine.states[$0.state].name, item: machine.labels[$0.item]) })
        var record = CheckRecord(
            subject: model.name, check: .impossibleDraws, kind: .invalid, status: impossible == 0 ? .pass : .fail,
            statistic: Double(impossible), detailFacts: .impossibleDraws(facts))
        if impossible > 0 { record.magnitude = facts.share }
        return PendingCheck(record: record)
    }

    /// The items drawn against the odds of each draw's state: expected counts pooled over the draws (Σ over
    /// states of draws in it × its odds), Pearson's X², and the share of draws off with its interval. The
    /// pooled test is conservative for draws whose odds vary (their counts vary less than a multinomial's).
    func fitGivenState() throws -> (PendingCheck, [OutcomeRow]) {
        let expected = expectedCounts()
        let observed = (0..<items).map { item in Double(machine.states.indices.reduce(UInt64(0)) { $0 + drawn[$1 * items + item] }) }
        let total = Double(draws)
        var check = try SubjectAudit.goodnessOfFit(
            model.name, .outcomes(versus: .eachDrawState, statistic: .pearson), kind: .fairness, observed: observed,
            probabilities: expected.map { total > 0 ? $0 / total : 0 }, names: machine.labels, counted: .lines)
        if case .fit = check.record.detailFacts, total > 0 {
            let interval = try ShareOffInterval(observed: observed, expected: expected.map { $0 / total })
            check.record.detailFacts = .shareOff(interval, draws: draws, check.record.detailFacts)
            if hasMemory { check.record.detailFacts = .stateOff(try stateOff(), check.record.detailFacts) }
        }
        var rows = (0..<items).map { item in
            OutcomeRow(
                subject: model.name, table: "item drawn", outcome: machine.labels[item], valid: true, observed: UInt64(observed[item]),
                expectedDesigned: expected[item], expectedFair: nil,
                standardisedResidual: expected[item] > 0 ? (observed[item] - expected[item]) / expected[item].squareRoot() : nil)
        }
        for (label, seen) in foreign.sorted(by: { $0.key < $1.key }) {
            rows.append(
                OutcomeRow(
                    subject: model.name, table: "item drawn", outcome: label, valid: false, observed: seen.count, expectedDesigned: 0,
                    expectedFair: nil, standardisedResidual: nil))
        }
        return (check, rows)
    }

    /// Every visited state's draws against its own odds, and the state most clearly off.
    func stateOff() throws -> CheckDetail.StateOff {
        try CheckDetail.StateOff(
            drawn: machine.states.indices.map { state in Array(drawn[state * items..<(state + 1) * items]) },
            odds: machine.states.map { $0.odds.map(\.double) }, names: machine.states.map(\.name))
    }

    /// Each item's expected count: Σ over states of the draws made in it × the item's odds there.
    func expectedCounts() -> [Double] {
        var expected = [Double](repeating: 0, count: items)
        for (state, count) in visits.enumerated() where count > 0 {
            for (item, odds) in machine.states[state].odds.enumerated() { expected[item] += Double(count) * odds.double }
        }
        return expected
    }

    /// The top items' and the featured item's draws, each by an exact binomial test against the mean odds
    /// of the states they were drawn in (conservative for odds that vary); inconclusive below 5 expected.
    func itemFrequencies() throws -> [PendingCheck] {
        let expected = expectedCounts()
        let total = Double(draws)
        var tested = machine.top
        if let featured = machine.featured, !tested.contains(featured) { tested.append(featured) }
        var checks: [PendingCheck] = []
        for item in tested.sorted() where total > 0 {
            let p = expected[item] / total
            guard p > 0, p < 1 else { continue }
            let hits = machine.states.indices.reduce(UInt64(0)) { $0 + drawn[$1 * items + item] }
            let check = CheckIdentifier.itemFrequency(item: machine.labels[item])
            guard total * p >= 5, total * (1 - p) >= 5 else {
                checks.append(
                    PendingCheck(
                        record: CheckRecord(
                            subject: model.name, check: check, kind: .fairness, status: .inconclusive,
                            detailFacts: .tooFewForFrequency(
                                lines: draws, expected: total * p, what: "item", needed: (5 / min(p, 1 - p)).rounded(.up)))))
                continue
            }
            let test = try BinomialTest(successes: Double(hits), trials: total, hypothesised: p)
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: model.name, check: check, kind: .fairness, status: .inconclusive, statistic: Double(hits),
                        pValue: test.verdict.pValue,
                        log10PValue: test.verdict.figures.flatMap { $0.log10PValue.isFinite ? $0.log10PValue : nil },
                        pValueMethod: test.verdict.figures?.method,
                        detailFacts: .binomial(
                            .init(
                                counting: .itemGivenState, successes: hits, trials: draws, proportion: test.proportion, probability: p,
                                lower: test.clopperPearson.lower, upper: test.clopperPearson.upper))),
                    power: .binomial(trials: total, probability: p),
                    table: SubjectAudit.binomialTable(model.name, check, successes: Double(hits), trials: total, probability: p)))
        }
        return checks
    }

    /// The return per draw (each draw's logged payout over the cost of a draw when every draw has one, else
    /// the drawn item's value over the cost), with the multinomial profile likelihood interval over the
    /// values paid, tested against the return the odds of each draw's state
    /// give; only when the spec gives every item a value and the draw a cost.
    func returnCheck() throws -> (check: PendingCheck, value: Double)? {
        guard let cost = model.prizeDrawCost, cost > 0, draws > 0, machine.values.allSatisfy({ $0 != nil }) else { return nil }
        let perDraw = machine.values.map { $0!.double / cost }
        let observed = (0..<items).map { item in machine.states.indices.reduce(UInt64(0)) { $0 + drawn[$1 * items + item] } }
        var levels = Array(Set(perDraw)).sorted()
        var counts = levels.map { level in perDraw.indices.filter { perDraw[$0] == level }.reduce(UInt64(0)) { $0 + observed[$1] } }
        if returnFromPayouts {
            // What the log says each draw paid, over the cost.
            levels = paidLevels.keys.sorted()
            counts = levels.map { paidLevels[$0]! }
            levels = levels.map { $0 / cost }
        }
        let expected = zip(expectedCounts(), perDraw).reduce(0.0) { $0 + $1.0 * $1.1 } / Double(draws)
        let value = zip(levels, counts).reduce(0.0) { $0 + $1.0 * Double($1.1) } / Double(draws)
        let interval = try PayoutMeanInterval(levels: levels, counts: counts)
        let check = CheckIdentifier.returnToPlayer(.log)
        var record = CheckRecord(
            subject: model.name, check: check, kind: .fairness, status: .inconclusive, statistic: value,
            detailFacts: .logReturn(
                .init(
                    returnToPlayer: value, payoutsLogged: returnFromPayouts ? draws : 0, lines: draws, mean: interval.mean,
                    lower: interval.lower,
                    upper: interval.upper,
                    expected: .init(source: .eachDrawState, value: expected), declared: nil)))
        let figures = try interval.figures(mean: expected, declared: nil)
        record.setPValue(figures.pValue, log10: figures.log10PValue, method: figures.method)
        return (
            PendingCheck(
                record: record,
                table: SubjectAudit.payoutMeanTable(model.name, check, levels: levels, counts: counts, hypothesised: expected)),
            value
        )
    }

    /// A table without memory: consecutive draws of each player, the rarest items pooled until every cell
    /// expects 5 pairs (a table with more than ``maximumPairedItems`` items is not paired: no such check).
    func serialCheck() throws -> PendingCheck {
        let check = CheckIdentifier.serialIndependence(.withinSessions)
        let odds = machine.states[0].odds.map(\.double)
        let pairTotal = Double(pairs.reduce(0, +))
        var groups = (0..<items).map { [$0] }
        func mass(_ group: [Int]) -> Double { group.reduce(0) { $0 + odds[$1] } }
        while groups.count > 2 {
            let order = groups.indices.sorted { (mass(groups[$0]), $0) < (mass(groups[$1]), $1) }
            guard pairTotal * mass(groups[order[0]]) * mass(groups[order[0]]) < 5 else { break }
            let merged = (groups[order[0]] + groups[order[1]]).sorted()
            groups = groups.indices.filter { $0 != order[0] && $0 != order[1] }.map { groups[$0] } + [merged]
        }
        groups.sort { $0[0] < $1[0] }
        let table = groups.map { a in groups.map { b in a.reduce(UInt64(0)) { sum, x in b.reduce(sum) { $0 + pairs[x * items + $1] } } } }
        let names = groups.map { $0.map { machine.labels[$0] }.joined(separator: "+") }
        return try SubjectAudit.independence(
            model.name, check, table: table,
            note: .sessions(
                noSessionColumn: !hasSessionColumn,
                pooled: groups.filter { $0.count > 1 }.map { $0.map { machine.labels[$0] }.joined(separator: "+") }),
            names: names, magnitude: .previousResult)
    }
}
