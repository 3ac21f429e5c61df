/// Philox4x64-10 (Salmon, Moraes, Dror and Shaw, "Parallel random numbers: as easy as 1, 2, 3", SC11):
/// a counter-based generator. The output for a 256-bit counter under a 128-bit key is ten rounds of
/// multiply-high/low mixing with a Weyl-sequence key schedule; distinct counters give independent-looking
/// blocks of four 64-bit words, with no state to carry and no streams to overlap.
///
/// The toolkit's default generator is built on it so that every trial's randomness depends only on
/// (seed, trial index): the tallies are bit-identical whatever the number of threads, and a 10^12-trial
/// audit can be sharded across machines by trial range. Known-answer vectors from Random123 and NumPy's
/// `Philox` are checked in the tests.
public enum Philox4x64 {
    @usableFromInline static let multiplier0: UInt64 = 0xD2E7_470E_E14C_6C93
    @usableFromInline static let multiplier1: UInt64 = 0xCA5A_8263_9512_1157
    @usableFromInline static let weyl0: UInt64 = 0x9E37_79B9_7F4A_7C15
    @usableFromInline static let weyl1: UInt64 = 0xBB67_AE85_84CA_A73B

    /// The four output words for `counter` under `key`.
    @inlinable
    public static func block(counter: (UInt64, UInt64, UInt64, UInt64), key: (UInt64, UInt64))
        -> (UInt64, UInt64, UInt64, UInt64) {
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

/// The randomness of one trial, a function of (seed, trial index) only.
///
/// Key (seed, 0). The trial's first 64-bit word is word `trial mod 4` of the block at counter
/// (⌊trial / 4⌋, 0, 0, 1) — one block serves four consecutive trials, so a trial that needs one word (a
/// wheel spin) costs a quarter of a block. Any further words come four at a time from counters
/// (trial, 0, 0, 0), (trial, 1, 0, 0), … The last counter word keeps the two kinds of block apart.
public struct TrialRandom: RandomNumberGenerator, Sendable {
    @usableFromInline let seed: UInt64
    @usableFromInline let trial: UInt64
    @usableFromInline let firstWord: UInt64
    @usableFromInline var firstWordUsed = false
    @usableFromInline var nextBlock: UInt64 = 0
    @usableFromInline var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    @usableFromInline var position = 4

    /// The shared block holding the first words of trials 4k ..< 4k + 4.
    @inlinable
    public static func firstWords(seed: UInt64, group: UInt64) -> (UInt64, UInt64, UInt64, UInt64) {
        Philox4x64.block(counter: (group, 0, 0, 1), key: (seed, 0))
    }

    /// Word `trial mod 4` of `words`.
    @inlinable
    public static func word(_ words: (UInt64, UInt64, UInt64, UInt64), for trial: UInt64) -> UInt64 {
        switch trial & 3 {
        case 0: return words.0
        case 1: return words.1
        case 2: return words.2
        default: return words.3
        }
    }

    /// The generator of trial `trial`, computing its shared first-word block.
    @inlinable
    public init(seed: UInt64, trial: UInt64) {
        self.init(seed: seed, trial: trial, firstWord: Self.word(Self.firstWords(seed: seed, group: trial >> 2), for: trial))
    }

    /// The generator of trial `trial` given its first word (from a shared block the caller cached).
    @inlinable
    public init(seed: UInt64, trial: UInt64, firstWord: UInt64) {
        self.seed = seed
        self.trial = trial
        self.firstWord = firstWord
    }

    @inlinable
    public mutating func next() -> UInt64 {
        if !firstWordUsed {
            firstWordUsed = true
            return firstWord
        }
        if position == 4 {
            buffer = Philox4x64.block(counter: (trial, nextBlock, 0, 0), key: (seed, 0))
            nextBlock &+= 1
            position = 0
        }
        defer { position += 1 }
        switch position {
        case 0: return buffer.0
        case 1: return buffer.1
        case 2: return buffer.2
        default: return buffer.3
        }
    }
}
