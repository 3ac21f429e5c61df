import Foundation
import TestSupport
import Testing

@testable import FairnessStatistics

/// The tests' word-at-a-time loops against the same quantities counted one bit at a time, here, on
/// sequences of every length and offset (not multiples of 8 or 64), random and with long runs, so a
/// mistake at a word's or a block's edge cannot hide behind the e table's single length of 10⁶.
@Suite("NIST SP 800-22 rev. 1a: word-at-a-time loops against bit-by-bit counts")
struct SP80022WordParallelTests {
    /// Random bits, with stretches of ones and of zeros of up to 300 bits spliced in.
    static func sequence(_ length: Int, seed: UInt64) -> [Int] {
        var generator = SplitMix64(seed: seed)
        var bits: [Int] = []
        while bits.count < length {
            switch generator.next() % 8 {
            case 0: bits += [Int](repeating: 1, count: Int(generator.next() % 300))
            case 1: bits += [Int](repeating: 0, count: Int(generator.next() % 300))
            default: for _ in 0..<64 { bits.append(Int(generator.next() & 1)) }
            }
        }
        return Array(bits.prefix(length))
    }

    static func packed(_ bits: [Int]) -> BitSequence {
        var sequence = BitSequence()
        for bit in bits { sequence.append(UInt64(bit), bitCount: 1) }
        return sequence
    }

    static let lengths = [1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 500, 1000, 1031, 2048, 3001]

    @Test func bytesWindowsAndWordsReadEveryBitInOrder() {
        for (index, length) in Self.lengths.enumerated() {
            let bits = Self.sequence(length, seed: UInt64(index))
            let sequence = Self.packed(bits)
            var read: [Int] = []
            sequence.forEachByte(
                { byte in for shift in (0..<8).reversed() { read.append((byte >> shift) & 1) } }, thenBit: { read.append($0) })
            #expect(read == bits, "bytes of \(length) bits")
            for start in [0, 1, length / 3, max(0, length - 1)] where start < length {
                let word = sequence.bits64(at: start)
                let expected = (0..<64).reduce(UInt64(0)) { $0 << 1 | UInt64(start + $1 < length ? bits[start + $1] : 0) }
                #expect(word == expected, "64 bits from \(start) of \(length)")
                for m in [1, 9, 16, 25] where start + m <= length {
                    var windows: [Int] = []
                    sequence.forEachWindow(from: start, count: length - m + 1 - start, length: m) { windows.append($0) }
                    let naive = (start...(length - m)).map { at in (0..<m).reduce(0) { $0 << 1 | bits[at + $1] } }
                    #expect(windows == naive, "windows of \(m) from \(start) of \(length)")
                }
            }
        }
    }

    @Test func runsOfOnesMatchTheBitByBitCount() {
        for (index, length) in Self.lengths.enumerated() {
            let bits = Self.sequence(length, seed: 100 + UInt64(index))
            let sequence = Self.packed(bits)
            for start in [0, 1, 5, length / 2] where start < length {
                let span = length - start
                var longest = 0, run = 0
                for bit in bits[start...] {
                    run = bit == 1 ? run + 1 : 0
                    longest = max(longest, run)
                }
                #expect(sequence.longestRunOfOnes(from: start, length: span) == longest, "longest run from \(start) of \(length)")
                for m in [2, 9, 30] where m <= span {
                    let naive = (start...(length - m)).filter { at in bits[at..<(at + m)].allSatisfy { $0 == 1 } }.count
                    #expect(
                        sequence.onesRunStarts(from: start, length: span, runLength: m) == naive, "runs of \(m) from \(start) of \(length)")
                }
            }
        }
    }

    @Test func theWalkMatchesTheBitByBitWalk() {
        for (index, length) in Self.lengths.enumerated() {
            let bits = Self.sequence(length, seed: 200 + UInt64(index))
            var sum = 0, highest = 0, lowest = 0, cycles = 0
            var visits = [Int](repeating: 0, count: 19), inCycle = [Int](repeating: 0, count: 9)
            var cycleVisits = [[Int]](repeating: [Int](repeating: 0, count: 6), count: 9)
            func close() {
                cycles += 1
                for state in 0..<9 where state != 4 {
                    cycleVisits[state][min(inCycle[state], 5)] += 1
                    inCycle[state] = 0
                }
            }
            for bit in bits {
                sum += 2 * bit - 1
                (highest, lowest) = (max(highest, sum), min(lowest, sum))
                if sum == 0 { close() } else if abs(sum) <= 4 { inCycle[sum + 4] += 1 }
                if sum != 0, abs(sum) <= 9 { visits[sum + 9] += 1 }
            }
            if sum != 0 { close() }
            let sequence = Self.packed(bits)
            let extremes = SP80022.walkExtremes(sequence)
            #expect(extremes.sum == sum && extremes.highest == highest && extremes.lowest == lowest, "walk of \(length)")
            let excursions = SP80022.excursions(sequence)
            #expect(excursions.cycles == cycles && excursions.cycleVisits == cycleVisits, "cycles of \(length)")
            #expect(
                excursions.visits.enumerated().filter { $0.offset != 9 }.map(\.element)
                    == visits.enumerated().filter { $0.offset != 9 }.map(\.element))
        }
    }

    /// The textbook algorithm (Massey 1969) on an array of bits.
    static func naiveLinearComplexity(_ s: [Int]) -> Int {
        var c = [1] + [Int](repeating: 0, count: s.count), b = c
        var l = 0, m = -1
        for n in 0..<s.count {
            var d = s[n]
            for i in stride(from: 1, through: l, by: 1) { d ^= c[i] & s[n - i] }
            guard d == 1 else { continue }
            let t = c
            for i in 0..<(s.count + 1 - (n - m)) { c[i + n - m] ^= b[i] }
            if 2 * l <= n {
                (l, m, b) = (n + 1 - l, n, t)
            }
        }
        return l
    }

    @Test func berlekampMasseyMatchesTheTextbookAlgorithm() {
        var solver = BerlekampMassey(capacity: 1600)
        for (index, length) in [1, 2, 63, 64, 65, 128, 129, 500, 700, 1600].enumerated() {
            for seed in 0..<4 {
                let bits = Self.sequence(length + 13, seed: 300 + UInt64(10 * index + seed))
                let sequence = Self.packed(bits)
                let found = solver.linearComplexity(of: sequence, from: 13, length: length)
                #expect(found == Self.naiveLinearComplexity(Array(bits[13...])), "block of \(length), seed \(seed)")
            }
        }
        // Four different blocks at once, one in each lane.
        for length in [5, 64, 200, 500] {
            let bits = Self.sequence(4 * length + 7, seed: 350 + UInt64(length))
            let starts = SIMD4<Int>(7, 7 + length, 7 + 2 * length, 7 + 3 * length)
            let found = solver.linearComplexities(of: Self.packed(bits), from: starts, length: length)
            for lane in 0..<4 {
                #expect(
                    found[lane] == Self.naiveLinearComplexity(Array(bits[starts[lane]..<(starts[lane] + length)])),
                    "lane \(lane) of \(length)")
            }
        }
        // An LFSR's output: its length, however long the block.
        var register = [1, 0, 0, 1, 0, 1, 1], lfsr: [Int] = []
        for _ in 0..<600 {
            lfsr.append(register[0])
            register = Array(register.dropFirst()) + [register[0] ^ register[3]]
        }
        #expect(solver.linearComplexity(of: Self.packed(lfsr), from: 0, length: 600) == Self.naiveLinearComplexity(lfsr))
    }

    /// The test's classes from blocks taken four at a time, with a last group of fewer than four.
    @Test func linearComplexityClassesCountEveryBlockOnce() throws {
        let m = 40, blocks = 203
        let bits = Self.sequence(m * blocks + 11, seed: 360)
        var counts = [Int](repeating: 0, count: 7)
        for block in 0..<blocks {
            let complexity = Self.naiveLinearComplexity(Array(bits[(block * m)..<((block + 1) * m)]))
            counts[LinearComplexityClasses.classOf(linearComplexity: complexity, blockLength: m)] += 1
        }
        let statistic = SP80022.pearson(counts, LinearComplexityClasses.exact(blockLength: m))
        guard case .computed(let results) = try SP80022.linearComplexity(Self.packed(bits), blockLength: m, constants: .exact) else {
            Issue.record("the test ran")
            return
        }
        #expect(abs(results[0].statistic - statistic) <= 1e-12 * max(1, statistic))
    }

    /// The non-overlapping template test's counts against the publication's rule, the window moving past
    /// each occurrence, for every aperiodic template of 3 to 5 bits.
    @Test func templateCountsFollowTheSkippingRule() throws {
        let bits = Self.sequence(40_000, seed: 370)
        for m in 3...5 {
            let blocks = 4, blockLength = bits.count / blocks
            let mean = Double(blockLength - m + 1) / pow(2, Double(m))
            let variance = Double(blockLength) * (1 / pow(2, Double(m)) - Double(2 * m - 1) / pow(2, Double(2 * m)))
            let outcome = try SP80022.nonOverlappingTemplate(Self.packed(bits), templateLength: m, blocks: blocks, checkingInputSize: false)
            for (template, result) in zip(SP80022.aperiodicTemplates(length: m), outcome.results) {
                let pattern = (0..<m).map { Int(template >> UInt64(m - 1 - $0)) & 1 }
                var chi = 0.0
                for block in 0..<blocks {
                    var count = 0, position = block * blockLength
                    while position <= (block + 1) * blockLength - m {
                        if Array(bits[position..<(position + m)]) == pattern {
                            count += 1
                            position += m
                        } else {
                            position += 1
                        }
                    }
                    chi += (Double(count) - mean) * (Double(count) - mean) / variance
                }
                #expect(abs(result.statistic - chi) <= 1e-12 * max(1, chi), "template \(pattern)")
            }
        }
    }

    static func threshold(_ n: Int) -> Double { (log(1 / 0.05) * Double(n)).squareRoot() }

    /// The transform's plans and arrays are shared across threads and lengths: many counts at once give
    /// what each gives alone.
    @Test func spectralCountsAgreeWhenRunTogether() async throws {
        let lengths = [1000, 1009, 2048, 1000, 3001, 1009, 2048, 1000]
        let alone = try lengths.enumerated().map { index, n in
            try SpectralTransform.moduliBelow(Self.threshold(n), of: Self.packed(Self.sequence(n, seed: 700 + UInt64(index))))
        }
        let together = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for (index, n) in lengths.enumerated() {
                group.addTask {
                    (
                        index,
                        try SpectralTransform.moduliBelow(Self.threshold(n), of: Self.packed(Self.sequence(n, seed: 700 + UInt64(index))))
                    )
                }
            }
            var counts = [Int](repeating: 0, count: lengths.count)
            for try await (index, count) in group { counts[index] = count }
            return counts
        }
        #expect(together == alone)
    }

    @Test func matrixRankMatchesGaussianElimination() {
        var generator = SplitMix64(seed: 400)
        for trial in 0..<200 {
            // Low-rank matrices too: rows drawn from a few random ones.
            let basis = (0..<(trial % 40 + 1)).map { _ in UInt32(truncatingIfNeeded: generator.next()) }
            let rows = (0..<32).map { _ in
                basis.reduce(UInt32(0)) { generator.next() & 1 == 1 ? $0 ^ $1 : $0 }
            }
            var naive = rows, rank = 0
            for bit in (0..<32).reversed() {
                guard let pivot = (rank..<32).first(where: { naive[$0] >> UInt32(bit) & 1 == 1 }) else { continue }
                naive.swapAt(rank, pivot)
                for other in 0..<32 where other != rank && naive[other] >> UInt32(bit) & 1 == 1 { naive[other] ^= naive[rank] }
                rank += 1
            }
            let words = (0..<16).map { UInt64(rows[2 * $0]) << 32 | UInt64(rows[2 * $0 + 1]) }
            let found = words.withUnsafeBufferPointer { SP80022.gf2Rank($0[0..<16]) }
            #expect(found == rank, "matrix \(trial)")
        }
    }

    @Test func patternCountsMatchTheWrappedWindows() {
        for (index, length) in [9, 64, 65, 1000, 3001].enumerated() {
            let bits = Self.sequence(length, seed: 500 + UInt64(index))
            let sequence = Self.packed(bits)
            for m in [1, 3, 8] {
                var naive = [Int](repeating: 0, count: 1 << m)
                for start in 0..<length { naive[(0..<m).reduce(0) { $0 << 1 | bits[(start + $1) % length] }] += 1 }
                let counts = SP80022.wrappedPatternCounts(sequence, length: m)
                #expect(counts == naive, "\(m)-bit patterns of \(length)")
                if m > 1 { #expect(SP80022.foldedPatternCounts(counts) == SP80022.wrappedPatternCounts(sequence, length: m - 1)) }
            }
        }
    }

    /// The spectral count against a direct O(n²) transform, on lengths with large prime factors too.
    @Test func spectralCountMatchesTheDirectTransform() throws {
        for (index, length) in [100, 127, 1000, 1009, 2310].enumerated() {
            let bits = Self.sequence(length, seed: 600 + UInt64(index))
            let threshold = (log(1 / 0.05) * Double(length)).squareRoot()
            var below = 0
            for j in 0..<(length / 2) {
                var re = 0.0, im = 0.0
                for (k, bit) in bits.enumerated() {
                    let angle = -2 * Double.pi * Double(j * k % length) / Double(length)
                    re += Double(2 * bit - 1) * cos(angle)
                    im += Double(2 * bit - 1) * sin(angle)
                }
                if (re * re + im * im).squareRoot() < threshold { below += 1 }
            }
            #expect(try SpectralTransform.moduliBelow(threshold, of: Self.packed(bits)) == below, "spectral count of \(length)")
        }
    }
}
