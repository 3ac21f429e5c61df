/// A yes-or-no rule on the faces of one roll, as a game's rules card states it: `total in 4..10`, `all
/// equal`, `count of 4 >= 1`, `highest >= 15`, and combinations with `and`, `or` and `not`.
///
/// Every condition depends on the faces shown, never on their order.
public indirect enum DiceCondition: Sendable, Hashable, CustomStringConvertible {
    /// How a value is compared with a number.
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        /// Equal.
        case equal = "="
        /// Not equal.
        case notEqual = "!="
        /// Less than.
        case less = "<"
        /// Less than or equal.
        case lessOrEqual = "<="
        /// Greater than.
        case greater = ">"
        /// Greater than or equal.
        case greaterOrEqual = ">="

        /// Whether `a` stands in this relation to `b`.
        @inlinable
        public func holds(_ a: Int, _ b: Int) -> Bool {
            switch self {
            case .equal: return a == b
            case .notEqual: return a != b
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            case .greaterOrEqual: return a >= b
            }
        }
    }

    /// The value compared with a number (`total >= 8`).
    case compare(DiceValue, Comparison, Int)
    /// The value is one of a set of numbers, given as ascending, non-overlapping ranges (`total in 4..10`,
    /// `total in 7, 11`).
    case among(DiceValue, [ClosedRange<Int>])
    /// The value compared with the round's point (`total = point` in craps): false outside a round, or
    /// before a point is set (see ``DiceRound``).
    case comparePoint(DiceValue, Comparison)
    /// The value plus the round's point (0 before one is set) compared with a number: a running total
    /// (`total + point >= 8` for exploding dice, see ``DiceRound``); outside a round the point is 0.
    case compareRunning(DiceValue, Comparison, Int)
    /// Every die shows the same face (a triple on three dice).
    case allEqual
    /// Both conditions hold.
    case and(DiceCondition, DiceCondition)
    /// Either condition holds.
    case or(DiceCondition, DiceCondition)
    /// The condition does not hold.
    case not(DiceCondition)
    /// Every roll.
    case always

    /// Whether the condition reads the round's point.
    public var readsPoint: Bool {
        switch self {
        case .comparePoint, .compareRunning: return true
        case .and(let a, let b), .or(let a, let b): return a.readsPoint || b.readsPoint
        case .not(let a): return a.readsPoint
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .compare(let value, let comparison, let number): return "\(value) \(comparison.rawValue) \(number)"
        case .among(let value, let ranges):
            let list = ranges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)..\($0.upperBound)" }
            return "\(value) in \(list.joined(separator: ", "))"
        case .comparePoint(let value, let comparison): return "\(value) \(comparison.rawValue) point"
        case .compareRunning(let value, let comparison, let number): return "\(value) + point \(comparison.rawValue) \(number)"
        case .allEqual: return "all equal"
        case .and(let a, let b): return "\(a.grouped(inside: .and)) and \(b.grouped(inside: .and))"
        case .or(let a, let b): return "\(a) or \(b)"
        case .not(let a): return "not \(a.grouped(inside: .not))"
        case .always: return "any roll"
        }
    }

    private enum Context { case and, not }

    /// How a part is written inside `context`: `or` binds loosest, then `and`, then `not`; a part that
    /// binds looser than its context is written in parentheses (as a spec may write it).
    private func grouped(inside context: Context) -> String {
        switch (self, context) {
        case (.or, _), (.and, .not): return "(\(self))"
        default: return description
        }
    }

    /// Whether `roll` satisfies the condition, with no point set. Allocation-free.
    /// - Complexity: the values' cost (O(K²) for K dice at most) per comparison.
    @inlinable
    public func holds(in roll: DiceRoll) -> Bool { holds(in: roll, point: nil) }

    /// Whether `roll` satisfies the condition while the round's point is `point` (nil: none set).
    /// Allocation-free.
    @inlinable
    public func holds(in roll: DiceRoll, point: Int?) -> Bool {
        switch self {
        case .compare(let value, let comparison, let number): return comparison.holds(value.value(of: roll), number)
        case .comparePoint(let value, let comparison):
            guard let point else { return false }
            return comparison.holds(value.value(of: roll), point)
        case .compareRunning(let value, let comparison, let number): return comparison.holds(value.value(of: roll) + (point ?? 0), number)
        case .among(let value, let ranges):
            let v = value.value(of: roll)
            for range in ranges where range.contains(v) { return true }
            return false
        case .allEqual:
            for i in 1..<max(1, roll.count) where roll[i] != roll[0] { return false }
            return true
        case .and(let a, let b): return a.holds(in: roll, point: point) && b.holds(in: roll, point: point)
        case .or(let a, let b): return a.holds(in: roll, point: point) || b.holds(in: roll, point: point)
        case .not(let a): return !a.holds(in: roll, point: point)
        case .always: return true
        }
    }
}
