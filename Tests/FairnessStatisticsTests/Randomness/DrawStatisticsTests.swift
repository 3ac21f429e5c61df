import Foundation
import TestSupport
import Testing

@testable import FairnessStatistics

/// The draw tests' distributions against enumeration and independent arithmetic.
@Suite("Draw statistics")
struct DrawStatisticsTests {
    func randomBits(_ count: Int, seed: UInt64) -> BitSequence {
        var generator = SplitMix64(seed: seed)
        var bits = BitSequence(capacity: count)
        while bits.count < count { bits.append(generator.next(), bitCount: min(64, count - bits.count)) }
        return bits
    }

    /// The long Berlekamp–Massey equals the block one on random and on structured sequences.
    @Test func longLinearComplexityEqualsTheBlockAlgorithm() {
        var solver = BerlekampMassey(capacity: 3000)
        for seed in 0..<20 {
            let length = [700, 3000, 64, 65, 129][seed % 5]
            let bits = randomBits(length, seed: UInt64(seed))
            #expect(DrawStatistics.linearComplexity(of: bits, length: length) == solver.linearComplexity(of: bits, from: 0, length: length))
        }
        // A 32-bit LCG's bit k has period 2^(k+1): its bit 9 over 4096 draws.
        var state: UInt32 = 12345, lcgBit = BitSequence()
        for _ in 0..<4096 {
            state = state &* 1_664_525 &+ 1_013_904_223
            lcgBit.append(UInt64(state >> 9 & 1), bitCount: 1)
        }
        #expect(DrawStatistics.linearComplexity(of: lcgBit, length: 4096) <= 1024)
        // A sequence of period 8 from a 3-stage register, and all ones.
        var periodic = BitSequence()
        solver = BerlekampMassey(capacity: 600)
        for index in 0..<600 { periodic.append(UInt64([1, 0, 0, 1, 0, 1, 1, 1][index % 8]), bitCount: 1) }
        #expect(DrawStatistics.linearComplexity(of: periodic, length: 600) == solver.linearComplexity(of: periodic, from: 0, length: 600))
        #expect(DrawStatistics.linearComplexity(of: BitSequence(bytes: [UInt8](repeating: 0xFF, count: 80)), length: 640) == 1)
    }

    /// The exact tail sums the exact law: 2^min(2L−1, 2n−2L) of 2^n sequences have complexity L.
    @Test func linearComplexityTailsAreExact() {
        let n = 12
        for observed in 0...n {
            var lower = observed == 0 ? 1.0 : 1.0, upper = 0.0
            lower = (0...observed).reduce(0.0) { $0 + ($1 == 0 ? 1 : pow(2, Double(min(2 * $1 - 1, 2 * n - 2 * $1)))) } / 4096
            upper = (observed...n).reduce(0.0) { $0 + ($1 == 0 ? 1 : pow(2, Double(min(2 * $1 - 1, 2 * n - 2 * $1)))) } / 4096
            #expect(abs(DrawStatistics.linearComplexityTail(observed, length: n, upper: false) - lower) < 1e-15)
            #expect(abs(DrawStatistics.linearComplexityTail(observed, length: n, upper: true) - upper) < 1e-15)
        }
        // Far out: L = 1000 of 2^19 bits has probability 2^(1999 − 2^19), below any double: 0, not an error.
        #expect(DrawStatistics.linearComplexityPValue(262_144, length: 524_288) == 1)
        #expect(DrawStatistics.linearComplexityTail(262_000, length: 524_288, upper: false) < 1e-80)
    }

    /// Collisions: the recurrence against enumeration of 5 balls in 4 urns (4^5 outcomes).
    @Test func collisionDistributionIsTheEnumeratedOne() {
        var counts = [Double](repeating: 0, count: 5)
        for throwIndex in 0..<1024 {
            var seen = Set<Int>(), collisions = 0, rest = throwIndex
            for _ in 0..<5 {
                if !seen.insert(rest % 4).inserted { collisions += 1 }
                rest /= 4
            }
            counts[collisions] += 1
        }
        let exact = DrawStatistics.collisionDistribution(balls: 5, urns: 4)
        for (mine, enumerated) in zip(exact, counts) { #expect(abs(mine - enumerated / 1024) < 1e-15) }
        let twice = DrawStatistics.convolutionPower(exact, 2)
        #expect(abs(twice.reduce(0, +) - 1) < 1e-12 && abs(twice[0] - exact[0] * exact[0]) < 1e-15)
        // The default test: m = 4096 balls in 2^20 urns expect about m²/(2n) = 8 collisions.
        let mean = DrawStatistics.collisionDistribution(balls: 4096, urns: 1_048_576).enumerated().reduce(0.0) { $0 + Double($1.0) * $1.1 }
        #expect(abs(mean - 7.99) < 0.01)
    }

    /// Poisson tails as GSL's incomplete gamma gives them, against direct sums.
    @Test func poissonTails() throws {
        let mu = 3.5
        var pmf = exp(-mu), cumulative = 0.0
        for k in 0..<20 {
            cumulative += pmf
            #expect(abs(try DrawStatistics.poissonLowerTail(k, mean: mu) - cumulative) < 1e-13)
            #expect(abs(try DrawStatistics.poissonUpperTail(k + 1, mean: mu) - (1 - cumulative)) < 1e-13)
            pmf *= mu / Double(k + 1)
        }
    }

    /// A good generator passes each test; RANDU's triples fail (they lie on 15 planes).
    @Test func drawTestsPassGoodDrawsAndCatchALattice() throws {
        var generator = SplitMix64(seed: 99)
        var birthdays = BirthdaySpacingsTest(), collisions = CollisionTest(), gaps = GapTest()
        var triples = SerialTupleTest(dimensions: 3, finestBits: 5)
        for _ in 0..<600_000 {
            let value = UInt32(truncatingIfNeeded: generator.next() >> 32)
            birthdays.add(value >> 8)
            collisions.add(value >> 12)
            gaps.add(topBits: value >> 28)
            triples.add(topBits: value >> 27)
        }
        #expect(try birthdays.pValue()! > 1e-4 && collisions.pValue()! > 1e-4 && gaps.result()!.pValue > 1e-4)
        #expect(try triples.results().allSatisfy { $0.pValue > 1e-4 } && triples.resolutions == [1, 2, 3, 4, 5])
        // RANDU: x ← 65539 x mod 2^31; its triples lie on 15 planes.
        var x: UInt64 = 1
        var randuTriples = SerialTupleTest(dimensions: 3, finestBits: 5)
        for _ in 0..<600_000 {
            x = 65539 &* x % (1 << 31)
            randuTriples.add(topBits: UInt32(x >> 26))
        }
        #expect(try randuTriples.results().last!.pValue < 1e-100)
    }
}
