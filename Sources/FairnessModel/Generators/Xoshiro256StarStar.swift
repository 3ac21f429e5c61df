/// xoshiro256** 1.0 (Blackman and Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS 47,
/// 2021): 256 bits of state, period 2²⁵⁶ − 1, one 64-bit word per call for a handful of shifts, xors and
/// two multiplies — about five times the speed of a Philox4x64-10 word on this kind of machine.
///
/// The toolkit's default run draws each block of trials from its own xoshiro256** stream whose state is
/// a Philox4x64-10 block keyed by (seed, subject stream) at a counter naming the block (see
/// ``init(seed:stream:block:)``): the counter-based generator decides *where* each block starts, the
/// fast generator fills it. Blocks are fixed by the trial count and block size, so every tally is the same
/// whichever thread, machine or shard runs a block. Known answers are checked against the `randomgen`
/// package's `Xoshiro256` (Tests/FairnessModelTests/Fixtures/make_xoshiro_reference.py).
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// The generator in state `state` (the words s[0] ... s[3] of the reference implementation).
    /// - Precondition: Not all four words are zero (the one state the generator never leaves).
    @inlinable
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        precondition(state != (0, 0, 0, 0), "xoshiro256** cannot start from the all-zero state")
        (s0, s1, s2, s3) = state
    }

    /// The stream of block `block` of a run keyed by (`seed`, `stream`): state = Philox4x64-10 at counter
    /// (block, 0, 0, 2) under key (seed, stream). The last counter word, 2, keeps these blocks apart from
    /// the per-trial blocks of `TrialRandom` (0 and 1). Should Philox ever give the all-zero state (chance
    /// 2⁻²⁵⁶), counter (block, 1, 0, 2) is used instead.
    @inlinable
    public init(seed: UInt64, stream: UInt64, block: UInt64) {
        let state = Philox4x64.block(counter: (block, 0, 0, 2), key: (seed, stream))
        self.init(state: state != (0, 0, 0, 0) ? state : Philox4x64.block(counter: (block, 1, 0, 2), key: (seed, stream)))
    }

    /// The current state, s[0] ... s[3].
    public var state: (UInt64, UInt64, UInt64, UInt64) { (s0, s1, s2, s3) }

    /// The next word: rotl(s1 · 5, 7) · 9, then the xorshift-and-rotate state update.
    @inlinable
    public mutating func next() -> UInt64 {
        let product = s1 &* 5
        let result = ((product << 7) | (product >> 57)) &* 9
        let shifted = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= shifted
        s3 = (s3 << 45) | (s3 >> 19)
        return result
    }
}
