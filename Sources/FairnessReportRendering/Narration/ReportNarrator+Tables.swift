import FairnessChecks
import FairnessModel
import FairnessReport
import Foundation

// Prize draws: in the words of a draw (draws, items, states), never angles.
extension ReportNarrator {
    /// A probability as a percentage of five significant figures (1.6052%), or "1 in N" below 10⁻⁴: published
    /// figures are printed to 0.1% or finer, so three figures could hide which side of a rounding they fall.
    static func rate(_ p: Double) -> String {
        if p == 0 { return "0" }
        if p >= 1e-4 { return String(format: "%.5g", p * 100) + "%" }
        return String(format: "%.5g", p) + " (1 in " + String(format: "%.4g", 1 / p) + ")"
    }

    /// The detail of a prize draw's check.
    static func tableDetail(_ detail: CheckDetail) -> String {
        switch detail {
        case .disclosedOdds(let entries, let tolerance):
            "\(entries.count) items' published odds against their exact odds on a first draw (equal within a tolerance of \(number(tolerance))): "
                + entries.prefix(8).map { "\($0.label) published \(rate($0.disclosed)), exact \(rate($0.exact))" }.joined(separator: "; ")
                + (entries.count > 8 ? "; …" : "")
        case .disclosedFigure(let figure, let disclosed, let exact, let fraction, let tolerance):
            figure == .hardLimit
                ? "published: a top item within \(Int(disclosed)) draws; exact: "
                    + (exact.map { "within \(Int($0)) draws at worst" } ?? "no limit: a top item can take any number of draws")
                : "published \(rate(disclosed)); exact \(exact.map(rate) ?? "none")" + (fraction.map { " = \($0)" } ?? "")
                    + " (equal within a tolerance of \(number(tolerance)))"
        case .givenState(let check): givenState(check)
        case .transitions(let check):
            check.unstable != nil
                ? "not checked: the draw is not the same when asked again"
                : "\(check.transitionsChecked) draws checked, each followed along up to \(GivenStateCheck.walkLimit) draws; "
                    + (check.wrongTransitions.isEmpty
                        ? "every one leads where the declaration says"
                        : "\(check.wrongTransitions.count) lead elsewhere: "
                            + check.wrongTransitions.prefix(3).map {
                                "\($0.item) drawn in '\($0.state)' (declared to lead to '\($0.declaredNext)'; the odds part \(parting($0.partsAfter)))"
                            }.joined(separator: "; "))
        case .statesShown(let check):
            check.misshown.isEmpty
                ? "\(count(check.statesShown, "state")) reached, each shown to the player as the declared state"
                : "\(check.misshown.count) of \(count(check.statesShown, "state")) reached are shown as another: "
                    + check.misshown.prefix(4).map { "'\($0.state)' shown as '\($0.shown)'" }.joined(separator: "; ")
                    + (check.misshown.count > 4 ? "; …" : "")
        case .payoutsMatchValues(let paid):
            (paid.logged == paid.notCompared
                ? "not checked: none of the \(count(Int(paid.logged), "payout")) logged is of an item with a declared value"
                : paid.mismatches == 0
                    ? "every one of \(count(Int(paid.logged - paid.notCompared), "payout")) compared equals the drawn item's value"
                    : "\(paid.mismatches) of \(count(Int(paid.logged - paid.notCompared), "payout")) compared (\(rate(Double(paid.mismatches) / Double(max(1, paid.logged - paid.notCompared))))) \(paid.mismatches == 1 ? "differs" : "differ") from the drawn item's value"
                        + (paid.first.map {
                            "; first at line \($0.line): \($0.item) paid \(ReturnToPlayer.format($0.paid)), its value \(ReturnToPlayer.format($0.value))"
                        } ?? ""))
                + (paid.notCompared > 0 && paid.notCompared < paid.logged
                    ? "; \(count(Int(paid.notCompared), "payout")) not compared (labels the table does not have, or items without a declared value)"
                    : "")
        case .itemsNotInTable(let count, let lines, let examples):
            "\(count) of \(self.count(Int(lines), "line")) show an item the table does not have"
                + (examples.isEmpty
                    ? ""
                    : ": "
                        + examples.map { "'\($0.item)' on \(self.count(Int($0.count), "line")) (first at line \($0.firstLine))" }.joined(
                            separator: "; "))
        case .impossibleDraws(let facts):
            facts.count == 0
                ? "none of \(facts.draws) draws is of an item its player's declared state gives odds 0"
                : "\(facts.count) of \(facts.draws) draws (\(rate(facts.share)), 95% interval \(rate(facts.lower)) to \(rate(facts.upper))) are of an item the player's declared state gives odds 0, in \(count(Int(facts.runs), "run")) (a player's consecutive impossible draws) by \(count(Int(facts.players), "player")): "
                    + facts.items.prefix(4).map { "\($0.item) \($0.count)" }.joined(separator: ", ") + "; first: "
                    + facts.examples.map { "line \($0.line), \($0.item) in '\($0.state)'" }.joined(separator: "; ")
        default: preconditionFailure("not a prize draw's detail")
        }
    }

    private static func givenState(_ check: GivenStateCheck) -> String {
        if let unstable = check.unstable {
            return
                "inconclusive: in '\(unstable.state)' the draw u = \(unstable.draw) gave \(text(unstable.first)), then \(text(unstable.later)) when asked again (a random source of the game's own, not the u it is given)"
        }
        var text = "\(check.statesChecked) of \(check.declaredStates) declared states reached and partitioned exactly over u"
        if check.statesBehindWrongDraws > 0 {
            text +=
                "; \(check.statesBehindWrongDraws) reached only through draws that lead elsewhere than declared, not judged (see state transitions)"
        }
        if !check.unreached.isEmpty {
            text += "; \(check.unreached.count) never reached by the game's draws (\(check.unreached.prefix(3).joined(separator: ", ")))"
        }
        guard let worst = check.gaps.first, let item = worst.items.first else {
            return text + "; every state's draws match its declared odds"
        }
        text +=
            "; \(check.gaps.count) states differ, the worst '\(worst.state)': \(item.label) drawn on \(rate(item.game)) of draws, declared \(rate(item.declared))"
        if worst.trapShare > 0 { text += ", traps on \(share(worst.trapShare))" }
        return text
    }

    /// When a walk's odds parted: "on the next draw", or "N draws later".
    private static func parting(_ draws: Int) -> String { draws == 0 ? "on the next draw" : "\(draws) draws later" }

    private static func text(_ pick: DrawPick) -> String {
        switch pick {
        case .item(let label): "'\(label)'"
        case .trap: "a trap"
        }
    }

    /// The sentence of a prize draw's finding.
    static func tableSentence(_ fact: FindingFact) -> String {
        switch fact {
        case .disclosedFigureDiffers(let figure, let disclosed, let exact):
            figure == .hardLimit
                ? "the published hard limit is \(Int(disclosed)) draws; "
                    + (exact.map { "the draw's is \(Int($0))" } ?? "the draw has none")
                : "the published \(figure.rawValue) is \(rate(disclosed)); the draw's exact \(figure.rawValue) is \(exact.map(rate) ?? "none")"
        case .disclosedOddsDiffer(let difference): "an item's published odds differ from its exact odds by \(share(difference))"
        case .drawOddsDifferGivenState(let state, let difference, let states, let longRun):
            "the game's draw differs from the declared odds in \(states) states; the largest difference of one item's share is \(rate(difference)), in '\(state)'"
                + (longRun.map { "; \(share($0)) of draws in play are made with wrong odds" } ?? "")
        case .drawOutsideTable(let labels, let traps, let longRun):
            "the game's draw gives "
                + [labels.isEmpty ? nil : "items the table does not have (\(labels.joined(separator: ", ")))", traps ? "traps" : nil]
                .compactMap { $0 }.joined(separator: " and ")
                + (longRun.map { " on \(share($0)) of draws in play" } ?? "")
        case .drawForbiddenInState(let labels, let state, let longRun):
            "the game draws items its declared state makes impossible (\(labels.joined(separator: ", "))), such as in '\(state)'"
                + (longRun.map { ", on \(share($0)) of draws in play" } ?? "")
        case .itemsNeverDrawn(let labels): "the game never draws \(labels.joined(separator: ", ")), which its declaration draws"
        case .wrongTransition(let state, let item, let declaredNext, let partsAfter, let count, let longRun):
            "\(count) draws (an item in a state) leave the game elsewhere than declared; the most frequent in play: \(item) drawn in '\(state)', declared to lead to '\(declaredNext)': from there the game's odds part from the declared ones \(parting(partsAfter))"
                + (longRun.map { "; such draws are \(share($0)) of draws in play" } ?? "")
        case .stateShownDiffers(let state, let shown, let count, let longRun):
            "the game shows the player another state than the declared one in \(self.count(count, "state")); the most frequent in play: '\(state)' shown as '\(shown)'"
                + (longRun.map { "; \(share($0)) of draws in play are made while it shows the wrong state" } ?? "")
        case .drawNotPartitioned(let unstable):
            "the game's draw in '\(unstable.state)' gave \(text(unstable.first)) and then \(text(unstable.later)) for the same u = \(unstable.draw): it does not draw from the u it is given"
        default: preconditionFailure("not a prize draw's finding")
        }
    }

    /// The sentence of a prize draw's exact figures.
    static func text(_ figures: DrawFiguresNote) -> String {
        var parts: [String] = []
        if !figures.rates.isEmpty {
            parts.append(
                "Long-run share of draws (\(figures.states) states, \(figures.method?.rawValue ?? "")): "
                    + figures.rates.map { "\($0.label) drawn on \(rate($0.rate)) of draws" + ($0.fraction.map { " (\($0))" } ?? "") }
                    .joined(separator: ", ") + ".")
        } else {
            parts.append("No single long run: play can end in separate sets of states (\(figures.states) states).")
        }
        for wait in [figures.untilTop, figures.untilFeatured].compactMap({ $0 }) {
            parts.append(
                "Draws until \(wait.items.joined(separator: " or ")): "
                    + (wait.mean.map { "mean \(number($0)), " } ?? "")
                    + "median \(wait.median), 90th percentile \(wait.percentile90)"
                    + (wait.percentile99.map { ", 99th percentile \($0)" } ?? "")
                    + ", worst " + (wait.worst.map { "\($0)" } ?? "unbounded") + ".")
        }
        if let value = figures.valuePerDraw {
            parts.append(
                "Long-run value of a draw \(number(value))" + (figures.returnPerDraw.map { ", \(share($0)) of its cost" } ?? "") + ".")
        }
        return parts.joined(separator: " ")
    }
}
