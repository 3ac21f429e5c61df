import FairnessChecks
import FairnessModel
import Foundation

extension ReportNarrator {
    /// The sentence of an exact check's finding, the same in every output.
    public static func sentence(_ fact: FindingFact) -> String {
        switch fact {
        case .figures(let figures): sentence(ofKeyed: figures)
        case .wheelDefects(let defects): sentence(defects)
        case .oddsDifferByRounding(let difference):
            "odds differ from the claimed odds by \(share(difference)), all of it from rounding at the lines"
        case .oddsInPlayDiffer(let difference): "an outcome's odds in play differ from the odds claimed for it by \(share(difference))"
        case .undrawnIndicesMishandled(let count, let drawn):
            "\(count) indices the game never draws (outside \(drawn.lowerBound)..<\(drawn.upperBound)) are mishandled"
        case .landingDefects(let defects):
            if let spin = defects.spin, spin.kind != .first {
                spinOfSession(spin).which + sentence(defects) + spinOfSession(spin).start
            } else {
                sentence(defects)
            }
        case .playNotPartitioned(let change): sentence(change)
        case .targetedOddsDiffer(let difference, let fromClaims):
            "an outcome's odds differ from \(fromClaims ? "the odds claimed for it" : "its sector's share") by \(share(difference))"
        case .indexDrawDiffers(let difference, let outside, let outsideShare, let trapShare):
            "the game's own index draw differs from the declared draw by up to \(share(difference))"
                + (outsideShare > 0
                    ? "; it picks indices no sector has (\(outside.map(String.init).joined(separator: ", "))) on \(share(outsideShare)) of spins"
                    : "")
                + (trapShare > 0 ? "; it traps on \(share(trapShare)) of spins" : "")
        case .disclosedFigureDiffers, .disclosedOddsDiffer, .drawOddsDifferGivenState, .drawOutsideTable, .drawForbiddenInState,
            .itemsNeverDrawn,
            .wrongTransition, .drawNotPartitioned, .stateShownDiffers:
            tableSentence(fact)
        default: diceOrPayoutSentence(fact)
        }
    }

    /// The sentences of dice and payout findings.
    private static func diceOrPayoutSentence(_ fact: FindingFact) -> String {
        switch fact {
        case .detectorWrong(let detector, let falseAccepts, let falseRejects, let measured?, _, let underOwnDice):
            "calls the wrong rolls \(name(of: detector)) in play: \(falseAccepts) false and \(falseRejects) missed, \(share(measured)) of rolls"
                + (underOwnDice ? " under the game's own dice" : "")
        case .detectorWrong(let detector, _, _, nil, let checked, _):
            "calls the wrong rolls \(name(of: detector)) in play (\(checked) of the rolls checked; share not measured over every roll)"
        case .detectorWrongOnlyOutOfPlay(let rolls):
            "right on every roll in play; wrong only when called with the game's state holding another roll (\(rolls) rolls)"
        case .classifierWrong(let rolls, let measured, let underOwnDice):
            "names the wrong category for \(rolls) rolls, \(share(measured)) of rolls" + (underOwnDice ? " under the game's own dice" : "")
        case .betMisSettled(let bet, let rolls, let measured?, let underOwnDice):
            "settles \(bet) otherwise than its rules on \(rolls) rolls, \(share(measured)) of rolls"
                + (underOwnDice ? " under the game's own dice" : "")
        case .betMisSettled(let bet, let rolls, nil, _):
            "settles \(bet) otherwise than its rules on \(rolls) of the rolls checked (share not measured over every roll)"
        case .roundMisSettled(let round, let measured, let depth, let underOwnDice):
            "settles \(round) otherwise than its rules on at least \(share(measured)) of rounds"
                + (underOwnDice ? " under the game's own dice" : "")
                + " (found within the first \(depth) rolls, every sequence judged)"
        case .roundMisSettledOnUnseenFaces(let round, let measured, let depth):
            "settles \(round) otherwise than its rules only on rolls its own dice never show (\(share(measured)) of rounds under fair dice, found within the first \(depth) rolls)"
        case .roundMisSettledSampled(let round, let rounds, let sampled, let depth, let lower, let upper):
            "settles \(round) otherwise than its rules on \(rounds) of \(sampled) rounds played from fair rolls (95% interval \(share(lower)) to \(share(upper)) of rounds), past the \(depth) rolls judged exhaustively"
        case .drawnValueDiffers(let value, let at, let difference, let misplaced):
            "draws \(value) \(at) with odds off the declared ones by \(share(difference)) (the largest gap); \(share(misplaced)) of plays show another \(value) than fair dice would"
        case .betFigureDiffers(let bet, let figure, let declared, let exact):
            "publishes \(figure) \(String(format: "%.9g", declared)) for \(bet); exact \(String(format: "%.9g", exact))"
        case .claimedOddsDiffer(let difference): "the odds the game claims differ from its exact final odds by up to \(share(difference))"
        case .finalOddsDiffer(let difference): "final odds under the reroll policy differ from one fair roll by up to \(share(difference))"
        case .impossibleFace(let face, let u, let measured): "rolls a face no die has (\(face) at u = \(u)) on \(share(measured)) of plays"
        case .faceOddsSkewed(let faces, let difference):
            "its mapping from draws to faces gives a face odds off 1/\(faces) by \(share(difference))"
        case .returnDiffersFromDeclared(let rtp, let declared):
            "returns \(ReturnToPlayer.format(rtp)) of the stake, not the declared \(ReturnToPlayer.format(declared))"
        case .returnBelowMinimum(let rtp, let minimum):
            "returns \(ReturnToPlayer.format(rtp)) of the stake, below the minimum of \(ReturnToPlayer.format(minimum))"
        case .prizesTooRare(let limit, let prizes, let amounts):
            "\(prizes.count) advertised prize(s) rarer than 1 in \(ReturnToPlayer.format(limit)) per play: "
                + zip(prizes, amounts).map { prize($0.0, amountProbability: $0.1) }.joined(separator: ", ")
        default: preconditionFailure("a wheel finding reached the dice and payout sentences")
        }
    }

    /// An advertised prize's odds, in the words of the outcome that shows it and of the amount it pays: an
    /// outcome never shown whose amount other outcomes pay is not an amount "never paid".
    static func prize(_ prize: ReturnToPlayer.Prize, amountProbability: Double) -> String {
        let amount = ReturnToPlayer.format(prize.payout)
        let others = amountProbability - prize.probability
        guard prize.probability > 0 else {
            return "\(prize.name) (\(amount)) is never shown"
                + (others > 0
                    ? ", though other outcomes pay \(amount) at 1 in \(ReturnToPlayer.format(1 / others))"
                    : ", and nothing else pays \(amount)")
        }
        return "\(prize.name) (\(amount)) at 1 in \(ReturnToPlayer.format(prize.oneIn))"
            + (others > 0
                ? " (the amount \(amount), with other outcomes paying it, at 1 in \(ReturnToPlayer.format(1 / amountProbability)))" : "")
    }

    /// "straights", or the hand's name.
    private static func name(of detector: DiceDetector) -> String {
        switch detector {
        case .straight: "straights"
        case .hand(let name): name
        }
    }

    /// A wheel check's defects: what it examined, the worst class and how play shows it, the others counted.
    private static func sentence(_ defects: WheelDefects) -> String {
        let share = share(defects.shareOfSpins)
        let reach = reach(defects.reach)
        var text: String
        switch defects.worst {
        case .invalid:
            let shown = defects.shownInvalid
            text =
                shown.isEmpty && !defects.traps
                ? "shows results no sector carries later in a session (\(reach))"
                : (shown.isEmpty
                    ? "traps (crashes) instead of reporting," : "shows \(shown.joined(separator: ", ")), which no sector carries,")
                    + (defects.traps && !shown.isEmpty ? " or traps," : "") + " on \(share) of spins"
        case .mislabel:
            text =
                defects.measured
                ? "shows a wrong sector's label on \(share) of spins" : "shows a wrong sector's label later in a session (\(reach))"
        case .rounding:
            text =
                defects.shareOfSpins > 0
                ? "a stop on a line or a wrong label within \(RoundingBand.ulps) ulps of one, on \(share) of spins"
                : "a wrong label within \(RoundingBand.ulps) ulps of a line, at rotations a session reaches (\(reach))"
        case .latent: text = "only where play never goes (\(reach))"
        case .odds: text = "odds differ"
        }
        text = "\(name(of: defects.evidence)): " + text
        if !defects.others.isEmpty {
            text += "; also " + defects.others.map { "\($0.count) \($0.findingClass.title)" }.joined(separator: ", ")
        }
        return text
    }

    /// What a wheel check examined, as its finding opens.
    private static func name(of evidence: WheelDefects.Evidence) -> String {
        switch evidence {
        case .testRotationsNextToLines: "test rotations next to the lines"
        case .rotationsManyTurnsAway: "rotations many turns away"
        case .arcsOfTheCircle: "arcs of the circle"
        case .resultsNoSectorCarries: "results no sector carries"
        }
    }

    /// A targeted wheel's wrong landings.
    private static func sentence(_ defects: LandingDefects) -> String {
        let count = defects.count, drawn = defects.drawn, share = share(defects.share)
        var text: String
        switch defects.worst {
        case .invalid where defects.drawTraps && count == 0:
            text = "the game's own index draw traps, so no result is shown (\(share) of spins)"
        case .invalid:
            text =
                "\(count) of the \(drawn) indices the game draws end in a wrong or missing result"
                + (defects.drawTraps ? ", and its own index draw traps" : "") + " (\(share) of spins)"
        case .mislabel: text = "\(count) of the \(drawn) indices the game draws stop on another sector (\(share) of spins)"
        case .rounding:
            text =
                "\(count) of the \(drawn) indices stop on a line of their sector or within \(RoundingBand.ulps) ulps of it, the pointer on a divider (\(share) of spins)"
        case .latent: text = "only indices the game's weights never draw are mishandled (\(count))"
        case .odds: text = "\(count) of the \(drawn) indices the game draws are mishandled"
        }
        if !defects.others.isEmpty {
            text +=
                "; also "
                + defects.others.map {
                    "\($0.count) indices \($0.findingClass.title)\($0.share.map { " (\(Self.share($0)) of spins)" } ?? "")"
                }
                .joined(separator: ", ")
        }
        return text
    }

    /// Which spin of a session a landing finding is about ("on a second spin, "), and where it starts ("
    /// (from rotation 1957.5°, where a first spin to index 3 leaves the wheel)").
    private static func spinOfSession(_ spin: TargetedSessionCheck.Spin) -> (which: String, start: String) {
        let from = " (from rotation " + String(format: "%.9g", spin.from) + spin.unit.symbol
        switch spin.kind {
        case .first: return ("", "")
        case .second(let index): return ("on a second spin, ", from + ", where a first spin to index \(index) leaves the wheel)")
        case .late(let spins): return ("late in a session, ", from + ", where \(spins) spins leave the wheel)")
        }
    }

    /// A play the partition of the first spin does not hold.
    private static func sentence(_ change: TargetedSessionCheck.UnstablePlay) -> String {
        func play(_ outcome: WheelOutcome, _ verdict: LandingCheck.Verdict) -> String {
            switch verdict {
            case .correct: "showed \(outcome), stopping in its sector"
            case .rounding: "showed \(outcome), stopping on a line of its sector"
            case .mislabel: "stopped in another sector and showed that sector's \(outcome)"
            case .invalid: "showed \(outcome), not where the wheel stopped"
            }
        }
        let first = play(change.firstOutcome, change.firstVerdict), later = play(change.laterOutcome, change.laterVerdict)
        switch change.kind {
        case .changesBetweenRequests:
            return "the game's play changed between two identical requests: index \(change.index) at u = \(change.draw) first \(first); "
                + "asked again, it \(later). It keeps state its requests do not carry (a rotation kept between spins, say) or draws "
                + "from a random source of its own, so no share of its play can be measured; give it the rotation its previous spin "
                + "left, and the draw u, instead"
        case .changesBetweenDraws:
            return "the game's play changes more often between neighbouring draws than the partition of its swept draws follows: "
                + "at index \(change.index) and u = \(change.draw) the partition has it that the game \(first), but it \(later); no "
                + "share of its play can be measured exactly"
        }
    }

    /// A share in [0, 1] for a sentence: "0.833%"; below 10⁻⁴ as a number and "1 in N" ("2.83e-16 (1 in
    /// 3.54e+15)").
    public static func share(_ share: Double) -> String {
        if share == 0 { return "0" }
        if share >= 1e-4 { return String(format: "%.3g", share * 100) + "%" }
        return String(format: "%.3g", share) + " (1 in " + String(format: "%.3g", 1 / share) + ")"
    }

    /// The rotations a session reaches: "rotations from 0 to 1 turns in a session of 10000 spins".
    public static func reach(_ reach: SessionReach) -> String {
        "rotations from \(String(format: "%.3g", reach.lowest / reach.unit.fullTurn)) to \(String(format: "%.3g", reach.highest / reach.unit.fullTurn)) turns in a session of \(reach.spins) spins"
            + (reach.stops.map { ", stopping only at \($0.count) position\($0.count == 1 ? "" : "s") of the turn" } ?? "")
    }
}
