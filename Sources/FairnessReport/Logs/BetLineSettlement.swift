import FairnessModel

/// What a line of a bet log's rolls come to under its bet's rules (`LogModel.BetLog.settle(_:dice:)`).
public enum BetLineSettlement: Sendable, Hashable, Codable {
    /// The rules settle the line at this net per unit staked.
    case net(ExactFraction)
    /// Roll `index` (from 1) is not a roll of the dice.
    case invalidRoll(index: Int)
    /// The rules go on rolling after the line's last roll.
    case unfinished
    /// The rules end the round at roll `at` (from 1), before the line's last.
    case endsEarlier(at: Int)
    /// A bet's line shows several rolls.
    case severalRolls
}
