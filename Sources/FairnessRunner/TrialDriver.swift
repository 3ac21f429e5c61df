import FairnessModel
import Foundation
import Synchronization

/// Counts that add up exactly: merging per-thread tallies in any order gives the same result.
public protocol Tally: Sendable, Codable {
    /// Adds the counts of `other`, a tally of other trials of the same driver, to this one.
    mutating func merge(_ other: Self)
    /// Whether `other` — read from a shard's file, so not trusted — can be merged into this tally: the same
    /// shape (the same number of cells of each kind), its own counts consistent, and no sum past
    /// `UInt64.max`. ``merge(_:)`` traps on any of these; a tally from this process always passes.
    func canMerge(_ other: Self) -> Bool
}

extension Array where Element == UInt64 {
    /// Whether `other` has as many cells and each sum stays within `UInt64`.
    func canAdd(_ other: [UInt64]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { !$0.addingReportingOverflow($1).overflow }
    }

    /// The sum of the cells, or nil past `UInt64.max`.
    var checkedSum: UInt64? {
        var total: UInt64 = 0
        for value in self {
            let (sum, overflow) = total.addingReportingOverflow(value)
            if overflow { return nil }
            total = sum
        }
        return total
    }
}

extension UInt64 {
    /// Whether `self + other` stays within `UInt64`.
    func canAdd(_ other: UInt64) -> Bool { !addingReportingOverflow(other).overflow }
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
