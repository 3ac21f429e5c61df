import ArgumentParser
import FairnessToolkit
import Foundation

/// `audit-bench dice-bets`: the exact survey of every roll of five dice with 30 bets, each settled by the
/// game's own code on every ordered roll, beside the same survey without bets, with the ratio.
struct DiceBetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dice-bets",
        abstract: "Time the exact survey of every 5d6 roll with 30 bets settled by the game (the target: within 1 s).")

    @Option(help: "Bets, 1 ... 1000.") var bets = 30
    @Option(help: "Repetitions; the best time is printed.") var repeats = 3

    /// Five dice and bets on totals, each settled by the game's own code.
    struct BettingGame: DiceGame {
        let name = "bench-bets"
        let summary = "five dice, bets on totals"
        let dice = DiceSet.fiveSixSided
        let rerollPolicy = RerollPolicy.never
        let bets: [DiceBet]
        func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
        func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
        func settle(_ bet: DiceBet, on roll: DiceRoll) -> Double? {
            // The game's code: bet "at-least-T-n" pays 4 to 1 on a total of T or more.
            let target = Int(bet.name.split(separator: "-")[2])!
            var total = 0
            for i in 0..<roll.count { total += roll[i] }
            return total >= target ? 4 : -1
        }
    }

    func run() throws {
        guard (1...1000).contains(bets), (1...100).contains(repeats) else {
            throw ValidationError("--bets 1 ... 1000, --repeats 1 ... 100")
        }
        let list = (0..<bets).map { index in
            DiceBet(
                name: "at-least-\(5 + index % 26)-\(index)", wins: .compare(.total, .greaterOrEqual, 5 + index % 26), pays: ExactFraction(4)
            )
        }
        let game = BettingGame(bets: list)
        let plain = BettingGame(bets: [])
        func best(_ body: () -> Void) -> Double {
            (0..<repeats).map { _ in
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            }.min()!
        }
        var checks: [BetCheck] = []
        let withBets = best {
            let survey = DetectorSurvey(game)
            checks = survey.bets.map { BetCheck($0, coverage: survey.coverage, orderedRolls: 7776, detected: 0, policy: .never) }
        }
        let without = best { _ = DetectorSurvey(plain) }
        precondition(checks.count == bets && checks.allSatisfy { $0.counts.misSettled == 0 && $0.odds != nil })
        print(String(format: "5d6, %d bets settled by the game on all 7,776 ordered rolls, exact odds: %.3f s", bets, withBets))
        print(String(format: "5d6, the same survey without bets: %.3f s; ratio %.2f", without, withBets / max(without, 1e-9)))
    }
}
