/// What one stream of bits gave: its length and how it was cut.
public struct StreamSummary: Sendable, Hashable, Codable {
    /// Which bits.
    public var stream: BitStream
    /// Bits the stream received.
    public var bits: UInt64 = 0
    /// n, the bits per sequence tested (the stream's length when it is shorter than one sequence).
    public var sequenceLength = 0
    /// Sequences tested.
    public var sequences = 0
    /// Whole sequences cut but left untested by the declared sample (`RandomnessBattery.testEvery`);
    /// nil without one.
    public var sequencesSampledOut: Int? = nil
    /// Bits after the last whole sequence, not tested.
    public var untestedBits: UInt64 = 0

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        stream: BitStream, bits: UInt64 = 0, sequenceLength: Int = 0, sequences: Int = 0, sequencesSampledOut: Int? = nil,
        untestedBits: UInt64 = 0
    ) {
        self.stream = stream
        self.bits = bits
        self.sequenceLength = sequenceLength
        self.sequences = sequences
        self.sequencesSampledOut = sequencesSampledOut
        self.untestedBits = untestedBits
    }
}
