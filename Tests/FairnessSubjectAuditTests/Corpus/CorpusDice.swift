// Dice games written the way game developers write them: each decides "straight" with its own code
// (never the toolkit's classifier). `planted: true` is the same game with one realistic defect (`BUG`).
import FairnessModel
import Foundation

/// Five six-sided dice; the straight check sorts the distinct faces; the game also names the hand.
struct CorpusSortedUniqueDice: DiceGame {
    let planted: Bool
    var name: String { planted ? "corpus-dice-5d6-sorted-bug" : "corpus-dice-5d6-sorted" }
    var summary: String { "5d6, straight = sorted distinct faces consecutive, own hand classifier" }
    var dice: DiceSet { .fiveSixSided }
    var rerollPolicy: RerollPolicy { .never }

    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }

    func isStraight(_ roll: DiceRoll) -> Bool {
        let distinct = Array(Set(roll.faces)).sorted()
        // BUG (planted): forgets to require five distinct faces, so 1-1-3-4-5 passes (5 − 1 = 4).
        if !planted && distinct.count != roll.count { return false }
        return distinct.last! - distinct.first! == roll.count - 1
    }

    func category(_ roll: DiceRoll) -> PokerCategory? {
        var counts: [Int: Int] = [:]
        for face in roll.faces { counts[face, default: 0] += 1 }
        let sizes = counts.values.sorted(by: >) + [0]
        if sizes[0] == 5 { return .allOfAKind }
        if sizes[0] == 4 { return .fourOfAKind }
        if sizes[0] == 3 && sizes[1] == 2 { return .fullHouse }
        if isStraight(roll) { return .straight }
        if sizes[0] == 3 { return .threeOfAKind }
        if sizes[0] == 2 && sizes[1] == 2 { return .twoPair }
        if sizes[0] == 2 { return .onePair }
        return .nothing
    }
}

/// Six six-sided dice: a straight is 1-2-3-4-5-6, checked with a bitmask of the faces seen.
struct CorpusBitmaskDice: DiceGame {
    let planted: Bool
    var name: String { planted ? "corpus-dice-6d6-bitmask-bug" : "corpus-dice-6d6-bitmask" }
    var summary: String { "6d6, straight = six consecutive faces by bitmask" }
    var dice: DiceSet { try! DiceSet(count: 6, faces: 6) }
    // BUG (planted): the "no straight on the opening roll" house-rule switch left on: a straight is rerolled once.
    var rerollPolicy: RerollPolicy { planted ? .rerollOnceAfterDetectedStraight : .never }

    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll {
        var roll = DiceRoll(count: 6)
        for index in 0..<6 { roll[index] = Int(Sampling.uniformInteger(below: 6, using: &generator)) + 1 }
        return roll
    }

    func isStraight(_ roll: DiceRoll) -> Bool {
        var mask: UInt64 = 0
        for index in 0..<roll.count {
            let bit = UInt64(1) << UInt64(roll[index])
            if mask & bit != 0 { return false }
            mask |= bit
        }
        let lowest = mask.trailingZeroBitCount
        return mask >> UInt64(lowest) == (UInt64(1) << UInt64(roll.count)) - 1
    }
}

/// Five eight-sided dice: a straight is five consecutive faces (1-5 ... 4-8), found by counting faces.
struct CorpusCountingDice: DiceGame {
    let planted: Bool
    var name: String { planted ? "corpus-dice-5d8-counting-bug" : "corpus-dice-5d8-counting" }
    var summary: String { "5d8, straight = five consecutive faces by counting" }
    var dice: DiceSet { try! DiceSet(count: 5, faces: 8) }
    var rerollPolicy: RerollPolicy { .never }

    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll {
        var roll = DiceRoll(count: 5)
        for index in 0..<5 { roll[index] = Int(Sampling.uniformInteger(below: 8, using: &generator)) + 1 }
        return roll
    }

    func isStraight(_ roll: DiceRoll) -> Bool {
        var counts = [Int](repeating: 0, count: 9)
        for index in 0..<roll.count { counts[roll[index]] += 1 }
        if planted {
            // BUG (planted): the check copied from the 5d6 game, which knows only 1-5 and 2-6.
            return (1...5).allSatisfy { counts[$0] == 1 } || (2...6).allSatisfy { counts[$0] == 1 }
        }
        guard let lowest = (1...8).first(where: { counts[$0] > 0 }), lowest + 4 <= 8 else { return false }
        return (lowest...(lowest + 4)).allSatisfy { counts[$0] == 1 }
    }
}

/// Five six-sided dice: five distinct faces are a straight unless both 1 and 6 are among them.
struct CorpusMissingEndDice: DiceGame {
    let planted: Bool
    var name: String { planted ? "corpus-dice-5d6-missing-end-bug" : "corpus-dice-5d6-missing-end" }
    var summary: String { "5d6, straight = five distinct faces missing 1 or 6" }
    var dice: DiceSet { .fiveSixSided }
    var rerollPolicy: RerollPolicy { .never }

    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll {
        var roll = DiceRoll(count: 5)
        for index in 0..<5 {
            // BUG (planted): a d8 folded onto six faces with %, so 1 and 2 come up twice as often.
            let face =
                planted ? Sampling.uniformInteger(below: 8, using: &generator) % 6 : Sampling.uniformInteger(below: 6, using: &generator)
            roll[index] = Int(face) + 1
        }
        return roll
    }

    func isStraight(_ roll: DiceRoll) -> Bool {
        var seen = [Bool](repeating: false, count: 7)
        for index in 0..<roll.count {
            if seen[roll[index]] { return false }
            seen[roll[index]] = true
        }
        return !seen[1] || !seen[6]
    }
}
