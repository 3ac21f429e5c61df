/// A set of K dice with F faces each, numbered 1 ... F.
public struct DiceSet: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The most dice a ``DiceRoll`` holds inline.
    public static let maximumCount = 32
    /// The most faces a die may have.
    public static let maximumFaces = 255

    public let count: Int
    public let faces: Int

    /// The conventional five six-sided dice.
    public static let fiveSixSided = try! DiceSet(count: 5, faces: 6)

    public init(count: Int, faces: Int) throws {
        guard count >= 1 else { throw DiceError.invalidDiceCount(count) }
        guard count <= Self.maximumCount else { throw DiceError.tooManyDice(count, maximum: Self.maximumCount) }
        guard faces >= 1 else { throw DiceError.invalidFaceCount(faces) }
        guard faces <= Self.maximumFaces else { throw DiceError.tooManyFaces(faces, maximum: Self.maximumFaces) }
        self.count = count
        self.faces = faces
    }

    /// F^K, the number of ordered rolls, or nil when it does not fit in 64 bits.
    public var orderedRollCount: UInt64? {
        var total: UInt64 = 1
        for _ in 0..<count {
            let (product, overflow) = total.multipliedReportingOverflow(by: UInt64(faces))
            if overflow { return nil }
            total = product
        }
        return total
    }

    public var description: String { "\(count)d\(faces)" }

    /// Rolls every die independently and uniformly, through ``Sampling/uniformInteger(below:using:)``.
    @inlinable
    public func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll {
        var roll = DiceRoll(count: count)
        for index in 0..<count {
            roll[index] = Int(Sampling.uniformInteger(below: UInt64(faces), using: &generator)) + 1
        }
        return roll
    }
}

/// Why a dice model refused its input.
public enum DiceError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidDiceCount(Int)
    case tooManyDice(Int, maximum: Int)
    case invalidFaceCount(Int)
    case tooManyFaces(Int, maximum: Int)
    case tooManyRollsToCount(DiceSet)
    case tooManyRollsToEnumerate(DiceSet, limit: UInt64)
    case categoryUndefined(PokerCategory, DiceSet)
    case faceOutOfRange(index: Int, face: Int, faces: Int)

    public var description: String {
        switch self {
        case .invalidDiceCount(let k): return "the number of dice must be at least 1, got \(k)"
        case .tooManyDice(let k, let maximum): return "at most \(maximum) dice are supported, got \(k)"
        case .invalidFaceCount(let f): return "a die needs at least 1 face, got \(f)"
        case .tooManyFaces(let f, let maximum): return "at most \(maximum) faces are supported, got \(f)"
        case .tooManyRollsToCount(let dice): return "\(dice) has more than 2^64 ordered rolls; its probabilities cannot be counted exactly"
        case .tooManyRollsToEnumerate(let dice, let limit): return "\(dice) has more than \(limit) ordered rolls to enumerate"
        case .categoryUndefined(let category, let dice): return "'\(category.name)' is not a category of \(dice.count) dice"
        case .faceOutOfRange(let index, let face, let faces): return "die \(index) shows \(face), outside 1 ... \(faces)"
        }
    }
}

/// The faces of one roll, stored inline (no allocation), at most ``DiceSet/maximumCount`` dice.
public struct DiceRoll: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline var storage = SIMD32<UInt8>()
    public let count: Int

    @inlinable
    public init(count: Int) {
        precondition(count >= 0 && count <= DiceSet.maximumCount)
        self.count = count
    }

    public init(_ faces: [Int]) {
        self.init(count: faces.count)
        for (index, face) in faces.enumerated() { self[index] = face }
    }

    @inlinable
    public subscript(index: Int) -> Int {
        get { Int(storage[index]) }
        set { storage[index] = UInt8(truncatingIfNeeded: newValue) }
    }

    public var faces: [Int] { (0..<count).map { self[$0] } }

    /// The same faces in ascending order (a canonical key for the multiset).
    public var sorted: DiceRoll { DiceRoll(faces.sorted()) }

    public var description: String { faces.map(String.init).joined(separator: "-") }
}

/// Poker-dice categories, generalised to K dice by the multiplicities of the faces shown.
///
/// With m₁ ≥ m₂ the two largest multiplicities, the first that applies:
/// all of a kind (m₁ = K), four of a kind (m₁ ≥ 4), full house (m₁ = 3, m₂ ≥ 2), straight (K distinct
/// consecutive values), three of a kind (m₁ = 3), two pair (m₁ = m₂ = 2), one pair (m₁ = 2), nothing.
/// For five dice these are the usual poker-dice hands.
public enum PokerCategory: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case allOfAKind, fourOfAKind, fullHouse, straight, threeOfAKind, twoPair, onePair, nothing

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

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
