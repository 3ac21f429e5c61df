/// A sorted pattern of faces on which a detector disagrees with the truth, and on how many of the
/// pattern's orderings.
public struct DetectorMismatch: Sendable, Hashable {
    /// The faces in ascending order.
    public let pattern: DiceRoll
    /// The reference answer for every ordering of the pattern.
    public let truth: Bool
    /// Ordered rolls of this pattern on which the detector gave the other answer.
    public let mismatchingOrderedRolls: UInt64
    /// All ordered rolls of this pattern.
    public let orderedRollsOfPattern: UInt64
}

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

/// Exhaustive comparison of a game's own category classifier (if it has one) with the reference.
public struct CategoryDetectorCheck: Sendable {
    public let game: String
    /// Ordered rolls per (game's category, true category) where they differ.
    public let confusions: [Confusion]

    public struct Confusion: Sendable, Hashable {
        public let reported: PokerCategory
        public let truth: PokerCategory
        public let orderedRolls: UInt64
    }

    public var passed: Bool { confusions.isEmpty }

    /// Nil when the game does not classify rolls.
    public init?<Game: DiceGame>(_ game: Game) throws {
        let dice = game.dice
        guard let total = dice.orderedRollCount, total <= DiceOdds.enumerationLimit else {
            throw DiceError.tooManyRollsToEnumerate(dice, limit: DiceOdds.enumerationLimit)
        }
        var probe = DiceRoll(count: dice.count)
        for index in 0..<dice.count { probe[index] = 1 }
        guard game.category(probe) != nil else { return nil }
        var table: [PokerCategory: [PokerCategory: UInt64]] = [:]
        DiceOdds.forEachOrderedRoll(dice) { roll in
            let truth = PokerCategory.of(roll)
            let reported = game.category(roll) ?? .nothing
            if reported != truth { table[reported, default: [:]][truth, default: 0] += 1 }
        }
        confusions = table.flatMap { reported, row in
            row.map { Confusion(reported: reported, truth: $0.key, orderedRolls: $0.value) }
        }.sorted { ($0.reported, $0.truth) < ($1.reported, $1.truth) }
        self.game = game.name
    }
}

/// The exact probability of each final outcome of a dice game under its reroll policy, by enumerating
/// the first roll and, where the game's detector triggers a reroll, the fresh roll's exact odds:
///
///     P(final = c) = Σ_first P(first) · (detected(first) ? P(c) : 1[category(first) = c])
///
/// The category is the true one of the roll that stands (what the player sees).
public struct PolicyOdds: Sendable {
    public let game: String
    public let policy: RerollPolicy
    /// P(the game rerolls).
    public let reroll: ExactProbability
    /// P(the final roll is a straight).
    public let finalStraight: ExactProbability
    /// P(final category = c) for every category defined for the dice.
    public let finalCategories: [PokerCategory: ExactProbability]

    public init<Game: DiceGame>(_ game: Game) throws {
        let dice = game.dice
        let single = try DiceOdds.categoryCounts(dice)
        guard let total = dice.orderedRollCount, total <= DiceOdds.enumerationLimit else {
            throw DiceError.tooManyRollsToEnumerate(dice, limit: DiceOdds.enumerationLimit)
        }
        let categories = PokerCategory.defined(forDice: dice.count)
        var firstRollCounts = [UInt64](repeating: 0, count: PokerCategory.allCases.count)
        var detected: UInt64 = 0
        DiceOdds.forEachOrderedRoll(dice) { roll in
            if game.rerollPolicy == .rerollOnceAfterDetectedStraight && game.isStraight(roll) {
                detected += 1
            } else {
                firstRollCounts[PokerCategory.of(roll).rawValue] += 1
            }
        }
        // Numerators over total²: kept rolls count total each; rerolled ones spread by the fresh odds.
        let denominator = UInt128(total) * UInt128(total)
        var finals: [PokerCategory: ExactProbability] = [:]
        for category in categories {
            let numerator = UInt128(firstRollCounts[category.rawValue]) * UInt128(total)
                + UInt128(detected) * UInt128(single.counts[category] ?? 0)
            finals[category] = ExactProbability(numerator, over: denominator)
        }
        self.game = game.name
        policy = game.rerollPolicy
        reroll = ExactProbability(UInt128(detected), over: UInt128(total))
        finalStraight = finals[.straight] ?? .zero
        finalCategories = finals
    }
}
