import FairnessReport
import FairnessStatistics
import Foundation

/// A random source's output tested in fixed memory: NIST SP 800-22 rev. 1a's 15 tests on its bits, and
/// the tests of its draws as a game uses them (`DrawCheck`).
///
/// The bits are cut into sequences of ``sequenceLength`` bits (10⁶ by default, the publication's size):
/// every bit of the output, and for sources of 32 bits or more per draw the lowest bit and the lowest 8
/// bits of each draw, as two further streams. Every test runs on every sequence, sequences side by side
/// on ``threads`` threads, and each test's P-values are kept as a `SP80022Tally` (counts, not values),
/// so memory holds a few sequences whatever the input's length and the result is the same on any
/// number of threads. A stream shorter than one sequence is tested as one shorter sequence, and a test it
/// is too short for gives its shortfall; no bit is ever used twice. Bits after a stream's last whole
/// sequence are counted, not tested.
public struct RandomnessBattery: Sendable {
    /// n, the bits per sequence.
    public var sequenceLength = 1_000_000
    /// The tests' parameters (exact class probabilities by default).
    public var parameters = SP80022Parameters()
    /// The most sequences of each stream to test. Reading from a descriptor stops once every stream has
    /// them (the input's digest covers the bytes read); the rest of an input in memory is counted, not
    /// tested.
    public var maximumSequences: Int? = nil
    /// k: the SP 800-22 tests run on every k-th whole sequence of each stream (the first, the (k+1)-th, …)
    /// and the others are cut and counted, not tested; 1 (the default) tests every sequence. A declared
    /// sample, stated in the report, for inputs of 10¹⁰ bits and more: the tests of the whole input and of
    /// the draws still read every bit, and a sequence's P-values are those it would have unsampled. Below 1
    /// reads as 1.
    public var testEvery = 1
    /// Sequences tested side by side.
    public var threads = 1
    /// Draws whose double resolution is found before any is tested (see ``RandomnessBatteryResult/doubleResolution``).
    public static let resolutionProbe = 4096

    /// The battery with the publication's parameters, one thread.
    public init() {}

    /// One row of the result: a test's part on a stream.
    public struct Row: Sendable, Hashable, Comparable {
        /// The bits tested.
        public let stream: BitStream
        /// The test.
        public let test: SP80022Test
        /// Which of its P-values.
        public let part: SP80022Part
        /// The class probabilities its P-values come from: the battery's own, or (for the three tests with
        /// exact constants) the reference program's, tallied beside them for the report.
        public let constants: SP80022Constants

        /// The row of `test`'s `part` on `stream`, its P-values from `constants`.
        public init(stream: BitStream = .all, test: SP80022Test, part: SP80022Part, constants: SP80022Constants = .exact) {
            self.stream = stream
            self.test = test
            self.part = part
            self.constants = constants
        }

        public static func < (a: Row, b: Row) -> Bool {
            let order = SP80022Test.allCases
            let (aConstants, bConstants) = (a.constants == .exact ? 0 : 1, b.constants == .exact ? 0 : 1)
            return (a.stream, order.firstIndex(of: a.test)!, a.part, aConstants) < (
                b.stream, order.firstIndex(of: b.test)!, b.part, bConstants
            )
        }
    }

    /// The tests a stream runs: all 15 on every bit; on the lowest bits of each draw all but the random
    /// excursions tests, whose walks need 500 returns to zero (a sequence of 10⁶ bits has fewer 38% of
    /// the time) and which add nothing there to the tests that find a short period.
    static func tests(of stream: BitStream) -> [SP80022Test] {
        stream == .all ? SP80022Test.allCases : SP80022Test.allCases.filter { $0 != .randomExcursions && $0 != .randomExcursionsVariant }
    }

    /// The tallies of one sequence's tests.
    func tallies(of bits: BitSequence, stream: BitStream) throws -> [Row: SP80022Tally] {
        var rows: [Row: SP80022Tally] = [:]
        for test in Self.tests(of: stream) {
            switch try SP80022.run(test, on: bits, parameters: parameters) {
            case .computed(let results):
                for result in results {
                    rows[Row(stream: stream, test: test, part: result.part, constants: parameters.constants), default: .init()].add(
                        result.pValue, log10PValue: result.log10PValue)
                    if let pValue = result.referenceProgramPValue {
                        rows[Row(stream: stream, test: test, part: result.part, constants: .referenceProgram), default: .init()].add(
                            pValue, log10PValue: result.referenceProgramLog10PValue)
                    }
                }
            case .shortfall(let reason):
                for part in SP80022.parts(of: test, parameters: parameters) {
                    rows[Row(stream: stream, test: test, part: part, constants: parameters.constants), default: .init()].add(reason)
                }
            }
        }
        return rows
    }
}

extension RandomnessBattery {
    /// Where a run's time went, in seconds of each stage summed over the threads that ran it: on one
    /// thread, their sum is the run's time. The sequences' tests are spread over the threads; the reading
    /// thread's stages (reading, decoding and cutting, finishing) are its alone, and each chain of the
    /// counts runs its jobs one after another, beside the rest. Each of these two serial stages' share of the sum bounds the
    /// speed-up any number of threads can give (Amdahl). Timings go to the terminal, never to a report.
    public struct StageSeconds: Sendable, Hashable {
        /// Reading a binary input: the system's reads and the caller's `reading` (the digest). For a text
        /// input reading is part of ``decodingAndCutting``.
        public var reading = 0.0
        /// Decoding the input into draws and bits and cutting the streams' sequences: the reading
        /// thread's own work (measured by a run from a descriptor).
        public var decodingAndCutting = 0.0
        /// The draw and whole-input tests' counts, block after block, and their P-values: a few chains of
        /// jobs (the tests shared among them), beside the sequences' tests and each other.
        public var counting = 0.0
        /// The longest of those chains, part of ``counting``.
        public var longestCountingChain = 0.0
        /// The sequences' SP 800-22 tests, on whichever thread ran them.
        public var sequenceTests = 0.0
        /// The reading thread's work after the input's end (the last bits of each stream).
        public var finishing = 0.0

        /// No time in any stage.
        public init() {}

        /// The stages' sum: the run's time on one thread.
        public var total: Double { reading + decodingAndCutting + counting + sequenceTests + finishing }
        /// The reading thread's share of ``total``: reading, decoding and cutting, finishing.
        public var readingThreadShare: Double { total > 0 ? (reading + decodingAndCutting + finishing) / total : 0 }
        /// The longest chain of the counts' share of ``total``.
        public var countingChainShare: Double { total > 0 ? longestCountingChain / total : 0 }
    }
}

/// What the battery found: the tallies of every test's parts on every stream, the draw tests, and what
/// it read.
public struct RandomnessBatteryResult: Sendable {
    /// How the input was read.
    public var format: RandomInputFormat
    /// Numbers (text) or bytes (binary) read.
    public var itemsRead: UInt64 = 0
    /// Integers dropped because their offset was 2^k or more (`RandomInputFormat.integers(_:)`).
    public var integersDropped: UInt64 = 0
    /// Doubles written as 1 with decimals (`1.000000`: a double just below 1 rounded up to the decimals
    /// written), counted and not tested.
    public var doublesWrittenAsOne: UInt64 = 0
    /// Trailing bytes of a binary input that did not fill a whole word.
    public var trailingBytes = 0
    /// Draws read: 32-bit words (big-endian) of raw bytes, words, doubles or integers.
    public var draws: UInt64 = 0
    /// For doubles: g, the finest grid 2^−g that the first ``RandomnessBattery/resolutionProbe`` doubles
    /// lie on (53 for `nextDouble()`, 52 for V8's `Math.random()` since 2016, 32 for a 32-bit generator
    /// divided by 2³²). The bits tested are those of ⌊u · 2^min(g, 32)⌋, and the low bits those of ⌊u · 2^g⌋.
    public var doubleResolution: Int? = nil
    /// For doubles all written with at most d decimals (and 10ᵈ < 2ᵍ): d. They are tested as the whole
    /// numbers 0 … 10ᵈ − 1, by the integers' rule (those past the largest power of two are dropped and
    /// counted), not as binary fractions, whose low bits such a grid does not fill.
    public var doubleDecimals: Int? = nil
    /// Every stream, every bit first.
    public var streams: [StreamSummary] = []
    /// Every test's part, stream by stream, in the publication's order, from the battery's constants.
    public var rows: [(row: RandomnessBattery.Row, tally: SP80022Tally)] = []
    /// With exact constants, the longest run, overlapping template and linear complexity rows again from
    /// the reference program's constants on the same counts (`SP80022Result.referenceProgramPValue`):
    /// stated beside the battery's own in the report, never gating.
    public var referenceProgramRows: [(row: RandomnessBattery.Row, tally: SP80022Tally)] = []
    /// The draw tests.
    public var drawResults: [DrawResult] = []
    /// The tests of the whole input (`WholeInputTest`), over every bit of the stream of every bit.
    public var wholeInputResults: [WholeInputResult] = []

    /// For raw bytes: whether the input begins with at least 64 bytes that are all the characters `0`, `1`
    /// and whitespace (see `RandomnessInput.looksLikeASCIIBits`).
    public var looksLikeASCIIBits = false

    /// Where the run's time went, for the terminal (no report holds it).
    public var stageSeconds = RandomnessBattery.StageSeconds()
    /// n, the bits per sequence the battery cuts (``RandomnessBattery/sequenceLength``).
    public var wholeSequenceLength = 0
    /// k of the declared sample: every k-th whole sequence tested (``RandomnessBattery/testEvery``).
    public var testEvery = 1

    /// An empty result for input in `format`.
    public init(format: RandomInputFormat) { self.format = format }

    /// Whether the stream of every bit was tested in whole sequences of ``wholeSequenceLength`` bits: then a
    /// test of a derived stream, or of the draws, that needs more than the input gives does not apply
    /// (`CheckStatus.notApplicable`) rather than leaving the verdict inconclusive.
    public var inputTestedInFull: Bool { wholeSequenceLength > 0 && all.sequences >= 1 && all.sequenceLength == wholeSequenceLength }

    /// The stream of every bit.
    public var all: StreamSummary { streams.first { $0.stream == .all } ?? StreamSummary(stream: .all) }
    /// Bits the input gave (every bit stream).
    public var bits: UInt64 { all.bits }
    /// Sequences of every bit tested.
    public var sequences: Int { all.sequences }
    /// n of the stream of every bit.
    public var sequenceLength: Int { all.sequenceLength }
    /// Bits of every bit stream after its last whole sequence.
    public var untestedBits: UInt64 { all.untestedBits }
}
