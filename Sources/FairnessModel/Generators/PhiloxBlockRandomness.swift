import Foundation

/// Philox: every trial's draws depend only on (seed, stream, trial) (see `TrialRandom`), so blocks and threads
/// cannot change any draw. The shared first-word block of four consecutive trials is computed once.
public struct PhiloxBlockRandomness: BlockRandomness {
    @usableFromInline let seed: UInt64
    /// The stream: the second key word of every block.
    @usableFromInline let stream: UInt64
    @usableFromInline var cachedGroup: UInt64 = .max
    @usableFromInline var cachedWords: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    @inlinable
    public init(context: Void, seed: UInt64, stream: UInt64, block: UInt64) {
        self.seed = seed
        self.stream = stream
    }

    @inlinable
    public mutating func withTrial<Result>(_ trial: UInt64, _ body: (inout TrialRandom) -> Result) -> Result {
        let group = trial >> 2
        if group != cachedGroup {
            cachedWords = TrialRandom.firstWords(seed: seed, stream: stream, group: group)
            cachedGroup = group
        }
        var generator = TrialRandom(seed: seed, stream: stream, trial: trial, firstWord: TrialRandom.word(cachedWords, for: trial))
        return body(&generator)
    }
}
