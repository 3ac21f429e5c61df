import FairnessChecks
import FairnessModel
import FairnessReport
import Foundation

extension ReportNarrator {
    /// The one-line detail of a check, the same in every output.
    public static func detail(_ detail: CheckDetail) -> String {
        switch detail {
        case .fault(let description): description
        case .figures(let figures): ReportNarrator.detail(ofKeyed: figures)
        case .fit(let cells, let pooled, let impossible):
            "\(cells) cells" + (pooled ? " after pooling rare outcomes" : "")
                + (impossible > 0 ? "; \(impossible) observations of outcomes with probability 0 (p = 0 exactly)" : "")
        case .tooFewToFit(let counted, let probability, let expected, let needed):
            "too few \(counted.rawValue): an outcome of probability \(number(probability)) expects \(number(expected)) < 5; needs at least \(needed) \(counted.rawValue)"
        case .inconclusive(let reason): "inconclusive: \(reason)"
        case .oneOutcome(let impossible):
            impossible == 0
                ? "one possible outcome: the counts cannot differ from the odds (0 degrees of freedom), so there is nothing to test"
                : "one possible outcome; \(impossible) observations of outcomes with probability 0 (p = 0 exactly)"
        case .contingency(let rows, let columns, let pooling, let note): "\(rows)×\(columns) table\(text(pooling))\(text(note))"
        case .pairsOfOneOutcome(let pairs, let note): "\(pairs) pairs, all of one outcome: nothing to test\(text(note))"
        case .tooFewCategories(let pairs, let categories, let pooling, let note):
            "inconclusive: \(pairs) pairs show \(categories) testable categories; independence needs at least 2\(text(pooling))\(text(note))"
        case .contingencyInconclusive(let reason, let pooling, let note): "inconclusive: \(reason)\(text(pooling))\(text(note))"
        case .binomial(let test): text(test)
        case .notApplicable(.randomDraws(let facts)):
            "not applicable: \(facts.draws) draws used; the test needs at least \(facts.needed ?? 0), and the input's own bits were tested in full"
        case .notApplicable(.randomness(let facts)):
            "not applicable: \(facts.shortfall.map(text) ?? "no sequence could be tested"), and the input's own bits were tested in full"
        case .notApplicable(let detail): "not applicable: \(self.detail(detail))"
        case .sameTest(let check, let detail):
            "the same test as \(name(of: check)) (the same counts against the same odds), not counted twice: " + self.detail(detail)
        case .windowsAlike(let detail):
            "every window departs alike and the windows do not differ from each other (\(name(of: .homogeneityAcrossWindows)) passes): not a drift; the departure from the declared odds is \(name(of: .outcomes(versus: .declared, statistic: .pearson)))'s finding: "
                + self.detail(detail)
        case .shareOff(let interval, let draws, let inner):
            self.detail(inner)
                + "; off the odds by \(rate(interval.estimate)) of \(draws) lines (the share whose outcome would have to change to match; "
                + String(format: "%.0f", interval.confidenceLevel * 100) + "% interval \(rate(interval.lower)) to \(rate(interval.upper)))"
        case .mixOff(let mix, let inner): self.detail(inner) + "; " + text(mix)
        case .stateOff(let states, let inner): self.detail(inner) + "; " + text(states)
        case .besideTheGate(let check, let detail):
            "information beside \(name(of: check)), which tests the same table and gates; outside the family, it never gates: "
                + self.detail(detail)
        case .tooFewForFrequency(let lines, let expected, let what, let needed):
            String(
                format: "inconclusive: %llu valid lines expect %.3g of this %@; testing it needs at least %.0f lines", lines, expected,
                what,
                needed)
        case .disclosedOdds, .disclosedFigure, .givenState, .transitions, .statesShown, .impossibleDraws, .itemsNotInTable,
            .payoutsMatchValues:
            tableDetail(detail)
        default: wheelDetail(detail)
        }
    }

    /// The details of wheel checks (read from the rotation, or told their result up front).
    private static func wheelDetail(_ detail: CheckDetail) -> String {
        switch detail {
        case .invalidSpins(let invalidLabels, let noResult, let trials, let strays, let traps):
            "\(invalidLabels) invalid labels, \(noResult) without a result in \(trials) spins"
                + (strays.isEmpty ? "" : " (" + strays.map { "\($0.label): \($0.count)" }.joined(separator: ", ") + ")")
                + (traps > 0 ? "; \(traps) traps" : "")
        case .boundary(let lines, let rotations, let failures): "\(lines) lines, \(rotations) rotations tried, \(failures) failures"
        case .wraparound(let breaks, let special, let forward, let backward): wraparound(breaks, special, forward, backward)
        case .consistency(let arcs, let fraction, let step, let unit):
            "\(arcs) mislabelled arcs covering \(String(format: "%.9g", fraction)) of the circle; sweep step \(number(step)) \(unitName(unit)) (narrower slivers are found only where they touch a line)"
        case .range(let entries):
            entries.isEmpty
                ? "every reported result is a sector label"
                : "reports "
                    + entries.map {
                        "\($0.outcome) on \(String(format: "%.6g", $0.shareOfCircle)) of the circle (e.g. at \(String(format: "%.17g", $0.example)))"
                    }.joined(separator: "; ")
        case .designedOdds(let difference, let claimed, let tolerance):
            "largest difference \(number(difference)) between the exact odds of the reported results and "
                + (claimed
                    ? "the odds the game claims (agreeing within \(number(tolerance)))"
                        + roundedClaimsHint(difference: difference, tolerance: tolerance) : "the sectors' shares")
        default: targetedDetail(detail)
        }
    }

    /// The wraparound check's detail: the shifts where periodicity breaks, the special rotations that fail,
    /// and how many turns each way the wheel stays periodic.
    private static func wraparound(
        _ breaks: [CheckDetail.TurnsBreak], _ special: [TestPoint], _ forward: Double?, _ backward: Double?
    ) -> String {
        var text =
            breaks.isEmpty
            ? "no periodicity breaks at ±1, ±2, ±3, ±1000, ±10^6 turns"
            : "periodicity breaks at " + breaks.map { "\(Int($0.turns)) turns: \($0.failures)" }.joined(separator: ", ")
        if !special.isEmpty { text += "; fails at " + special.map { self.text($0) }.joined(separator: ", ") }
        func periodicity(_ broken: Double?, _ direction: String) -> String {
            guard let broken else { return "\(direction): periodic up to 2^62 turns" }
            return "\(direction): breaks by \(number(broken)) turns"
        }
        return text + "; " + periodicity(forward, "forward") + "; " + periodicity(backward, "backward")
    }

    /// The details of a wheel told its result up front.
    private static func targetedDetail(_ detail: CheckDetail) -> String {
        switch detail {
        case .landing(let landing): text(landing)
        case .outOfRange(let entries):
            entries.map { $0.refused ? "\($0.index): refused" : "\($0.index): \(text($0.reported)) (lands on \(text($0.landsOn)))" }
                .joined(separator: "; ")
        case .targetedOdds(let source, let indices, let difference, let claimed):
            "index drawn \(text(source)) from \(indices), then the game's own draw u (exact over u); largest difference \(number(difference)) from the \(claimed ? "claimed odds" : "sectors' shares")"
        case .indexDraw(let runs, let entries, let more, let trapShare):
            "the game's own pick U, exact over the 2^53 draws (\(runs) runs): "
                + (entries.map { "\($0.index): \(number($0.actual)) (declared \(number($0.declared)))" }
                + (more > 0 ? ["… \(more) more"] : []) + (trapShare > 0 ? ["traps: \(number(trapShare))"] : [])).joined(separator: "; ")
        case .sampledIndexDraw(let mismatch, let draws, let sweep, let test):
            "the game's own pick U changes more often than a sweep resolves ("
                + (mismatch.map {
                    "at u = \($0.draw) the partition of \(sweep) swept draws predicted \($0.predicted), the game picked \($0.answered)"
                } ?? "its picks change more often than bisection can follow")
                + ": an integer draw taken modulo n, say), so it is tested on \(draws) draws spread at random against the declared draw, and every other figure uses the declared draw: "
                + self.detail(test)
        case .indexDrawChanges(let draw, let first, let later):
            "the game's own pick U answered the same draw differently (u = \(draw): \(first), then \(later)): it depends on earlier requests (a no-repeat rule, a pity timer) or on a random source of its own, so its draw cannot be checked; every figure here uses the declared draw"
        case .shownDiffers(let count, let trials): "\(count) of \(trials) spins stopped on another sector than they reported"
        default: diceDetail(detail)
        }
    }

    /// The landing check's detail.
    private static func text(_ landing: CheckDetail.Landing) -> String {
        // A margin exists only where an index stops inside its sector at every draw.
        let margin =
            landing.marginDegrees.map { "smallest margin to a line \(number($0))°" }
            ?? "no index stops strictly inside its sector at every draw, so there is no margin to a line"
        return
            "\(landing.correct) of \(landing.indices) indices stop strictly inside their sector and report it at every draw of the game's own randomness (\(landing.draws) draws each, bisected to the exact draw wherever the play changes); \(margin); \(text(landing.session))"
    }

    /// What a landing check established about the spins of a session after the first.
    private static func text(_ session: CheckDetail.Session) -> String {
        switch session {
        case .unstable:
            "the partition of the game's draws does not hold where it was checked again (see the finding), so these counts are not exact"
        case .independentOfPreviousRotation:
            "the stop does not depend on where the previous spin left the wheel (the same answers after first spins), so the first spin stands for every spin of a session"
        case .ownState:
            "the game's stops differ between identical requests (it keeps a state of its own, not the rotation it is given), though every play checked again was judged the same"
        case .notGivenPreviousRotation:
            "only first spins are checked: the game is not given the rotation its previous spin left (a probe speaking protocol version 1 or 2; a game that keeps its rotation between spins needs version 3's target I U P)"
        case .sessionsOfOneSpin: "sessions are of one spin, so there is no later spin to check"
        case .dependsOnPreviousRotation(let seconds, let late):
            "those are first spins; the stop depends on where the previous spin left the wheel: also checked exactly on second spins after indices "
                + seconds.map(String.init).joined(separator: ", ") + (late.map { " and on the spin after \($0) spins" } ?? "")
        }
    }

    /// How a targeted wheel's index is drawn, in words.
    private static func text(_ source: CheckDetail.IndexSource) -> String {
        switch source {
        case .ownDraw: "by the game's own draw"
        case .uniform: "uniformly"
        case .weights: "by the game's weights"
        }
    }

    /// "; 3 rare categories pooled", "; 2 rare categories left out (too few to test)", or nothing.
    private static func text(_ pooling: CheckDetail.Pooling) -> String {
        switch pooling {
        case .none: ""
        case .pooled(let count): "; \(count) rare categories pooled"
        case .leftOut(let count): "; \(count) rare categories left out (too few to test)"
        }
    }

    /// What an independence table is over, as a suffix.
    private static func text(_ note: CheckDetail.TableNote) -> String {
        switch note {
        case .none: ""
        case .sectorGroups(let sectors, let groups):
            "; \(sectors) sectors in \(groups) groups of consecutive sectors with about equal designed odds"
        case .sessions(let noSessionColumn, let pooled):
            (noSessionColumn ? "; no session column: the whole log is one sequence" : "")
                + (pooled.isEmpty ? "" : "; rare labels pooled: " + pooled.joined(separator: ", "))
        }
    }

    /// An exact binomial test's detail.
    /// An independence test's magnitude: the share that would have to change for every row to show the
    /// overall mix, its interval, and the farthest cell.
    private static func text(_ mix: CheckDetail.MixOff) -> String {
        let interval =
            String(format: "%.0f", mix.interval.confidenceLevel * 100)
            + "% interval \(rate(mix.interval.lower)) to \(rate(mix.interval.upper))"
        let farthest = mix.farthest.map { cell in
            switch mix.rows {
            case .previousResult:
                "; farthest: after \(cell.row), \(cell.column) on \(rate(cell.rowShare)) against \(rate(cell.overallShare)) overall"
            case .window: "; farthest: \(cell.row), \(cell.column) on \(rate(cell.rowShare)) against \(rate(cell.overallShare)) overall"
            }
        }
        switch mix.rows {
        case .previousResult:
            return
                "the next result depends on the previous one by \(rate(mix.interval.estimate)) of \(mix.counted) pairs (the share of next results that would have to change for every previous result to be followed by the overall mix; \(interval))"
                + (farthest ?? "")
        case .window:
            return
                "the windows differ from the overall mix by \(rate(mix.interval.estimate)) of \(mix.counted) lines (the share of results that would have to change for every window to show the overall mix; \(interval))"
                + (farthest ?? "")
        }
    }

    /// A prize draw log's state most clearly off its odds, or that none is.
    private static func text(_ states: CheckDetail.StateOff) -> String {
        let over = states.statesVisited == 1 ? "the 1 state visited" : "the \(states.statesVisited) states visited"
        guard let state = states.farthest else {
            return "no state's draws are off its odds beyond their interval (95% intervals over \(over), holding at once)"
        }
        return
            "the state most clearly off: \(state.name), by \(rate(state.interval.estimate)) of its \(state.draws) draws (95% interval over \(over), holding at once: \(rate(state.interval.lower)) to \(rate(state.interval.upper)))"
    }

    private static func text(_ test: CheckDetail.Binomial) -> String {
        let interval = String(format: "95%% Clopper-Pearson [%.6g, %.6g]", test.lower, test.upper)
        switch test.counting {
        case .rareOutcome:
            return String(
                format: "%llu in %llu spins: %.6g; designed %.9g; ", test.successes, test.trials, test.proportion, test.probability)
                + interval
        case .straights:
            return String(
                format: "%llu straights in %llu plays: %.6g; exact %.9g; ", test.successes, test.trials, test.proportion, test.probability)
                + interval
        case .betWins(let bet):
            return String(
                format: "%llu final rolls win %@ in %llu plays: %.6g; exact %.9g; ", test.successes, bet, test.trials, test.proportion,
                test.probability) + interval
        case .hand(let hand):
            return String(
                format: "%llu final rolls %@ in %llu plays: %.6g; exact %.9g; ", test.successes, hand, test.trials, test.proportion,
                test.probability) + interval
        case .prize(let pays):
            return String(
                format: "%llu of %llu valid lines pay %@: %.6g; declared %.9g (1 in %.6g); ", test.successes, test.trials, pays,
                test.proportion, test.probability, 1 / test.probability) + interval
        case .logHand:
            return String(
                format: "%llu of %llu valid rolls: %.6g; exact %.9g; ", test.successes, test.trials, test.proportion, test.probability)
                + interval
        case .itemGivenState:
            return
                "\(test.successes) of \(test.trials) draws: \(rate(test.proportion)); expected given each draw's state \(rate(test.probability)); "
                + interval
        }
    }

    /// A figure to six significant digits.
    static func number(_ x: Double) -> String { String(format: "%.6g", x) }

    /// "degrees" or "radians".
    package static func unitName(_ unit: AngleUnit) -> String { unit == .degrees ? "degrees" : "radians" }

    /// A hint for claims that miss exact odds by less than half a percentage point: the game may print its
    /// odds rounded.
    static func roundedClaimsHint(difference: Double, tolerance: Double) -> String {
        difference > tolerance && difference < 0.005
            ? " (if the game prints its odds rounded, say so: claimTolerance in Swift, claims-rounded-to in a spec file)" : ""
    }
}

extension ReportNarrator {
    /// What the truth allows at a rotation: "3", "on the line: 2 or 3", "blank (no sector)".
    public static func text(_ truth: TruthAtRest) -> String {
        switch truth {
        case .label(let label): "\(label)"
        case .line(let labels): "on the line: " + labels.map(String.init).joined(separator: " or ")
        case .blank: "blank (no sector)"
        }
    }

    /// Where a targeted play ended, after "lands on": "3", "the line: 2 or 3", "refused (no spin)".
    public static func text(_ place: LandingCheck.Place) -> String {
        switch place {
        case .truth(.line(let labels)): "the line: " + labels.map(String.init).joined(separator: " or ")
        case .truth(let truth): text(truth)
        case .noSpin: "refused (no spin)"
        case .trappedBeforeStopping: "unknown (trapped before stopping)"
        case .notFinite: "nowhere (the stop is not a finite number)"
        }
    }

    /// What a targeted play showed: a result, "nothing", or "traps: " and the reason.
    public static func text(_ shown: LandingCheck.Shown) -> String {
        switch shown {
        case .nothing: "nothing"
        case .trap(let reason): "traps: \(reason)"
        case .outcome(let outcome): outcome.description
        }
    }

    /// Where a test rotation sits: "line 3|4 shifted +2 turns, 1 ulp above", "exactly one turn".
    public static func text(_ point: TestPoint) -> String {
        switch point {
        case .exactlyOneTurn: return "exactly one turn"
        case .zero: return "zero"
        case .negativeZero: return "negative zero"
        case .nearLine(let labels, let turnsShift, let offset):
            let name =
                "line " + labels.map(String.init).joined(separator: "|")
                + (turnsShift == 0 ? "" : String(format: " shifted %+.0f turns", turnsShift))
            switch offset {
            case .nearest: return "\(name), nearest value"
            case .adjacent(let k): return k > 0 ? "\(name), \(k) ulp above" : "\(name), \(k.magnitude) ulp below"
            case .powerOfTwoUlps(let power, let above): return "\(name), 2^\(power) ulp \(above ? "above" : "below")"
            case .turns(let fraction, let above): return "\(name), \(fraction) turn \(above ? "above" : "below")"
            }
        }
    }
}
