import FairnessModel
import Foundation
import Synchronization

/// Counts that add up exactly: merging per-thread tallies in any order gives the same result.
public protocol Tally: Sendable, Codable {
    /// Adds the counts of `other`, a tally of other trials of the same driver, to this one.
    mutating func merge(_ other: Self)
}

/// What a subject does in one block of trials, for any randomness.
public protocol TrialDriver: Sendable {
    /// The tally a block of trials counts into.
    associatedtype Counts: Tally
    /// An empty tally.
    func makeTally() -> Counts
    /// Runs trials `range` (one block) into `tally`.
    ///
    /// - Complexity: O(`range.count`) trials in conforming drivers.
    func run<R: BlockRandomness>(_ range: Range<UInt64>, randomness: inout R, into tally: inout Counts)
}

/// Runs a driver's trials on the engine and returns the merged tally: `MonteCarloRunner.run(_:settings:)`,
/// as a closure made where the driver's type is concrete so the trial loop is specialised for it.
public typealias Sampler<Driver: TrialDriver> = @Sendable (Driver, RunSettings) throws -> Driver.Counts
