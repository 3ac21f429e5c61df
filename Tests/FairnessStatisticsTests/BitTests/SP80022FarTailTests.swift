import Foundation
import Testing

@testable import FairnessStatistics

/// A sequence far from random keeps its log₁₀ P-values where the P-values underflow: each is set against
/// a formula written here, independent of GSL and of the toolkit's continued fraction.
@Suite("NIST SP 800-22 rev. 1a: far tails")
struct SP80022FarTailTests {
    /// 10⁶ ones.
    static let ones: BitSequence = {
        var bits = BitSequence(capacity: 1_000_000)
        for _ in 0..<15_625 { bits.append(~0, bitCount: 64) }
        return bits
    }()

    /// log₁₀ erfc(x) for large x by its asymptotic series, ln erfc x = −x² − ln(x√π) + ln Σ (−1)ᵏ (2k−1)!!/(2x²)ᵏ.
    static func log10Erfc(_ x: Double) -> Double {
        var series = 1.0, term = 1.0
        for k in 1...8 {
            term *= -Double(2 * k - 1) / (2 * x * x)
            series += term
        }
        return (-x * x - log(x * Double.pi.squareRoot()) + log(series)) / log(10)
    }

    /// log₁₀ Q(a, x) for x ≫ a by its asymptotic series, Q(a, x) = e^(−x) x^(a−1)/Γ(a) Σ (a−1)…(a−k)/xᵏ.
    static func log10GammaQ(_ a: Double, _ x: Double) -> Double {
        var series = 1.0, term = 1.0, k = 1.0
        while abs(term) > 1e-18 * series {
            term *= (a - k) / x
            series += term
            k += 1
        }
        return (-x + (a - 1) * log(x) - lgamma(a) + log(series)) / log(10)
    }

    static func only(_ outcome: SP80022Outcome, part: SP80022Part = .whole) throws -> SP80022Result {
        try #require(outcome.results.first { $0.part == part })
    }

    @Test func theNormalTestsKeepTheirLogarithms() throws {
        let frequency = try Self.only(SP80022.frequency(Self.ones))
        #expect(frequency.pValue == 0)
        #expect(abs(frequency.log10PValue - Self.log10Erfc(1000 / 2.0.squareRoot())) < 1e-9 * 217_150)
        #expect(abs(frequency.log10PValue - -217_150.3) < 0.05)
        // Cumulative sums: z = n, so P = 4 Q(√n) = 2 erfc(√(n/2)) beyond all of its other terms.
        let forward = try Self.only(SP80022.cumulativeSums(Self.ones), part: .forward)
        #expect(abs(forward.log10PValue - (log10(2) + Self.log10Erfc(1000 / 2.0.squareRoot()))) < 1e-9 * 217_150)
    }

    @Test func theChiSquareTestsKeepTheirLogarithms() throws {
        // Block frequency: every block of 128 is all ones, so χ² = 128 · 7812 on 7812 degrees of freedom.
        let block = try Self.only(SP80022.blockFrequency(Self.ones, blockLength: 128))
        #expect(block.statistic == 999_936 && block.pValue == 0)
        #expect(abs(block.log10PValue - Self.log10GammaQ(3906, 499_968)) < 1e-9 * abs(block.log10PValue))
        // Rank: all 976 matrices have rank 1, so χ² = N p₃₂ + N p₃₁ + (N − N p₀)²/(N p₀) and P = e^(−χ²/2),
        // with the publication's probabilities 0.2888, 0.5776 and 0.1336 (section 2.5.4).
        let (p32, p31, low) = (0.288_788_095_2, 0.577_576_190_4, 0.133_635_714_4)
        let chi = 976 * p32 + 976 * p31 + pow(976 - 976 * low, 2) / (976 * low)
        let rank = try Self.only(SP80022.rank(Self.ones))
        #expect(rank.pValue == 0 && abs(rank.log10PValue - -chi / 2 / log(10)) < 1e-6 * chi)
    }

    /// Serial and approximate entropy on 10⁶ ones: one pattern holds every window, so ψ²ₘ = n(2^m − 1),
    /// ∇ψ²₁₆ = n 2¹⁵ on 2¹⁵ degrees of freedom, and ApEn's χ² = 2n ln 2 on 2¹⁰.
    @Test func thePatternTestsKeepTheirLogarithms() throws {
        let n = 1_000_000.0
        let serial = try Self.only(SP80022.serial(Self.ones, patternLength: 16), part: .firstDifference)
        #expect(serial.pValue == 0 && serial.statistic == n * 32_768)
        #expect(abs(serial.log10PValue - Self.log10GammaQ(16_384, n * 16_384)) < 1e-9 * abs(serial.log10PValue))
        let entropy = try Self.only(SP80022.approximateEntropy(Self.ones, patternLength: 10))
        #expect(entropy.pValue == 0 && abs(entropy.statistic - 2 * n * log(2)) < 1e-6)
        #expect(abs(entropy.log10PValue - Self.log10GammaQ(512, n * log(2))) < 1e-9 * abs(entropy.log10PValue))
    }

    @Test func aTailThatDoesNotUnderflowIsItsOwnLogarithm() throws {
        var bits = BitSequence()
        for index in 0..<2_000 { bits.append(UInt64(index % 3 == 0 ? 1 : 0), bitCount: 1) }
        for result in try SP80022.frequency(bits).results + SP80022.runs(bits).results
            + SP80022.blockFrequency(bits, blockLength: 128).results
        {
            #expect(result.pValue > 1e-290 && abs(result.log10PValue - log10(result.pValue)) < 1e-12 * max(1, abs(result.log10PValue)))
        }
    }
}
