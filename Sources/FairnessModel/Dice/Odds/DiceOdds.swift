/// Exact probabilities of poker-dice categories, computed by the toolkit itself.
public enum DiceOdds {
    /// The most ordered rolls ``categoryCountsByEnumeration(_:)`` will visit.
    public static let enumerationLimit: UInt64 = 100_000_000

    /// How counts were obtained.
    public enum Method: String, Sendable, Hashable, Codable {
        /// Every one of the F^K ordered rolls classified (F^K ≤ ``enumerationLimit``).
        case enumeration
        /// Counted over the partitions of K (see ``categoryCountsByCombinatorics(_:)``).
        case combinatorics
    }

    /// Category counts of ordered rolls, the method used, and the total F^K.
    public struct Counts: Sendable, Hashable {
        /// The dice counted.
        public let dice: DiceSet
        /// How the counts were obtained.
        public let method: Method
        /// F^K, the number of ordered rolls.
        public let total: UInt64
        /// Ordered rolls in each category defined for this many dice.
        public let counts: [PokerCategory: UInt64]

        /// The exact probability of `category`; throws if it is not a category of this many dice.
        public func probability(of category: PokerCategory) throws -> ExactProbability {
            guard PokerCategory.isDefined(category, forDice: dice.count) else {
                throw DiceError.categoryUndefined(category, dice)
            }
            return ExactProbability(UInt128(counts[category] ?? 0), over: UInt128(total))
        }
    }

    /// Most ordered rolls for which ``categoryCounts(_:)`` enumerates rather than counts combinatorially
    /// (both are exact and agree; enumeration is the more direct evidence where it is cheap).
    public static let preferredEnumerationLimit: UInt64 = 1_000_000

    /// Exact category counts: by enumeration when F^K ≤ ``preferredEnumerationLimit``, by combinatorics
    /// beyond.
    /// - Throws: ``DiceError/tooManyRollsToCount(_:)`` if F^K does not fit in 64 bits (which `DiceSet`
    ///   refuses to build).
    /// - Complexity: O(F^K · K) up to ``preferredEnumerationLimit``; beyond, O(p(K) · K) over the p(K)
    ///   partitions of K.
    public static func categoryCounts(_ dice: DiceSet) throws -> Counts {
        guard let total = dice.orderedRollCount else { throw DiceError.tooManyRollsToCount(dice) }
        return total <= preferredEnumerationLimit ? try categoryCountsByEnumeration(dice) : try categoryCountsByCombinatorics(dice)
    }

    /// Visits every ordered roll once (an odometer over the dice) and classifies it.
    public static func categoryCountsByEnumeration(_ dice: DiceSet) throws -> Counts {
        guard let total = dice.orderedRollCount, total <= enumerationLimit else {
            throw DiceError.tooManyRollsToEnumerate(dice, limit: enumerationLimit)
        }
        var tally = [UInt64](repeating: 0, count: PokerCategory.allCases.count)
        forEachOrderedRoll(dice) { roll in tally[PokerCategory.of(roll).rawValue] += 1 }
        var counts: [PokerCategory: UInt64] = [:]
        for category in PokerCategory.defined(forDice: dice.count) { counts[category] = tally[category.rawValue] }
        return Counts(dice: dice, method: .enumeration, total: total, counts: counts)
    }

    /// Calls `body` with each of the F^K ordered rolls, the last die changing fastest.
    public static func forEachOrderedRoll(_ dice: DiceSet, _ body: (DiceRoll) throws -> Void) rethrows {
        var roll = DiceRoll(count: dice.count)
        for index in 0..<dice.count { roll[index] = 1 }
        while true {
            try body(roll)
            var position = dice.count - 1
            while position >= 0 && roll[position] == dice.faces {
                roll[position] = 1
                position -= 1
            }
            if position < 0 { return }
            roll[position] += 1
        }
    }

    /// Counts by the multiplicity pattern of the faces. A pattern is a partition m₁ ≥ m₂ ≥ … ≥ m_r of K
    /// with r ≤ F parts; the ordered rolls showing it number
    ///
    ///     F! / ((F − r)! · Π_t c_t!)  ×  K! / Π_i m_i!
    ///
    /// (which faces carry the multiplicities, c_t being how many parts equal t; then the arrangements of
    /// the dice). The category depends only on the pattern, except that the all-distinct pattern splits
    /// into (F − K + 1)·K! straights and the rest.
    public static func categoryCountsByCombinatorics(_ dice: DiceSet) throws -> Counts {
        guard let total = dice.orderedRollCount else { throw DiceError.tooManyRollsToCount(dice) }
        let k = dice.count, f = dice.faces
        var tally = [UInt128](repeating: 0, count: PokerCategory.allCases.count)
        var parts: [Int] = []
        func visit(remaining: Int, largest: Int) {
            if remaining == 0 {
                guard parts.count <= f else { return }
                let ways = facesChoosing(parts, faces: f) * arrangements(parts, dice: k)
                let first = parts[0], second = parts.count > 1 ? parts[1] : 0
                if parts.count == k && k >= 2 {
                    // All distinct: straights are K consecutive values starting at 1 ... F − K + 1.
                    let straights = f >= k ? UInt128(f - k + 1) * factorial(k) : 0
                    tally[PokerCategory.straight.rawValue] += straights
                    tally[PokerCategory.nothing.rawValue] += ways - straights
                    return
                }
                let category: PokerCategory
                if first == k {
                    category = .allOfAKind
                } else if first >= 4 {
                    category = .fourOfAKind
                } else if first == 3 && second >= 2 {
                    category = .fullHouse
                } else if first == 3 {
                    category = .threeOfAKind
                } else if first == 2 && second == 2 {
                    category = .twoPair
                } else {
                    category = .onePair
                }
                tally[category.rawValue] += ways
                return
            }
            for part in stride(from: min(remaining, largest), through: 1, by: -1) {
                parts.append(part)
                visit(remaining: remaining - part, largest: part)
                parts.removeLast()
            }
        }
        visit(remaining: k, largest: k)
        var counts: [PokerCategory: UInt64] = [:]
        for category in PokerCategory.defined(forDice: k) { counts[category] = UInt64(tally[category.rawValue]) }
        return Counts(dice: dice, method: .combinatorics, total: total, counts: counts)
    }

    private static func factorial(_ n: Int) -> UInt128 {
        (1...max(n, 1)).reduce(UInt128(1)) { $0 * UInt128($1) }
    }

    /// F!/((F−r)! Π_t c_t!): ways to assign distinct faces to the parts, parts of equal size unordered.
    private static func facesChoosing(_ parts: [Int], faces f: Int) -> UInt128 {
        var ways: UInt128 = 1
        for i in 0..<parts.count { ways *= UInt128(f - i) }
        var index = 0
        while index < parts.count {
            var run = 1
            while index + run < parts.count && parts[index + run] == parts[index] { run += 1 }
            ways /= factorial(run)
            index += run
        }
        return ways
    }

    /// The number of orderings of a roll's faces: K!/Π mᵢ! for the multiplicities mᵢ of its values.
    public static func orderings(of roll: DiceRoll) -> UInt64 {
        let sorted = roll.sorted
        var parts: [Int] = []
        var index = 0
        while index < sorted.count {
            var run = 1
            while index + run < sorted.count && sorted[index + run] == sorted[index] { run += 1 }
            parts.append(run)
            index += run
        }
        return UInt64(arrangements(parts, dice: roll.count))
    }

    /// K!/Π m_i!, built as a product of binomial coefficients so nothing exceeds the final value much.
    private static func arrangements(_ parts: [Int], dice k: Int) -> UInt128 {
        var ways: UInt128 = 1
        var placed = 0
        for part in parts {
            // × C(placed + part, part), accumulated exactly.
            var binomial: UInt128 = 1
            for i in 1...part { binomial = binomial * UInt128(placed + i) / UInt128(i) }
            ways *= binomial
            placed += part
        }
        return ways
    }
}
