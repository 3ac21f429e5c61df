import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessRunner
import Foundation

// Prize tables and draws with memory.
extension SubjectAudit {
    /// The audit of a prize draw: its exact figures against what it publishes; the game's own draw (if the
    /// subject has one) state by state and its transitions, exactly; then sampled sessions tested against
    /// the odds of the declared state of every draw.
    @usableFromInline
    static func prizeDraw<Subject: PrizeDrawSubject>(
        _ subject: Subject, settings: AuditSettings, sample: Sampler<PrizeDrawDriver<Subject>>
    ) throws -> SubjectResult {
        let name = subject.name
        let declaration = subject.declaration
        let machine = declaration.machine
        let figures = DrawMachineFigures(machine)
        var checks = disclosureChecks(name, declaration, figures, settings: settings)
        // Every item offered can be drawn in some state a player reaches.
        let drawable = ItemsDrawableCheck(declaration)
        let drawableFigures = try AnyCheckFigures(drawable)
        checks.append(
            exact(
                name, .keyed(CheckKey(ItemsDrawableCheck.self)), kind: .fairness, passed: drawable.passed,
                // A prize no player can win gates at any odds it is shown at: no magnitude to weigh.
                finding: drawable.passed ? nil : Finding(.odds, magnitude: nil, fact: .figures(drawableFigures)),
                settings: settings, .figures(drawableFigures)))
        var affected: Double?, invalid: Double?
        let session = try subject.makeSession()
        if let session {
            // States play leaves for good (a fresh player's first draws) count by their share of a session.
            let weights = figures.sessionWeights(machine, sessionDraws: settings.sessionSpins)
            let given = try GivenStateCheck(session, machine: machine, longRun: weights)
            checks += givenStateChecks(name, given, machine: machine, settings: settings)
            // Invalid (outside the table, traps, items the state forbids) or mislabelled (a state shown as another);
            // wrong odds are the largest odds difference's.
            if given.unstable == nil {
                invalid = (given.invalidShare ?? 0) + (given.forbiddenShare ?? 0)
                affected = invalid.map { min(1, $0 + (given.misshownShare ?? 0)) }
            }
        }
        let driver = PrizeDrawDriver(subject, ownDraw: session != nil)
        let tally = try sampled(name, driver, settings, sample)
        let (fit, rows) = try drawOutcomes(name, machine, tally)
        checks.append(fit)
        let note = DrawFiguresNote(machine, figures, cost: declaration.costPerDraw)
        let verdict = SubjectVerdict(
            name: name, summary: subject.summary, kind: .prizeDraw, verdict: .pass, notes: [.drawFigures(note)], affectedShare: affected,
            invalidPerMillion: invalid.map { $0 * 1e6 },
            largestOddsDifference: checks.compactMap { $0.record.findingClass == .odds ? $0.record.magnitude : nil }.max(),
            returnToPlayer: note.returnPerDraw)
        return SubjectResult(verdict: verdict, checks: checks, outcomes: rows, arcs: [], counterexamples: [])
    }

    /// Half the unit published figures are rounded to, or a hair for exact ones.
    static func disclosureTolerance(_ declaration: PrizeDrawDeclaration) -> Double {
        declaration.roundedTo.map { $0.double / 2 + 1e-12 } ?? 1e-9
    }

    /// Each published figure against the machine's exact one.
    static func disclosureChecks(
        _ name: String, _ declaration: PrizeDrawDeclaration, _ figures: DrawMachineFigures, settings: AuditSettings
    ) -> [PendingCheck] {
        let machine = declaration.machine
        let tolerance = disclosureTolerance(declaration)
        var checks: [PendingCheck] = []
        let first = machine.states[0].odds
        let published = declaration.disclosed.itemOdds.enumerated().compactMap { index, odds in
            odds.map { DisclosedShare(label: machine.labels[index], disclosed: $0.double, exact: first[index].double) }
        }
        if !published.isEmpty {
            let gap = published.map { abs($0.disclosed - $0.exact) }.max() ?? 0
            checks.append(
                exact(
                    name, .disclosedOdds, kind: .fairness, passed: gap <= tolerance,
                    finding: gap <= tolerance ? nil : Finding(.odds, magnitude: gap, fact: .disclosedOddsDiffer(difference: gap)),
                    settings: settings,
                    .disclosedOdds(
                        entries: published.sorted { abs($0.disclosed - $0.exact) > abs($1.disclosed - $1.exact) }, tolerance: tolerance)))
        }
        let top = ExactFraction.sum(machine.top.map { first[$0] })
        let rates = figures.longRunRates
        let disclosed = declaration.disclosed
        let rateFigures: [(DisclosedFigure, ExactFraction?, ExactFraction?)] = [
            (.baseRate, disclosed.baseRate, top),
            (.consolidatedRate, disclosed.consolidatedRate, rates.map { r in ExactFraction.sum(machine.top.map { r[$0] }) }),
            (.featuredRate, disclosed.featuredRate, rates.flatMap { r in machine.featured.map { r[$0] } }),
        ]
        for (figure, stated, exactValue) in rateFigures {
            guard let stated else { continue }
            let gap = exactValue.map { abs($0.double - stated.double) } ?? 1
            let text = exactValue.flatMap { $0.numerator.bitWidth + $0.denominator.bitWidth <= 200 ? $0.description : nil }
            checks.append(
                exact(
                    name, .disclosedFigure(figure), kind: .fairness, passed: gap <= tolerance,
                    finding: gap <= tolerance
                        ? nil
                        : Finding(
                            .odds, magnitude: gap,
                            fact: .disclosedFigureDiffers(figure, disclosed: stated.double, exact: exactValue?.double)),
                    settings: settings,
                    .disclosedFigure(
                        figure, disclosed: stated.double, exact: exactValue?.double, exactFraction: (text?.count ?? 99) <= 60 ? text : nil,
                        tolerance: tolerance)))
        }
        if let limit = disclosed.hardLimit {
            let worst = figures.untilTop?.worst
            // A limit kept is one the draw never exceeds; a draw that always gives a top item sooner keeps it too.
            // A published guarantee broken is a result the rules say cannot happen: invalid, at any share.
            let kept = worst.map { $0 <= limit } ?? false
            checks.append(
                exact(
                    name, .disclosedFigure(.hardLimit), kind: .fairness, passed: kept,
                    finding: kept
                        ? nil
                        : Finding(
                            .invalid, magnitude: figures.untilTop.map { tailBeyond(limit, $0) },
                            fact: .disclosedFigureDiffers(.hardLimit, disclosed: Double(limit), exact: worst.map(Double.init))),
                    settings: settings,
                    .disclosedFigure(
                        .hardLimit, disclosed: Double(limit), exact: worst.map(Double.init), exactFraction: nil, tolerance: 0)))
        }
        return checks
    }

    /// P(draws until a top item > `limit`): the share of waits that break a published hard limit.
    static func tailBeyond(_ limit: Int, _ until: DrawMachineFigures.DrawsUntil) -> Double {
        guard until.probabilities.count >= limit else { return max(0, 1 - until.probabilities.reduce(0) { $0 + $1.double }) }
        return max(0, (.one - ExactFraction.sum(until.probabilities.prefix(limit))).double)
    }

    /// The checks of the game's own draw given its declared state.
    static func givenStateChecks(_ name: String, _ given: GivenStateCheck, machine: DrawMachine, settings: AuditSettings) -> [PendingCheck]
    {
        if let unstable = given.unstable {
            return [
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: .drawOddsGivenState, kind: .fairness, status: .inconclusive, detailFacts: .givenState(given))),
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: .stateTransitions, kind: .exact, status: .inconclusive, detailFacts: .transitions(given))),
            ].map { pending in
                var pending = pending
                pending.record.findingFact = .drawNotPartitioned(unstable)
                return pending
            }
        }
        var finding: Finding?
        let known = Set(machine.labels)
        let drawnWhereZero = given.gaps.flatMap { $0.items.filter { $0.declared == 0 && $0.game > 0 }.map(\.label) }
        let outside = Set(drawnWhereZero.filter { !known.contains($0) })
        let forbidden = Set(drawnWhereZero.filter { known.contains($0) })
        let traps = given.gaps.contains { $0.trapShare > 0 }
        if !outside.isEmpty || traps {
            finding = Finding(
                .invalid, magnitude: given.invalidShare,
                fact: .drawOutsideTable(labels: outside.sorted().prefix(4).map { $0 }, traps: traps, share: given.invalidShare))
        } else if !forbidden.isEmpty {
            // The state where the game draws the most of what its state forbids.
            let worst = given.gaps.max { a, b in
                a.items.filter { $0.declared == 0 }.reduce(0) { $0 + $1.game }
                    < b.items.filter { $0.declared == 0 }.reduce(0) { $0 + $1.game }
            }
            finding = Finding(
                .invalid, magnitude: given.forbiddenShare,
                fact: .drawForbiddenInState(
                    labels: forbidden.sorted().prefix(4).map { $0 }, state: worst?.state ?? "", share: given.forbiddenShare))
        } else if let worst = given.gaps.first, let item = worst.items.first {
            finding = Finding(
                .odds, magnitude: given.oddsShare ?? abs(item.game - item.declared),
                fact: .drawOddsDifferGivenState(
                    state: worst.state, difference: abs(item.game - item.declared), states: given.gaps.count, share: given.oddsShare))
        } else if !given.itemsNeverDrawn.isEmpty {
            finding = Finding(.odds, magnitude: nil, fact: .itemsNeverDrawn(given.itemsNeverDrawn))
        }
        var transition: Finding?
        if let first = given.wrongTransitions.first {
            transition = Finding(
                .odds, magnitude: given.transitionShare,
                fact: .wrongTransition(
                    state: first.state, item: first.item, declaredNext: first.declaredNext, partsAfter: first.partsAfter,
                    count: given.wrongTransitions.count, share: given.transitionShare))
        }
        var checks = [
            exact(
                name, .drawOddsGivenState, kind: .fairness, passed: finding == nil, finding: finding, settings: settings,
                .givenState(given)),
            exact(name, .stateTransitions, passed: transition == nil, finding: transition, settings: settings, .transitions(given)),
        ]
        // A game that says which state it shows: what the player sees against the declared state.
        if given.statesShown > 0 {
            let shown = given.misshown.first.map {
                Finding(
                    .mislabel, magnitude: given.misshownShare,
                    fact: .stateShownDiffers(state: $0.state, shown: $0.shown, count: given.misshown.count, share: given.misshownShare))
            }
            checks.append(exact(name, .stateShown, passed: shown == nil, finding: shown, settings: settings, .statesShown(given)))
        }
        return checks
    }

    /// The sampled draws against the odds of the declared state of each draw: expected counts pooled over
    /// the states visited (Σ visits × odds), items outside the table and traps as outcomes of probability 0.
    static func drawOutcomes(_ name: String, _ machine: DrawMachine, _ tally: PrizeDrawTally) throws -> (PendingCheck, [OutcomeRow]) {
        let items = machine.labels.count
        var expected = [Double](repeating: 0, count: items)
        for (state, visits) in tally.visits.enumerated() where visits > 0 {
            for item in 0..<items { expected[item] += Double(visits) * machine.states[state].odds[item].double }
        }
        let draws = Double(tally.draws)
        let observed = tally.counts.map { Double($0) }
        let probabilities = expected.map { draws > 0 ? $0 / draws : 0 } + [0, 0]
        let names = machine.labels + ["outside the table", "trap"]
        let check = try goodnessOfFit(
            name, .outcomes(versus: .designed, statistic: .pearson), kind: .sampling, observed: observed, probabilities: probabilities,
            names: names, counted: .draws)
        let rows = names.indices.filter { $0 < items || tally.counts[$0] > 0 }.map { index in
            let expect = index < items ? expected[index] : 0
            return OutcomeRow(
                subject: name, table: "item drawn", outcome: names[index], valid: index < items, observed: tally.counts[index],
                expectedDesigned: expect, expectedFair: nil,
                standardisedResidual: expect > 0 ? (observed[index] - expect) / expect.squareRoot() : nil)
        }
        return (check, rows)
    }
}
