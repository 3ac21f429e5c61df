import FairnessStatistics
import Foundation

/// A test of a source's draws as a game uses them, beside SP 800-22's tests of its bits.
public enum DrawCheck: Sendable, Hashable, Comparable {
    /// Which end of a draw a test reads.
    public enum End: Sendable, Hashable, Comparable {
        /// The top bits (what `floor(u * n)` and `nextInt(n)` use).
        case top
        /// The lowest bits (what `x % n` and `x & mask` use).
        case low
    }

    /// Marsaglia's birthday spacings, 512 birthdays in 2²⁴ days (``BirthdaySpacingsTest``).
    case birthdaySpacings(End)
    /// Knuth's collisions, 4096 balls in 2²⁰ urns (``CollisionTest``).
    case collisions(End)
    /// Knuth's gaps between draws whose top 4 bits are 0 (``GapTest``).
    case gaps
    /// Pairs and triples of consecutive draws at every resolution (``SerialTupleTest``).
    case serialPairs, serialTriples
    /// The exact linear complexity of the lowest bit of up to 2¹⁸ consecutive draws.
    case lowestBitLinearComplexity
}

/// A draw test's outcome.
public struct DrawResult: Sendable, Hashable {
    public var check: DrawCheck
    /// nil when the draws were too few (``DrawFacts/needed``).
    public var pValue: Double?
    /// log₁₀ of the P-value, finite where it underflows.
    public var log10PValue: Double? = nil
    /// How the P-value was obtained: exact (collisions, linear complexity), a proven bound (collisions
    /// beyond 10⁻³⁰⁰), the chi-square approximation (gaps, tuples), or the Poisson approximation
    /// (birthday spacings, conservative).
    public var method: PValueMethod = .exact
    public var facts: DrawFacts

    init(check: DrawCheck, pValue: Double?, log10PValue: Double? = nil, method: PValueMethod = .exact, facts: DrawFacts) {
        self.check = check
        self.pValue = pValue
        self.log10PValue = log10PValue ?? pValue.map { $0 > 0 ? log10($0) : -.infinity }
        self.method = method
        self.facts = facts
    }
}

/// A draw test's figures.
public struct DrawFacts: Sendable, Hashable {
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
}

/// The draw tests of one run, fed draw by draw on the reading thread (each costs a few operations a
/// draw; memory is fixed: a year of birthdays, an urn bitmap, the tuples' cells, 2¹⁸ low bits).
struct DrawTally {
    /// The draws' significant top bits (32, or k for integers) and whether they have low bits apart
    /// from the bits tested (32- and 64-bit words, doubles of 32 bits or more).
    let topBits: Int
    let hasLowBits: Bool
    private(set) var draws: UInt64 = 0
    private var birthdaysTop: BirthdaySpacingsTest?, birthdaysLow: BirthdaySpacingsTest?
    private var collisionsTop: CollisionTest?, collisionsLow: CollisionTest?
    private var gaps: GapTest?
    private var pairs: SerialTupleTest?, triples: SerialTupleTest?
    private var lowestBits: BitSequence?
    static let linearComplexityLength = 1 << 18

    init(topBits: Int, hasLowBits: Bool) {
        self.topBits = topBits
        self.hasLowBits = hasLowBits
        if topBits >= 24 { birthdaysTop = BirthdaySpacingsTest() }
        if topBits >= 20 { collisionsTop = CollisionTest() }
        if topBits >= 4 { gaps = GapTest() }
        pairs = SerialTupleTest(dimensions: 2, finestBits: min(10, topBits))
        triples = SerialTupleTest(dimensions: 3, finestBits: min(7, topBits))
        if hasLowBits {
            birthdaysLow = BirthdaySpacingsTest()
            collisionsLow = CollisionTest()
            lowestBits = BitSequence(capacity: Self.linearComplexityLength)
        }
    }

    /// Adds a draw: `top` holds its top ``topBits`` bits, most significant first; `low` its low end.
    mutating func add(top: UInt32, low: UInt64) {
        draws += 1
        birthdaysTop?.add(top >> 8)
        collisionsTop?.add(top >> 12)
        gaps?.add(topBits: top >> 28)
        if let finest = pairs?.finestBits { pairs!.add(topBits: top >> UInt32(32 - finest)) }
        if let finest = triples?.finestBits { triples!.add(topBits: top >> UInt32(32 - finest)) }
        guard hasLowBits else { return }
        birthdaysLow!.add(UInt32(truncatingIfNeeded: low))
        collisionsLow!.add(UInt32(truncatingIfNeeded: low))
        if lowestBits!.count < Self.linearComplexityLength { lowestBits!.append(low & 1, bitCount: 1) }
    }

    /// Every applicable test's outcome.
    func results() throws -> [DrawResult] {
        var out: [DrawResult] = []
        func birthday(_ test: BirthdaySpacingsTest?, _ end: DrawCheck.End) throws {
            guard let test else { return }
            let mean = Double(test.years) * test.lambda
            let facts = DrawFacts(
                draws: UInt64(test.years * test.birthdays), needed: test.years == 0 ? UInt64(test.birthdays) : nil,
                observed: Double(test.duplicates), expected: mean, bits: test.dayBits)
            let log10P = test.years == 0 ? nil : try DrawStatistics.poissonLog10UpperTail(test.duplicates, mean: mean).log10
            out.append(
                DrawResult(check: .birthdaySpacings(end), pValue: try test.pValue(), log10PValue: log10P, method: .asymptotic, facts: facts)
            )
        }
        func collision(_ test: CollisionTest?, _ end: DrawCheck.End) {
            guard let test else { return }
            let mean = DrawStatistics.collisionDistribution(balls: test.balls, urns: Double(1 << test.urnBits))
                .enumerated().reduce(0.0) { $0 + Double($1.0) * $1.1 }
            let facts = DrawFacts(
                draws: UInt64(test.tests * test.balls), needed: test.tests == 0 ? UInt64(test.balls) : nil,
                observed: Double(test.collisions), expected: mean * Double(test.tests), bits: test.urnBits)
            // Beyond 10⁻³⁰⁰ the exact law is not carried: the P-value is stated as that bound.
            let p = test.pValue()
            let bounded = p.map { $0 < 1e-300 } ?? false
            out.append(
                DrawResult(
                    check: .collisions(end), pValue: bounded ? 1e-300 : p, method: bounded ? .exactUpperBound : .exact, facts: facts))
        }
        func chiSquare(_ statistic: Double, _ df: Double, members: Int) throws -> (Double, Double) {
            let log10P = try ChiSquareDistribution(degreesOfFreedom: df).log10UpperTail(statistic) + log10(Double(members))
            return (min(1, pow(10, log10P)), min(0, log10P))
        }
        try birthday(birthdaysTop, .top)
        collision(collisionsTop, .top)
        if let gaps {
            let result = try gaps.result()
            let facts = DrawFacts(
                draws: draws, needed: result == nil ? UInt64(gaps.gapsNeeded) << UInt64(gaps.hitBits) : nil, observed: result?.statistic,
                bits: gaps.hitBits)
            let p = try result.map { try chiSquare($0.statistic, Double(gaps.classes), members: 1) }
            out.append(DrawResult(check: .gaps, pValue: p?.0, log10PValue: p?.1, method: .chiSquare, facts: facts))
        }
        for (check, test) in [(DrawCheck.serialPairs, pairs), (.serialTriples, triples)] {
            guard let test else { continue }
            let results = try test.results()
            let worst = results.min { $0.pValue < $1.pValue }
            var facts = DrawFacts(draws: UInt64(test.tuples * test.dimensions), observed: worst?.statistic, bits: worst?.bits)
            facts.resolutions = results.count
            if results.isEmpty { facts.needed = UInt64(5 << test.dimensions) * UInt64(test.dimensions) }
            let cells = worst.map { pow(2, Double(test.dimensions * $0.bits)) }
            let p = try worst.map { try chiSquare($0.statistic, cells! - 1, members: results.count) }
            out.append(DrawResult(check: check, pValue: p?.0, log10PValue: p?.1, method: .chiSquare, facts: facts))
        }
        try birthday(birthdaysLow, .low)
        collision(collisionsLow, .low)
        if let lowestBits {
            out.append(Self.linearComplexity(of: lowestBits))
        }
        return out
    }

    /// The lowest bits' exact linear complexity test; it needs 1000 draws.
    static func linearComplexity(of bits: BitSequence) -> DrawResult {
        guard bits.count >= 1000 else {
            return DrawResult(check: .lowestBitLinearComplexity, pValue: nil, facts: DrawFacts(draws: UInt64(bits.count), needed: 1000))
        }
        let complexity = DrawStatistics.linearComplexity(of: bits, length: bits.count)
        let facts = DrawFacts(
            draws: UInt64(bits.count), observed: Double(complexity), expected: Double(bits.count) / 2, bits: 1)
        return DrawResult(
            check: .lowestBitLinearComplexity, pValue: DrawStatistics.linearComplexityPValue(complexity, length: bits.count),
            log10PValue: DrawStatistics.linearComplexityLog10PValue(complexity, length: bits.count), facts: facts)
    }
}
