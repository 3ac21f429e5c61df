/// The randomness of one trial, a function of (seed, stream, trial index) only.
///
/// Key (seed, stream); the stream is 0 by default, and an audit gives each subject its own (a key derived
/// from the subject's name), so subjects never share draws. The trial's first 64-bit word is word `trial mod 4` of the block at counter
/// (⌊trial / 4⌋, 0, 0, 1) — one block serves four consecutive trials, so a trial that needs one word (a
/// wheel spin) costs a quarter of a block. Any further words come four at a time from counters
/// (trial, 0, 0, 0), (trial, 1, 0, 0), … The last counter word keeps the two kinds of block apart.
public struct TrialRandom: RandomNumberGenerator, Sendable {
    @usableFromInline let seed: UInt64
    /// The second key word: 0 for the toolkit's default stream, the subject's stream key in an audit.
    @usableFromInline let stream: UInt64
    @usableFromInline let trial: UInt64
    @usableFromInline let firstWord: UInt64
    @usableFromInline var firstWordUsed = false
    @usableFromInline var nextBlock: UInt64 = 0
    @usableFromInline var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    @usableFromInline var position = 4

    /// The shared block holding the first words of trials 4k ..< 4k + 4.
    @inlinable
    package static func firstWords(seed: UInt64, stream: UInt64 = 0, group: UInt64) -> (UInt64, UInt64, UInt64, UInt64) {
        Philox4x64.block(counter: (group, 0, 0, 1), key: (seed, stream))
    }

    /// Word `trial mod 4` of `words`.
    @inlinable
    package static func word(_ words: (UInt64, UInt64, UInt64, UInt64), for trial: UInt64) -> UInt64 {
        switch trial & 3 {
        case 0: return words.0
        case 1: return words.1
        case 2: return words.2
        default: return words.3
        }
    }

    /// The generator of trial `trial`, computing its shared first-word block.
    @inlinable
    public init(seed: UInt64, stream: UInt64 = 0, trial: UInt64) {
        self.init(
            seed: seed, stream: stream, trial: trial,
            firstWord: Self.word(Self.firstWords(seed: seed, stream: stream, group: trial >> 2), for: trial))
    }

    /// The generator of trial `trial` given its first word (from a shared block the caller cached).
    @inlinable
    package init(seed: UInt64, stream: UInt64 = 0, trial: UInt64, firstWord: UInt64) {
        self.seed = seed
        self.stream = stream
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
            buffer = Philox4x64.block(counter: (trial, nextBlock, 0, 0), key: (seed, stream))
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
