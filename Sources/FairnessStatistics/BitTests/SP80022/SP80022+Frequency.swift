import Foundation

/// NIST SP 800-22 rev. 1a's tests, each a pure function of a ``BitSequence``.
///
/// Every P-value is an upper tail taken from GSL (Q(a, x) for the chi-square statistics, erfc for the
/// normal ones), so a far-tail P-value keeps its digits. A sequence shorter than a test needs gives a
/// ``SP80022Shortfall`` instead of a P-value; no test reuses bits.
public enum SP80022 {
    /// P(χ²_dof ≥ statistic) = Q(dof/2, statistic/2).
    static func chiSquareTail(_ statistic: Double, degreesOfFreedom dof: Double) throws -> Double {
        try GSL.gammaIncQ(dof / 2, max(0, statistic) / 2)
    }

    /// A P-value and its log₁₀, which stays finite where the P-value underflows.
    public typealias Tail = (pValue: Double, log10: Double)

    /// Where a P-value is below this, its log₁₀ comes from a logarithmic formula, not from the value.
    static let underflowing = 1e-290

    /// P(χ²_dof ≥ statistic) and its log₁₀ (``ChiSquareDistribution/log10UpperTail(_:)`` far out).
    static func chiSquareTails(_ statistic: Double, degreesOfFreedom dof: Double) throws -> Tail {
        let p = try chiSquareTail(statistic, degreesOfFreedom: dof)
        guard p < underflowing else { return (p, log10(p)) }
        return (p, try ChiSquareDistribution(degreesOfFreedom: dof).log10UpperTail(max(0, statistic)))
    }

    /// erfc(x) and its log₁₀ (from GSL's ln erfc far out).
    static func erfcTail(_ x: Double) throws -> Tail {
        let p = try GSL.erfc(x)
        return (p, p < underflowing ? try GSL.logErfc(x) / log(10) : log10(p))
    }

    /// Pearson's χ² of `counts` against `probabilities` (which sum to 1).
    static func pearson(_ counts: [Int], _ probabilities: [Double]) -> Double {
        let total = Double(counts.reduce(0, +))
        var statistic = 0.0
        for (count, p) in zip(counts, probabilities) {
            let expected = total * p
            statistic += (Double(count) - expected) * (Double(count) - expected) / expected
        }
        return statistic
    }

    /// A shortfall when the sequence is shorter than `needed`; with `checking` off (to reproduce the
    /// publication's worked examples on 10- and 100-bit sequences, below the sizes the tests are valid
    /// for) only when it is shorter than `structural`, the least the arithmetic itself needs.
    static func needs(_ needed: Int, _ bits: BitSequence, _ checking: Bool, structural: Int = 2) -> SP80022Outcome? {
        let least = checking ? needed : min(needed, structural)
        return bits.count < least ? .shortfall(.needsMoreBits(needed: least, given: bits.count)) : nil
    }

    /// 2.1, the frequency (monobit) test: S = Σ(2εᵢ − 1), P = erfc(|S| / √(2n)). Needs n ≥ 100.
    public static func frequency(_ bits: BitSequence, checkingInputSize: Bool = true) throws -> SP80022Outcome {
        if let short = needs(100, bits, checkingInputSize) { return short }
        let sum = Double(2 * bits.onesCount - bits.count)
        let statistic = abs(sum) / Double(bits.count).squareRoot()
        return .computed([SP80022Result(test: .frequency, statistic: statistic, tail: try erfcTail(statistic / 2.0.squareRoot()))])
    }

    /// 2.2, the frequency test within blocks of M bits: χ² = 4M Σ(πᵢ − ½)² over the N = ⌊n/M⌋ blocks,
    /// P = Q(N/2, χ²/2). Needs n ≥ 100 and at least one block.
    public static func blockFrequency(_ bits: BitSequence, blockLength m: Int, checkingInputSize: Bool = true) throws -> SP80022Outcome {
        guard m >= 1 else { throw StatisticsError.invalidArgument("the block frequency test's M must be at least 1, got \(m)") }
        if let short = needs(max(100, m), bits, checkingInputSize, structural: m) { return short }
        let blocks = bits.count / m
        var statistic = 0.0
        for block in 0..<blocks {
            let ones = onesIn(bits, from: block * m, length: m)
            let deviation = Double(ones) / Double(m) - 0.5
            statistic += deviation * deviation
        }
        statistic *= 4 * Double(m)
        return .computed([
            SP80022Result(
                test: .blockFrequency, statistic: statistic, tail: try chiSquareTails(statistic, degreesOfFreedom: Double(blocks)))
        ])
    }

    /// The number of ones among `length` bits from `start`.
    static func onesIn(_ bits: BitSequence, from start: Int, length: Int) -> Int {
        var ones = 0, position = start
        while position < start + length {
            let take = min(57, start + length - position)
            ones += bits.window(at: position, length: take).nonzeroBitCount
            position += take
        }
        return ones
    }

    /// 2.3, the runs test: Vₙ(obs) runs, P = erfc(|Vₙ − 2nπ(1−π)| / (2√(2n) π(1−π))). Needs n ≥ 100
    /// and the prerequisite |π − ½| < 2/√n.
    public static func runs(_ bits: BitSequence, checkingInputSize: Bool = true) throws -> SP80022Outcome {
        if let short = needs(100, bits, checkingInputSize) { return short }
        let n = Double(bits.count)
        let pi = Double(bits.onesCount) / n
        let limit = 2 / n.squareRoot()
        guard abs(pi - 0.5) < limit else { return .shortfall(.frequencyPrerequisite(proportion: pi, limit: limit)) }
        // Runs = 1 + the number of i with εᵢ ≠ εᵢ₊₁, counted 56 neighbours at a time.
        var changes = 0, position = 0
        while position < bits.count - 1 {
            let take = min(56, bits.count - 1 - position)
            let window = bits.window(at: position, length: take + 1)
            changes += ((window ^ (window >> 1)) & ((1 << UInt64(take)) - 1)).nonzeroBitCount
            position += take
        }
        let runs = Double(changes + 1)
        let spread = 2 * (2 * n).squareRoot() * pi * (1 - pi)
        let statistic = abs(runs - 2 * n * pi * (1 - pi)) / spread
        return .computed([SP80022Result(test: .runs, statistic: statistic, tail: try erfcTail(statistic))])
    }

    /// 2.4, the longest run of ones in blocks: M = 8, 128 or 10,000 as n < 6,272, < 750,000 or more;
    /// the classes of the longest run compared by χ² with K degrees of freedom. Needs n ≥ 128.
    public static func longestRun(_ bits: BitSequence, constants: SP80022Constants, checkingInputSize: Bool = true) throws -> SP80022Outcome
    {
        if let short = needs(128, bits, checkingInputSize) { return short }
        let shape = LongestRunShape(sequenceLength: bits.count)
        var counts = [Int](repeating: 0, count: shape.classes + 1)
        for block in 0..<(bits.count / shape.blockLength) {
            let longest = bits.longestRunOfOnes(from: block * shape.blockLength, length: shape.blockLength)
            counts[min(max(longest, shape.lowest), shape.lowest + shape.classes) - shape.lowest] += 1
        }
        return .computed([
            try classesResult(
                .longestRun, counts: counts, exact: shape.exactProbabilities, referenceProgram: shape.referenceProbabilities,
                constants: constants, degreesOfFreedom: Double(shape.classes))
        ])
    }

    /// The χ² result of class `counts` against the `constants`' probabilities; with exact constants it
    /// also carries the P-value of the reference program's on the same counts.
    static func classesResult(
        _ test: SP80022Test, counts: [Int], exact: [Double], referenceProgram: [Double], constants: SP80022Constants,
        degreesOfFreedom: Double
    ) throws -> SP80022Result {
        let statistic = pearson(counts, constants == .exact ? exact : referenceProgram)
        var result = SP80022Result(
            test: test, statistic: statistic, tail: try chiSquareTails(statistic, degreesOfFreedom: degreesOfFreedom))
        if constants == .exact {
            let tail = try chiSquareTails(pearson(counts, referenceProgram), degreesOfFreedom: degreesOfFreedom)
            (result.referenceProgramPValue, result.referenceProgramLog10PValue) = (tail.pValue, tail.log10)
        }
        return result
    }

    /// 2.13, the cumulative sums test, forward and reverse: z = max |Sₖ|,
    /// P = 1 − Σ_k [Φ((4k+1)z/√n) − Φ((4k−1)z/√n)] + Σ_k [Φ((4k+3)z/√n) − Φ((4k+1)z/√n)].
    /// Needs n ≥ 100.
    public static func cumulativeSums(_ bits: BitSequence, checkingInputSize: Bool = true) throws -> SP80022Outcome {
        if let short = needs(100, bits, checkingInputSize) { return short }
        let (sum, highest, lowest) = walkExtremes(bits)
        let forward = max(highest, -lowest)
        let reverse = max(highest - sum, sum - lowest)
        return .computed([
            SP80022Result(
                test: .cumulativeSums, part: .forward, statistic: Double(forward),
                tail: try CumulativeSumsTail.pValue(z: forward, n: bits.count)),
            SP80022Result(
                test: .cumulativeSums, part: .reverse, statistic: Double(reverse),
                tail: try CumulativeSumsTail.pValue(z: reverse, n: bits.count)),
        ])
    }

    /// The walk Sₖ = Σᵢ≤ₖ (2εᵢ − 1): its end Sₙ and the highest and lowest of S₀ = 0, S₁, …, Sₙ, a byte
    /// at a time.
    static func walkExtremes(_ bits: BitSequence) -> (sum: Int, highest: Int, lowest: Int) {
        var sum = 0, highest = 0, lowest = 0
        bits.forEachByte(
            { byte in
                let step = WalkSteps.table[byte]
                highest = max(highest, sum + step.highest)
                lowest = min(lowest, sum + step.lowest)
                sum += step.sum
            },
            thenBit: { bit in
                sum += 2 * bit - 1
                highest = max(highest, sum)
                lowest = min(lowest, sum)
            })
        return (sum, highest, lowest)
    }
}

/// What 8 steps of the ±1 walk do, for each byte (most significant bit first): the sum of the steps and
/// the highest and lowest partial sums after 1 … 8 of them.
struct WalkSteps {
    let sum: Int
    let highest: Int
    let lowest: Int

    static let table: [WalkSteps] = (0..<256).map { byte in
        var sum = 0, highest = Int.min, lowest = Int.max
        for bit in (0..<8).reversed() {
            sum += (byte >> bit) & 1 == 1 ? 1 : -1
            highest = max(highest, sum)
            lowest = min(lowest, sum)
        }
        return WalkSteps(sum: sum, highest: highest, lowest: lowest)
    }
}
