/// The toolkit's own mappings from raw generator bits to the values a game draws.
///
/// The standard library's `random(in:)` is not used on reproducible paths: its algorithm is not part of
/// Swift's stability promise, so the same seed could give different draws on another Swift version.
///
/// A generator that conforms to ``NativeMappingGenerator`` maps its own output instead (GSL's
/// `gsl_rng_uniform` and `gsl_rng_uniform_int`, as a game calling GSL does): the check is on the
/// generator's type, so for the toolkit's own value-type generators it costs nothing once specialised.
public enum Sampling {
    /// A uniform integer in 0 ..< bound (bound ≥ 1), unbiased, by Lemire's multiply-and-reject method
    /// ("Fast Random Integer Generation in an Interval", 2019): one 64×64→128-bit multiply, and a
    /// rejection (probability < bound / 2^64) only when the low half falls in the biased zone.
    /// - Parameters:
    ///   - bound: The exclusive upper bound of the result.
    ///   - generator: The source of 64-bit words; one word per attempt.
    /// - Precondition: `bound` is greater than 0.
    @inlinable
    public static func uniformInteger<G: RandomNumberGenerator>(below bound: UInt64, using generator: inout G) -> UInt64 {
        precondition(bound > 0, "bound must be positive")
        if mayMapNatively(G.self), let native = generator as? any NativeMappingGenerator {
            return native.nativeUniformInteger(below: bound)
        }
        var product = generator.next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = generator.next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// Whether `G` may be a ``NativeMappingGenerator`` (a class). `G.self is AnyObject.Type` is a call into
    /// the runtime on every draw (a tenth of a wheel trial); a class is one reference wide, and that size
    /// is a constant once `G` is known, so the toolkit's own generators (32 bytes and more) and the system
    /// generator (empty) skip the check at compile time.
    @inlinable
    static func mayMapNatively<G: RandomNumberGenerator>(_: G.Type) -> Bool {
        MemoryLayout<G>.size == MemoryLayout<AnyObject>.size && G.self is AnyObject.Type
    }

    /// A uniform double in [0, 1): the top 53 bits of one 64-bit draw, times 2^-53. Every value is a
    /// multiple of 2^-53, each with probability 2^-53.
    @inlinable
    public static func unitInterval<G: RandomNumberGenerator>(using generator: inout G) -> Double {
        if mayMapNatively(G.self), let native = generator as? any NativeMappingGenerator {
            return native.nativeUnitInterval()
        }
        return Double(generator.next() >> 11) * 0x1p-53
    }
}

/// A generator that turns its own output into values the way a game calling its library would, rather
/// than through the toolkit's ``Sampling`` methods: GSL's generators map with `gsl_rng_uniform` and
/// `gsl_rng_uniform_int`, so a weak GSL generator reaches the audit as a game using it would see it.
/// ``Sampling`` defers to these methods for any generator that conforms.
public protocol NativeMappingGenerator: AnyObject, RandomNumberGenerator {
    /// A double in [0, 1) by the library's own method.
    func nativeUnitInterval() -> Double
    /// An integer in 0 ..< bound by the library's own method.
    /// - Precondition: `bound` is greater than 0.
    func nativeUniformInteger(below bound: UInt64) -> UInt64
}
