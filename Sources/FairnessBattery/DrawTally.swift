import FairnessReport
import FairnessStatistics
import Foundation

/// A draw test's outcome.
public struct DrawResult: Sendable, Hashable {
    /// The test.
    public var check: DrawCheck
    /// nil when the draws were too few (`DrawFacts.needed`).
    public var pValue: Double?
    /// log₁₀ of the P-value, finite where it underflows.
    public var log10PValue: Double? = nil
    /// How the P-value was obtained: exact (collisions, linear complexity), a proven bound (collisions
    /// beyond 10⁻³⁰⁰), the chi-square approximation (gaps, tuples), or the Poisson approximation
    /// (birthday spacings, conservative).
    public var method: PValueMethod = .exact
    /// What it used and found.
    public var facts: DrawFacts

    package init(check: DrawCheck, pValue: Double?, log10PValue: Double? = nil, method: PValueMethod = .exact, facts: DrawFacts) {
        self.check = check
        self.pValue = pValue
        self.log10PValue = log10PValue ?? pValue.map { $0 > 0 ? log10($0) : -.infinity }
        self.method = method
        self.facts = facts
    }
}

/// The draw tests of one run, fed draw by draw on the reading thread (each costs a few operations a
/// draw; memory is fixed: a year of birthdays, an urn bitmap, the tuples' cells, 2¹⁸ low bits).
struct DrawTally {
    /// The draws' significant top bits (32, or k for integers) and whether they have low bits apart
    /// from the bits tested (32- and 64-bit words, doubles of 32 bits or more).
    let topBits: Int
    let hasLowBits: Bool
    private(set) var draws: UInt64 = 0
    private var birthdaysTop: BirthdaySpacingsTest?, birthdaysLow: BirthdaySpacingsTest?, birthdayPairs: BirthdaySpacingsTest?
    private var firstOfPair: UInt64?
    private var collisionsTop: CollisionTest?, collisionsLow: CollisionTest?
    private var gaps: GapTest?
    private var pairs: SerialTupleTest?, triples: SerialTupleTest?
    private var pairCollisions: TupleCollisionTest?
    private var autocorrelation: LowBitAutocorrelationTest?

    /// The order of the tests' results.
    static let order: [DrawCheck] = [
        .birthdaySpacings(.top), .birthdaySpacingsOfPairs, .collisions(.top), .gaps, .serialPairs, .serialTriples, .pairCollisions,
        .birthdaySpacings(.low), .collisions(.low), .lowestBitAutocorrelation,
    ]

    /// The tests of ``order`` that `keeping` keeps and the draws' widths allow.
    package init(topBits: Int, hasLowBits: Bool, lowBits: Int, keeping: (DrawCheck) -> Bool = { _ in true }) {
        self.topBits = topBits
        self.hasLowBits = hasLowBits
        if topBits >= 24 { (birthdaysTop, birthdayPairs) = (BirthdaySpacingsTest(), BirthdaySpacingsTest.pairs()) }
        if topBits >= 20 { collisionsTop = CollisionTest() }
        if topBits >= 4 { gaps = GapTest() }
        if topBits >= 16 { pairCollisions = TupleCollisionTest() }
        pairs = SerialTupleTest(dimensions: 2, finestBits: min(10, topBits))
        triples = SerialTupleTest(dimensions: 3, finestBits: min(7, topBits))
        if hasLowBits {
            if lowBits >= 24 { birthdaysLow = BirthdaySpacingsTest() }
            if lowBits >= 20 { collisionsLow = CollisionTest() }
            autocorrelation = LowBitAutocorrelationTest()
        }
        if !keeping(.birthdaySpacings(.top)) { birthdaysTop = nil }
        if !keeping(.birthdaySpacingsOfPairs) { birthdayPairs = nil }
        if !keeping(.collisions(.top)) { collisionsTop = nil }
        if !keeping(.gaps) { gaps = nil }
        if !keeping(.serialPairs) { pairs = nil }
        if !keeping(.serialTriples) { triples = nil }
        if !keeping(.pairCollisions) { pairCollisions = nil }
        if !keeping(.birthdaySpacings(.low)) { birthdaysLow = nil }
        if !keeping(.collisions(.low)) { collisionsLow = nil }
        if !keeping(.lowestBitAutocorrelation) { autocorrelation = nil }
    }

    /// Adds a draw: `top` holds its top ``topBits`` bits, most significant first; `low` its low end.
    mutating func add(top: UInt32, low: UInt64) {
        draws += 1
        birthdaysTop?.add(UInt64(top >> 8))
        if birthdayPairs != nil {
            if let first = firstOfPair {
                birthdayPairs!.add(first << 24 | UInt64(top >> 8))
                firstOfPair = nil
            } else {
                firstOfPair = UInt64(top >> 8)
            }
        }
        collisionsTop?.add(top >> 12)
        gaps?.add(topBits: top >> 28)
        pairCollisions?.add(topBits: UInt64(top >> 16))
        if let finest = pairs?.finestBits { pairs!.add(topBits: top >> UInt32(32 - finest)) }
        if let finest = triples?.finestBits { triples!.add(topBits: top >> UInt32(32 - finest)) }
        guard hasLowBits else { return }
        birthdaysLow?.add(low)
        collisionsLow?.add(UInt32(truncatingIfNeeded: low))
        autocorrelation?.add(low)
    }

    /// Every applicable test's outcome, in ``order``.
    func results() throws -> [DrawResult] {
        var out = [try Self.birthday(birthdaysTop, .birthdaySpacings(.top)), try Self.birthday(birthdayPairs, .birthdaySpacingsOfPairs)]
        out += [Self.collision(collisionsTop, .top), try gapResult()]
        out += try [(DrawCheck.serialPairs, pairs), (.serialTriples, triples)].map { try Self.tuples($0.1, $0.0) }
        out += [pairCollisionResult(), try Self.birthday(birthdaysLow, .birthdaySpacings(.low)), Self.collision(collisionsLow, .low)]
        out.append(try autocorrelationResult())
        return out.compactMap { $0 }
    }

    /// P and log₁₀ P of a χ² tail, Bonferroni-adjusted over `members`.
    static func chiSquare(_ statistic: Double, _ df: Double, members: Int) throws -> (Double, Double) {
        let log10P = try ChiSquareDistribution(degreesOfFreedom: df).log10UpperTail(statistic) + log10(Double(members))
        return (min(1, pow(10, log10P)), min(0, log10P))
    }

    static func birthday(_ test: BirthdaySpacingsTest?, _ check: DrawCheck) throws -> DrawResult? {
        guard let test else { return nil }
        let mean = Double(test.years) * test.lambda
        // A point of the pairs test is two draws.
        let perPoint = UInt64(check == .birthdaySpacingsOfPairs ? 2 : 1)
        let facts = DrawFacts(
            draws: UInt64(test.years * test.birthdays) * perPoint, needed: test.years == 0 ? UInt64(test.birthdays) * perPoint : nil,
            observed: Double(test.duplicates), expected: mean, bits: test.dayBits)
        let log10P = test.years == 0 ? nil : try DrawStatistics.poissonLog10UpperTail(test.duplicates, mean: mean).log10
        return DrawResult(check: check, pValue: try test.pValue(), log10PValue: log10P, method: .asymptotic, facts: facts)
    }

    /// The exact collision laws drop entries below 10⁻³⁰⁰ (at most a few thousand of them, so under
    /// 10⁻²⁹⁰ in all): a P-value below 10⁻²⁹⁰ is stated as that bound.
    static func bounded(_ check: DrawCheck, _ p: Double?, _ facts: DrawFacts) -> DrawResult {
        let bound = p.map { $0 < 1e-290 } ?? false
        return DrawResult(check: check, pValue: bound ? 1e-290 : p, method: bound ? .exactUpperBound : .exact, facts: facts)
    }

    static func collision(_ test: CollisionTest?, _ end: DrawCheck.End) -> DrawResult? {
        guard let test else { return nil }
        let mean = DrawStatistics.collisionDistribution(balls: test.balls, urns: Double(1 << test.urnBits))
            .enumerated().reduce(0.0) { $0 + Double($1.0) * $1.1 }
        let facts = DrawFacts(
            draws: UInt64(test.tests * test.balls), needed: test.tests == 0 ? UInt64(test.balls) : nil,
            observed: Double(test.collisions), expected: mean * Double(test.tests), bits: test.urnBits)
        return bounded(.collisions(end), test.pValue(), facts)
    }

    static func tuples(_ test: SerialTupleTest?, _ check: DrawCheck) throws -> DrawResult? {
        guard let test else { return nil }
        let results = try test.results()
        let worst = results.min { $0.pValue < $1.pValue }
        var facts = DrawFacts(draws: UInt64(test.tuples * test.dimensions), observed: worst?.statistic, bits: worst?.bits)
        facts.resolutions = results.count
        if results.isEmpty { facts.needed = UInt64(5 << test.dimensions) * UInt64(test.dimensions) }
        let p = try worst.map { try chiSquare($0.statistic, pow(2, Double(test.dimensions * $0.bits)) - 1, members: results.count) }
        return DrawResult(check: check, pValue: p?.0, log10PValue: p?.1, method: .chiSquare, facts: facts)
    }

    func gapResult() throws -> DrawResult? {
        guard let gaps else { return nil }
        let result = try gaps.result()
        let facts = DrawFacts(
            draws: draws, needed: result == nil ? UInt64(gaps.gapsNeeded) << UInt64(gaps.hitBits) : nil, observed: result?.statistic,
            bits: gaps.hitBits)
        let p = try result.map { try Self.chiSquare($0.statistic, Double(gaps.classes), members: 1) }
        return DrawResult(check: .gaps, pValue: p?.0, log10PValue: p?.1, method: .chiSquare, facts: facts)
    }

    func pairCollisionResult() -> DrawResult? {
        guard let pairCollisions else { return nil }
        let result = pairCollisions.result()
        let facts = DrawFacts(
            draws: UInt64(pairCollisions.points * 2), needed: result == nil ? 2000 : nil, observed: result.map { Double($0.collisions) },
            expected: result?.expected, bits: 16)
        return Self.bounded(.pairCollisions, result?.pValue, facts)
    }

    func autocorrelationResult() throws -> DrawResult? {
        guard let autocorrelation else { return nil }
        let result = try autocorrelation.result()
        var facts = DrawFacts(
            draws: UInt64(autocorrelation.bits.count), needed: result == nil ? 1001 : nil, observed: result.map { Double($0.agreements) },
            expected: result.map { Double($0.pairs) / 2 }, bits: 1)
        facts.lag = result?.lag
        return DrawResult(
            check: .lowestBitAutocorrelation, pValue: result?.pValue, log10PValue: result?.log10PValue, method: .exact, facts: facts)
    }
}
