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

    /// The category of a roll, by the rules above. Allocation-free and branch-light: each face is a bit,
    /// and four bit planes count how many dice show it, saturating at four (a face's bit is in `atLeast.2`
    /// when three or more dice show it). The rules then read the planes: m₁ ≥ 4 is a bit in `atLeast.3`,
    /// m₁ = 3 a bit in `atLeast.2` and none in `atLeast.3`, m₂ ≥ 2 two bits in `atLeast.1`, K distinct
    /// faces K bits in `atLeast.0`. Faces below 64 (every die of up to 63 faces) take one word per plane;
    /// higher faces, four.
    /// - Complexity: O(K) for a roll of K dice (a survey of 10d6 classifies 60,466,176 rolls).
    @inlinable
    public static func of(_ roll: DiceRoll) -> PokerCategory {
        let k = roll.count
        var atLeast = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var minimum = Int.max, maximum = Int.min
        for index in 0..<k {
            let face = roll[index]
            guard face < 64 else { return ofWideFaces(roll) }
            let bit = UInt64(1) << UInt64(face)
            atLeast.3 |= atLeast.2 & bit
            atLeast.2 |= atLeast.1 & bit
            atLeast.1 |= atLeast.0 & bit
            atLeast.0 |= bit
            minimum = min(minimum, face)
            maximum = max(maximum, face)
        }
        return category(
            dice: k, distinct: atLeast.0.nonzeroBitCount, paired: atLeast.1.nonzeroBitCount, triple: atLeast.2 != 0,
            quadruple: atLeast.3 != 0, span: maximum - minimum)
    }

    /// ``of(_:)`` for a roll with a face of 64 or more: four words per plane.
    @usableFromInline
    static func ofWideFaces(_ roll: DiceRoll) -> PokerCategory {
        var atLeast = (SIMD4<UInt64>(), SIMD4<UInt64>(), SIMD4<UInt64>(), SIMD4<UInt64>())
        var minimum = Int.max, maximum = Int.min
        for index in 0..<roll.count {
            let face = roll[index]
            var bit = SIMD4<UInt64>()
            bit[face >> 6 & 3] = 1 << UInt64(face & 63)
            atLeast.3 |= atLeast.2 & bit
            atLeast.2 |= atLeast.1 & bit
            atLeast.1 |= atLeast.0 & bit
            atLeast.0 |= bit
            minimum = min(minimum, face)
            maximum = max(maximum, face)
        }
        func count(_ plane: SIMD4<UInt64>) -> Int {
            plane[0].nonzeroBitCount + plane[1].nonzeroBitCount + plane[2].nonzeroBitCount + plane[3].nonzeroBitCount
        }
        let none = SIMD4<UInt64>()
        return category(
            dice: roll.count, distinct: count(atLeast.0), paired: count(atLeast.1), triple: atLeast.2 != none,
            quadruple: atLeast.3 != none, span: maximum - minimum)
    }

    /// The rules, from the planes: `distinct` faces shown, `paired` faces shown at least twice, whether one
    /// is shown three or more times, four or more, and the highest face less the lowest.
    @inlinable
    static func category(dice k: Int, distinct: Int, paired: Int, triple: Bool, quadruple: Bool, span: Int) -> PokerCategory {
        if distinct <= 1 { return .allOfAKind }
        if quadruple { return .fourOfAKind }
        if triple && paired >= 2 { return .fullHouse }
        if distinct == k && span == k - 1 { return .straight }
        if triple { return .threeOfAKind }
        if paired >= 2 { return .twoPair }
        if paired == 1 { return .onePair }
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
