import FairnessModel
import FairnessReport
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
    /// Sums over the lines of the return for the stake-weighted test: stake², payout², payout · stake;
    /// and whether the stake varies from line to line (the first stake seen).
    var stakeSquares = 0.0, payoutSquares = 0.0, payoutTimesStake = 0.0
    var firstStake: Double?, stakeVaries = false

    /// Payout per stake (1 + net) of each net met so far: exact arithmetic once per net, not per line.
    var perStakeOfNet: [ExactFraction: Double] = [:]

    /// Dice in the game.
    let dice: Int

    /// A bet's payout per stake by the case that settles it (its cases, then otherwise); empty for a round.
    let casePerStake: [Double]

    package init(_ bet: LogModel.BetLog, dice: Int) {
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
        if let payout = fields.payout, payout < 0 {
            throw LogError(
                line: number, column: 1,
                message: "payout: \(payout) is negative; a bet's payout is what the player got back, stake included (0 when it loses)")
        }
        let perStake = perStake(fields)
        let expected = perStake.map { stake * $0 }
        // Paid otherwise: a payout beyond the summation's rounding from the rules'; a line the rules do
        // not settle so is wrong whatever it paid.
        let wrong = expected.map { expected in fields.payout.map { abs($0 - expected) > 1e-9 * max(1, abs(expected)) } ?? false } ?? true
        let payout = fields.payout ?? expected
        // The line's level of the return: the rules' payout per stake when it was paid so (a decimal stake
        // must not split one level in two by rounding), else what it paid per stake.
        let level = wrong ? payout.map { $0 / stake } : perStake
        if let level {
            guard returns[level] != nil || returns.count < OutcomeLog.maximumReturnLevels else {
                throw LogError(
                    line: number, column: 1,
                    message: "payout: more than \(OutcomeLog.maximumReturnLevels) distinct payouts per stake for '\(bet.name)'")
            }
            returns[level, default: 0] += 1
            returnLines += 1
            stakeSum += stake
            payoutSum += payout!
            stakeSquares += stake * stake
            payoutSquares += payout! * payout!
            payoutTimesStake += payout! * stake
            if firstStake == nil { firstStake = stake } else if firstStake != stake { stakeVaries = true }
        }
        lines += 1
        if fields.payout != nil { payoutsLogged += 1 }
        if fields.stake != nil { stakesLogged += 1 }
        if expected == nil {
            notSettled += 1
        } else {
            self.rolls += UInt64(max(1, fields.rolls.count))
            if wrong { paidOtherwise += 1 }
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
