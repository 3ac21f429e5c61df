import Foundation

extension SP80022 {
    /// 2.5, the binary matrix rank test: N = ⌊n/1024⌋ matrices of 32 × 32 bits, filled row by row; the
    /// counts of rank 32, 31 and less compared by χ² with 2 degrees of freedom, P = e^(−χ²/2). The
    /// probabilities are exact: p_r = 2^(r(2Q−r)−Q²) Π_{i<r} (1 − 2^(i−Q))² / (1 − 2^(i−r)), Q = 32.
    /// Needs 38 matrices (section 2.5.7: n ≥ 38 MQ).
    public static func rank(_ bits: BitSequence, checkingInputSize: Bool = true) throws -> SP80022Outcome {
        if let short = needs(38 * 1024, bits, checkingInputSize, structural: 1024) { return short }
        var counts = [0, 0, 0]
        bits.words.withUnsafeBufferPointer { words in
            for matrix in 0..<(bits.count / 1024) {
                // A matrix starts on a word: its rows are the halves of 16 words.
                let value = gf2Rank(words[(matrix * 16)..<(matrix * 16 + 16)])
                counts[value == 32 ? 0 : (value == 31 ? 1 : 2)] += 1
            }
        }
        let full = fullRankProbability(32), deficient = fullRankProbability(31)
        let statistic = pearson(counts, [full, deficient, 1 - full - deficient])
        return .computed([
            SP80022Result(test: .rank, statistic: statistic, tail: (exp(-statistic / 2), -statistic / 2 / log(10)))
        ])
    }

    /// The rank over GF(2) of the 32 × 32 matrix whose rows are the high then low halves of 16 words:
    /// each row is reduced against a basis kept by leading bit, and joins it when not reduced to zero.
    static func gf2Rank(_ words: Slice<UnsafeBufferPointer<UInt64>>) -> Int {
        var basis = SIMD32<UInt32>(), rank = 0
        for word in words {
            for half in 0..<2 {
                var row = UInt32(truncatingIfNeeded: half == 0 ? word >> 32 : word)
                while row != 0 {
                    let lead = row.leadingZeroBitCount
                    if basis[lead] == 0 {
                        basis[lead] = row
                        rank += 1
                        break
                    }
                    row ^= basis[lead]
                }
            }
        }
        return rank
    }

    /// P(a random 32 × 32 binary matrix has rank r).
    static func fullRankProbability(_ r: Int) -> Double {
        var product = 1.0
        for i in 0..<r {
            let outer = 1 - pow(2, Double(i - 32))
            product *= outer * outer / (1 - pow(2, Double(i - r)))
        }
        return pow(2, Double(r * (64 - r) - 1024)) * product
    }

    /// 2.6, the discrete Fourier transform (spectral) test: of the first ⌊n/2⌋ moduli of the transform
    /// of Xᵢ = 2εᵢ − 1, N₁ fall below T = √(ln(1/0.05) n); d = (N₁ − 0.95 n/2) / √(n · 0.95 · 0.05 / 4),
    /// P = erfc(|d|/√2). The transform is FFTW's. Needs n ≥ 1000.
    public static func spectral(_ bits: BitSequence, checkingInputSize: Bool = true) throws -> SP80022Outcome {
        if let short = needs(1000, bits, checkingInputSize) { return short }
        let n = bits.count
        let threshold = (log(1 / 0.05) * Double(n)).squareRoot()
        let below = try SpectralTransform.moduliBelow(threshold, of: bits)
        let d = (Double(below) - 0.95 * Double(n) / 2) / (Double(n) * 0.95 * 0.05 / 4).squareRoot()
        return .computed([SP80022Result(test: .spectral, statistic: abs(d), tail: try erfcTail(abs(d) / 2.0.squareRoot()))])
    }

    /// 2.10, the linear complexity test: the linear complexity Lᵢ of each of N = ⌊n/M⌋ blocks of M bits
    /// (Berlekamp–Massey), classed by T = (−1)^M (L − μ) + 2/9 into 7 classes compared by χ² with 6
    /// degrees of freedom. Needs N ≥ 200 (section 2.10.7).
    public static func linearComplexity(
        _ bits: BitSequence, blockLength m: Int, constants: SP80022Constants, checkingInputSize: Bool = true
    ) throws -> SP80022Outcome {
        guard (2...4096).contains(m) else {
            throw StatisticsError.invalidArgument("the linear complexity test's M must be in 2 ... 4096, got \(m)")
        }
        if let short = needs(200 * m, bits, checkingInputSize, structural: m) { return short }
        var counts = [Int](repeating: 0, count: 7)
        var solver = BerlekampMassey(capacity: m)
        let blocks = bits.count / m
        for first in stride(from: 0, to: blocks, by: 4) {
            // The last group repeats its last block in the lanes past the end, and counts only its own.
            let starts = SIMD4<Int>(0, 1, 2, 3).replacing(with: blocks - 1 - first, where: SIMD4(0, 1, 2, 3) .> blocks - 1 - first)
            let complexities = solver.linearComplexities(of: bits, from: (starts &+ first) &* m, length: m)
            for lane in 0..<min(4, blocks - first) {
                counts[LinearComplexityClasses.classOf(linearComplexity: complexities[lane], blockLength: m)] += 1
            }
        }
        return .computed([
            try classesResult(
                .linearComplexity, counts: counts, exact: LinearComplexityClasses.exact(blockLength: m),
                referenceProgram: LinearComplexityClasses.referenceProgram, constants: constants, degreesOfFreedom: 6)
        ])
    }
}

/// The Berlekamp–Massey algorithm over GF(2) on bit vectors, four blocks at a time in the lanes of
/// `SIMD4<UInt64>` words: each step's discrepancy depends on the step before, so one block leaves the
/// processor waiting, and four independent blocks in lockstep (every choice made by masks, not branches)
/// run about twice as fast per block.
///
/// Bit i of word i / 64 of C is cᵢ. The discrepancy at step t, Σᵢ cᵢ s_{t−i} with deg C ≤ L, is the
/// parity of C AND the block reversed, read from bit `length − 1 − t`. Instead of B, the solver keeps
/// x^(t−m) B (m the step L last changed), shifted by one each step, so every lane shifts alike;
/// deg x^(t−m) B ≤ t + 1 − L, so only words up to max(L, t + 2 − L) / 64 change.
struct BerlekampMassey {
    private typealias Lanes = SIMD4<UInt64>
    /// Three vectors of `stride` words: C, x^(t−m) B, and the blocks reversed.
    private var storage: [Lanes]
    private let stride: Int

    init(capacity: Int) {
        stride = (max(1, capacity) + 63) / 64 + 2
        storage = [Lanes](repeating: .zero, count: 3 * stride)
    }

    /// The length of the shortest linear feedback shift register that generates the `length` bits
    /// from `start`.
    mutating func linearComplexity(of bits: BitSequence, from start: Int, length: Int) -> Int {
        linearComplexities(of: bits, from: SIMD4(repeating: start), length: length)[0]
    }

    /// The linear complexities of the four blocks of `length` bits from `starts`.
    /// - Precondition: 1 ≤ `length` ≤ the capacity.
    mutating func linearComplexities(of bits: BitSequence, from starts: SIMD4<Int>, length: Int) -> SIMD4<Int> {
        precondition(length >= 1 && length <= (stride - 2) * 64, "a block within the solver's capacity")
        let stride = self.stride
        return storage.withUnsafeMutableBufferPointer { storage in
            storage.update(repeating: .zero)
            let base = storage.baseAddress!
            let reversed = base + 2 * stride
            // Word k of a reversed block: bit j is the block's bit length − 1 − 64k − j.
            for lane in 0..<4 {
                for k in 0..<(length / 64) { reversed[k][lane] = bits.bits64(at: starts[lane] + length - 64 * (k + 1)) }
                if length % 64 != 0 { reversed[length / 64][lane] = bits.bits64(at: starts[lane]) >> UInt64(64 - length % 64) }
            }
            base[0] = Lanes(repeating: 1)
            base[stride] = Lanes(repeating: 2)
            var complexity = SIMD4<Int64>.zero
            for step in 0..<length {
                complexity = Self.step(step, of: length, complexity, connection: base, shifted: base + stride, reversed: reversed)
            }
            return SIMD4<Int>(truncatingIfNeeded: complexity)
        }
    }

    /// Step t of all four lanes: the discrepancies, then C ← C + d · x^(t−m) B and, where L changes,
    /// x^(t+1−m) B ← x · C (else x · x^(t−m) B). Returns the new complexities.
    @inline(__always)
    private static func step(
        _ step: Int, of length: Int, _ complexity: SIMD4<Int64>, connection: UnsafeMutablePointer<Lanes>,
        shifted: UnsafeMutablePointer<Lanes>, reversed: UnsafeMutablePointer<Lanes>
    ) -> SIMD4<Int64> {
        let offset = length - 1 - step, wordOffset = offset >> 6, bitOffset = UInt64(offset & 63)
        var parity = Lanes.zero
        for k in 0...(Int(complexity.max()) >> 6) {
            let window = (reversed[wordOffset + k] &>> bitOffset) | ((reversed[wordOffset + k + 1] &<< 1) &<< (63 - bitOffset))
            parity ^= connection[k] & window
        }
        parity ^= parity &>> 32
        parity ^= parity &>> 16
        parity ^= parity &>> 8
        parity ^= parity &>> 4
        parity ^= parity &>> 2
        parity ^= parity &>> 1
        let discrepancy = parity & 1
        let t = SIMD4<Int64>(repeating: Int64(step))
        let lengthens = (discrepancy .== 1) .& (2 &* complexity .<= t)
        var next = complexity
        next.replace(with: t &+ 1 &- complexity, where: lengthens)
        let reach = next.replacing(with: t &+ 2 &- next, where: t &+ 2 &- next .> next)
        let addMask = Lanes.zero &- discrepancy
        let lengthenMask = Lanes(truncatingIfNeeded: SIMD4<Int64>.zero.replacing(with: -1, where: lengthens))
        var carry = Lanes.zero
        for k in 0...(Int(reach.max()) >> 6) {
            let (c, b) = (connection[k], shifted[k])
            connection[k] = c ^ (b & addMask)
            let chosen = (c & lengthenMask) | (b & ~lengthenMask)
            shifted[k] = (chosen &<< 1) | (carry &>> 63)
            carry = chosen
        }
        return next
    }
}
