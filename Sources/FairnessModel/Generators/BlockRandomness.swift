import Foundation

/// Randomness for the trials of one block. Implementations are chosen once per run, so the trial loop is
/// specialised for each (no existential per trial).
public protocol BlockRandomness: SendableMetatype {
    /// The generator a trial draws from.
    associatedtype Generator: RandomNumberGenerator
    /// Whatever the run fixes for every block (a GSL generator's name, say).
    associatedtype Context: Sendable
    /// Prepares the randomness of block `block`.
    ///
    /// - Throws: If the randomness cannot be prepared; only FairnessRunner's `GSLBlockRandomness` throws, and
    ///   its `MonteCarloRunner` passes the error on.
    init(context: Context, seed: UInt64, stream: UInt64, block: UInt64) throws
    /// Runs `body` with the generator for trial `trial`.
    mutating func withTrial<Result>(_ trial: UInt64, _ body: (inout Generator) -> Result) -> Result
}
