import TestSupport
import Testing

@testable import FairnessModel

@Suite("Dice model")
struct DiceModelTests {
    /// 5d6 poker-dice counts derived by hand (out of 6^5 = 7776 ordered rolls):
    /// five alike 6; four alike 6·5·C(5,4) = 150; full house 6·5·C(5,3) = 300; straight 2·5! = 240;
    /// three alike 6·C(5,3)·5·4 = 1200; two pair C(6,2)·4·5!/(2!2!) = 1800; one pair 6·C(5,2)·5·4·3 = 3600;
    /// nothing 6·5·4·3·2 − 240 = 480.
    static let handCounts: [PokerCategory: UInt64] = [
        .allOfAKind: 6, .fourOfAKind: 150, .fullHouse: 300, .straight: 240,
        .threeOfAKind: 1200, .twoPair: 1800, .onePair: 3600, .nothing: 480,
    ]

    @Test func fiveSixSidedCountsMatchTheHandDerivation() throws {
        let enumerated = try DiceOdds.categoryCountsByEnumeration(.fiveSixSided)
        let counted = try DiceOdds.categoryCountsByCombinatorics(.fiveSixSided)
        #expect(enumerated.counts == Self.handCounts)
        #expect(counted.counts == Self.handCounts)
        #expect(enumerated.total == 7776)
        #expect(try enumerated.probability(of: .straight) == ExactProbability(5, over: 162))
        #expect(try enumerated.probability(of: .straight).value == 240.0 / 7776.0)
    }

    @Test(arguments: 1...7)
    func enumerationAndCombinatoricsAgree(count: Int) throws {
        for faces in 1...8 {
            let dice = try DiceSet(count: count, faces: faces)
            let enumerated = try DiceOdds.categoryCountsByEnumeration(dice)
            let counted = try DiceOdds.categoryCountsByCombinatorics(dice)
            #expect(enumerated.counts == counted.counts, "\(dice)")
            #expect(counted.counts.values.reduce(0, +) == dice.orderedRollCount!, "\(dice) counts sum to F^K")
        }
    }

    @Test func largeDiceSetsUseCombinatorics() throws {
        let dice = try DiceSet(count: 12, faces: 20)  // 20^12 ≈ 4.1e15 ordered rolls: far past enumeration.
        let counts = try DiceOdds.categoryCounts(dice)
        #expect(counts.method == .combinatorics)
        #expect(counts.counts.values.reduce(0, +) == dice.orderedRollCount!)
        // Straights: 9 starting values × 12! orderings.
        #expect(counts.counts[.straight] == 9 * 479_001_600)
    }

    @Test func badInputIsRefusedWithAReason() throws {
        #expect(throws: DiceError.invalidDiceCount(0)) { try DiceSet(count: 0, faces: 6) }
        #expect(throws: DiceError.invalidFaceCount(0)) { try DiceSet(count: 5, faces: 0) }
        #expect(throws: DiceError.invalidFaceCount(-3)) { try DiceSet(count: 5, faces: -3) }
        #expect(throws: DiceError.tooManyDice(33, maximum: 32)) { try DiceSet(count: 33, faces: 6) }
        // 255^32 ordered rolls do not fit in 64 bits: refused up front, so every accepted set has exact odds.
        #expect(throws: DiceError.self) { try DiceSet(count: 32, faces: 255) }
        #expect(try DiceSet(count: 32, faces: 3).orderedRollCount == 1_853_020_188_851_841)
        #expect(throws: DiceError.self) { try DiceSet(count: 32, faces: 4) }
        let two = try DiceSet(count: 2, faces: 6)
        #expect(throws: DiceError.categoryUndefined(.fullHouse, two)) {
            try DiceOdds.categoryCounts(two).probability(of: .fullHouse)
        }
        #expect(throws: DiceError.tooManyRollsToEnumerate(try DiceSet(count: 11, faces: 6), limit: DiceOdds.enumerationLimit)) {
            try DiceOdds.categoryCountsByEnumeration(try DiceSet(count: 11, faces: 6))
        }
    }

    @Test func straightPredicate() {
        #expect(PokerCategory.isStraight(DiceRoll([3, 1, 2, 5, 4])))
        #expect(PokerCategory.isStraight(DiceRoll([6, 5, 4, 3, 2])))
        #expect(!PokerCategory.isStraight(DiceRoll([1, 2, 3, 4, 6])))
        #expect(!PokerCategory.isStraight(DiceRoll([1, 2, 3, 4, 4])))
        #expect(PokerCategory.of(DiceRoll([2, 2, 5, 5, 5])) == .fullHouse)
        #expect(PokerCategory.of(DiceRoll([2, 2, 5, 5, 1])) == .twoPair)
    }

    /// The bit-plane classification against the rules read literally (multiplicities counted in a
    /// dictionary and sorted): every ordered roll of 1 to 6 six-sided dice, and 200,000 random rolls of up to
    /// 32 dice with up to 255 faces (faces across the 64-bit words included).
    @Test func categoryMatchesTheRulesReadLiterally() {
        func literal(_ faces: [Int]) -> PokerCategory {
            let k = faces.count
            let multiplicities = Dictionary(faces.map { ($0, 1) }, uniquingKeysWith: +).values.sorted(by: >)
            let first = multiplicities.first ?? 0, second = multiplicities.count > 1 ? multiplicities[1] : 0
            if first == k { return .allOfAKind }
            if first >= 4 { return .fourOfAKind }
            if first == 3 && second >= 2 { return .fullHouse }
            if multiplicities.count == k && faces.max()! - faces.min()! == k - 1 { return .straight }
            if first == 3 { return .threeOfAKind }
            if first == 2 && second == 2 { return .twoPair }
            if first == 2 { return .onePair }
            return .nothing
        }
        var checked = 0
        for k in 1...6 {
            var faces = Array(repeating: 1, count: k)
            repeat {
                #expect(PokerCategory.of(DiceRoll(faces)) == literal(faces), "\(faces)")
                checked += 1
                var index = k - 1
                while index >= 0 && faces[index] == 6 {
                    faces[index] = 1
                    index -= 1
                }
                if index < 0 { break }
                faces[index] += 1
            } while true
        }
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200_000 {
            let k = Int.random(in: 1...32, using: &generator), top = [6, 10, 63, 64, 65, 130, 255].randomElement(using: &generator)!
            let low = Int.random(in: 1...top, using: &generator)
            let faces = (0..<k).map { _ in Int.random(in: low...min(top, low + k), using: &generator) }
            #expect(PokerCategory.of(DiceRoll(faces)) == literal(faces), "\(faces)")
        }
        #expect(checked == 6 + 36 + 216 + 1296 + 7776 + 46656)
    }

    @Test func rollsAreInRangeAndCoverEveryFace() {
        var generator = SplitMix64(seed: 42)
        var seen = Set<Int>()
        for _ in 0..<1000 {
            let roll = DiceSet.fiveSixSided.roll(using: &generator)
            for face in roll.faces {
                #expect((1...6).contains(face))
                seen.insert(face)
            }
        }
        #expect(seen == Set(1...6))
    }

    @Test func exactProbabilityIsReducedAndOrdered() {
        let p = ExactProbability(240, over: 7776)
        #expect(p.numerator == 5 && p.denominator == 162)
        #expect(ExactProbability(1, over: 3) < ExactProbability(1, over: 2))
        #expect(!(ExactProbability(2, over: 4) < ExactProbability(1, over: 2)))
    }

    @Test func lemireBoundedIntegersAreExactlyUniformOverAFullCycle() {
        // A generator that returns every multiple of 2^61 once: 8 values, so bound 8 maps each to one bucket.
        struct Cycle: RandomNumberGenerator {
            var i: UInt64 = 0
            mutating func next() -> UInt64 { defer { i += 1 }; return (i % 8) << 61 }
        }
        var generator = Cycle()
        var buckets = [Int](repeating: 0, count: 8)
        for _ in 0..<8 { buckets[Int(Sampling.uniformInteger(below: 8, using: &generator))] += 1 }
        #expect(buckets == Array(repeating: 1, count: 8))
        var g = SplitMix64(seed: 1)
        for _ in 0..<1000 { #expect(Sampling.uniformInteger(below: 37, using: &g) < 37) }
        let u = Sampling.unitInterval(using: &g)
        #expect(u >= 0 && u < 1)
    }
}
