import Dispatch
import FairnessModel
import Foundation
import Synchronization

// What one worker of the survey finds, and how the workers' findings add up.
extension DetectorSurvey {
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
        var bets: [BetCounts]
        /// Each bet's net payout per case (then otherwise), as doubles, computed once.
        let betNets: [[Double]]

        init(hands: [DiceHand], paytable: Paytable<String>? = nil, bets: [DiceBet] = []) {
            self.bets = bets.map { BetCounts(bet: $0) }
            betNets = bets.map { bet in (0...bet.cases.count).map { bet.net(ofCase: $0).double } }
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
            let betCases = bets.map { $0.bet.settlingCase(pattern) }
            var betJudgements = [DetectorSurvey.BetJudgement](repeating: .init(), count: bets.count)
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
                if !betCases.isEmpty { settle(roll, weight: w, rerolled: said, game: game, cases: betCases, into: &betJudgements) }
            }
            // The game's own state is tried once per multiset, weighted by its orderings: a detector that
            // ignores its argument answers the same for every ordering, and every ordering is judged in play.
            if game.isStraight(pattern, whileGameHolds: straightState) != truth { stateWrong = orderings }
            if game.isStraight(pattern, whileGameHolds: flatState) != truth { flatWrong = orderings }
            DetectorSurvey.visitOrderings(
                of: pattern, sorted: game.seesSortedDice, all: all, sample: sample, weight: weight, remainder: remainder, judge: judge)
            called += game.seesSortedDice ? 1 : callCount
            countBets(pattern, orderings: orderings, rerolled: saidStraight, cases: betCases, judgements: betJudgements)
            detected += saidStraight
            detectedByCategory[category.rawValue] += saidStraight
            straightStateWrong += stateWrong
            flatStateWrong += flatWrong
            if dependsOnOrder && !all && !game.seesSortedDice { orderDependent.append(pattern) }
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
            for index in bets.indices { bets[index].merge(other.bets[index]) }
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
    /// Calls `judge` on the orderings of `pattern` the survey judges, each with the ordered rolls it stands
    /// for: the sorted pattern alone for a game that sorts its dice (it sees every ordering so), every
    /// ordering when `all`, else `sample` (the first also carrying the `remainder`, so weights sum to the
    /// orderings).
    static func visitOrderings(
        of pattern: DiceRoll, sorted: Bool, all: Bool, sample: [DiceRoll], weight: UInt64, remainder: UInt64,
        judge: (DiceRoll, UInt64) -> Void
    ) {
        if sorted {
            judge(pattern, DiceOdds.orderings(of: pattern))
        } else if all {
            var roll = pattern
            repeat { judge(roll, 1) } while roll.formNextPermutation()
        } else {
            for (position, roll) in sample.enumerated() { judge(roll, weight + (position == 0 ? remainder : 0)) }
        }
    }
}
