import FairnessStatistics

/// Which battery test a check is, and at which level of SP 800-22's two-level analysis (section 4.2).
public struct RandomnessCheck: Sendable, Hashable, Codable {
    /// How a test's P-values over the sequences become the check's one P-value.
    public enum Level: Sendable, Hashable, Codable {
        /// One sequence was tested: the test's own P-value.
        case sequence
        /// The proportion of sequences passing at 0.01: P(at least that many failures), exact binomial.
        case proportion
        /// The uniformity of the P-values over ten bins (χ², 9 degrees of freedom; 55 sequences or more).
        case uniformity
        /// The most extreme of two or more sequences: its P-value times the number of sequences
        /// (Bonferroni). It keeps the size of a failure the proportion counts as one: 3 sequences that
        /// all fail by far give a proportion P-value of at best 10⁻⁶, and this one far less; and one stuck
        /// stretch among a thousand good sequences fails here while the proportion passes.
        case mostExtremeSequence
    }

    /// The test.
    public let test: SP80022Test
    /// The part of the test; the 148 templates of the non-overlapping template test are one check
    /// (`SP80022Part/whole`), the most extreme of them named in its facts.
    public let part: SP80022Part
    /// How the sequences' P-values became this check's.
    public let level: Level
    /// The bits tested: every bit of the output, or the lowest bits of each draw.
    public let stream: BitStream

    /// The check of `test`'s `part` at `level` on `stream`.
    public init(test: SP80022Test, part: SP80022Part, level: Level, stream: BitStream = .all) {
        self.test = test
        self.part = part
        self.level = level
        self.stream = stream
    }
}

/// The bits a stream of SP 800-22 sequences is made of.
public enum BitStream: Sendable, Hashable, Comparable, Codable {
    /// Every bit the input gives (``RandomInputFormat`` says which).
    case all
    /// The lowest `count` bits of each draw (of a 32- or 64-bit word, or of a double's ⌊u · 2^g⌋ at its
    /// resolution g), where a linear congruential generator's short periods show.
    case lowestBits(Int)
}

/// A battery row's figures.
public struct RandomnessFacts: Sendable, Hashable, Codable {
    /// Sequences the test gave a P-value on, of ``sequencesTested``.
    public var sequences: Int
    /// Sequences of the stream tested (n bits each).
    public var sequencesTested: Int
    /// n, the bits per sequence.
    public var sequenceLength: Int
    /// Sequences whose P-value fell below 0.01 (the worst template's, for the template test).
    public var failures: Int
    /// The P-values in ten bins of 0.1 (the worst template's, for the template test).
    public var bins: [Int]
    /// Why the other sequences gave no P-value (the most demanding reason).
    public var shortfall: SP80022Shortfall?
    /// For the template test: the templates tested, and the one whose P-value was the smallest.
    public var templates: Int? = nil
    /// The template with the smallest P-value.
    public var worstTemplate: SP80022Part? = nil
    /// For the longest run, overlapping template and linear complexity checks: the same check from the
    /// P-values that NIST's reference program's rounded class probabilities give on the same counts
    /// (what `assess` reports), stated beside the exact one and never gating; nil for the other tests.
    public var referenceProgram: ReferenceProgramFigures? = nil

    /// A check's figures from the reference program's class probabilities.
    public struct ReferenceProgramFigures: Sendable, Hashable, Codable {
        /// Sequences whose reference-program P-value fell below 0.01.
        public var failures: Int
        /// Those P-values in ten bins of 0.1.
        public var bins: [Int]
        /// The check's P-value at its level (one sequence's, the proportion's, the uniformity's or the
        /// most extreme sequence's) from those P-values.
        public var pValue: Double
        /// log₁₀ of ``pValue``, finite where it underflows.
        public var log10PValue: Double

        /// The figures of a check whose reference-program P-values fell `failures` times below 0.01, in
        /// `bins`, giving the check `pValue` (log₁₀ `log10PValue`).
        public init(failures: Int, bins: [Int], pValue: Double, log10PValue: Double) {
            self.failures = failures
            self.bins = bins
            self.pValue = pValue
            self.log10PValue = log10PValue
        }
    }

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        sequences: Int, sequencesTested: Int, sequenceLength: Int, failures: Int, bins: [Int], shortfall: SP80022Shortfall? = nil,
        templates: Int? = nil, worstTemplate: SP80022Part? = nil, referenceProgram: ReferenceProgramFigures? = nil
    ) {
        self.sequences = sequences
        self.sequencesTested = sequencesTested
        self.sequenceLength = sequenceLength
        self.failures = failures
        self.bins = bins
        self.shortfall = shortfall
        self.templates = templates
        self.worstTemplate = worstTemplate
        self.referenceProgram = referenceProgram
    }
}

/// What the battery read, for the subject's facts.
public struct RandomnessInput: Sendable, Hashable, Codable {
    /// How the input was read.
    public var format: RandomInputFormat
    /// Bytes (binary) or numbers (text) read.
    public var itemsRead: UInt64
    /// Draws read.
    public var draws: UInt64
    /// For doubles, g: the grid 2^−g they lie on.
    public var doubleResolution: Int?
    /// For doubles written with at most d decimals: d.
    public var doubleDecimals: Int? = nil
    /// Every stream of bits and how it was cut.
    public var streams: [StreamSummary]
    /// k of a declared sample: the SP 800-22 tests ran on every k-th whole sequence of each stream; nil
    /// when every sequence was tested.
    public var testedEvery: Int? = nil
    /// Integers dropped past the largest power of two of their range.
    public var integersDropped: UInt64
    /// Doubles written as 1 with decimals (`1.000000`, rounded up from just below 1), not tested; nil for none.
    public var doublesWrittenAsOne: UInt64? = nil
    /// Trailing bytes short of a whole word.
    public var trailingBytes: Int
    /// For raw bytes: true when the input begins with at least 64 bytes that are all the characters `0`,
    /// `1` and whitespace — bits written as text (NIST's format, ``RandomInputFormat/asciiBits``) tested as
    /// the characters' bytes; nil otherwise.
    public var looksLikeASCIIBits: Bool? = nil

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        format: RandomInputFormat, itemsRead: UInt64, draws: UInt64, doubleResolution: Int? = nil, doubleDecimals: Int? = nil,
        streams: [StreamSummary], testedEvery: Int? = nil, integersDropped: UInt64, doublesWrittenAsOne: UInt64? = nil, trailingBytes: Int,
        looksLikeASCIIBits: Bool? = nil
    ) {
        self.format = format
        self.itemsRead = itemsRead
        self.draws = draws
        self.doubleResolution = doubleResolution
        self.doubleDecimals = doubleDecimals
        self.streams = streams
        self.testedEvery = testedEvery
        self.integersDropped = integersDropped
        self.doublesWrittenAsOne = doublesWrittenAsOne
        self.trailingBytes = trailingBytes
        self.looksLikeASCIIBits = looksLikeASCIIBits
    }
}
