import FairnessModel

/// A maximal run of inputs over which a function's output does not change.
public struct Segment<Value: BinaryFloatingPoint & Sendable, Output: Hashable & Sendable>: Sendable, Hashable {
    /// The first input with this output: the segment is [from, to).
    public let from: Value
    /// The first input after `from` with another output (or the end of the interval).
    public let to: Value
    /// The output on every input of the segment.
    public let output: Output
}
