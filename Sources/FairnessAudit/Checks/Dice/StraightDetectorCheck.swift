/// Exhaustive comparison of a dice game's straight detector with the reference over all F^K ordered
/// rolls — no sampling, so the counts are exact.
public struct StraightDetectorCheck: Sendable {
    public let game: String
    public let dice: DiceSet
    public let orderedRolls: UInt64
    /// Disagreements in play (the detector as the game calls it), by sorted pattern, ascending.
    public let mismatches: [DetectorMismatch]
    /// Ordered rolls the detector wrongly accepts (false straights) and wrongly rejects.
    public let falseAccepts: UInt64
    public let falseRejects: UInt64
    /// Disagreements when the game's own state holds a straight (1 ... K) or a non-straight (all ones)
    /// instead of the roll being judged: non-zero only for detectors that read state, not their argument.
    public let mismatchesWithStraightState: UInt64
    public let mismatchesWithNonStraightState: UInt64

    public var passed: Bool {
        mismatches.isEmpty && mismatchesWithStraightState == 0 && mismatchesWithNonStraightState == 0
    }

    public init<Game: DiceGame>(_ game: Game) throws {
        let dice = game.dice
        guard let total = dice.orderedRollCount, total <= DiceOdds.enumerationLimit else {
            throw DiceError.tooManyRollsToEnumerate(dice, limit: DiceOdds.enumerationLimit)
        }
        var byPattern: [DiceRoll: (truth: Bool, wrong: UInt64, all: UInt64)] = [:]
        var accepts: UInt64 = 0, rejects: UInt64 = 0
        let straightState = DiceRoll((0..<dice.count).map { min($0 + 1, dice.faces) })
        let flatState = DiceRoll(Array(repeating: 1, count: dice.count))
        var stateStraightWrong: UInt64 = 0, stateFlatWrong: UInt64 = 0
        DiceOdds.forEachOrderedRoll(dice) { roll in
            let truth = PokerCategory.isStraight(roll)
            if game.isStraight(roll, whileGameHolds: straightState) != truth { stateStraightWrong += 1 }
            if game.isStraight(roll, whileGameHolds: flatState) != truth { stateFlatWrong += 1 }
            let said = game.isStraight(roll)
            guard said != truth else { return }
            if said { accepts += 1 } else { rejects += 1 }
            let pattern = roll.sorted
            byPattern[pattern, default: (truth, 0, 0)].wrong += 1
        }
        // Count every ordering of each mismatching pattern (a multinomial), for context.
        mismatches = byPattern.map { pattern, entry in
            DetectorMismatch(pattern: pattern, truth: entry.truth, mismatchingOrderedRolls: entry.wrong,
                             orderedRollsOfPattern: DiceOdds.orderings(of: pattern))
        }.sorted { $0.pattern.faces.lexicographicallyPrecedes($1.pattern.faces) }
        self.game = game.name
        self.dice = dice
        orderedRolls = total
        falseAccepts = accepts
        falseRejects = rejects
        mismatchesWithStraightState = stateStraightWrong
        mismatchesWithNonStraightState = stateFlatWrong
    }
}
