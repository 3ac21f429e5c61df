import Dispatch
import FairnessModel
import Foundation
import Synchronization

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
    /// (tried on one ordering of each multiset and counted for all its orderings).
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

    /// Each of the game's bets, in the game's order.
    public let bets: [BetCounts]

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
        var allOnes = DiceRoll(count: k)
        for index in 0..<k { allOnes[index] = 1 }
        let classifies = game.category(allOnes) != nil
        orderedRolls = dice.orderedRollCount

        let plan = Plan(dice, orderedRollLimit: orderedRollLimit)
        let patterns = plan.patterns
        let gameHands = game.hands
        let paytable = game.paytable
        let gameBets = game.bets

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
            var partial = Partial(hands: gameHands, paytable: paytable, bets: gameBets)
            let range = chunkBounds[chunk]..<chunkBounds[chunk + 1]
            for index in range {
                partial.visit(
                    patterns[index], game: game, plan: plan, classifies: classifies, straightState: straightState,
                    flatState: flatState)
            }
            results.withLock { $0[chunk] = partial }
        }
        var total = Partial(hands: gameHands, paytable: paytable, bets: gameBets)
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
        bets = total.bets.map { counts in
            var sorted = counts
            sorted.mismatches.sort { $0.pattern.faces.lexicographicallyPrecedes($1.pattern.faces) }
            return sorted
        }
        hands = total.hands.map { counts in
            var sorted = counts
            sorted.mismatches.sort(by: ascending)
            return sorted
        }
    }
}
