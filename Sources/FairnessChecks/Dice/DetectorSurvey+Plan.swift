import Dispatch
import FairnessModel
import Foundation
import Synchronization

// Which rolls the survey visits: every ordered roll, every multiset, or a stated sample.
extension DetectorSurvey {
    /// How the survey visits the rolls of some dice.
    struct Plan {
        /// The multisets visited (sorted rolls).
        let patterns: [DiceRoll]
        /// Most orderings of a multiset called (`Int.max`: all).
        let orderingsPerPattern: Int
        /// Whether every ordered roll is visited.
        let ordered: Bool
        /// Whether every multiset is visited.
        let exhaustiveMultisets: Bool

        init(_ dice: DiceSet, orderedRollLimit: UInt64) {
            let multisets = DetectorSurvey.multisetCount(dice)
            ordered = (dice.orderedRollCount ?? .max) <= orderedRollLimit
            exhaustiveMultisets = multisets.map { $0 <= DetectorSurvey.multisetLimit } ?? false
            patterns = exhaustiveMultisets || ordered ? DetectorSurvey.allMultisets(dice) : DetectorSurvey.sampledMultisets(dice)
            orderingsPerPattern = ordered ? Int.max : DetectorSurvey.orderingsPerMultiset
        }

        /// The orderings of `pattern` the survey calls the detectors on.
        func orderings(of pattern: DiceRoll) -> [DiceRoll] {
            if DiceOdds.orderings(of: pattern) <= UInt64(orderingsPerPattern) {
                var result: [DiceRoll] = []
                var roll = pattern
                repeat { result.append(roll) } while roll.formNextPermutation()
                return result
            }
            return DetectorSurvey.sampledOrderings(of: pattern, count: orderingsPerPattern)
        }
    }

    /// Every roll a survey with `orderedRollLimit` calls a game's detectors on, each once, in the order it
    /// first visits them (a game answered by another process asks for them all in batches before the
    /// survey).
    /// - Complexity: O(min(F^K, C(F+K−1, K) · ``orderingsPerMultiset``)) rolls; allocates them all.
    public static func rollsJudged(_ dice: DiceSet, orderedRollLimit: UInt64 = DetectorSurvey.orderedRollLimit) -> [DiceRoll] {
        let plan = Plan(dice, orderedRollLimit: orderedRollLimit)
        if plan.ordered { return plan.patterns.flatMap { plan.orderings(of: $0) } }
        // Shuffled orderings of one multiset may repeat.
        var seen = Set<DiceRoll>()
        return plan.patterns.flatMap { plan.orderings(of: $0).filter { seen.insert($0).inserted } }
    }

    /// C(F + K − 1, K), the number of multisets of K faces out of F; nil beyond 2^64.
    static func multisetCount(_ dice: DiceSet) -> UInt64? {
        var result: UInt128 = 1
        let n = dice.faces + dice.count - 1
        for i in 1...dice.count {
            result = result * UInt128(n - dice.count + i) / UInt128(i)
            if result > UInt128(UInt64.max) { return nil }
        }
        return UInt64(result)
    }

    /// Every multiset of K faces, as sorted rolls, in lexicographic order.
    static func allMultisets(_ dice: DiceSet) -> [DiceRoll] {
        var result: [DiceRoll] = []
        var roll = DiceRoll(count: dice.count)
        for index in 0..<dice.count { roll[index] = 1 }
        while true {
            result.append(roll)
            var position = dice.count - 1
            while position >= 0 && roll[position] == dice.faces { position -= 1 }
            if position < 0 { return result }
            let next = roll[position] + 1
            for index in position..<dice.count { roll[index] = next }
        }
    }

    /// Every straight multiset and the sorted forms of ``sampledRolls`` rolls drawn uniformly with
    /// Philox (fixed key), without repeats, in lexicographic order.
    static func sampledMultisets(_ dice: DiceSet) -> [DiceRoll] {
        var seen = Set<DiceRoll>()
        if dice.faces >= dice.count {
            for low in 1...(dice.faces - dice.count + 1) { seen.insert(DiceRoll((0..<dice.count).map { low + $0 })) }
        }
        for trial in 0..<UInt64(sampledRolls) {
            var generator = TrialRandom(seed: 0x6469_6365_7361_6d70, trial: trial)
            seen.insert(dice.roll(using: &generator).sorted)
        }
        return seen.sorted { $0.faces.lexicographicallyPrecedes($1.faces) }
    }

    /// `count` orderings of `pattern` (sorted) for a multiset with more orderings than that: the sorted one,
    /// the reversed one and `count − 2` pseudo-random shuffles (seeded by the pattern, so reproducible).
    static func sampledOrderings(of pattern: DiceRoll, count: Int) -> [DiceRoll] {
        var result = [pattern]
        var reversed = DiceRoll(count: pattern.count)
        for index in 0..<pattern.count { reversed[index] = pattern[pattern.count - 1 - index] }
        result.append(reversed)
        var key: UInt64 = 0
        for index in 0..<pattern.count { key = key &* 257 &+ UInt64(pattern[index]) }
        var generator = TrialRandom(seed: key, trial: 0)
        while result.count < count {
            var roll = pattern
            for i in stride(from: pattern.count - 1, to: 0, by: -1) {
                let j = Int(Sampling.uniformInteger(below: UInt64(i + 1), using: &generator))
                let t = roll[i]; roll[i] = roll[j]; roll[j] = t
            }
            result.append(roll)
        }
        return result
    }

    /// Rearranges `roll` into the next ordering in lexicographic order; false (and `roll` sorted again)
    /// after the last.
    static func nextPermutation(_ roll: inout DiceRoll) -> Bool { roll.formNextPermutation() }
}
