import Foundation

/// Distributions of the two-sided Kolmogorov–Smirnov statistic Dₙ = sup |Fₙ(x) − F(x)|.
public enum KolmogorovDistribution {
    /// The largest sample size for which ``exactUpperTail(_:sampleSize:)`` is used by default
    /// (the cut-off of Simard and L'Ecuyer's recommended scheme, also SciPy's).
    public static let exactSampleSizeLimit = 140

    /// P(√n Dₙ > t) in the limit n → ∞ (Kolmogorov's distribution):
    /// Q(t) = 2 Σ_{k≥1} (−1)^{k−1} e^{−2k²t²}, summed directly for the upper tail, and
    /// for small t from the dual series P(t) = (√(2π)/t) Σ_{k≥1} e^{−(2k−1)²π²/(8t²)} as 1 − P.
    public static func asymptoticUpperTail(_ t: Double) -> Double {
        if t <= 0 { return 1 }
        if t < 1 {
            // The dual series converges fast here; Q ≥ 0.27, so 1 − P loses nothing that matters.
            let w = Double.pi * Double.pi / (8 * t * t)
            var sum = 0.0
            var k = 1.0
            while k < 100 {
                let term = exp(-(2 * k - 1) * (2 * k - 1) * w)
                sum += term
                if term < 1e-17 * sum { break }
                k += 1
            }
            return 1 - (2 * Double.pi).squareRoot() / t * sum
        }
        var sum = 0.0
        var sign = 1.0
        var k = 1.0
        while k < 100 {
            let term = exp(-2 * k * k * t * t)
            sum += sign * term
            if term < 1e-17 * abs(sum) || term == 0 { break }
            sign = -sign
            k += 1
        }
        return min(1, 2 * sum)
    }

    /// Exact P(Dₙ⁺ ≥ d), Smirnov's one-sided statistic, by the Birnbaum–Tingey sum
    /// d Σ_{j=0}^{⌊n(1−d)⌋} C(n,j) (1 − d − j/n)^{n−j} (d + j/n)^{j−1}, every term positive and
    /// evaluated in logarithms.
    /// `n` must be ≥ 1 (not checked).
    /// - Complexity: O(n) terms.
    public static func oneSidedUpperTail(_ d: Double, sampleSize n: Int) -> Double {
        if d <= 0 { return 1 }
        if d >= 1 { return 0 }
        let nn = Double(n)
        let last = Int((nn * (1 - d)).rounded(.down))
        var sum = 0.0
        for j in 0...last {
            let jj = Double(j)
            let a = 1 - d - jj / nn
            let b = d + jj / nn
            if a <= 0 { continue }
            let logTerm =
                lgamma(nn + 1) - lgamma(jj + 1) - lgamma(nn - jj + 1)
                + (nn - jj) * log(a) + (jj - 1) * log(b)
            sum += exp(logTerm)
        }
        return min(1, d * sum)
    }

    /// P(Dₙ ≥ d) for a sample of n from a continuous distribution, following Simard and L'Ecuyer
    /// (2011): closed forms near both ends (Ruben–Gambino), 2·P(Dₙ⁺ ≥ d) when that is exact (d ≥ ½) or
    /// agrees with the exact value to better than 1e-10 relative (n d² > 4, where the neglected
    /// two-crossing term is below e^{−6nd²}), and otherwise 1 − P(Dₙ < d) from the Durbin matrix
    /// (Marsaglia–Tsang–Wang), whose entries are all non-negative; that branch only runs where the
    /// p-value is above 1e-3, so the subtraction keeps its digits.
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` if `n` < 1 or `d` is NaN.
    /// - Complexity: O(n) for the closed forms and the one-sided sum; the Durbin-matrix branch costs
    ///   O(n + m³ log n) with m = 2⌊nd⌋ + 1 ≤ 4√n + 1, so O(n^{3/2} log n) at most.
    public static func exactUpperTail(_ d: Double, sampleSize n: Int) throws -> Double {
        guard n >= 1 else { throw StatisticsError.invalidArgument("sample size must be >= 1, got \(n)") }
        guard !d.isNaN else { throw StatisticsError.invalidArgument("KS statistic is NaN") }
        if d >= 1 { return 0 }
        if d <= 0 { return 1 }
        let nn = Double(n)
        let t = nn * d
        if t <= 1 {
            if t <= 0.5 { return 1 }
            // P(Dₙ < d) = n! (2d − 1/n)^n for 1/(2n) ≤ d ≤ 1/n.
            var cdf = 1.0
            for i in 1...n { cdf *= Double(i) / nn * (2 * t - 1) }
            return 1 - cdf
        }
        if t >= nn - 1 { return 2 * pow(1 - d, nn) }
        if d >= 0.5 || t * d > 4 { return min(1, 2 * oneSidedUpperTail(d, sampleSize: n)) }
        return max(0, 1 - durbinMatrixDistribution(d, sampleSize: n))
    }

    /// P(Dₙ < d) by Durbin's matrix method as given by Marsaglia, Tsang and Wang (2003), with the
    /// power of the matrix taken by repeated squaring and rescaled by powers of 10^140 to avoid overflow.
    static func durbinMatrixDistribution(_ d: Double, sampleSize n: Int) -> Double {
        let nn = Double(n)
        let k = Int((nn * d).rounded(.down)) + 1
        let m = 2 * k - 1
        let h = Double(k) - nn * d
        var matrix = [Double](repeating: 0, count: m * m)
        for i in 0..<m {
            for j in 0..<m where i - j + 1 >= 0 {
                matrix[i * m + j] = 1
            }
        }
        for i in 0..<m {
            matrix[i * m] -= pow(h, Double(i + 1))
            matrix[(m - 1) * m + i] -= pow(h, Double(m - i))
        }
        matrix[(m - 1) * m] += (2 * h - 1 > 0 ? pow(2 * h - 1, Double(m)) : 0)
        for i in 0..<m {
            for j in 0..<m where i - j + 1 > 0 {
                for g in 1...(i - j + 1) { matrix[i * m + j] /= Double(g) }
            }
        }
        let (power, exponent) = matrixPower(matrix, m, n)
        var s = power[(k - 1) * m + (k - 1)]
        var e = exponent
        for i in 1...n {
            s *= Double(i) / nn
            if s < 1e-140 { s *= 1e140; e -= 140 }
        }
        return s * pow(10, Double(e))
    }

    private static func multiply(_ a: [Double], _ b: [Double], _ m: Int) -> [Double] {
        var c = [Double](repeating: 0, count: m * m)
        for i in 0..<m {
            for l in 0..<m {
                let ail = a[i * m + l]
                if ail == 0 { continue }
                for j in 0..<m { c[i * m + j] += ail * b[l * m + j] }
            }
        }
        return c
    }

    /// Aⁿ as (matrix, decimal exponent) with the matrix kept in a safe range.
    private static func matrixPower(_ a: [Double], _ m: Int, _ n: Int) -> ([Double], Int) {
        if n == 1 { return (a, 0) }
        var (half, exponent) = matrixPower(a, m, n / 2)
        var result = multiply(half, half, m)
        exponent *= 2
        if n % 2 == 1 { result = multiply(a, result, m) }
        if result[(m / 2) * m + m / 2] > 1e140 {
            for i in result.indices { result[i] *= 1e-140 }
            exponent += 140
        }
        half = []
        return (result, exponent)
    }
}
