/// A test of a random source over its whole input — every bit of the stream of every bit, not cut into
/// sequences — so that a defect too small for any one sequence shows over all of them.
public enum WholeInputTest: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The ones among every bit, by the exact two-sided binomial test against ½: a bias of P(1) = 0.5005
    /// is z = 10 over 10⁸ bits.
    case frequency
    /// The longest run of equal bits, its p-value the proven bound P(L ≥ r) ≤ (n − r + 2) · 2⁻ʳ (a union
    /// over where such a run can start): a 64-bit word stuck at zero is a run of 64 or more.
    case longestRun
    /// Consecutive equal bytes, counted over non-overlapping pairs at each of the two alignments (each
    /// pair equal with probability 1/256, independently), by the exact two-sided binomial test, Bonferroni
    /// over the two alignments: a byte repeated every 1,000 bytes is z ≈ 57 over 10⁸ bits.
    case adjacentEqualBytes

    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}

/// What a whole-input test counted, and what a good source gives.
public struct WholeInputFacts: Sendable, Hashable, Codable {
    /// Which test counted.
    public var test: WholeInputTest
    /// Bits of the stream of every bit.
    public var bits: UInt64
    /// The count: the ones, the longest run's length, or the equal pairs at the more extreme alignment.
    public var observed: UInt64
    /// The trials the count is out of: the bits, or that alignment's pairs (nil for the longest run).
    public var trials: UInt64?
    /// For the longest run: the bit (from 0) its first bit is, and the value of its bits.
    public var runStart: UInt64? = nil, runBit: UInt64? = nil
    /// What a good source gives on average: n/2 ones, or pairs/256 equal pairs (nil for the longest run,
    /// about log₂ n).
    public var expected: Double?
    /// Bits a test needs before it is made (nil once made).
    public var needed: UInt64? = nil

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        test: WholeInputTest, bits: UInt64, observed: UInt64, trials: UInt64? = nil, runStart: UInt64? = nil, runBit: UInt64? = nil,
        expected: Double? = nil, needed: UInt64? = nil
    ) {
        self.test = test
        self.bits = bits
        self.observed = observed
        self.trials = trials
        self.runStart = runStart
        self.runBit = runBit
        self.expected = expected
        self.needed = needed
    }
}
