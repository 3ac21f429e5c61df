import FairnessModel
import FairnessStatistics

/// The audit's draws from a GSL generator go through GSL's own `gsl_rng_uniform` and
/// `gsl_rng_uniform_int`, as a game calling GSL would make them.
extension GSLGenerator: NativeMappingGenerator {
    /// `gsl_rng_uniform`.
    public func nativeUnitInterval() -> Double { uniform() }
    /// `gsl_rng_uniform_int` (see `GSLGenerator.uniformInteger(below:)`).
    public func nativeUniformInteger(below bound: UInt64) -> UInt64 { uniformInteger(below: bound) }
}
