import Dispatch
import FairnessModel
import Foundation
import Synchronization

/// How the exhaustive dice checks visited the rolls of a game.
public enum DiceCoverage: Sendable, Hashable, CustomStringConvertible {
    /// Every one of the F^K ordered rolls (F^K ≤ ``DetectorSurvey/orderedRollLimit``): every count is exact.
    case everyOrderedRoll(UInt64)
    /// Every multiset of faces (sorted roll), each weighted by its number of orderings K!/Π mᵢ!, with the
    /// detectors called on at most ``DetectorSurvey/orderingsPerMultiset`` orderings of each (all of them
    /// where there are no more): counts in ordered rolls are exact for detectors that do not depend on the
    /// order of the dice, and any order dependence among the orderings called is reported.
    case everyMultiset(multisets: UInt64, orderingsCalled: UInt64, orderedRolls: UInt64)
    /// Too many multisets to visit them all (more than ``DetectorSurvey/multisetLimit``): every multiset that
    /// is a straight, plus a fixed sample of rolls drawn uniformly (seeded, reproducible), each sorted to its
    /// multiset and called in up to ``DetectorSurvey/orderingsPerMultiset`` orderings. A mismatch found is a
    /// real mismatch; the absence of one is evidence, not proof, and counts are of the rolls checked.
    case sampledMultisets(multisets: UInt64, orderingsCalled: UInt64)

    public var description: String {
        switch self {
        case .everyOrderedRoll(let total): return "all \(total) ordered rolls"
        case .everyMultiset(let multisets, let called, let total):
            return "all \(multisets) multisets of faces (\(total) ordered rolls), \(called) orderings called"
        case .sampledMultisets(let multisets, let called):
            return "a sample of \(multisets) multisets of faces (every straight included), \(called) orderings called"
        }
    }

    /// Whether every roll the game can produce was judged (exactly, or through its multiset).
    public var isExhaustive: Bool {
        if case .sampledMultisets = self { return false }
        return true
    }
}

/// One exhaustive pass over a dice game's rolls that every exact dice check reads: the game's straight
/// detector in play (every ordering), its category classifier, whether it rerolls, and the detector with
/// the game's own state holding a straight or a non-straight instead of the roll (once per multiset,
/// counted for all its orderings: a detector that ignores its argument answers alike for every ordering),
/// each against the reference.
///
/// Up to ``orderedRollLimit`` ordered rolls, every ordered roll is visited. Beyond, the rolls are visited
/// through their multisets (12d10 has 293,930), each weighted by its number of orderings; beyond
/// ``multisetLimit`` multisets, a reproducible sample of them (see ``DiceCoverage``). The work is spread over
/// the machine's cores and merged in a fixed order, so the result does not depend on the thread count.
///
/// - Complexity: O(min(F^K, C(F+K−1, K) · ``orderingsPerMultiset``)) detector calls, each O(K).
public struct DetectorSurvey: Sendable {
    /// Most ordered rolls visited one by one (10d6 has 60,466,176).
    public static let orderedRollLimit: UInt64 = 100_000_000
    /// Most multisets visited one by one.
    public static let multisetLimit: UInt64 = 2_000_000
    /// Orderings of one multiset the detectors are called on beyond ``orderedRollLimit``: the sorted one,
    /// the reversed one and pseudo-random ones (all of them when a multiset has no more).
    public static let orderingsPerMultiset = 16
    /// Rolls drawn for the sample beyond ``multisetLimit``.
    public static let sampledRolls = 250_000

    /// Mismatches of one multiset (sorted roll), in ordered rolls.
    public struct PatternCounts: Sendable, Hashable {
        /// The multiset, as a sorted roll.
        public let pattern: DiceRoll
        /// Whether the pattern is a straight (the reference).
        public let truth: Bool
        /// Ordered rolls of the pattern the detector judges wrongly in play.
        public var wrongInPlay: UInt64
        /// Ordered rolls of the pattern (K!/Π mᵢ!).
        public let orderings: UInt64
    }

    /// How the rolls were visited.
    public let coverage: DiceCoverage
    /// Ordered rolls the game can produce (F^K), or nil beyond 2^64.
    public let orderedRolls: UInt64?
    /// Patterns the straight detector judges wrongly in play, ascending.
    public let mismatches: [PatternCounts]
    /// Ordered rolls wrongly called straights, and straights missed, in play.
    public let falseAccepts: UInt64
    /// Straights the detector misses in play, in ordered rolls.
    public let falseRejects: UInt64
    /// Ordered rolls judged wrongly when the game's own state holds a straight (1 … K) instead of the roll
    /// (probed on one ordering of each multiset and counted for all its orderings).
    public let mismatchesWithStraightState: UInt64
    /// Ordered rolls judged wrongly when the game's own state holds a non-straight (all ones).
    public let mismatchesWithNonStraightState: UInt64
    /// Multisets whose orderings the detector judged differently (a detector that depends on the order
    /// of the dice), with one example each; empty for ordered coverage (every ordering is counted there).
    public let orderDependentPatterns: [DiceRoll]
    /// Ordered rolls the detector calls straights in play (the rolls a reroll policy rerolls).
    public let detectedStraights: UInt64
    /// The same, by the roll's true category (indexed by `PokerCategory.rawValue`).
    public let detectedStraightsByCategory: [UInt64]
    /// Ordered rolls by (category the game reports, true category) where they differ; nil when the game
    /// does not classify rolls.
    public let categoryConfusions: [PokerCategory: [PokerCategory: UInt64]]?
    /// For a game that classifies: every multiset on which its classifier names the wrong category, with
    /// the orderings it gets wrong (`truth` unused: false), so that a share can weigh each roll.
    public let categoryMismatches: [PatternCounts]

    /// One hand's counts (see `DiceGame.hands`), in ordered rolls.
    public struct HandCounts: Sendable {
        /// The hand.
        public let hand: DiceHand
        /// Ordered rolls that are the hand by its rule.
        public var holds: UInt64 = 0
        /// Ordered rolls that are the hand and that the game rerolls (its straight detector fires).
        public var holdsAndRerolled: UInt64 = 0
        /// Whether the game has a detector of its own for the hand (`DiceGame.detects(_:in:)` not nil).
        public var gameDetects = false
        /// Ordered rolls the game's detector calls the hand wrongly.
        public var falseAccepts: UInt64 = 0
        /// Ordered rolls that are the hand and the game's detector misses.
        public var falseRejects: UInt64 = 0
        /// Patterns the game's detector judges wrongly, ascending.
        public var mismatches: [PatternCounts] = []

        mutating func merge(_ other: HandCounts) {
            holds += other.holds
            holdsAndRerolled += other.holdsAndRerolled
            gameDetects = gameDetects || other.gameDetects
            falseAccepts += other.falseAccepts
            falseRejects += other.falseRejects
            mismatches += other.mismatches
        }
    }

    /// Each of the game's hands, in the game's order.
    public let hands: [HandCounts]

    /// Ordered rolls paying one amount, in all and among those the game rerolls (its straight detector fires).
    public struct PayoutCounts: Sendable, Hashable {
        /// Ordered rolls.
        public var all: UInt64 = 0
        /// Of which the game rerolls.
        public var rerolled: UInt64 = 0

        mutating func add(_ weight: UInt64, rerolled isRerolled: Bool) {
            all += weight
            if isRerolled { rerolled += weight }
        }
    }

    /// For a game with a paytable: ordered rolls by what they would pay as the final roll (the largest prize
    /// among the hands the game's detectors call them); empty without a paytable.
    public let payouts: [Double: PayoutCounts]
    /// For a game with a paytable: ordered rolls by the hand that pays them (the largest prize held).
    public let paidBy: [String: PayoutCounts]

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

    /// Surveys `game`'s detectors.
    /// - Parameters:
    ///   - game: The game.
    ///   - orderedRollLimit: Most ordered rolls visited one by one; beyond, rolls are visited through their
    ///     multisets (a game answered by another process uses a lower limit than ``orderedRollLimit``).
    /// - Complexity: see ``DetectorSurvey``.
    public init<Game: DiceGame>(_ game: Game, orderedRollLimit: UInt64 = DetectorSurvey.orderedRollLimit) {
        let dice = game.dice
        let k = dice.count, f = dice.faces
        let straightState = DiceRoll((0..<k).map { min($0 + 1, f) })
        let flatState = DiceRoll(Array(repeating: 1, count: k))
        var probe = DiceRoll(count: k)
        for index in 0..<k { probe[index] = 1 }
        let classifies = game.category(probe) != nil
        orderedRolls = dice.orderedRollCount

        let plan = Plan(dice, orderedRollLimit: orderedRollLimit)
        let patterns = plan.patterns
        let gameHands = game.hands
        let paytable = game.paytable

        // Chunks of about equal work (orderings called), several per core; merged in chunk order.
        let work = patterns.map { min(DiceOdds.orderings(of: $0), UInt64(plan.orderingsPerPattern)) }
        let totalWork = work.reduce(0, +)
        let chunkCount = max(1, min(patterns.count, ProcessInfo.processInfo.activeProcessorCount * 8))
        var bounds = [0]
        var done: UInt64 = 0
        for (index, w) in work.enumerated() {
            done += w
            if bounds.count < chunkCount, done * UInt64(chunkCount) >= totalWork * UInt64(bounds.count) { bounds.append(index + 1) }
        }
        if bounds.last != patterns.count { bounds.append(patterns.count) }
        let chunkBounds = bounds
        let chunks = chunkBounds.count - 1
        let results = Mutex([Int: Partial]())
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var partial = Partial(hands: gameHands, paytable: paytable)
            let range = chunkBounds[chunk]..<chunkBounds[chunk + 1]
            for index in range {
                partial.visit(
                    patterns[index], game: game, plan: plan, classifies: classifies, straightState: straightState,
                    flatState: flatState)
            }
            results.withLock { $0[chunk] = partial }
        }
        var total = Partial(hands: gameHands, paytable: paytable)
        results.withLock { parts in for chunk in 0..<chunks { total.merge(parts[chunk]!) } }

        switch (plan.ordered, plan.exhaustiveMultisets) {
        case (true, _): coverage = .everyOrderedRoll(dice.orderedRollCount!)
        case (false, true):
            coverage = .everyMultiset(
                multisets: UInt64(patterns.count), orderingsCalled: total.called,
                orderedRolls: dice.orderedRollCount ?? .max)
        default: coverage = .sampledMultisets(multisets: UInt64(patterns.count), orderingsCalled: total.called)
        }
        let ascending = { (a: PatternCounts, b: PatternCounts) in a.pattern.faces.lexicographicallyPrecedes(b.pattern.faces) }
        mismatches = total.mismatches.sorted(by: ascending)
        falseAccepts = total.falseAccepts
        falseRejects = total.falseRejects
        mismatchesWithStraightState = total.straightStateWrong
        mismatchesWithNonStraightState = total.flatStateWrong
        orderDependentPatterns = total.orderDependent.sorted { $0.faces.lexicographicallyPrecedes($1.faces) }
        detectedStraights = total.detected
        detectedStraightsByCategory = total.detectedByCategory
        categoryConfusions = classifies ? total.confusions : nil
        categoryMismatches = total.categoryMismatches.sorted(by: ascending)
        payouts = total.payouts
        paidBy = total.paidBy
        hands = total.hands.map { counts in
            var sorted = counts
            sorted.mismatches.sort(by: ascending)
            return sorted
        }
    }

    /// What one worker found; counts are in ordered rolls (each ordering called stands for the orderings
    /// of its multiset that were not called).
    struct Partial {
        var mismatches: [PatternCounts] = []
        var falseAccepts: UInt64 = 0, falseRejects: UInt64 = 0
        var straightStateWrong: UInt64 = 0, flatStateWrong: UInt64 = 0
        var orderDependent: [DiceRoll] = []
        var detected: UInt64 = 0
        var detectedByCategory = [UInt64](repeating: 0, count: PokerCategory.allCases.count)
        var called: UInt64 = 0
        var confusions: [PokerCategory: [PokerCategory: UInt64]] = [:]
        var categoryMismatches: [PatternCounts] = []
        var hands: [HandCounts]
        let handList: [DiceHand]
        let paytable: Paytable<String>?
        /// Each hand's prize under `paytable`, looked up once (the survey pays up to millions of orderings).
        let prizes: [Double]?
        var payouts: [Double: PayoutCounts] = [:]
        var paidBy: [String: PayoutCounts] = [:]

        init(hands: [DiceHand], paytable: Paytable<String>? = nil) {
            self.hands = hands.map { HandCounts(hand: $0) }
            handList = hands
            self.paytable = paytable
            prizes = paytable.map { paytable in hands.map { paytable.prize($0.name) } }
        }

        mutating func visit<Game: DiceGame>(
            _ pattern: DiceRoll, game: Game, plan: Plan, classifies: Bool,
            straightState: DiceRoll, flatState: DiceRoll
        ) {
            let limit = plan.orderingsPerPattern
            let truth = PokerCategory.isStraight(pattern)
            let category = PokerCategory.of(pattern)
            let orderings = DiceOdds.orderings(of: pattern)
            // Orderings called and the weight each carries: exactly one when all are called.
            let all = orderings <= UInt64(limit)
            let sample = all ? [] : DetectorSurvey.sampledOrderings(of: pattern, count: limit)
            let callCount = all ? orderings : UInt64(sample.count)
            let weight = orderings / callCount, remainder = orderings % callCount
            var wrong: UInt64 = 0, saidStraight: UInt64 = 0, stateWrong: UInt64 = 0, flatWrong: UInt64 = 0
            var firstAnswer: Bool?, dependsOnOrder = false
            // Hands: the rule's answer for the multiset, and the game's detector on each ordering called.
            let handTruths = hands.map { $0.hand.holds(in: pattern) }
            var handWrong = [UInt64](repeating: 0, count: hands.count)
            var categoryWrong: UInt64 = 0
            func judge(_ roll: DiceRoll, weight w: UInt64) {
                let said = game.isStraight(roll)
                if let firstAnswer { if firstAnswer != said { dependsOnOrder = true } } else { firstAnswer = said }
                if said { saidStraight &+= w }
                if said != truth { wrong &+= w }
                if classifies {
                    let reported = game.category(roll) ?? .nothing
                    if reported != category {
                        confusions[reported, default: [:]][category, default: 0] += w
                        categoryWrong &+= w
                    }
                }
                if let prizes {
                    let paid = game.payout(for: roll, hands: handList, prizes: prizes, holds: { handTruths[$0] })
                    payouts[paid.prize, default: PayoutCounts()].add(w, rerolled: said)
                    if let hand = paid.hand { paidBy[handList[hand].name, default: PayoutCounts()].add(w, rerolled: said) }
                }
                for index in hands.indices {
                    guard let detected = game.detects(hands[index].hand, in: roll) else { continue }
                    hands[index].gameDetects = true
                    if detected != handTruths[index] { handWrong[index] &+= w }
                }
            }
            // The game's own state is probed once per multiset, weighted by its orderings: a detector that
            // ignores its argument answers the same for every ordering, and every ordering is judged in play.
            if game.isStraight(pattern, whileGameHolds: straightState) != truth { stateWrong = orderings }
            if game.isStraight(pattern, whileGameHolds: flatState) != truth { flatWrong = orderings }
            if all {
                var roll = pattern
                repeat { judge(roll, weight: 1) } while roll.formNextPermutation()
            } else {
                // The first ordering also carries the remainder, so the weights sum to the orderings.
                for (position, roll) in sample.enumerated() { judge(roll, weight: weight + (position == 0 ? remainder : 0)) }
            }
            called += callCount
            detected += saidStraight
            detectedByCategory[category.rawValue] += saidStraight
            straightStateWrong += stateWrong
            flatStateWrong += flatWrong
            if dependsOnOrder && !all { orderDependent.append(pattern) }
            if categoryWrong > 0 {
                categoryMismatches.append(PatternCounts(pattern: pattern, truth: false, wrongInPlay: categoryWrong, orderings: orderings))
            }
            if wrong > 0 {
                mismatches.append(PatternCounts(pattern: pattern, truth: truth, wrongInPlay: wrong, orderings: orderings))
                if truth { falseRejects += wrong } else { falseAccepts += wrong }
            }
            for index in hands.indices {
                if handTruths[index] {
                    hands[index].holds += orderings
                    hands[index].holdsAndRerolled += saidStraight
                }
                let wrongHere = handWrong[index]
                guard wrongHere > 0 else { continue }
                hands[index].mismatches.append(
                    PatternCounts(pattern: pattern, truth: handTruths[index], wrongInPlay: wrongHere, orderings: orderings))
                if handTruths[index] { hands[index].falseRejects += wrongHere } else { hands[index].falseAccepts += wrongHere }
            }
        }

        mutating func merge(_ other: Partial) {
            mismatches += other.mismatches
            categoryMismatches += other.categoryMismatches
            falseAccepts += other.falseAccepts
            falseRejects += other.falseRejects
            straightStateWrong += other.straightStateWrong
            flatStateWrong += other.flatStateWrong
            orderDependent += other.orderDependent
            detected += other.detected
            for index in detectedByCategory.indices { detectedByCategory[index] += other.detectedByCategory[index] }
            called += other.called
            for (reported, row) in other.confusions {
                for (truth, count) in row { confusions[reported, default: [:]][truth, default: 0] += count }
            }
            for index in hands.indices { hands[index].merge(other.hands[index]) }
            for (payout, counts) in other.payouts {
                payouts[payout, default: PayoutCounts()].all += counts.all
                payouts[payout, default: PayoutCounts()].rerolled += counts.rerolled
            }
            for (hand, counts) in other.paidBy {
                paidBy[hand, default: PayoutCounts()].all += counts.all
                paidBy[hand, default: PayoutCounts()].rerolled += counts.rerolled
            }
        }
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
