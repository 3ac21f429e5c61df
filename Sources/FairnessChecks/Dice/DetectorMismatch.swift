import FairnessModel

/// A sorted pattern of faces on which a detector disagrees with the truth, and on how many of the
/// pattern's orderings.
public struct DetectorMismatch: Sendable, Hashable {
    /// The faces in ascending order.
    public let pattern: DiceRoll
    /// The reference answer for every ordering of the pattern.
    public let truth: Bool
    /// Ordered rolls of this pattern on which the detector gave the other answer.
    public let mismatchingOrderedRolls: UInt64
    /// All ordered rolls of this pattern.
    public let orderedRollsOfPattern: UInt64
}
