import FairnessModel
import FairnessReport
import FairnessRunner
import FairnessStatistics
import Foundation

// Wheels of both kinds: the sampled tests and the outcome table.
extension SubjectAudit {
    /// A wheel's designed and claimed odds by tally slot, summed in a fixed order (dictionary order
    /// changes from process to process, and so would the rounding).
    struct SlotOdds {
        var designed: [Double]
        var claimed: [Double]

        package init(slots: OutcomeSlots, designed: [WheelOutcome: Double], claimed: [WheelOutcome: Double]) {
            self.designed = [Double](repeating: 0, count: slots.count)
            for (outcome, p) in designed.sorted(by: { $0.key < $1.key }) { self.designed[slots.slot(outcome)] += p }
            self.claimed = [Double](repeating: 0, count: slots.count)
            for (outcome, p) in claimed.sorted(by: { $0.key < $1.key }) { self.claimed[slots.slot(outcome)] += p }
        }
    }

    /// The sampled checks shared by both kinds of wheel: fit to designed and claimed odds, invalid
    /// results, rare outcomes, serial independence; and the outcome rows.
    static func sampledOutcomes(
        _ name: String, slots: OutcomeSlots, tally: OutcomeTally,
        designed: [WheelOutcome: Double], claimed: [WheelOutcome: Double]
    ) throws -> SubjectResult {
        let odds = SlotOdds(slots: slots, designed: designed, claimed: claimed)
        var checks = try fitChecks(name, slots: slots, tally: tally, odds: odds)
        checks.append(invalidResultsCheck(name, slots: slots, tally: tally))
        checks += try rareOutcomeChecks(name, slots: slots, tally: tally, designed: odds.designed)
        checks.append(try serialCheck(name, slots: slots, tally: tally))
        return SubjectResult(
            verdict: SubjectVerdict(name: name, summary: "", kind: .wheel, verdict: .pass, notes: []),
            checks: checks, outcomes: wheelOutcomeRows(name, slots: slots, tally: tally, odds: odds, designed: designed), arcs: [],
            counterexamples: [])
    }

    /// Outcomes against the odds the code produces (sampling) and against the sectors' shares (fairness),
    /// each by Pearson's X² and by G.
    static func fitChecks(_ name: String, slots: OutcomeSlots, tally: OutcomeTally, odds: SlotOdds) throws -> [PendingCheck] {
        let observed = tally.counts.map { Double($0) }
        let names = (0..<slots.count).map { slots.name($0) }
        let fits: [(against: CheckIdentifier.OddsReference, kind: CheckKind, probabilities: [Double])] = [
            (.designed, .sampling, odds.designed), (.claimedFair, .fairness, odds.claimed),
        ]
        var checks: [PendingCheck] = []
        for fit in fits {
            for statistic in [GoodnessOfFitStatistic.pearson, .logLikelihoodRatio] {
                checks.append(
                    try goodnessOfFit(
                        name, .outcomes(versus: fit.against, statistic: statistic), kind: fit.kind, observed: observed,
                        probabilities: fit.probabilities, statistic: statistic, names: names))
            }
        }
        return checks
    }

    /// Spins that showed a label no sector carries, no result, or trapped: any fails.
    static func invalidResultsCheck(_ name: String, slots: OutcomeSlots, tally: OutcomeTally) -> PendingCheck {
        let invalid = tally.counts[slots.noResult] + tally.counts[slots.invalid]
        let detail = CheckDetail.invalidSpins(
            invalidLabels: tally.counts[slots.invalid], noResult: tally.counts[slots.noResult], trials: tally.trials,
            strays: tally.invalidLabels.sorted { $0.key < $1.key }.map { .init(label: $0.key, count: $0.value) }, traps: tally.traps)
        return PendingCheck(
            record: CheckRecord(
                subject: name, check: .invalidResults, kind: .invalid, status: invalid == 0 ? .pass : .fail,
                statistic: Double(invalid), detailFacts: detail))
    }

    /// Rare outcomes (below 1% of the most likely one's odds) are pooled in the fit; each gets its own exact
    /// binomial test so a rare prize is tested on its own.
    static func rareOutcomeChecks(
        _ name: String, slots: OutcomeSlots, tally: OutcomeTally, designed designedBySlot: [Double]
    ) throws -> [PendingCheck] {
        let n = Double(tally.trials)
        let largest = designedBySlot.max() ?? 0
        var checks: [PendingCheck] = []
        for slot in 0..<slots.labels.count where designedBySlot[slot] > 0 && designedBySlot[slot] < largest / 100 {
            let p = designedBySlot[slot], count = tally.counts[slot]
            let test = try BinomialTest(successes: Double(count), trials: n, hypothesised: p)
            let check = CheckIdentifier.rareOutcome(label: slots.name(slot))
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: check, kind: .sampling,
                        status: .inconclusive, statistic: Double(count), pValue: test.verdict.pValue,
                        log10PValue: test.verdict.figures.flatMap { $0.log10PValue.isFinite ? $0.log10PValue : nil },
                        pValueMethod: test.verdict.figures?.method,
                        detailFacts: .binomial(
                            .init(
                                counting: .rareOutcome, successes: count, trials: tally.trials, proportion: test.proportion, probability: p,
                                lower: test.clopperPearson.lower, upper: test.clopperPearson.upper))),
                    power: p < 1 && n > 0 ? .binomial(trials: n, probability: p) : nil,
                    table: binomialTable(name, check, successes: Double(count), trials: n, probability: p)))
        }
        return checks
    }

    /// Serial independence of consecutive results, over groups of sectors when the wheel has more sectors
    /// than the trials can fill.
    static func serialCheck(_ name: String, slots: OutcomeSlots, tally: OutcomeTally) throws -> PendingCheck {
        let groups = slots.pairGroupCount
        let table = (0..<groups).map { a in (0..<groups).map { b in tally.pairs[a * groups + b] } }
        let grouped = slots.pairGroups.count < slots.count
        return try independence(
            name, .serialIndependence(.consecutiveResults), table: table,
            note: grouped ? .sectorGroups(sectors: slots.labels.count, groups: groups - 2) : .none,
            names: slots.pairGroups.map { $0.map { slots.name($0) }.joined(separator: "+") })
    }

    /// The outcome table: each slot's count against its designed and claimed expectations, then labels no
    /// sector carries (observed, or designed by the code).
    static func wheelOutcomeRows(
        _ name: String, slots: OutcomeSlots, tally: OutcomeTally, odds: SlotOdds, designed: [WheelOutcome: Double]
    ) -> [OutcomeRow] {
        let n = Double(tally.trials)
        var rows: [OutcomeRow] = []
        for slot in 0..<slots.count where slot != slots.invalid {
            let count = tally.counts[slot]
            if slot == slots.noResult && count == 0 && odds.designed[slot] == 0 { continue }
            let expected = n * odds.designed[slot]
            rows.append(
                OutcomeRow(
                    subject: name, table: "reported outcome", outcome: slots.name(slot), valid: slot < slots.labels.count,
                    observed: count, expectedDesigned: expected, expectedFair: n * odds.claimed[slot],
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
        return rows
    }
}
