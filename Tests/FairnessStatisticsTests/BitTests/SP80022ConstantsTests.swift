import Foundation
import Testing

@testable import FairnessStatistics

/// The exact class probabilities against exhaustive enumeration and the fixture's mpmath values, the
/// bit sequence's packing, and what a test says when a sequence cannot support it.
@Suite("NIST SP 800-22 rev. 1a: exact constants, shortfalls, bits")
struct SP80022ConstantsTests {
    let constants = SP80022Reference.shared.constants

    func bitsOf(_ value: Int, length: Int) -> BitSequence {
        var bits = BitSequence()
        bits.append(UInt64(value), bitCount: length)
        return bits
    }

    func longestRun(_ bits: BitSequence) -> Int {
        var longest = 0, run = 0
        for index in 0..<bits.count {
            run = bits[index] == 1 ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    @Test func longestRunClassesAreTheEnumeratedOnes() {
        var counts = [0, 0, 0, 0]
        for byte in 0..<256 { counts[min(max(longestRun(bitsOf(byte, length: 8)), 1), 4) - 1] += 1 }
        #expect(counts == [55, 94, 59, 48])
        #expect(LongestRunShape(sequenceLength: 128).exactProbabilities == counts.map { Double($0) / 256 })
        var atMost = [Int](repeating: 0, count: 17)
        for word in 0..<(1 << 16) { atMost[longestRun(bitsOf(word, length: 16))] += 1 }
        var cumulative = 0
        for k in 0...16 {
            cumulative += atMost[k]
            #expect(LongestRunShape.longestRunAtMost(k, blockLength: 16) == Double(cumulative) / 65_536)
        }
        for (m, n) in [(128, 10_000), (10_000, 1_000_000)] {
            let exact = LongestRunShape(sequenceLength: n).exactProbabilities
            for (mine, theirs) in zip(exact, constants["longest run M=\(m)"]!.list) {
                expectClose(mine, theirs, tolerance: 1e-12, "M = \(m)")
            }
        }
    }

    @Test func overlappingClassesAreTheEnumeratedOnes() {
        var counts = [Int](repeating: 0, count: 6)
        for word in 0..<(1 << 16) {
            let bits = bitsOf(word, length: 16)
            var run = 0, matches = 0
            for index in 0..<16 {
                run = bits[index] == 1 ? run + 1 : 0
                if run >= 3 { matches += 1 }
            }
            counts[min(matches, 5)] += 1
        }
        #expect(OverlappingTemplateClasses.exact(templateLength: 3, blockLength: 16) == counts.map { Double($0) / 65_536 })
        let exact = OverlappingTemplateClasses.exact(templateLength: 9, blockLength: 1032)
        for (mine, theirs) in zip(exact, constants["overlapping m=9 M=1032"]!.list) { expectClose(mine, theirs, tolerance: 1e-12, "m = 9") }
        // Hamano and Kaneko's (2007) corrected values, to the six decimals they print.
        for (mine, printed) in zip(exact, [0.364091, 0.185659, 0.139381, 0.100571, 0.070432, 0.139865]) {
            #expect(abs(mine - printed) <= 5e-7)
        }
    }

    /// Berlekamp–Massey on every 12-bit sequence gives the counts 2^min(2L−1, 2M−2L), so the exact
    /// classes are the enumerated ones.
    @Test func linearComplexityClassesAreTheEnumeratedOnes() {
        let m = 12
        var solver = BerlekampMassey(capacity: m)
        var byComplexity = [Int](repeating: 0, count: m + 1)
        var classes = [Double](repeating: 0, count: 7)
        for word in 0..<(1 << m) {
            let complexity = solver.linearComplexity(of: bitsOf(word, length: m), from: 0, length: m)
            byComplexity[complexity] += 1
            classes[LinearComplexityClasses.classOf(linearComplexity: complexity, blockLength: m)] += 1.0 / 4096
        }
        #expect(byComplexity == [1] + (1...m).map { 1 << min(2 * $0 - 1, 2 * m - 2 * $0) })
        #expect(LinearComplexityClasses.exact(blockLength: m) == classes)
        for (mine, theirs) in zip(LinearComplexityClasses.exact(blockLength: 500), constants["linear complexity M=500"]!.list) {
            expectClose(mine, theirs, tolerance: 1e-12, "M = 500")
        }
    }

    @Test func rankProbabilitiesAndTemplates() {
        let ranks = constants["rank 32"]!.list
        expectClose(SP80022.fullRankProbability(32), ranks[0], tolerance: 1e-12, "rank 32")
        expectClose(SP80022.fullRankProbability(31), ranks[1], tolerance: 1e-12, "rank 31")
        // The reference program's numOfTemplates table for m = 2 … 10.
        #expect((2...10).map { SP80022.aperiodicTemplates(length: $0).count } == [2, 4, 6, 12, 20, 40, 74, 148, 284])
    }

    @Test func windowsWrapAndPackingKeepsOrder() throws {
        let text = "1101001110001011010111100001101001"
        let bits = try BitSequence(text: text)
        let digits = text.map { $0 == "1" ? 1 : 0 }
        for start in 0..<bits.count {
            for length in [1, 5, 17, 34] {
                let expected = (0..<length).reduce(UInt64(0)) { $0 << 1 | UInt64(digits[(start + $1) % digits.count]) }
                #expect(bits.window(at: start, length: length) == expected)
            }
        }
        #expect(BitSequence(bytes: [0xA5, 0x0F]).window(at: 0, length: 16) == 0xA50F)
        #expect(bits.slice(from: 3, length: 20) == (try BitSequence(text: String(text.dropFirst(3).prefix(20)))))
        #expect(throws: StatisticsError.self) { try BitSequence(text: "0102") }
    }

    @Test func shortSequencesSayWhatTheyNeed() throws {
        let bits = BitSequence(bytes: (0..<125).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        #expect(try SP80022.universal(bits) == .shortfall(.needsMoreBits(needed: 387_840, given: 1000)))
        #expect(try SP80022.rank(bits) == .shortfall(.needsMoreBits(needed: 38_912, given: 1000)))
        #expect(try SP80022.serial(bits, patternLength: 16) == .shortfall(.needsMoreBits(needed: 524_288, given: 1000)))
        #expect(
            try SP80022.linearComplexity(bits, blockLength: 500, constants: .exact)
                == .shortfall(.needsMoreBits(needed: 100_000, given: 1000)))
        if case .shortfall(.tooFewCycles(let cycles, 500)) = try SP80022.randomExcursions(bits) {
            #expect(cycles < 500)
        } else {
            Issue.record("random excursions ran on 1000 bits")
        }
        let ones = BitSequence(bytes: [UInt8](repeating: 0xFF, count: 1250))
        #expect(try SP80022.runs(ones) == .shortfall(.frequencyPrerequisite(proportion: 1, limit: 2 / 10_000.0.squareRoot())))
        #expect(try SP80022.frequency(BitSequence(bytes: [0xFF])) == .shortfall(.needsMoreBits(needed: 100, given: 8)))
    }

    /// A far-tail P-value is an upper tail, not 1 − (a number near 1): a sequence of 10⁶ bits with 51%
    /// ones has erfc(20/√2) = Q(½, 200), about 5.5e-89.
    @Test func farTailsKeepTheirDigits() throws {
        var bits = BitSequence(capacity: 1_000_000)
        for index in 0..<1_000_000 { bits.append(index % 100 < 51 ? 1 : 0, bitCount: 1) }
        let p = try #require(pValue(try SP80022.frequency(bits)))
        expectClose(p, try ChiSquareDistribution(degreesOfFreedom: 1).upperTail(400), tolerance: 1e-9, "frequency at S = 20,000")
        #expect(p > 1e-89 && p < 1e-88)
    }
}
