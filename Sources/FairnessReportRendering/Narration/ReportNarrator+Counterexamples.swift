import FairnessChecks
import FairnessModel
import FairnessReport
import Foundation

// The cells of counterexamples.csv: each input that failed, where it sits, what the game showed and what
// the truth allows, in the reports' words.
extension ReportNarrator {
    /// A counterexample's four cells, from its facts.
    public static func cells(_ facts: CounterexampleFacts) -> CounterexampleCells {
        switch facts {
        case .probe(let failure):
            return CounterexampleCells(
                input: String(format: "%.17g", failure.rotation), context: text(failure.context), reported: failure.reported.description,
                expected: text(failure.truth))
        case .landing(let landing):
            // A later spin's start, then where it stopped.
            let unit = unitName(landing.unit)
            return CounterexampleCells(
                input: "index \(landing.index)",
                context: (landing.from.map { String(format: "from %.17g %@, ", $0, unit) } ?? "")
                    + (landing.rotation.map { String(format: "stops at %.17g %@", $0, unit) } ?? "no spin"),
                reported: text(landing.reported), expected: "lands on " + text(landing.landsOn))
        case .detector(let detector):
            // Where the detector is wrong, it says the opposite of the truth.
            let yes = detector.hand ?? "straight", no = detector.hand.map { "not \($0)" } ?? "not a straight"
            return CounterexampleCells(
                input: detector.pattern.description, context: "\(detector.wrong) of \(detector.orderings) orderings",
                reported: detector.holds ? no : yes, expected: detector.holds ? yes : no)
        case .betSettlement(let bet):
            return CounterexampleCells(
                input: bet.example.description, context: "\(bet.wrong) of \(bet.orderings) orderings of \(bet.pattern)",
                reported: bet.game.isNaN ? "no settlement" : "net \(ReturnToPlayer.format(bet.game))",
                expected: "net \(bet.rules) (\(ReturnToPlayer.format(bet.rules.double)))")
        case .roundSettlement(let round):
            return CounterexampleCells(
                input: round.rolls.map(\.description).joined(separator: " / "),
                context: round.rolls.count == 1 ? "1 roll" : "\(round.rolls.count) rolls", reported: text(round.game),
                expected: text(round.rules))
        }
    }

    /// A round answer in a counterexample's cell: "rolls again", "settles at net 1", "no settlement", or
    /// "no answer" (nil: the game has none of its own).
    static func text(_ answer: RoundAnswer?) -> String {
        switch answer {
        case nil: "no answer"
        case .rollAgain?: "rolls again"
        case .settled(let net)? where net.isNaN: "no settlement"
        case .settled(let net)?: "settles at net \(ReturnToPlayer.format(net))"
        }
    }
}
