/// The default randomness: each block draws from its own xoshiro256** stream, seeded by Philox4x64-10 at
/// (seed, subject stream, block) (see `Xoshiro256StarStar.init(seed:stream:block:)`). A trial's draws are
/// the next words of its block's stream, so the trials of a block must be asked for in increasing order,
/// each once — as every trial driver of FairnessRunner does. One Philox call per block of 65,536 trials; then about a
/// nanosecond per word.
public struct XoshiroBlockRandomness: BlockRandomness {
    @usableFromInline var generator: Xoshiro256StarStar

    @inlinable
    public init(context: Void, seed: UInt64, stream: UInt64, block: UInt64) {
        generator = Xoshiro256StarStar(seed: seed, stream: stream, block: block)
    }

    @inlinable
    public mutating func withTrial<Result>(_ trial: UInt64, _ body: (inout Xoshiro256StarStar) -> Result) -> Result {
        body(&generator)
    }
}
