/// A maximal run of inputs over which a function's output does not change.
public struct Segment<Value: BinaryFloatingPoint & Sendable, Output: Hashable & Sendable>: Sendable, Hashable {
    /// The segment is [from, to): `from` is the first input with this output, `to` the first input after
    /// it with another (or the end of the interval).
    public let from: Value
    public let to: Value
    public let output: Output
}
