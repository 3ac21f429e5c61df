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

    /// The lowest bit's autocorrelation: fair bits pass; an LCG's lowest bits, of period 2, and a bit of
    /// period 2^17 fail at their lags.
    @Test func lowBitAutocorrelationFindsShortPeriods() throws {
        var generator = SplitMix64(seed: 8)
        var fair = LowBitAutocorrelationTest(), lcg = LowBitAutocorrelationTest(), java = LowBitAutocorrelationTest()
        var state: UInt32 = 99, java48: UInt64 = 12345
        for _ in 0..<(1 << 19) {
            fair.add(generator.next())
            state = state &* 1_664_525 &+ 1_013_904_223
            lcg.add(UInt64(state))
            java48 = (java48 &* 0x5_DEEC_E66D &+ 0xB) & ((1 << 48) - 1)
            java.add(java48 >> 16)
        }
        #expect(try fair.result()!.pValue > 1e-4)
        // The LCG's lowest bit alternates (lag 1: no agreement); java's has period 2^17, its second half
        // the complement of the first (lag 2^16: no agreement).
        let lcgResult = try #require(try lcg.result()), javaResult = try #require(try java.result())
        #expect(lcgResult.lag == 1 && lcgResult.agreements == 0 && lcgResult.log10PValue < -100_000)
        #expect(javaResult.lag == 1 << 16 && javaResult.agreements == 0 && javaResult.log10PValue < -100_000)
        // Exactly: the agreements at lag 1 of 0101... are 0.
        var alternating = LowBitAutocorrelationTest(capacity: 2000)
        for index in 0..<2000 { alternating.add(UInt64(index & 1)) }
        #expect(alternating.agreements(atLag: 1) == 0 && alternating.agreements(atLag: 2) == 1998)
    }

    /// Pairs of consecutive draws: fair draws collide as often as the exact law says; V8's MWC1616, whose
    /// consecutive top halves are the state of one small generator, never collides.
    @Test func tupleCollisionsCatchMWC1616() throws {
        var generator = SplitMix64(seed: 12)
        var fair = TupleCollisionTest(), mwc = TupleCollisionTest()
        var r0: UInt32 = 1234, r1: UInt32 = 5678
        for _ in 0..<(1 << 20) {
            fair.add(topBits: generator.next() >> 48)
            r0 = 18030 &* (r0 & 0xFFFF) &+ (r0 >> 16)
            r1 = 36969 &* (r1 & 0xFFFF) &+ (r1 >> 16)
            mwc.add(topBits: UInt64(((r0 << 16) &+ (r1 & 0xFFFF)) >> 16))
        }
        #expect(fair.points == 1 << 19 && fair.result()!.pValue > 1e-4 && abs(fair.result()!.expected - 32) < 0.01)
        #expect(mwc.result()!.collisions == 0 && mwc.result()!.pValue < 1e-13)
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
            birthdays.add(UInt64(value >> 8))
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
