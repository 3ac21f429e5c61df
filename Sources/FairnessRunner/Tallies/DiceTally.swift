import FairnessModel

/// Counts for a dice game: every roll's faces per die and per pair of dice, the final categories and
/// straights under the game's policy, rerolls, and consecutive first dice for serial independence.
public struct DiceTally: Tally {
    /// The dice the game rolls: K dice of F faces.
    public let dice: DiceSet
    /// Plays counted, one per trial whose rolls show only faces the dice have.
    public var plays: UInt64 = 0
    /// Plays in which a roll showed a face outside 1 ... F (or the game's code trapped): invalid outcomes,
    /// counted apart from every other count.
    public var invalidPlays: UInt64 = 0
    /// Rolls counted: every first roll and every reroll.
    public var rolls: UInt64 = 0
    /// Plays in which the game rerolled.
    public var rerolls: UInt64 = 0
    /// Plays whose final roll is truly a straight.
    public var finalStraights: UInt64 = 0
    /// faces[die · F + face − 1] over every roll (first rolls and rerolls).
    public var faces: [UInt64]
    /// diePairs[pair · F² + (a − 1) · F + (b − 1)] for pairs (i < j) in lexicographic order.
    public var diePairs: [UInt64]
    /// Final category counts, indexed by `PokerCategory.rawValue`.
    public var categories: [UInt64]
    /// serial[(a − 1) · F + (b − 1)]: first die of one roll, then first die of the next, within a block.
    public var serial: [UInt64]
    /// Plays whose final roll is truly each of the game's hands (by the hand's rule), in the game's order.
    public var hands: [UInt64]
    /// For a game with a paytable: every amount a play can pay, ascending (0 included).
    public let payoutLevels: [Double]
    /// Plays that paid each of ``payoutLevels``.
    public var payouts: [UInt64]

    /// Plays whose final roll wins each of the game's bets (by the bet's rules), in the game's order.
    public var betWins: [UInt64]

    /// An empty tally for `dice` and a game with `handCount` hands, `betCount` bets and, if it has a
    /// paytable, these payout levels.
    public init(dice: DiceSet, handCount: Int = 0, betCount: Int = 0, payoutLevels: [Double] = []) {
        hands = [UInt64](repeating: 0, count: handCount)
        betWins = [UInt64](repeating: 0, count: betCount)
        self.payoutLevels = payoutLevels
        payouts = [UInt64](repeating: 0, count: payoutLevels.count)
        self.dice = dice
        let f = dice.faces, k = dice.count
        faces = [UInt64](repeating: 0, count: k * f)
        diePairs = [UInt64](repeating: 0, count: k * (k - 1) / 2 * f * f)
        categories = [UInt64](repeating: 0, count: PokerCategory.allCases.count)
        serial = [UInt64](repeating: 0, count: f * f)
    }

    /// Adds the counts of `other`, a tally of the same dice, to this one.
    ///
    /// - Complexity: O(K² · F²), the size of the pair counts.
    /// Whether `other` can be merged: the same dice and payout levels, as many cells of each kind, and no
    /// sum past `UInt64.max`.
    public func canMerge(_ other: DiceTally) -> Bool {
        other.dice == dice && other.payoutLevels == payoutLevels && faces.canAdd(other.faces) && diePairs.canAdd(other.diePairs)
            && categories.canAdd(other.categories) && serial.canAdd(other.serial) && hands.canAdd(other.hands)
            && betWins.canAdd(other.betWins)
            && payouts.canAdd(other.payouts) && plays.canAdd(other.plays) && invalidPlays.canAdd(other.invalidPlays)
            && rolls.canAdd(other.rolls) && rerolls.canAdd(other.rerolls) && finalStraights.canAdd(other.finalStraights)
    }

    public mutating func merge(_ other: DiceTally) {
        plays += other.plays
        invalidPlays += other.invalidPlays
        rolls += other.rolls
        rerolls += other.rerolls
        finalStraights += other.finalStraights
        for i in faces.indices { faces[i] += other.faces[i] }
        for i in diePairs.indices { diePairs[i] += other.diePairs[i] }
        for i in categories.indices { categories[i] += other.categories[i] }
        for i in serial.indices { serial[i] += other.serial[i] }
        for i in hands.indices { hands[i] += other.hands[i] }
        for i in betWins.indices { betWins[i] += other.betWins[i] }
        for i in payouts.indices { payouts[i] += other.payouts[i] }
    }

    /// Counts one play that paid `payout` (one of ``payoutLevels``).
    @inlinable
    mutating func recordPayout(_ payout: Double) {
        for index in payoutLevels.indices where payoutLevels[index] == payout {
            payouts[index] &+= 1
            return
        }
    }

    @inlinable
    mutating func record(_ roll: DiceRoll, previousFirst: inout Int) {
        let f = dice.faces, k = dice.count
        rolls &+= 1
        var pair = 0
        for i in 0..<k {
            let a = roll[i] - 1
            faces[i * f + a] &+= 1
            for j in (i + 1)..<max(i + 1, k) {
                diePairs[pair * f * f + a * f + roll[j] - 1] &+= 1
                pair += 1
            }
        }
        if previousFirst >= 0 { serial[previousFirst * f + roll[0] - 1] &+= 1 }
        previousFirst = roll[0] - 1
    }
}
