import Testing

@testable import FairnessModel

/// The hand rules against counts of five six-sided dice published for Yacht and Yahtzee (one roll, 7,776
/// ordered rolls), and against a brute-force reading of each rule's definition on other dice.
@Suite("Dice hands")
struct DiceHandTests {
    static func count(_ hand: DiceHand, _ dice: DiceSet) -> Int {
        var n = 0
        DiceOdds.forEachOrderedRoll(dice) { if hand.holds(in: $0) { n += 1 } }
        return n
    }

    @Test func fiveDiceCountsMatchThePublishedOnes() {
        let d = DiceSet.fiveSixSided
        // Small straight 1200 (large ones included), large 240, full house 300, at least three of a kind
        // 1656, at least four 156, yacht 6, two pair or better-with-two-pairs 1800 + 300.
        #expect(Self.count(.smallStraight(dice: d), d) == 1200)
        #expect(Self.count(.largeStraight(dice: d), d) == 240)
        #expect(Self.count(DiceHand(name: "fh", rule: .fullHouse), d) == 300)
        #expect(Self.count(DiceHand(name: "3k", rule: .ofAKind(count: 3)), d) == 1656)
        #expect(Self.count(DiceHand(name: "4k", rule: .ofAKind(count: 4)), d) == 156)
        #expect(Self.count(DiceHand(name: "y", rule: .ofAKind(count: 5)), d) == 6)
        #expect(Self.count(DiceHand(name: "2p", rule: .twoPair), d) == 2100)
    }

    /// Each rule read literally from its definition (sets and counts of faces), on 4d8 and 6d4.
    @Test(arguments: [try! DiceSet(count: 4, faces: 8), try! DiceSet(count: 6, faces: 4)])
    func rulesAgreeWithTheirDefinitions(dice: DiceSet) {
        func literal(_ rule: DiceHand.Rule, _ faces: [Int]) -> Bool {
            var multiplicity: [Int: Int] = [:]
            for f in faces { multiplicity[f, default: 0] += 1 }
            let m = multiplicity.values.sorted(by: >) + [0, 0]
            switch rule {
            case .run(let length):
                return (1...dice.faces).contains { low in (low..<(low + length)).allSatisfy { multiplicity[$0] != nil } }
            case .ofAKind(let count): return m[0] >= count
            case .fullHouse: return m[0] >= 3 && m[1] >= 2
            case .twoPair: return m[1] >= 2
            case .custom, .condition: return false
            }
        }
        let rules: [DiceHand.Rule] =
            (2...dice.count).map { .run(length: $0) } + (2...dice.count).map { .ofAKind(count: $0) } + [.fullHouse, .twoPair]
        for rule in rules {
            let hand = DiceHand(name: "h", rule: rule)
            var disagreements = 0
            DiceOdds.forEachOrderedRoll(dice) { roll in if hand.holds(in: roll) != literal(rule, roll.faces) { disagreements += 1 } }
            #expect(disagreements == 0, "\(rule) on \(dice)")
        }
    }

    @Test func aCustomHandUsesItsReference() {
        let sumAtLeast25 = DiceHand(name: "high roll") { roll in roll.faces.reduce(0, +) >= 25 }
        #expect(sumAtLeast25.rule == .custom)
        #expect(sumAtLeast25.holds(in: DiceRoll([6, 6, 6, 6, 1])))
        #expect(!sumAtLeast25.holds(in: DiceRoll([6, 6, 6, 5, 1])))
    }
}
