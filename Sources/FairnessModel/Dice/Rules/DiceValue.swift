/// A whole number a game reads from the faces of one roll: its total, its highest die, the sum of its
/// highest k dice (advantage, "4d6 drop the lowest"), how many dice show a face or beat a target.
///
/// Every value depends on the faces shown, never on their order.
public enum DiceValue: Sendable, Hashable, CustomStringConvertible {
    /// The sum of all faces (2d6 gives 2 ... 12).
    case total
    /// The highest face (advantage on 2d20).
    case highest
    /// The lowest face (disadvantage on 2d20).
    case lowest
    /// The sum of the `k` highest faces (4d6 drop the lowest is the sum of the highest 3).
    case sumOfHighest(Int)
    /// The sum of the `k` lowest faces.
    case sumOfLowest(Int)
    /// How many dice show `face` (chuck-a-luck's matches).
    case count(of: Int)
    /// How many dice show `target` or more (successes in a dice pool).
    case countAtLeast(Int)
    /// The largest number of dice showing one face (3 for a triple among three dice).
    case mostOfAKind
    /// The second largest number of dice showing one face other than the first's (2 in a full house, 0
    /// when every die shows one face).
    case secondMostOfAKind
    /// How many distinct faces show.
    case distinctFaces
    /// The length of the longest run of consecutive faces (repeats ignored).
    case longestRun

    public var description: String {
        switch self {
        case .total: return "total"
        case .highest: return "highest"
        case .lowest: return "lowest"
        case .sumOfHighest(let k): return "highest \(k)"
        case .sumOfLowest(let k): return "lowest \(k)"
        case .count(let face): return "count of \(face)"
        case .countAtLeast(let target): return "count at least \(target)"
        case .mostOfAKind: return "most of a kind"
        case .secondMostOfAKind: return "second most of a kind"
        case .distinctFaces: return "distinct faces"
        case .longestRun: return "longest run"
        }
    }

    /// The value of `roll`. Allocation-free.
    /// - Complexity: O(K²) for K dice at most (the sums of the highest or lowest k sort a copy of the roll).
    @inlinable
    public func value(of roll: DiceRoll) -> Int {
        let n = roll.count
        switch self {
        case .total:
            var sum = 0
            for i in 0..<n { sum += roll[i] }
            return sum
        case .highest:
            var best = Int.min
            for i in 0..<n { best = max(best, roll[i]) }
            return n == 0 ? 0 : best
        case .lowest:
            var best = Int.max
            for i in 0..<n { best = min(best, roll[i]) }
            return n == 0 ? 0 : best
        case .sumOfHighest(let k):
            let sorted = roll.sorted
            var sum = 0
            for i in max(0, n - k)..<n { sum += sorted[i] }
            return sum
        case .sumOfLowest(let k):
            let sorted = roll.sorted
            var sum = 0
            for i in 0..<min(n, max(0, k)) { sum += sorted[i] }
            return sum
        case .count(let face):
            var matches = 0
            for i in 0..<n where roll[i] == face { matches += 1 }
            return matches
        case .countAtLeast(let target):
            var matches = 0
            for i in 0..<n where roll[i] >= target { matches += 1 }
            return matches
        case .mostOfAKind: return DiceHand.multiplicities(roll).first
        case .secondMostOfAKind: return DiceHand.multiplicities(roll).second
        case .distinctFaces:
            var distinct = 0
            for i in 0..<n {
                var seen = false
                for j in 0..<i where roll[j] == roll[i] {
                    seen = true
                    break
                }
                if !seen { distinct += 1 }
            }
            return distinct
        case .longestRun: return DiceHand.longestRun(roll)
        }
    }
}

/// A value a game reports from its draws (its total, its highest die), named as the game names it, whose
/// exact odds under the game's own draws are compared with the declared value's under fair dice.
public struct DrawnValue: Sendable, Hashable {
    /// The name in reports and in probe requests (`total`).
    public let name: String
    /// What the value is, over fair dice.
    public let value: DiceValue

    /// The value `value`, named `name`.
    public init(name: String, value: DiceValue) {
        self.name = name
        self.value = value
    }
}
