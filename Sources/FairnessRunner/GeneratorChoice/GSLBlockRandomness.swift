import FairnessModel
import FairnessStatistics
import Foundation

/// A GSL generator, seeded for each block from Philox(seed, block), so blocks are reproducible and
/// independent of the thread that runs them.
public struct GSLBlockRandomness: BlockRandomness {
    @usableFromInline var generator: GSLGenerator
    /// Creates the GSL generator `name` for block `block`, seeded from Philox(`seed`, `block`).
    ///
    /// - Throws: `StatisticsError.invalidArgument(_:)` if GSL has no generator named `name`, and
    ///   `StatisticsError.gsl(function:status:message:)` if GSL cannot allocate it.
    public init(context name: String, seed: UInt64, stream: UInt64, block: UInt64) throws {
        let derived = Philox4x64.block(counter: (block, stream, 0, 0), key: (seed, 0x6773_6C62_6C6F_636B)).0
        // 32-bit seeds: several GSL generators (minstd among them) keep a wider seed unreduced, their state
        // leaves [min, max], and gsl_rng_uniform_int then never returns.
        generator = try GSLGenerator(name: name, seed: UInt(derived & 0xFFFF_FFFF) | 1)
    }
    @inlinable
    public mutating func withTrial<Result>(_ trial: UInt64, _ body: (inout GSLGenerator) -> Result) -> Result {
        body(&generator)
    }
}
