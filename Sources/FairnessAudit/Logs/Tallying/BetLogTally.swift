import FairnessModel
import Foundation

/// The streaming state of one bet or round of a dice log: its lines, their stakes and payouts, each payout
/// per stake, and the lines the rules settle otherwise than the log.
struct BetLogTally {
    let bet: LogModel.BetLog
    /// Lines naming the bet.
    var lines: UInt64 = 0
    /// Lines that logged a payout, and a stake.
    var payoutsLogged: UInt64 = 0, stakesLogged: UInt64 = 0
    /// Lines counted in the return (those with a payout, logged or given by the rules).
    var returnLines: UInt64 = 0
    var stakeSum = 0.0, payoutSum = 0.0
    /// Lines by payout per stake (at most ``OutcomeLog/maximumReturnLevels`` values).
    var returns: [Double: UInt64] = [:]
    /// Lines whose logged payout differs from the rules' (their rolls settled by the rules).
    var paidOtherwise: UInt64 = 0
    /// Lines whose rolls the rules do not settle as logged: a roll the dice cannot show, a round the
    /// rules end earlier or go on after, several rolls on a bet's line.
    var notSettled: UInt64 = 0
    var first: CheckDetail.BetLogSettlement.Line?
    /// Rolls of the round's lines the rules settle (their mean is the round's length in the log).
    var rolls: UInt64 = 0

    /// Payout per stake (1 + net) of each net met so far: exact arithmetic once per net, not per line.
    var perStakeOfNet: [ExactFraction: Double] = [:]

    /// Dice in the game.
    let dice: Int

    /// A bet's payout per stake by the case that settles it (its cases, then otherwise); empty for a round.
    let casePerStake: [Double]

    init(_ bet: LogModel.BetLog, dice: Int) {
        self.bet = bet
        self.dice = dice
        if case .bet(let rules) = bet.rules {
            casePerStake = (0...rules.cases.count).map { (ExactFraction.one + rules.net(ofCase: $0)).double }
        } else {
            casePerStake = []
        }
    }

    /// The rules' payout per stake for a line's rolls (nil: they do not settle them so), from the bet's
    /// case on a roll of every die without exact arithmetic, else by settling the rolls.
    @inline(__always)
    mutating func perStake(_ fields: LogFields) -> Double? {
        if case .bet(let rules) = bet.rules, fields.rolls.isEmpty, let roll = fields.faces, roll.count == dice {
            return casePerStake[rules.settlingCase(roll)]
        }
        guard case .net(let net) = bet.settle(fields.rolls.isEmpty ? [fields.faces!] : fields.rolls, dice: dice) else { return nil }
        if perStakeOfNet[net] == nil { perStakeOfNet[net] = (ExactFraction.one + net).double }
        return perStakeOfNet[net]!
    }

    /// Counts one line of the bet: its stake (1 when not logged), its payout (the rules' when not logged).
    /// Nothing is counted when it throws.
    /// - Throws: ``LogError`` for a stake that is not positive, or one payout per stake too many.
    mutating func record(_ fields: LogFields, number: Int) throws {
        let stake = fields.stake ?? 1
        guard stake > 0 else { throw LogError(line: number, column: 1, message: "stake: must be positive") }
        let expected = perStake(fields).map { stake * $0 }
        let payout = fields.payout ?? expected
        if let payout {
            guard returns[payout / stake] != nil || returns.count < OutcomeLog.maximumReturnLevels else {
                throw LogError(
                    line: number, column: 1,
                    message: "payout: more than \(OutcomeLog.maximumReturnLevels) distinct payouts per stake for '\(bet.name)'")
            }
            returns[payout / stake, default: 0] += 1
            returnLines += 1
            stakeSum += stake
            payoutSum += payout
        }
        lines += 1
        if fields.payout != nil { payoutsLogged += 1 }
        if fields.stake != nil { stakesLogged += 1 }
        let wrong: Bool
        if let expected {
            self.rolls += UInt64(max(1, fields.rolls.count))
            wrong = fields.payout.map { abs($0 - expected) > 1e-9 * max(1, abs(expected)) } ?? false
            if wrong { paidOtherwise += 1 }
        } else {
            wrong = true
            notSettled += 1
        }
        if wrong, first == nil {
            let rolls = fields.rolls.isEmpty ? [fields.faces!] : fields.rolls
            let settlement = bet.settle(rolls, dice: dice)
            let shown = rolls.map { $0.count == 0 ? "?" : $0.description }.joined(separator: " / ")
            first = .init(
                line: number, rolls: fields.outcomeText.isEmpty ? shown : fields.outcomeText, paid: fields.payout, expected: expected,
                settlement: settlement)
        }
    }
}
