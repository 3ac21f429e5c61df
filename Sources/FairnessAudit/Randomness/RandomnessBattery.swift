import FairnessStatistics
import Foundation

/// NIST SP 800-22 rev. 1a's battery over a random source's output, streamed in fixed memory.
///
/// The bits are cut into sequences of ``sequenceLength`` bits (10⁶ by default, the publication's size);
/// every test runs on every sequence, sequences side by side on ``threads`` threads, and each test's
/// P-values are kept as a ``SP80022Tally`` (counts, not values), so memory holds `threads` sequences
/// whatever the input's length and the result is the same on any number of threads. Input shorter than
/// one sequence is tested as one shorter sequence, and a test it is too short for gives its shortfall;
/// no bit is ever used twice. The bits after the last whole sequence are counted, not tested.
public struct RandomnessBattery: Sendable {
    /// n, the bits per sequence.
    public var sequenceLength = 1_000_000
    /// The tests' parameters (exact class probabilities by default).
    public var parameters = SP80022Parameters()
    /// The most sequences to test; the rest of the input is read (for its digest) but not tested.
    public var maximumSequences: Int? = nil
    /// Sequences tested side by side.
    public var threads = 1

    public init() {}

    /// One row of the result: a test's part.
    public struct Row: Sendable, Hashable, Comparable {
        public let test: SP80022Test
        public let part: SP80022Part

        public static func < (a: Row, b: Row) -> Bool {
            let order = SP80022Test.allCases
            return (order.firstIndex(of: a.test)!, a.part) < (order.firstIndex(of: b.test)!, b.part)
        }
    }

    /// The tallies of one sequence's tests.
    func tallies(of bits: BitSequence) throws -> [Row: SP80022Tally] {
        var rows: [Row: SP80022Tally] = [:]
        for test in SP80022Test.allCases {
            switch try SP80022.run(test, on: bits, parameters: parameters) {
            case .computed(let results):
                for result in results { rows[Row(test: test, part: result.part), default: .init()].add(result.pValue) }
            case .shortfall(let reason):
                for part in SP80022.parts(of: test, parameters: parameters) {
                    rows[Row(test: test, part: part), default: .init()].add(reason)
                }
            }
        }
        return rows
    }
}

/// What the battery found: the tallies of every test's parts, and what it read.
public struct RandomnessBatteryResult: Sendable, Hashable {
    /// How the input was read.
    public var format: RandomInputFormat
    /// Numbers (text) or bytes (binary) read.
    public var itemsRead: UInt64 = 0
    /// Integers dropped because their offset was 2^k or more (``RandomInputFormat/integers(_:)``).
    public var integersDropped: UInt64 = 0
    /// Trailing bytes of a binary input that did not fill a whole word.
    public var trailingBytes = 0
    /// Bits the input gave.
    public var bits: UInt64 = 0
    /// n, the bits per sequence tested (the input's length when it is shorter than one sequence).
    public var sequenceLength = 0
    /// Sequences tested.
    public var sequences = 0
    /// Bits after the last sequence tested, not tested.
    public var untestedBits: UInt64 = 0
    /// Every test's part, in the publication's order.
    public var rows: [(row: RandomnessBattery.Row, tally: SP80022Tally)] = []

    public static func == (a: Self, b: Self) -> Bool {
        a.format == b.format && a.itemsRead == b.itemsRead && a.integersDropped == b.integersDropped && a.trailingBytes == b.trailingBytes
            && a.bits == b.bits && a.sequenceLength == b.sequenceLength && a.sequences == b.sequences && a.untestedBits == b.untestedBits
            && a.rows.elementsEqual(b.rows) { $0.row == $1.row && $0.tally == $1.tally }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bits)
        hasher.combine(sequences)
    }
}
