import Foundation

/// Marsaglia's birthday spacings test (as in Diehard and TestU01's `smarsa_BirthdaySpacings`): each year
/// of m birthdays in n = 2^d days is sorted, the m spacings between consecutive birthdays (the first from
/// day 0) are sorted, and J counts the spacings equal to the one before. J is close to Poisson with mean
/// λ = m³/(4n); the sum over Y years is compared with Poisson(Yλ), upper tail: linear congruential
/// generators put their points on lattices and give far too many equal spacings. The Poisson law is an
/// approximation whose mean is slightly high (at m = 512, n = 2²⁴ the exact mean of J is 1.986 ± 0.003
/// by simulation, against λ = 2), so its upper tail overstates the P-value: conservative.
public struct BirthdaySpacingsTest: Sendable, Hashable {
    /// m, birthdays per year.
    public let birthdays: Int
    /// d: the days are 0 ..< 2^d.
    public let dayBits: Int
    /// The most years tested (the Poisson approximation's small bias in the mean stays well inside the
    /// sum's spread).
    public let maximumYears: Int
    /// Whole years tested.
    public private(set) var years = 0
    /// J summed over the years: spacings equal to the one before.
    public private(set) var duplicates = 0
    private var year: [UInt64] = []

    /// The pairs test: points of two consecutive draws' top 24 bits, 2¹⁷ a year in 2⁴⁸ days (λ = 2).
    public static func pairs() -> BirthdaySpacingsTest { BirthdaySpacingsTest(birthdays: 1 << 17, dayBits: 48, maximumYears: 64) }

    /// m birthdays a year in 2^dayBits days, at most `maximumYears` years (λ = 2 by default).
    public init(birthdays: Int = 512, dayBits: Int = 24, maximumYears: Int = 1000) {
        self.birthdays = birthdays
        self.dayBits = dayBits
        self.maximumYears = maximumYears
        year.reserveCapacity(birthdays)
    }

    /// λ = m³/(4n), the mean of J per year.
    public var lambda: Double { pow(Double(birthdays), 3) / (4 * pow(2, Double(dayBits))) }
    /// Whether the test takes no more birthdays.
    public var isComplete: Bool { years >= maximumYears }

    /// Adds a birthday (its low `dayBits` bits are the day).
    public mutating func add(_ day: UInt64) {
        guard !isComplete else { return }
        year.append(dayBits == 64 ? day : day & ((1 << UInt64(dayBits)) - 1))
        guard year.count == birthdays else { return }
        var scratch = [UInt64](repeating: 0, count: birthdays)
        Self.sort(&year, scratch: &scratch, bits: dayBits)
        var spacings = [UInt64](repeating: 0, count: birthdays)
        spacings[0] = year[0]
        for index in 1..<birthdays { spacings[index] = year[index] &- year[index - 1] }
        Self.sort(&spacings, scratch: &scratch, bits: dayBits)
        for index in 1..<birthdays where spacings[index] == spacings[index - 1] { duplicates += 1 }
        years += 1
        year.removeAll(keepingCapacity: true)
    }

    /// Sorts values below 2^bits: a least-significant-digit radix sort on 16-bit digits for a large year
    /// (2¹⁷ points), the standard library's sort for a small one.
    static func sort(_ values: inout [UInt64], scratch: inout [UInt64], bits: Int) {
        guard values.count >= 4096 else { return values.sort() }
        var counts = [Int](repeating: 0, count: 1 << 16)
        for shift in stride(from: 0, to: bits, by: 16) {
            for index in counts.indices { counts[index] = 0 }
            for value in values { counts[Int(truncatingIfNeeded: value >> UInt64(shift)) & 0xFFFF] += 1 }
            var total = 0
            for index in counts.indices { (counts[index], total) = (total, total + counts[index]) }
            for value in values {
                let digit = Int(truncatingIfNeeded: value >> UInt64(shift)) & 0xFFFF
                scratch[counts[digit]] = value
                counts[digit] += 1
            }
            swap(&values, &scratch)
        }
    }

    /// P(at least this many duplicates) under Poisson(years · λ); nil before a whole year.
    public func pValue() throws -> Double? {
        guard years > 0 else { return nil }
        return try DrawStatistics.poissonUpperTail(duplicates, mean: Double(years) * lambda)
    }
}

/// Knuth's collision test (TAOCP vol. 2, section 3.3.2 I): each of T tests throws m balls into n = 2^d
/// urns; a ball landing in an occupied urn is a collision. The total over the tests is compared with its
/// exact distribution (the single test's, convolved T times), two-sided.
public struct CollisionTest: Sendable, Hashable {
    /// m, balls per test.
    public let balls: Int
    /// d: the urns are 0 ..< 2^d.
    public let urnBits: Int
    /// The most tests made; later balls are not thrown.
    public let maximumTests: Int
    /// Whole tests made.
    public private(set) var tests = 0
    /// Collisions summed over the tests.
    public private(set) var collisions = 0
    private var thrown = 0
    private var occupied: [UInt64]

    /// `balls` balls a test into 2^urnBits urns, at most `maximumTests` tests (about 8 collisions a test by default).
    public init(balls: Int = 4096, urnBits: Int = 20, maximumTests: Int = 64) {
        self.balls = balls
        self.urnBits = urnBits
        self.maximumTests = maximumTests
        occupied = [UInt64](repeating: 0, count: max(1, (1 << urnBits) / 64))
    }

    /// Whether the test takes no more balls.
    public var isComplete: Bool { tests >= maximumTests }

    /// Throws a ball into urn `urn` (its low `urnBits` bits).
    public mutating func add(_ urn: UInt32) {
        guard !isComplete else { return }
        let index = Int(urn) & ((1 << urnBits) - 1)
        let mask = UInt64(1) << UInt64(index & 63)
        if occupied[index >> 6] & mask != 0 { collisions += 1 } else { occupied[index >> 6] |= mask }
        thrown += 1
        guard thrown == balls else { return }
        thrown = 0
        tests += 1
        for word in occupied.indices { occupied[word] = 0 }
    }

    /// Two-sided P of the total collisions under their exact distribution; nil before a whole test.
    public func pValue() -> Double? {
        guard tests > 0 else { return nil }
        let total = DrawStatistics.convolutionPower(
            DrawStatistics.collisionDistribution(balls: balls, urns: pow(2, Double(urnBits))), tests)
        let lower = total.prefix(collisions + 1).reduce(0, +)
        let upper = collisions < total.count ? total[collisions...].reduce(0, +) : 0
        return DrawStatistics.twoSided(lower: lower, upper: upper)
    }
}

/// Knuth's gap test (TAOCP vol. 2, section 3.3.2 D): a draw hits when its top `hitBits` bits are zero
/// (probability p = 2^−hitBits); the gaps between hits (0, 1, …, t − 1 misses, and t or more) are compared
/// with the geometric probabilities p(1 − p)^r and (1 − p)^t by χ² with t degrees of freedom.
public struct GapTest: Sendable, Hashable {
    /// A draw hits when this many top bits are 0.
    public let hitBits: Int
    /// t: gaps of t or more misses share the last class.
    public let classes: Int
    /// Gaps of 0, 1, …, t − 1 misses, and of t or more.
    public private(set) var counts: [Int]
    private var gap = 0
    private var started = false

    /// Hits with probability 2^−hitBits, gaps in `classes` + 1 classes.
    public init(hitBits: Int = 4, classes: Int = 48) {
        self.hitBits = hitBits
        self.classes = classes
        counts = [Int](repeating: 0, count: classes + 1)
    }

    /// Adds a draw's top `hitBits` bits (0 is a hit).
    public mutating func add(topBits: UInt32) {
        guard topBits == 0 else {
            gap += 1
            return
        }
        // The draws before the first hit are not a gap.
        if started { counts[min(gap, classes)] += 1 }
        started = true
        gap = 0
    }

    /// The classes' probabilities: p(1 − p)^r for r < t, and (1 − p)^t.
    public var probabilities: [Double] {
        let p = pow(2, -Double(hitBits))
        return (0..<classes).map { p * pow(1 - p, Double($0)) } + [pow(1 - p, Double(classes))]
    }

    /// The gaps needed for every class to expect at least 5.
    public var gapsNeeded: Int { Int((5 / probabilities.min()!).rounded(.up)) }

    /// (χ², P); nil while a class expects fewer than 5.
    public func result() throws -> (statistic: Double, pValue: Double)? {
        guard counts.reduce(0, +) >= gapsNeeded else { return nil }
        let statistic = SP80022.pearson(counts, probabilities)
        return (statistic, try SP80022.chiSquareTail(statistic, degreesOfFreedom: Double(classes)))
    }
}

/// The serial test of tuples: consecutive draws taken k at a time (non-overlapping), each cut to its top r
/// bits, count the 2^(rk) cells; χ² against equal cells with 2^(rk) − 1 degrees of freedom, at every
/// resolution r ≤ `finestBits` where each cell expects at least 5. Points of an LCG fall on few planes
/// (RANDU's triples on 15), which fine cells see.
public struct SerialTupleTest: Sendable, Hashable {
    /// k, draws per tuple.
    public let dimensions: Int
    /// The finest resolution: each draw's top bits kept.
    public let finestBits: Int
    /// Whole tuples counted.
    public private(set) var tuples = 0
    private var counts: [UInt32]
    private var cell = 0
    private var filled = 0
    /// Tuples' cells not yet counted: counted a few hundred at a time, so that the table's cache misses
    /// (it is 4 to 64 MB) overlap instead of each waiting for the last.
    private var uncounted: [UInt32] = []
    private static let uncountedCapacity = 512

    /// Tuples of `dimensions` draws, counted at `finestBits` bits each (at most 2^24 cells).
    public init(dimensions: Int, finestBits: Int) {
        precondition((2...4).contains(dimensions) && dimensions * finestBits <= 24, "tuples of 2 to 4 draws, at most 2^24 cells")
        self.dimensions = dimensions
        self.finestBits = finestBits
        counts = [UInt32](repeating: 0, count: 1 << (dimensions * finestBits))
        uncounted.reserveCapacity(Self.uncountedCapacity)
    }

    /// Adds a draw's top `finestBits` bits.
    public mutating func add(topBits: UInt32) {
        cell = cell << finestBits | Int(topBits)
        filled += 1
        guard filled == dimensions else { return }
        uncounted.append(UInt32(truncatingIfNeeded: cell))
        tuples += 1
        (cell, filled) = (0, 0)
        if uncounted.count == Self.uncountedCapacity {
            Self.count(uncounted, into: &counts)
            uncounted.removeAll(keepingCapacity: true)
        }
    }

    private static func count(_ cells: [UInt32], into counts: inout [UInt32]) {
        counts.withUnsafeMutableBufferPointer { counts in
            for cell in cells where counts[Int(cell)] < UInt32.max { counts[Int(cell)] += 1 }
        }
    }

    /// Every tuple's count at the finest resolution.
    private var finestCounts: [UInt32] {
        guard !uncounted.isEmpty else { return counts }
        var out = counts
        Self.count(uncounted, into: &out)
        return out
    }

    /// The counts of the cells at resolution r (each coordinate's top r bits), coarser than the finest.
    func counts(atBits r: Int) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: 1 << (dimensions * r))
        let drop = finestBits - r, coordinateMask = (1 << finestBits) - 1
        for (index, count) in finestCounts.enumerated() where count > 0 {
            var coarse = 0
            for coordinate in (0..<dimensions).reversed() {
                coarse = coarse << r | ((index >> (coordinate * finestBits)) & coordinateMask) >> drop
            }
            let sum = out[coarse].addingReportingOverflow(count)
            out[coarse] = sum.overflow ? .max : sum.partialValue
        }
        return out
    }

    /// Pearson's χ² of cell counts against equal cells (the arithmetic of `SP80022.pearson`, without its
    /// array of 2^24 equal probabilities).
    static func uniformPearson(_ cells: [UInt32]) -> Double {
        let expected = Double(cells.reduce(0) { $0 + Int($1) }) * (1 / Double(cells.count))
        return cells.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
    }

    /// The resolutions whose cells each expect at least 5 tuples, coarsest first.
    public var resolutions: [Int] { (1...finestBits).filter { Double(tuples) / pow(2, Double(dimensions * $0)) >= 5 } }

    /// (resolution, χ², P) at each of ``resolutions``.
    public func results() throws -> [(bits: Int, statistic: Double, pValue: Double)] {
        try resolutions.map { r in
            // The finest resolution's counts are the table itself; coarser ones are summed from it.
            let cells = r == finestBits ? finestCounts : counts(atBits: r)
            let statistic = Self.uniformPearson(cells)
            return (r, statistic, try SP80022.chiSquareTail(statistic, degreesOfFreedom: Double(cells.count - 1)))
        }
    }
}

/// The autocorrelation of a bit stream at the lags 1, 2, 4, …, 2¹⁷: for a lag ℓ, the A agreements
/// bᵢ = bᵢ₊ℓ among the n − ℓ pairs are Binomial(n − ℓ, ½) for fair independent bits (the XORs
/// bᵢ ⊕ bᵢ₊ℓ are themselves independent fair bits), tested exactly, two-sided; Bonferroni over the lags.
/// The lowest bits of a linear congruential generator modulo 2ᵉ have periods 2, 4, 8, … (Knuth, TAOCP
/// vol. 2, section 3.2.1.1), so they agree at such a lag far more than half the time.
public struct LowBitAutocorrelationTest: Sendable, Hashable {
    /// The most bits kept.
    public let capacity: Int
    /// The lowest bits kept, in order.
    public private(set) var bits: BitSequence

    /// Keeps the lowest bits of up to `capacity` draws.
    public init(capacity: Int = 1 << 20) {
        self.capacity = capacity
        bits = BitSequence(capacity: capacity)
    }

    /// Adds a draw's lowest bit (bit 0 of `bit`).
    public mutating func add(_ bit: UInt64) {
        if bits.count < capacity { bits.append(bit & 1, bitCount: 1) }
    }

    /// The lags with at least 1000 pairs.
    public var lags: [Int] { (0...17).map { 1 << $0 }.filter { bits.count - $0 >= 1000 } }

    /// The agreements at lag ℓ.
    public func agreements(atLag lag: Int) -> Int {
        var differ = 0, position = 0
        let pairs = bits.count - lag
        while position < pairs {
            let take = min(57, pairs - position)
            differ += (bits.window(at: position, length: take) ^ bits.window(at: position + lag, length: take)).nonzeroBitCount
            position += take
        }
        return pairs - differ
    }

    /// The most extreme lag: (lag, agreements, pairs, P, log₁₀ P) with P Bonferroni-adjusted over the lags;
    /// nil below 1000 pairs at lag 1.
    public func result() throws -> (lag: Int, agreements: Int, pairs: Int, pValue: Double, log10PValue: Double)? {
        let lags = self.lags
        guard !lags.isEmpty else { return nil }
        var worst: (lag: Int, agreements: Int, pairs: Int, log10: Double)?
        for lag in lags {
            let pairs = bits.count - lag, agreements = agreements(atLag: lag)
            let p = try BinomialTest.twoSidedPValue(successes: Double(agreements), trials: Double(pairs), hypothesised: 0.5)
            let log10P =
                p >= 1e-290
                ? log10(p) : try BinomialTest.log10TwoSidedPValue(successes: Double(agreements), trials: Double(pairs), hypothesised: 0.5)
            if worst == nil || log10P < worst!.log10 { worst = (lag, agreements, pairs, log10P) }
        }
        let log10P = min(0, worst!.log10 + log10(Double(lags.count)))
        return (worst!.lag, worst!.agreements, worst!.pairs, pow(10, log10P), log10P)
    }
}

/// Collisions of tuples: points made of `dimensions` consecutive draws' top `bitsPerDraw` bits each,
/// up to ``maximumPoints`` of them, fall into 2^(dimensions · bitsPerDraw) urns; the collisions are
/// compared with their exact law (``DrawStatistics/collisionDistribution(balls:urns:)``), two-sided.
/// A generator whose consecutive top bits are tied to a small state collides too rarely: in V8's
/// MWC1616 each draw's top 16 bits x come from one multiply-with-carry generator, x' = 18030 x + c mod
/// 2¹⁶ with a carry c < 18030, so a pair of consecutive top halves is its state (x, c), and states do
/// not repeat within its period of about 2²⁹: 2¹⁹ pairs never collide where 32 collisions are expected.
/// (A lattice, such as RANDU's low bits, also collides too rarely; uneven draws collide too often.)
public struct TupleCollisionTest: Sendable, Hashable {
    /// Draws per point.
    public let dimensions: Int
    /// Top bits of each draw in a point.
    public let bitsPerDraw: Int
    /// The most points kept.
    public let maximumPoints: Int
    private var keys: [UInt64] = []
    private var key: UInt64 = 0
    private var filled = 0

    /// Points of `dimensions` draws' top `bitsPerDraw` bits, up to `maximumPoints` (2¹⁹ pairs of 16 bits by default).
    public init(dimensions: Int = 2, bitsPerDraw: Int = 16, maximumPoints: Int = 1 << 19) {
        precondition(dimensions * bitsPerDraw <= 63, "points of at most 63 bits")
        self.dimensions = dimensions
        self.bitsPerDraw = bitsPerDraw
        self.maximumPoints = maximumPoints
    }

    /// Points kept.
    public var points: Int { keys.count }
    /// Whether the test takes no more points.
    public var isComplete: Bool { keys.count >= maximumPoints }

    /// Adds a draw's top `bitsPerDraw` bits.
    public mutating func add(topBits: UInt64) {
        guard !isComplete else { return }
        key = key << UInt64(bitsPerDraw) | topBits
        filled += 1
        guard filled == dimensions else { return }
        keys.append(key)
        (key, filled) = (0, 0)
    }

    /// The collisions: points minus distinct points.
    public func collisions() -> Int {
        let sorted = keys.sorted()
        return zip(sorted.dropFirst(), sorted).reduce(0) { $0 + ($1.0 == $1.1 ? 1 : 0) }
    }

    /// (collisions, expected, two-sided P); nil below 1000 points.
    public func result() -> (collisions: Int, expected: Double, pValue: Double)? {
        guard keys.count >= 1000 else { return nil }
        let law = DrawStatistics.collisionDistribution(balls: keys.count, urns: pow(2, Double(dimensions * bitsPerDraw)))
        let observed = collisions()
        let expected = law.enumerated().reduce(0.0) { $0 + Double($1.0) * $1.1 }
        let upper = observed < law.count ? min(1, law[observed...].reduce(0, +)) : 0
        let lower = min(1, law.prefix(observed + 1).reduce(0, +))
        return (observed, expected, DrawStatistics.twoSided(lower: lower, upper: upper))
    }
}
