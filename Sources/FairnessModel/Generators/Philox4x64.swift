/// Philox4x64-10 (Salmon, Moraes, Dror and Shaw, "Parallel random numbers: as easy as 1, 2, 3", SC11):
/// a counter-based generator. The output for a 256-bit counter under a 128-bit key is ten rounds of
/// multiply-high/low mixing with a Weyl-sequence key schedule; distinct counters give independent-looking
/// blocks of four 64-bit words, with no state to carry and no streams to overlap.
///
/// The toolkit's generators are keyed with it: the default run seeds each block's ``Xoshiro256StarStar``
/// stream from a Philox block at (seed, subject, block), so blocks are independent of the threads and
/// machines that run them, and `TrialRandom` (the `philox` choice) draws each trial's words from Philox
/// itself, so they depend only on (seed, trial index). Known-answer vectors from Random123 and NumPy's
/// `Philox` are checked in the tests.
public enum Philox4x64 {
    @usableFromInline static let multiplier0: UInt64 = 0xD2E7_470E_E14C_6C93
    @usableFromInline static let multiplier1: UInt64 = 0xCA5A_8263_9512_1157
    @usableFromInline static let weyl0: UInt64 = 0x9E37_79B9_7F4A_7C15
    @usableFromInline static let weyl1: UInt64 = 0xBB67_AE85_84CA_A73B

    /// The four output words for `counter` under `key`.
    @inlinable
    public static func block(
        counter: (UInt64, UInt64, UInt64, UInt64), key: (UInt64, UInt64)
    )
        -> (UInt64, UInt64, UInt64, UInt64)
    {
        var (c0, c1, c2, c3) = counter
        var (k0, k1) = key
        for round in 0..<10 {
            if round > 0 {
                k0 &+= weyl0
                k1 &+= weyl1
            }
            let p0 = multiplier0.multipliedFullWidth(by: c0)
            let p1 = multiplier1.multipliedFullWidth(by: c2)
            (c0, c1, c2, c3) = (p1.high ^ c1 ^ k0, p1.low, p0.high ^ c3 ^ k1, p0.low)
        }
        return (c0, c1, c2, c3)
    }
}
