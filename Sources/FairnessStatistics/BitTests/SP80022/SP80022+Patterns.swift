import Foundation

extension SP80022 {
    /// Maurer's universal test's block length L at sequence length n, as the reference program chooses
    /// it (n ≥ 1010 · 2^L · L), with Q = 10 · 2^L initialisation blocks; nil below n = 387,840 (L = 6).
    static func universalBlockLength(sequenceLength n: Int) -> Int? {
        let thresholds = [387_840, 904_960, 2_068_480, 4_654_080, 10_342_400, 22_753_280, 49_643_520, 107_560_960]
        let reached = thresholds.lastIndex(where: { n >= $0 })
        return reached.map { 6 + $0 }
    }

    /// Maurer's expected value and variance of fₙ for L = 6 … 13 (section 2.9.4 (5)).
    static let universalMoments: [(expected: Double, variance: Double)] = [
        (5.2177052, 2.954), (6.1962507, 3.125), (7.1836656, 3.238), (8.1764248, 3.311),
        (9.1723243, 3.356), (10.170032, 3.384), (11.168765, 3.401), (12.168070, 3.410),
    ]

    /// 2.9, Maurer's universal statistical test: fₙ = (1/K) Σ log₂(i − Tⱼ) over K = ⌊n/L⌋ − Q blocks of
    /// L bits after Q initialisation blocks, σ = c √(variance/K) with
    /// c = 0.7 − 0.8/L + (4 + 32/L) K^(−3/L)/15; P = erfc(|fₙ − expected| / (√2 σ)). Needs n ≥ 387,840.
    public static func universal(_ bits: BitSequence) throws -> SP80022Outcome {
        guard let length = universalBlockLength(sequenceLength: bits.count) else {
            return .shortfall(.needsMoreBits(needed: 387_840, given: bits.count))
        }
        let initial = 10 << length
        let blocks = bits.count / length - initial
        var lastSeen = [Int](repeating: 0, count: 1 << length)
        var sum = 0.0
        for index in 1...(initial + blocks) {
            let value = Int(bits.window(at: (index - 1) * length, length: length))
            if index > initial { sum += log2(Double(index - lastSeen[value])) }
            lastSeen[value] = index
        }
        let fn = sum / Double(blocks)
        let (expected, variance) = universalMoments[length - 6]
        let l = Double(length)
        let c = 0.7 - 0.8 / l + (4 + 32 / l) * pow(Double(blocks), -3 / l) / 15
        let sigma = c * (variance / Double(blocks)).squareRoot()
        let tail = try erfcTail(abs(fn - expected) / (2.0.squareRoot() * sigma))
        return .computed([SP80022Result(test: .universal, statistic: fn, tail: tail)])
    }

    /// The counts of every m-bit pattern among the n overlapping windows of the sequence extended by its
    /// first m − 1 bits (the augmented sequence of sections 2.11 and 2.12).
    static func wrappedPatternCounts(_ bits: BitSequence, length m: Int) -> [Int] {
        guard m > 0 else { return [bits.count] }
        var counts = [Int](repeating: 0, count: 1 << m)
        counts.withUnsafeMutableBufferPointer { counts in
            let unwrapped = bits.count - m + 1
            if unwrapped > 0 { bits.forEachWindow(from: 0, count: unwrapped, length: m) { counts[$0] += 1 } }
            for start in max(0, unwrapped)..<bits.count { counts[Int(bits.window(at: start, length: m))] += 1 }
        }
        return counts
    }

    /// The wrapped counts of the (m − 1)-bit patterns from those of the m-bit patterns: each window of
    /// m − 1 bits is the start of exactly one window of m bits at the same position.
    static func foldedPatternCounts(_ counts: [Int]) -> [Int] {
        (0..<(counts.count / 2)).map { counts[2 * $0] + counts[2 * $0 + 1] }
    }

    /// ψ²ₘ = (2^m/n) Σ νᵢ² − n over wrapped pattern counts of m bits (0 for m ≤ 0, one count).
    static func psiSquared(_ counts: [Int], sequenceLength n: Int) -> Double {
        guard counts.count > 1 else { return 0 }
        let squares = counts.reduce(0.0) { $0 + Double($1) * Double($1) }
        return squares * Double(counts.count) / Double(n) - Double(n)
    }

    /// 2.11, the serial test: ∇ψ²ₘ = ψ²ₘ − ψ²ₘ₋₁ and ∇²ψ²ₘ = ψ²ₘ − 2ψ²ₘ₋₁ + ψ²ₘ₋₂,
    /// P₁ = Q(2^(m−2), ∇ψ²ₘ/2), P₂ = Q(2^(m−3), ∇²ψ²ₘ/2). Needs m < ⌊log₂ n⌋ − 2, that is n ≥ 2^(m+3).
    public static func serial(_ bits: BitSequence, patternLength m: Int, checkingInputSize: Bool = true) throws -> SP80022Outcome {
        guard (2...24).contains(m) else { throw StatisticsError.invalidArgument("the serial test's m must be in 2 ... 24, got \(m)") }
        if let short = needs(1 << (m + 3), bits, checkingInputSize, structural: m + 1) { return short }
        let counts = wrappedPatternCounts(bits, length: m)
        let shorter = foldedPatternCounts(counts)
        let (psi0, psi1) = (psiSquared(counts, sequenceLength: bits.count), psiSquared(shorter, sequenceLength: bits.count))
        let psi2 = psiSquared(foldedPatternCounts(shorter), sequenceLength: bits.count)
        let first = psi0 - psi1, second = psi0 - 2 * psi1 + psi2
        return .computed([
            SP80022Result(
                test: .serial, part: .firstDifference, statistic: first,
                tail: try chiSquareTails(first, degreesOfFreedom: pow(2, Double(m - 1)))),
            SP80022Result(
                test: .serial, part: .secondDifference, statistic: second,
                tail: try chiSquareTails(second, degreesOfFreedom: pow(2, Double(m - 2)))),
        ])
    }

    /// 2.12, the approximate entropy test: φ⁽ᵐ⁾ = Σ πᵢ ln πᵢ over the wrapped m-bit pattern frequencies,
    /// χ² = 2n (ln 2 − (φ⁽ᵐ⁾ − φ⁽ᵐ⁺¹⁾)), P = Q(2^(m−1), χ²/2). Needs m < ⌊log₂ n⌋ − 5, n ≥ 2^(m+6).
    public static func approximateEntropy(
        _ bits: BitSequence, patternLength m: Int, checkingInputSize: Bool = true
    ) throws -> SP80022Outcome {
        guard (1...24).contains(m) else {
            throw StatisticsError.invalidArgument("the approximate entropy test's m must be in 1 ... 24, got \(m)")
        }
        if let short = needs(1 << (m + 6), bits, checkingInputSize, structural: m + 2) { return short }
        // ln 2 − ApEn is a small difference of two sums of 2^m terms: both are summed with compensation.
        func phi(_ counts: [Int]) -> CompensatedSum {
            let n = Double(bits.count)
            var sum = CompensatedSum()
            for count in counts where count > 0 { sum.add(Double(count) / n * log(Double(count) / n)) }
            return sum
        }
        let longer = wrappedPatternCounts(bits, length: m + 1)
        var difference = phi(longer)
        difference.add(-phi(foldedPatternCounts(longer)).value)
        difference.add(log(2))
        let statistic = 2 * Double(bits.count) * difference.value
        return .computed([
            SP80022Result(
                test: .approximateEntropy, statistic: statistic, tail: try chiSquareTails(statistic, degreesOfFreedom: pow(2, Double(m))))
        ])
    }
}
