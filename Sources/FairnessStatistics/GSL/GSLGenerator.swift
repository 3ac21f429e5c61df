import CGSL

/// One of GSL's random number generators (`gsl:mt19937`, `gsl:ranlxd2`, `gsl:taus2`, the historically weak
/// `gsl:randu`, ...) as a Swift `RandomNumberGenerator`.
///
/// A game that calls GSL draws its values with GSL's own mappings: ``uniform()`` is `gsl_rng_uniform`
/// and ``uniformInteger(below:)`` is `gsl_rng_uniform_int`; the audit's draws go through exactly these
/// (see `NativeMappingGenerator` in FairnessModel), so a weak generator fails as a game using it would.
///
/// ``next()``, for code that wants raw words, stacks the ⌊log₂(max − min + 1)⌋ bits of successive draws
/// from the top of the word down (the first draw in the most significant bits; the last one cut to what
/// fits), so whatever reads the word's high bits sees whole draws.
/// One instance owns one `gsl_rng` and is not shared between threads.
public final class GSLGenerator: RandomNumberGenerator {
    private let rng: UnsafeMutablePointer<gsl_rng>
    /// The bits of one draw: ⌊log₂(max − min + 1)⌋ (30 for `randu` and `minstd`, whose range is just short
    /// of 2³¹; 31 for `rand`; 32 for `mt19937`).
    public let bitsPerDraw: Int
    private let minimum: UInt

    /// The names GSL knows, without the `gsl:` prefix.
    /// - Complexity: O(t log t) for the t generator types GSL provides (sorted by name).
    public static var availableNames: [String] {
        var names: [String] = []
        var cursor = cgsl_rng_types()
        while let type = cursor?.pointee {
            names.append(String(cString: type.pointee.name))
            cursor = cursor?.advanced(by: 1)
        }
        return names.sorted()
    }

    /// A generator of GSL type `name`, seeded with `seed` (GSL seeds are `unsigned long`; 0 means GSL's
    /// default seed for the type).
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` if GSL has no generator called `name`, and
    ///   ``StatisticsError/gsl(function:status:message:)`` if `gsl_rng_alloc` cannot allocate it.
    /// - Complexity: O(t) for the t generator types GSL provides, to find `name`.
    public init(name: String, seed: UInt) throws {
        GSL.setUp()
        var cursor = cgsl_rng_types()
        var found: UnsafePointer<gsl_rng_type>?
        while let type = cursor?.pointee {
            if String(cString: type.pointee.name) == name { found = type; break }
            cursor = cursor?.advanced(by: 1)
        }
        guard let found else {
            throw StatisticsError.invalidArgument("unknown GSL generator '\(name)'")
        }
        guard let rng = gsl_rng_alloc(found) else {
            throw StatisticsError.gsl(function: "gsl_rng_alloc", status: Int32(GSL_ENOMEM), message: "could not allocate generator \(name)")
        }
        self.rng = rng
        gsl_rng_set(rng, seed)
        minimum = gsl_rng_min(rng)
        let range = gsl_rng_max(rng) - minimum
        bitsPerDraw = range == UInt.max ? 64 : (UInt.bitWidth - (range + 1).leadingZeroBitCount - 1)
    }

    deinit { gsl_rng_free(rng) }

    /// GSL's name for the generator's type, without the `gsl:` prefix (`mt19937`, ...).
    public var name: String { String(cString: gsl_rng_name(rng)) }

    public func next() -> UInt64 {
        var result: UInt64 = 0
        var free = 64
        let mask: UInt64 = bitsPerDraw == 64 ? .max : (1 << UInt64(bitsPerDraw)) - 1
        while free > 0 {
            let draw = UInt64(gsl_rng_get(rng) - minimum) & mask
            if free >= bitsPerDraw {
                free -= bitsPerDraw
                result |= draw << UInt64(free)
            } else {
                result |= draw >> UInt64(bitsPerDraw - free)
                free = 0
            }
        }
        return result
    }

    /// One raw draw, `gsl_rng_get` − min, in its low ``bitsPerDraw`` bits (all of the output for a range of
    /// 2^k values; the low 30 bits of `randu`'s and `minstd`'s 31-bit range).
    public func rawDraw() -> UInt64 { UInt64(gsl_rng_get(rng) - minimum) & (bitsPerDraw == 64 ? .max : (1 << UInt64(bitsPerDraw)) - 1) }

    /// `gsl_rng_uniform`: a double in [0, 1) by the generator's own method (for mt19937, a 32-bit draw
    /// divided by 2^32).
    public func uniform() -> Double { gsl_rng_uniform(rng) }

    /// `gsl_rng_uniform_int`: an integer in 0 ..< bound, unbiased, by GSL's own rejection method, for
    /// bounds up to the generator's range (max − min + 1). Larger bounds, which GSL refuses, are drawn as
    /// ⌊`gsl_rng_uniform` · bound⌋ — what a game falling back on the uniform double would do.
    /// - Precondition: `bound` is greater than 0.
    public func uniformInteger(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "bound must be positive")
        let range = UInt64(gsl_rng_max(rng) - minimum)
        if range == .max || bound - 1 <= range, bound <= UInt64(UInt.max) {
            return UInt64(gsl_rng_uniform_int(rng, UInt(bound)))
        }
        return min(bound - 1, UInt64((gsl_rng_uniform(rng) * Double(bound)).rounded(.down)))
    }
}
