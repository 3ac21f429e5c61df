/// A test of a source's draws as a game uses them, beside SP 800-22's tests of its bits.
public enum DrawCheck: Sendable, Hashable, Comparable, Codable {
    /// Which end of a draw a test reads.
    public enum End: Sendable, Hashable, Comparable, Codable {
        /// The top bits (what `floor(u * n)` and `nextInt(n)` use).
        case top
        /// The lowest bits (what `x % n` and `x & mask` use).
        case low
    }

    /// Marsaglia's birthday spacings, 512 birthdays in 2²⁴ days (`BirthdaySpacingsTest`).
    case birthdaySpacings(End)
    /// Birthday spacings of points made of two consecutive draws' top 24 bits, 2¹⁷ a year in 2⁴⁸ days
    /// (as TestU01's SmallCrush takes them in two dimensions, where a lattice or a band of consecutive
    /// draws shows).
    case birthdaySpacingsOfPairs
    /// Knuth's collisions, 4096 balls in 2²⁰ urns (`CollisionTest`).
    case collisions(End)
    /// Knuth's gaps between draws whose top 4 bits are 0 (`GapTest`).
    case gaps
    /// Pairs and triples of consecutive draws at every resolution (`SerialTupleTest`).
    case serialPairs, serialTriples
    /// Collisions of points of two consecutive draws' top 16 bits, up to 2¹⁹ points in 2³² urns
    /// (`TupleCollisionTest`).
    case pairCollisions
    /// The autocorrelation of the lowest bit of up to 2²⁰ consecutive draws at the lags 1, 2, 4, …, 2¹⁷
    /// (`LowBitAutocorrelationTest`).
    case lowestBitAutocorrelation
}

/// A draw test's figures.
public struct DrawFacts: Sendable, Hashable, Codable {
    /// Draws the test used.
    public var draws: UInt64
    /// Draws the test needs, when it gave no P-value.
    public var needed: UInt64? = nil
    /// The statistic: equal spacings, collisions, χ², or the linear complexity L.
    public var observed: Double? = nil
    /// What a good source gives on average: Yλ, the mean collisions, or n/2 (none for χ²).
    public var expected: Double? = nil
    /// The bits of each draw read: 24 (days), 20 (urns), the tuples' most extreme resolution, or 1.
    public var bits: Int? = nil
    /// The tuples' resolutions tested (Bonferroni over them).
    public var resolutions: Int? = nil
    /// The autocorrelation's most extreme lag.
    public var lag: Int? = nil

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        draws: UInt64, needed: UInt64? = nil, observed: Double? = nil, expected: Double? = nil, bits: Int? = nil, resolutions: Int? = nil,
        lag: Int? = nil
    ) {
        self.draws = draws
        self.needed = needed
        self.observed = observed
        self.expected = expected
        self.bits = bits
        self.resolutions = resolutions
        self.lag = lag
    }
}
