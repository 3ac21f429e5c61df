/// Poker-dice categories, generalised to K dice by the multiplicities of the faces shown.
///
/// With m₁ ≥ m₂ the two largest multiplicities, the first that applies:
/// all of a kind (m₁ = K), four of a kind (m₁ ≥ 4), full house (m₁ = 3, m₂ ≥ 2), straight (K distinct
/// consecutive values), three of a kind (m₁ = 3), two pair (m₁ = m₂ = 2), one pair (m₁ = 2), nothing.
/// For five dice these are the usual poker-dice hands.
public enum PokerCategory: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The categories, best first: all of a kind, four of a kind, full house, straight, three of a kind, two
    /// pair, one pair, nothing (raw values 0 ... 7 in this order; see the type's rules).
    case allOfAKind, fourOfAKind, fullHouse, straight, threeOfAKind, twoPair, onePair, nothing

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The category's name in English words, such as `"full house"`, for reports and messages.
    public var name: String {
        switch self {
        case .allOfAKind: return "all of a kind"
        case .fourOfAKind: return "four of a kind"
        case .fullHouse: return "full house"
        case .straight: return "straight"
        case .threeOfAKind: return "three of a kind"
        case .twoPair: return "two pair"
        case .onePair: return "one pair"
        case .nothing: return "nothing"
        }
    }

    /// Whether the category exists for `k` dice: each needs enough dice to be distinct from the
    /// categories above it (three of a kind of three dice is all of a kind, for example).
    public static func isDefined(_ category: PokerCategory, forDice k: Int) -> Bool {
        switch category {
        case .allOfAKind: return k >= 1
        case .fourOfAKind, .fullHouse: return k >= 5
        case .straight: return k >= 2
        case .threeOfAKind, .twoPair: return k >= 4
        case .onePair: return k >= 3
        case .nothing: return k >= 2
        }
    }

    /// The categories defined for `k` dice, best first.
    public static func defined(forDice k: Int) -> [PokerCategory] {
        allCases.filter { isDefined($0, forDice: k) }
    }

    /// The category of a roll, by the rules above. Allocation-free: multiplicities come from comparing
    /// pairs of dice (K ≤ 32, so at most 496 comparisons).
    /// - Complexity: O(K²) face comparisons for a roll of K dice.
    @inlinable
    public static func of(_ roll: DiceRoll) -> PokerCategory {
        let k = roll.count
        var first = 0, second = 0, distinct = 0
        var minimum = Int.max, maximum = Int.min
        for i in 0..<k {
            let face = roll[i]
            var seenBefore = false
            for j in 0..<i where roll[j] == face { seenBefore = true; break }
            if seenBefore { continue }
            var multiplicity = 1
            for j in (i + 1)..<max(i + 1, k) where roll[j] == face { multiplicity += 1 }
            distinct += 1
            minimum = min(minimum, face)
            maximum = max(maximum, face)
            if multiplicity > first { second = first; first = multiplicity } else if multiplicity > second { second = multiplicity }
        }
        if first == k { return .allOfAKind }
        if first >= 4 { return .fourOfAKind }
        if first == 3 && second >= 2 { return .fullHouse }
        if distinct == k && maximum - minimum == k - 1 { return .straight }
        if first == 3 { return .threeOfAKind }
        if first == 2 && second == 2 { return .twoPair }
        if first == 2 { return .onePair }
        return .nothing
    }

    /// The reference straight predicate: K distinct values, max − min = K − 1 (for 5d6: 1-2-3-4-5 and
    /// 2-3-4-5-6, in any order). Allocation-free.
    /// - Complexity: O(K) for a roll of K dice.
    @inlinable
    public static func isStraight(_ roll: DiceRoll) -> Bool {
        guard roll.count >= 2 else { return false }
        var seen = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var minimum = Int.max, maximum = Int.min
        for index in 0..<roll.count {
            let face = roll[index]
            let bit = UInt64(1) << UInt64(face & 63)
            let already: Bool
            switch face >> 6 {
            case 0: already = seen.0 & bit != 0; seen.0 |= bit
            case 1: already = seen.1 & bit != 0; seen.1 |= bit
            case 2: already = seen.2 & bit != 0; seen.2 |= bit
            default: already = seen.3 & bit != 0; seen.3 |= bit
            }
            if already { return false }
            minimum = min(minimum, face)
            maximum = max(maximum, face)
        }
        return maximum - minimum == roll.count - 1
    }
}
