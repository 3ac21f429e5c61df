import Foundation
import Synchronization

/// Counts that add up exactly: merging per-thread tallies in any order gives the same result.
public protocol Tally: Sendable {
    mutating func merge(_ other: Self)
}

/// What a subject does in one block of trials, for any randomness.
public protocol TrialDriver: Sendable {
    associatedtype Counts: Tally
    /// An empty tally.
    func makeTally() -> Counts
    /// Runs trials `range` (one block) into `tally`.
    func run<R: BlockRandomness>(_ range: Range<UInt64>, randomness: inout R, into tally: inout Counts)
}
