import CGSL

/// One of GSL's random number generators (`gsl:mt19937`, `gsl:ranlxd2`, `gsl:taus2`, the historically weak
/// `gsl:randu`, ...) as a Swift `RandomNumberGenerator`.
///
/// GSL generators return integers in [min, max], often fewer than 64 bits (mt19937: 32; randu: 31).
/// ``next()`` concatenates the low ⌊log₂(max − min + 1)⌋ bits of as many draws as it takes to fill 64 bits,
/// so nothing is stretched or biased, and a weak generator's weaknesses reach the audit undiluted.
/// One instance owns one `gsl_rng` and is not shared between threads.
public final class GSLGenerator: RandomNumberGenerator {
    private let rng: UnsafeMutablePointer<gsl_rng>
    private let bitsPerDraw: Int
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
        var filled = 0
        let mask: UInt64 = bitsPerDraw == 64 ? .max : (1 << UInt64(bitsPerDraw)) - 1
        while filled < 64 {
            let draw = UInt64(gsl_rng_get(rng) - minimum) & mask
            result |= draw << UInt64(filled)
            filled += bitsPerDraw
        }
        return result
    }
}
