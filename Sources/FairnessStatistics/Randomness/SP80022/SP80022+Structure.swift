import Foundation

extension SP80022 {
    /// 2.5, the binary matrix rank test: N = ⌊n/1024⌋ matrices of 32 × 32 bits, filled row by row; the
    /// counts of rank 32, 31 and less compared by χ² with 2 degrees of freedom, P = e^(−χ²/2). The
    /// probabilities are exact: p_r = 2^(r(2Q−r)−Q²) Π_{i<r} (1 − 2^(i−Q))² / (1 − 2^(i−r)), Q = 32.
    /// Needs 38 matrices (section 2.5.7: n ≥ 38 MQ).
    public static func rank(_ bits: BitSequence, checkingInputSize: Bool = true) throws -> SP80022Outcome {
        if let short = needs(38 * 1024, bits, checkingInputSize, structural: 1024) { return short }
        var counts = [0, 0, 0]
        var rows = [UInt32](repeating: 0, count: 32)
        for matrix in 0..<(bits.count / 1024) {
            for row in 0..<32 { rows[row] = UInt32(bits.window(at: matrix * 1024 + row * 32, length: 32)) }
            let value = gf2Rank(&rows)
            counts[value == 32 ? 0 : (value == 31 ? 1 : 2)] += 1
        }
        let full = fullRankProbability(32), deficient = fullRankProbability(31)
        let statistic = pearson(counts, [full, deficient, 1 - full - deficient])
        return .computed([SP80022Result(test: .rank, statistic: statistic, pValue: exp(-statistic / 2))])
    }

    /// The rank over GF(2) of 32 rows of 32 bits, by elimination (the rows are destroyed).
    static func gf2Rank(_ rows: inout [UInt32]) -> Int {
        var rank = 0
        for bit in (0..<32).reversed() {
            let mask = UInt32(1) << UInt32(bit)
            guard let pivot = (rank..<32).first(where: { rows[$0] & mask != 0 }) else { continue }
            rows.swapAt(rank, pivot)
            for other in 0..<32 where other != rank && rows[other] & mask != 0 { rows[other] ^= rows[rank] }
            rank += 1
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

    /// 2.6, the discrete Fourier transform (spectral) test: of the first n/2 moduli of the transform of
    /// Xᵢ = 2εᵢ − 1, N₁ fall below T = √(ln(1/0.05) n); d = (N₁ − 0.95 n/2) / √(n · 0.95 · 0.05 / 4),
    /// P = erfc(|d|/√2). The transform is GSL's mixed-radix real FFT, which is O(n log n) only when n's
    /// prime factors are 2, 3 and 5 (and O(n²) for a large prime factor), so the test takes the first n′
    /// bits, n′ the largest such length at most n (n′ = n for 10⁶, and within 1% of n from 1000 up). Needs
    /// n ≥ 1000.
    public static func spectral(_ bits: BitSequence, checkingInputSize: Bool = true) throws -> SP80022Outcome {
        if let short = needs(1000, bits, checkingInputSize) { return short }
        let n = smoothLength(atMost: bits.count)
        let values = (0..<n).map { Double(2 * bits[$0] - 1) }
        let threshold = (log(1 / 0.05) * Double(n)).squareRoot()
        let below = try GSL.fourierModuli(values).reduce(0) { $0 + ($1 < threshold ? 1 : 0) }
        let d = (Double(below) - 0.95 * Double(n) / 2) / (Double(n) * 0.95 * 0.05 / 4).squareRoot()
        return .computed([SP80022Result(test: .spectral, statistic: abs(d), pValue: try GSL.erfc(abs(d) / 2.0.squareRoot()))])
    }

    /// The largest n′ ≤ n whose prime factors are all 2, 3 or 5.
    static func smoothLength(atMost n: Int) -> Int {
        var candidate = n
        while candidate > 1 {
            var rest = candidate
            for factor in [2, 3, 5] { while rest % factor == 0 { rest /= factor } }
            if rest == 1 { return candidate }
            candidate -= 1
        }
        return max(1, n)
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
        for block in 0..<(bits.count / m) {
            let complexity = solver.linearComplexity(of: bits, from: block * m, length: m)
            counts[LinearComplexityClasses.classOf(linearComplexity: complexity, blockLength: m)] += 1
        }
        let probabilities = constants == .exact ? LinearComplexityClasses.exact(blockLength: m) : LinearComplexityClasses.referenceProgram
        let statistic = pearson(counts, probabilities)
        return .computed([
            SP80022Result(test: .linearComplexity, statistic: statistic, pValue: try chiSquareTail(statistic, degreesOfFreedom: 6))
        ])
    }
}

/// The Berlekamp–Massey algorithm over GF(2) on bit vectors: the connection polynomial C, the previous
/// one B and the recent bits are words, so each step costs O(M/64) word operations.
struct BerlekampMassey {
    private var connection: [UInt64]
    private var previous: [UInt64]
    private var recent: [UInt64]
    private var scratch: [UInt64]

    init(capacity: Int) {
        let words = (capacity + 64) / 64 + 1
        connection = [UInt64](repeating: 0, count: words)
        previous = connection
        recent = connection
        scratch = connection
    }

    /// The length of the shortest linear feedback shift register that generates the `length` bits
    /// from `start`. Bit i of `connection` is cᵢ; bit i of `recent` is the bit i steps back.
    mutating func linearComplexity(of bits: BitSequence, from start: Int, length: Int) -> Int {
        for index in connection.indices { (connection[index], previous[index], recent[index]) = (0, 0, 0) }
        connection[0] = 1
        previous[0] = 1
        var complexity = 0, lastChange = -1
        for step in 0..<length {
            shiftRecentAndPush(UInt64(bits[start + step]))
            var discrepancy = 0
            for index in 0...(step >> 6) { discrepancy ^= (connection[index] & recent[index]).nonzeroBitCount }
            guard discrepancy & 1 == 1 else { continue }
            for index in connection.indices { scratch[index] = connection[index] }
            xorShifted(previous, by: step - lastChange, into: &connection)
            if complexity <= step / 2 {
                complexity = step + 1 - complexity
                lastChange = step
                swap(&previous, &scratch)
            }
        }
        return complexity
    }

    private mutating func shiftRecentAndPush(_ bit: UInt64) {
        var carry = bit
        for index in recent.indices {
            let out = recent[index] >> 63
            recent[index] = recent[index] << 1 | carry
            carry = out
        }
    }

    private func xorShifted(_ source: [UInt64], by shift: Int, into target: inout [UInt64]) {
        let wordShift = shift >> 6, bitShift = UInt64(shift & 63)
        for index in stride(from: target.count - 1, through: wordShift, by: -1) {
            var value = source[index - wordShift] << bitShift
            if bitShift != 0, index - wordShift - 1 >= 0 { value |= source[index - wordShift - 1] >> (64 - bitShift) }
            target[index] ^= value
        }
    }
}
