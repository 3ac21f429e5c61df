/// The toolkit's own mappings from raw generator bits to the values a game draws.
///
/// The standard library's `random(in:)` is not used on reproducible paths: its algorithm is not part of
/// Swift's stability promise, so the same seed could give different draws on another Swift version.
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
        var product = generator.next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = generator.next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniform double in [0, 1): the top 53 bits of one 64-bit draw, times 2^-53. Every value is a
    /// multiple of 2^-53, each with probability 2^-53.
    @inlinable
    public static func unitInterval<G: RandomNumberGenerator>(using generator: inout G) -> Double {
        Double(generator.next() >> 11) * 0x1p-53
    }
}
