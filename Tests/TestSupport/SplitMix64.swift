/// SplitMix64 (Steele, Lea and Flood, 2014): a small seeded generator for reproducible test data and
/// schedules. Not the toolkit's generator; tests use it where they need their own draws.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state: advanced by the golden-ratio increment on every draw.
    public var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64-bit word.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double on [0, 1) from the word's top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / 9_007_199_254_740_992 }
}
