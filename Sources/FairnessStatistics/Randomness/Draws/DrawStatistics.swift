import Foundation

/// The distributions behind the tests of a source's draws (the numbers a game uses), beside
/// SP 800-22's tests of its bits: birthday spacings, collisions, gaps, serial tuples and the linear
/// complexity of a long run of low bits.
public enum DrawStatistics {
    /// P(X ≥ k) for X ~ Poisson(μ): the regularised lower incomplete gamma P(k, μ), an upper tail that
    /// keeps its digits far out.
    public static func poissonUpperTail(_ k: Int, mean mu: Double) throws -> Double {
        k <= 0 ? 1 : try GSL.gammaIncP(Double(k), mu)
    }

    /// log₁₀ P(X ≥ k) for X ~ Poisson(μ), finite where the tail underflows: there (k > μ far out) the
    /// bound log₁₀[P(X = k) (k + 1)/(k + 1 − μ)], at most a factor (k + 1)/(k + 1 − μ) above the tail.
    public static func poissonLog10UpperTail(_ k: Int, mean mu: Double) throws -> (log10: Double, bound: Bool) {
        let tail = try poissonUpperTail(k, mean: mu)
        if tail >= 1e-290 || Double(k) + 1 <= mu { return (log10(tail), false) }
        let logPoint = Double(k) * log(mu) - mu - lgamma(Double(k) + 1)
        return ((logPoint + log((Double(k) + 1) / (Double(k) + 1 - mu))) / log(10.0), true)
    }

    /// P(X ≤ k) for X ~ Poisson(μ): Q(k + 1, μ).
    public static func poissonLowerTail(_ k: Int, mean mu: Double) throws -> Double {
        k < 0 ? 0 : try GSL.gammaIncQ(Double(k + 1), mu)
    }

    /// The two-sided P-value of an observation: twice its smaller tail, at most 1.
    public static func twoSided(lower: Double, upper: Double) -> Double { min(1, 2 * min(lower, upper)) }

    /// The exact distribution of the number of collisions when `balls` balls fall independently and
    /// uniformly into `urns` urns (a ball landing in an occupied urn is a collision; Knuth, TAOCP vol. 2,
    /// section 3.3.2 I): probabilities of 0, 1, 2, … collisions, stopped where the tail is below 10⁻³⁰⁰.
    ///
    /// After i balls with c collisions, i − c urns are occupied, so the next ball collides with
    /// probability (i − c)/urns.
    public static func collisionDistribution(balls: Int, urns: Double) -> [Double] {
        var distribution = [1.0]
        for ball in 0..<balls {
            var next = [Double](repeating: 0, count: distribution.count + 1)
            for (collisions, p) in distribution.enumerated() where p > 0 {
                let occupied = Double(ball - collisions)
                next[collisions] += p * (1 - occupied / urns)
                next[collisions + 1] += p * occupied / urns
            }
            while next.count > 1, next.last! < 1e-300 { next.removeLast() }
            distribution = next
        }
        return distribution
    }

    /// The distribution of the sum of `copies` independent draws from `distribution`, by repeated
    /// squaring of the convolution; entries below 10⁻³⁰⁰ at the top are dropped.
    public static func convolutionPower(_ distribution: [Double], _ copies: Int) -> [Double] {
        func convolve(_ a: [Double], _ b: [Double]) -> [Double] {
            var out = [Double](repeating: 0, count: a.count + b.count - 1)
            for (i, x) in a.enumerated() where x > 0 {
                for (j, y) in b.enumerated() { out[i + j] += x * y }
            }
            while out.count > 1, out.last! < 1e-300 { out.removeLast() }
            return out
        }
        var result = [1.0], power = distribution, remaining = copies
        while remaining > 0 {
            if remaining & 1 == 1 { result = convolve(result, power) }
            remaining >>= 1
            if remaining > 0 { power = convolve(power, power) }
        }
        return result
    }

    /// P(L ≤ ℓ) or P(L ≥ ℓ) for the linear complexity L of n uniform bits: of the 2ⁿ sequences, one has
    /// L = 0 and 2^min(2L−1, 2n−2L) have L = 1 … n (Rueppel). Exact; terms are summed outward from ℓ in
    /// logarithms so a far tail keeps its digits.
    public static func linearComplexityTail(_ observed: Int, length n: Int, upper: Bool) -> Double {
        func log2Probability(_ l: Int) -> Double { l == 0 ? -Double(n) : Double(min(2 * l - 1, 2 * n - 2 * l) - n) }
        let range = upper ? Array(observed...n) : Array((0...observed).reversed())
        var total = 0.0
        for l in range {
            let term = pow(2, log2Probability(l))
            total += term
            if term < total * 1e-18 { break }
        }
        return min(1, total)
    }

    /// log₁₀ of ``linearComplexityPValue(_:length:)``, finite where the P-value underflows: the tail's
    /// terms are powers of two, summed in base-2 logarithms.
    public static func linearComplexityLog10PValue(_ observed: Int, length n: Int) -> Double {
        func log2Probability(_ l: Int) -> Double { l == 0 ? -Double(n) : Double(min(2 * l - 1, 2 * n - 2 * l) - n) }
        func log2Tail(upper: Bool) -> Double {
            let range = upper ? Array(observed...n) : Array((0...observed).reversed())
            let top = range.map(log2Probability).max()!
            var scaled = 0.0
            for l in range {
                let term = pow(2, log2Probability(l) - top)
                scaled += term
                if term < scaled * 1e-18 { break }
            }
            return top + log2(scaled)
        }
        let smaller = min(log2Tail(upper: false), log2Tail(upper: true))
        return min(0, (smaller + 1) * log10(2.0))
    }

    /// The two-sided exact P-value of an observed linear complexity of n bits.
    public static func linearComplexityPValue(_ observed: Int, length n: Int) -> Double {
        twoSided(
            lower: linearComplexityTail(observed, length: n, upper: false), upper: linearComplexityTail(observed, length: n, upper: true))
    }

    /// The linear complexity of the first `length` bits of `bits` (Berlekamp–Massey over GF(2)). The
    /// connection polynomial is kept as words, coefficient i at bit i from the top, and each step's
    /// discrepancy is the parity of its words AND 64-bit windows of the reversed bits, so n bits cost
    /// about n²/256 word operations.
    public static func linearComplexity(of bits: BitSequence, length n: Int) -> Int {
        precondition(n <= bits.count && n > 0, "the bits to analyse")
        // reversed bit j = bit n − 1 − j, padded with 64 zeros; s_(step − i) = reversed bit (n − 1 − step + i).
        var reversed = BitSequence(capacity: n + 128)
        for index in stride(from: n - 1, through: 0, by: -1) { reversed.append(UInt64(bits[index]), bitCount: 1) }
        reversed.append(0, bitCount: 64)
        reversed.append(0, bitCount: 64)
        let words = (n + 63) / 64 + 1
        var connection = [UInt64](repeating: 0, count: words), previous = connection, saved = connection
        connection[0] = 1 << 63
        previous[0] = 1 << 63
        var complexity = 0, lastChange = -1
        for step in 0..<n {
            let start = n - 1 - step
            var parity = 0
            // The connection polynomial's degree is at most the complexity.
            for word in 0...(min(step, complexity) >> 6) {
                let position = start + word << 6
                let shift = UInt64(position & 63), base = position >> 6
                let window = shift == 0 ? reversed.words[base] : reversed.words[base] << shift | reversed.words[base + 1] >> (64 - shift)
                parity ^= (connection[word] & window).nonzeroBitCount
            }
            // Coefficients past the degree are zero, and reversed bits past n − 1 are the zero padding.
            guard parity & 1 == 1 else { continue }
            let lengthens = complexity <= step / 2
            let shift = step - lastChange, wordShift = shift >> 6, bitShift = UInt64(shift & 63)
            // C ← C + x^shift B: B's degree is below the previous change's step, so C's words past
            // (step + 1)/64 + 1 do not change.
            let top = min(words - 1, (step + 1) >> 6 + 1)
            if lengthens {
                // The new C goes to `saved`; the old one becomes B.
                for index in 0...top { saved[index] = connection[index] }
            }
            for index in stride(from: top, through: wordShift, by: -1) {
                let source = index - wordShift
                var value = previous[source] >> bitShift
                if bitShift != 0, source > 0 { value |= previous[source - 1] << (64 - bitShift) }
                if lengthens { saved[index] ^= value } else { connection[index] ^= value }
            }
            if lengthens {
                complexity = step + 1 - complexity
                lastChange = step
                swap(&previous, &connection)
                swap(&connection, &saved)
            }
        }
        return complexity
    }
}
