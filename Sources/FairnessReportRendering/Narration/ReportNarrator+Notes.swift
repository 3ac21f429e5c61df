import FairnessChecks
import FairnessModel
import FairnessReport
import Foundation

extension ReportNarrator {
    /// The sentence of a fact about a subject, the same in every output.
    public static func note(_ note: SubjectNote) -> String {
        switch note {
        case .geometry(let finding, let after, let before):
            String(
                format: "The wheel as drawn has a %@ of %.9g%@ between label %d and label %d, starting at %.9g%@.", finding.kind.rawValue,
                finding.width, finding.unit.symbol, after, before, finding.at, finding.unit.symbol)
        case .exactOdds(let odds):
            "Exact odds of the reported result under its own spin: "
                + odds.odds.sorted { $0.key < $1.key }.map { "\($0.key): \(String(format: "%.9g", $0.value))" }.joined(separator: ", ")
                + "."
        case .landingMargin(let degrees, let laterSpinsWrong):
            "Every valid index stops \(number(degrees))° or more inside its sector" + sessionEnd(laterSpinsWrong)
        case .indicesNotAlwaysInside(let count, let indices, let laterSpinsWrong):
            "\(count) of \(indices) valid indices do not stop strictly inside their sector at every draw" + sessionEnd(laterSpinsWrong)
        case .finalStraight(let policy, let probability):
            "Exact P(final straight) under the \(policy.rawValue) policy: \(probability) ≈ \(String(format: "%.9g", probability.value))."
        case .straightReadsGameState: "The straight check does not read the roll it is given: its answer depends on the game's own state."
        case .handOdds(let hand, let single, let policy, let final):
            "Exact P(\(hand)): one fair roll \(single) ≈ \(String(format: "%.9g", single.value)); final roll under the \(policy.rawValue) policy \(final) ≈ \(String(format: "%.9g", final.value))."
        case .betOdds(let odds): betOdds(odds)
        case .logRead(let lines, let jsonLines, let windows, let windowLines):
            "\(lines) outcome lines read (\(jsonLines ? "JSON Lines" : "CSV")), in \(windows) windows"
                + (windowLines > 0 ? " of \(windowLines) lines." : ".")
        case .observedReturn(let rtp): "Observed RTP \(ReturnToPlayer.format(rtp))."
        case .betLinesRead(let betLines, let rollsTested, let repeated):
            "\(count(Int(betLines), "line")) of bets and rounds; \(count(Int(rollsTested), "roll")) in the roll tests (one per round value; a round's rolls only in its own checks)."
                + (repeated > 0
                    ? " \(repeated) bet lines without a round value show the previous bet line's roll: bets settled on one roll need a round column, or each is counted as a roll of its own and the roll tests see the repeats."
                    : "")
        case .prizeDrawLogRead(let lines, let players, let jsonLines, let sessionColumn):
            "\(lines) draw lines read (\(jsonLines ? "JSON Lines" : "CSV")), "
                + (sessionColumn
                    ? "\(count(players, "player")) (session values), each player's state rebuilt from the declared rules in the log's order."
                    : "no session column: one player, the state rebuilt from the declared rules in the log's order.")
        case .answeredByProbe(let command, let traps, let first):
            first.map {
                "Answered by the probe '\(command)', which died on \(traps) requests (first: '\($0)') and was restarted each time; each such answer counts as no result."
            } ?? "Answered by the probe '\(command)'."
        case .probeStandardError(let request, let lines):
            "Before it died on '\(request)', the probe's standard error ended: " + lines.map { "'\($0)'" }.joined(separator: " | ") + "."
        case .randomInput(let input): text(input)
        case .drawFigures(let figures): text(figures)
        case .text(let text): text
        }
    }

    /// How a targeted wheel's landing note ends: "." or, when later spins land wrong, that the note is about
    /// first spins.
    private static func sessionEnd(_ laterSpinsWrong: Bool) -> String {
        laterSpinsWrong ? " on a first spin; later spins of a session land wrong." : "."
    }

    /// A bet's exact figures as one sentence: each fraction with its decimal.
    static func betOdds(_ odds: BetOddsNote) -> String {
        func exact(_ value: ExactFraction) -> String {
            value.denominator == 1 ? value.description : "\(value) ≈ \(String(format: "%.9g", value.double))"
        }
        return
            "\(odds.expectedRolls == nil ? "Bet" : "Round") \(odds.bet) (\(odds.rules)): wins \(exact(odds.win)), pushes \(exact(odds.push)), loses \(exact(odds.lose)); "
            + "return \(exact(odds.returnToPlayer)), house edge \(exact(odds.houseEdge)) per unit staked"
            + (odds.expectedRolls.map { "; \(exact($0)) rolls a round on average." } ?? ".")
    }
}
