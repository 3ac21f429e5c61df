/// A hand a dice game names, shows or pays for — a small straight, a full house, five of a kind — as an
/// exact rule on the faces of one roll: the reference the game's own detector is judged against and whose
/// exact odds are compared with what the game claims.
///
/// Hands are predicates, not exclusive categories: on five dice 1-2-3-4-5 is both a small and a large
/// straight, as in most dice games' rules. A hand's rule depends on the faces shown, never on their
/// order (beyond 10^8 ordered rolls the audit judges hands through multisets of faces).
public struct DiceHand: Sendable, CustomStringConvertible {
    /// What makes a roll the hand.
    public enum Rule: Sendable, Hashable, CustomStringConvertible {
        /// At least `length` distinct consecutive values among the faces (on five dice a small straight is
        /// a run of 4 — 1-2-3-4, 2-3-4-5 or 3-4-5-6 among the five — and a large straight a run of 5).
        case run(length: Int)
        /// At least `count` dice show the same face (three of a kind includes four and five of a kind, as
        /// on a Yahtzee score card).
        case ofAKind(count: Int)
        /// With m₁ ≥ m₂ the two largest multiplicities of distinct faces: m₁ ≥ 3 and m₂ ≥ 2 (on five dice,
        /// three of one face and two of another).
        case fullHouse
        /// At least two distinct faces each shown by two dice or more (m₂ ≥ 2).
        case twoPair
        /// Any rule over the roll's values (`total >= 10`, `highest 3 >= 15`, `count of 6 >= 2 and not all equal`).
        case condition(DiceCondition)
        /// The game's own rule, given as a reference predicate (see ``DiceHand/init(name:claimed:reference:)``).
        case custom

        public var description: String {
            switch self {
            case .run(let length): return "run of \(length)"
            case .ofAKind(let count): return "\(count) of a kind"
            case .fullHouse: return "full house"
            case .twoPair: return "two pair"
            case .condition(let condition): return "\(condition)"
            case .custom: return "custom rule"
            }
        }
    }

    /// The hand's name as the game shows it (`small straight`, `yahtzee`); unique among a game's hands.
    public let name: String
    /// The rule that defines the hand.
    public let rule: Rule
    /// The probability the game claims (in its rules, on screen) for its final roll to be this hand, or
    /// nil if it claims none.
    public let claimed: Double?
    /// The reference predicate of a ``Rule/custom`` hand.
    let reference: (@Sendable (DiceRoll) -> Bool)?

    /// A hand defined by one of the toolkit's rules.
    /// - Parameters:
    ///   - name: The name the game shows for it.
    ///   - rule: Its rule (not ``Rule/custom``: give a reference predicate with ``init(name:claimed:reference:)``).
    ///   - claimed: The probability the game claims for its final roll to be the hand, if any.
    /// - Precondition: `rule` is not ``Rule/custom``.
    public init(name: String, rule: Rule, claimed: Double? = nil) {
        precondition(rule != .custom, "a custom hand needs its reference predicate: DiceHand(name:claimed:reference:)")
        self.name = name
        self.rule = rule
        self.claimed = claimed
        reference = nil
    }

    /// A hand defined by the game's own rule, written as a reference predicate — a detector you trust,
    /// written independently of the code under audit (the rules card, not the game's code).
    /// - Parameters:
    ///   - name: The name the game shows for it.
    ///   - claimed: The probability the game claims for its final roll to be the hand, if any.
    ///   - reference: Whether a roll is the hand; it must depend only on the faces shown, not their order.
    public init(name: String, claimed: Double? = nil, reference: @escaping @Sendable (DiceRoll) -> Bool) {
        self.name = name
        rule = .custom
        self.claimed = claimed
        self.reference = reference
    }

    /// A small straight: a run of K − 1 among K dice (1-2-3-4 among five dice).
    public static func smallStraight(dice: DiceSet, claimed: Double? = nil) -> DiceHand {
        DiceHand(name: "small straight", rule: .run(length: max(1, dice.count - 1)), claimed: claimed)
    }

    /// A large straight: a run of K among K dice (1-2-3-4-5 or 2-3-4-5-6 on five six-sided dice).
    public static func largeStraight(dice: DiceSet, claimed: Double? = nil) -> DiceHand {
        DiceHand(name: "large straight", rule: .run(length: dice.count), claimed: claimed)
    }

    public var description: String { rule == .custom ? name : "\(name) (\(rule))" }

    /// Whether `roll` is the hand, by its rule. Allocation-free for the toolkit's rules.
    /// - Complexity: O(K²) face comparisons for K dice (O(K + F) for a run), plus the predicate's cost for a
    ///   custom hand.
    @inlinable
    public func holds(in roll: DiceRoll) -> Bool {
        switch rule {
        case .run(let length): return Self.longestRun(roll) >= length
        case .ofAKind(let count): return Self.multiplicities(roll).first >= count
        case .fullHouse:
            let m = Self.multiplicities(roll)
            return m.first >= 3 && m.second >= 2
        case .twoPair: return Self.multiplicities(roll).second >= 2
        case .condition(let condition): return condition.holds(in: roll)
        case .custom: return holdsByReference(roll)
        }
    }

    @usableFromInline
    func holdsByReference(_ roll: DiceRoll) -> Bool { reference?(roll) ?? false }

    /// The two largest multiplicities of distinct faces in `roll`, m₁ ≥ m₂ (m₂ = 0 when one face shows).
    @inlinable
    package static func multiplicities(_ roll: DiceRoll) -> (first: Int, second: Int) {
        var first = 0, second = 0
        for i in 0..<roll.count {
            let face = roll[i]
            var seenBefore = false
            for j in 0..<i where roll[j] == face { seenBefore = true; break }
            if seenBefore { continue }
            var multiplicity = 1
            for j in (i + 1)..<max(i + 1, roll.count) where roll[j] == face { multiplicity += 1 }
            if multiplicity > first { second = first; first = multiplicity } else if multiplicity > second { second = multiplicity }
        }
        return (first, second)
    }

    /// The length of the longest run of consecutive values among the faces of `roll` (repeats ignored).
    @inlinable
    package static func longestRun(_ roll: DiceRoll) -> Int {
        var seen = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var minimum = Int.max, maximum = Int.min
        for index in 0..<roll.count {
            let face = roll[index]
            let bit = UInt64(1) << UInt64(face & 63)
            switch face >> 6 {
            case 0: seen.0 |= bit
            case 1: seen.1 |= bit
            case 2: seen.2 |= bit
            default: seen.3 |= bit
            }
            minimum = min(minimum, face)
            maximum = max(maximum, face)
        }
        guard minimum <= maximum else { return 0 }
        var longest = 0, current = 0
        for value in minimum...maximum {
            let word: UInt64
            switch value >> 6 {
            case 0: word = seen.0
            case 1: word = seen.1
            case 2: word = seen.2
            default: word = seen.3
            }
            if word & (UInt64(1) << UInt64(value & 63)) != 0 {
                current += 1
                longest = max(longest, current)
            } else {
                current = 0
            }
        }
        return longest
    }
}
