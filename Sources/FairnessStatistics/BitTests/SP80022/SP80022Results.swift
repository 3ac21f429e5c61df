import Foundation

/// The fifteen tests of NIST SP 800-22 rev. 1a, *A Statistical Test Suite for Random and Pseudorandom
/// Number Generators for Cryptographic Applications* (2010), in the publication's order (sections 2.1 to
/// 2.15).
public enum SP80022Test: String, CaseIterable, Sendable, Codable, Hashable {
    /// 2.1, the frequency (monobit) test.
    case frequency = "frequency"
    /// 2.2, the frequency test within a block.
    case blockFrequency = "block-frequency"
    /// 2.3, the runs test.
    case runs = "runs"
    /// 2.4, the test for the longest run of ones in a block.
    case longestRun = "longest-run"
    /// 2.5, the binary matrix rank test.
    case rank = "rank"
    /// 2.6, the discrete Fourier transform (spectral) test.
    case spectral = "spectral"
    /// 2.7, the non-overlapping template matching test.
    case nonOverlappingTemplate = "non-overlapping-template"
    /// 2.8, the overlapping template matching test.
    case overlappingTemplate = "overlapping-template"
    /// 2.9, Maurer's universal statistical test.
    case universal = "universal"
    /// 2.10, the linear complexity test.
    case linearComplexity = "linear-complexity"
    /// 2.11, the serial test.
    case serial = "serial"
    /// 2.12, the approximate entropy test.
    case approximateEntropy = "approximate-entropy"
    /// 2.13, the cumulative sums (cusum) test.
    case cumulativeSums = "cumulative-sums"
    /// 2.14, the random excursions test.
    case randomExcursions = "random-excursions"
    /// 2.15, the random excursions variant test.
    case randomExcursionsVariant = "random-excursions-variant"

    /// The section of SP 800-22 rev. 1a that defines the test ("2.1" … "2.15").
    public var section: String { "2.\(Self.allCases.firstIndex(of: self)! + 1)" }
}

/// Which of a test's P-values a result is, for the tests that give more than one.
public enum SP80022Part: Sendable, Hashable, Comparable, Codable {
    /// The test's only P-value.
    case whole
    /// The cumulative sums test from the first bit (mode 0) or from the last (mode 1).
    case forward, reverse
    /// The serial test's first (∇ψ²ₘ) or second (∇²ψ²ₘ) difference.
    case firstDifference, secondDifference
    /// A random excursions state x (−4 … 4, or −9 … 9 for the variant; never 0).
    case state(Int)
    /// A non-overlapping template: its `length` bits, the first most significant in `bits`.
    case template(bits: UInt64, length: Int)
}

/// One P-value of one test on one sequence.
public struct SP80022Result: Sendable, Hashable {
    /// The test.
    public let test: SP80022Test
    /// Which of its P-values this is.
    public let part: SP80022Part
    /// The test statistic the P-value is the tail of: χ²(obs) for the chi-square tests, the normal
    /// deviate's absolute value (or the largest excursion z for the cumulative sums) for the others,
    /// fₙ for the universal test.
    public let statistic: Double
    /// The P-value, from GSL's upper-tail functions (Q(a, x), erfc), so far-tail values keep their digits.
    public let pValue: Double
    /// log₁₀ of the P-value, finite where the P-value underflows a double: the frequency test on 10⁶ ones
    /// gives log₁₀ P = −217,150.3 where its P-value is 0.
    public let log10PValue: Double
    /// For the three tests whose class probabilities the toolkit computes exactly (longest run,
    /// overlapping template, linear complexity), run with ``SP80022Constants/exact``: the P-value the
    /// reference program's rounded tables give on the same counts, which NIST's `assess` prints; nil
    /// for every other test and constants.
    public internal(set) var referenceProgramPValue: Double? = nil
    /// log₁₀ of ``referenceProgramPValue``, finite where it underflows; nil where that is nil.
    public internal(set) var referenceProgramLog10PValue: Double? = nil

    /// A result of `test`'s `part`; `log10PValue` defaults to log₁₀ `pValue`.
    public init(test: SP80022Test, part: SP80022Part = .whole, statistic: Double, pValue: Double, log10PValue: Double? = nil) {
        self.test = test
        self.part = part
        self.statistic = statistic
        self.pValue = pValue
        self.log10PValue = log10PValue ?? Foundation.log10(pValue)
    }

    /// A result whose P-value and its log₁₀ are `tail`.
    init(test: SP80022Test, part: SP80022Part = .whole, statistic: Double, tail: SP80022.Tail) {
        self.init(test: test, part: part, statistic: statistic, pValue: tail.pValue, log10PValue: tail.log10)
    }
}

/// Why a test gave no P-value on a sequence.
public enum SP80022Shortfall: Sendable, Hashable, Codable {
    /// The sequence is shorter than the test needs at its parameters (`needed` bits; the publication's
    /// input size recommendation or the validity condition of the test's approximation). Never run on
    /// recycled bits.
    case needsMoreBits(needed: Int, given: Int)
    /// The random excursions tests need J ≥ max(0.005 √n, 500) cycles of the walk (section 2.14.4 (5));
    /// this sequence returned to zero fewer times.
    case tooFewCycles(cycles: Int, needed: Int)
    /// The runs test's prerequisite: the proportion of ones π must satisfy |π − ½| < 2/√n (section 2.3.4
    /// (2)). It did not, so the frequency test already rejects and the runs test is not performed.
    case frequencyPrerequisite(proportion: Double, limit: Double)
}

/// What one test gave on one sequence: its P-values, or why it gave none.
public enum SP80022Outcome: Sendable, Hashable {
    /// The test's P-values, one per part.
    case computed([SP80022Result])
    /// No P-value, and why.
    case shortfall(SP80022Shortfall)

    /// The P-values, empty for a shortfall.
    public var results: [SP80022Result] {
        if case .computed(let results) = self { return results }
        return []
    }
}

/// Which class probabilities the tests with tabulated constants use.
public enum SP80022Constants: Sendable, Hashable {
    /// Exact class probabilities, computed by the toolkit (the default): the longest run of ones by a
    /// recurrence over run lengths, the overlapping template counts by dynamic programming over (run
    /// length, count), the linear complexity classes from the exact number 2^min(2L−1, 2M−2L) of M-bit
    /// sequences of linear complexity L.
    case exact
    /// The constants of NIST's reference program (sts 2.1.2), which reproduce the figures the publication
    /// prints: the longest run table for M = 10,000 to four decimals, the overlapping template classes
    /// from the Poisson-mixture approximation Pr(u, η) that Hamano and Kaneko (2007) corrected, and the
    /// linear complexity class π₀ = 0.01047 (exactly 1/96 = 0.010417).
    case referenceProgram
}

/// The parameters of the suite. The defaults are the publication's for sequences of 10⁶ bits.
public struct SP80022Parameters: Sendable, Hashable {
    /// M of the block frequency test (section 2.2).
    public var blockFrequencyLength = 128
    /// m of the non-overlapping template test; all 148 aperiodic templates of 9 bits by default.
    public var templateLength = 9
    /// N, the number of blocks of the non-overlapping template test.
    public var templateBlocks = 8
    /// m and M of the overlapping template test (the template is m ones).
    public var overlappingTemplateLength = 9
    /// M of the overlapping template test.
    public var overlappingBlockLength = 1032
    /// M of the linear complexity test.
    public var linearComplexityLength = 500
    /// m of the serial test.
    public var serialLength = 16
    /// m of the approximate entropy test.
    public var approximateEntropyLength = 10
    /// Exact class probabilities (the default) or the reference program's.
    public var constants = SP80022Constants.exact
    /// Whether a sequence below a test's recommended input size gives a shortfall (the default). Off
    /// only to reproduce the publication's worked examples on 10- and 100-bit sequences.
    public var checksInputSizes = true

    /// The publication's parameters for sequences of 10⁶ bits, exact constants.
    public init() {}
}
