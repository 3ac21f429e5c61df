import FairnessReport
import FairnessStatistics
import Foundation

/// A whole-input test's p-value and facts.
public struct WholeInputResult: Sendable, Hashable {
    /// Which test.
    public var test: WholeInputTest
    /// Its p-value (an upper bound for the longest run), log₁₀ of it, and how it was obtained; nil when the
    /// input is too short (`WholeInputFacts.needed`).
    public var pValue: Double?, log10PValue: Double?
    /// How the p-value was obtained.
    public var method: PValueMethod
    /// What was counted.
    public var facts: WholeInputFacts
}

/// The counts of the whole-input tests, kept as the stream of every bit is read: O(1) memory, a few
/// operations a run of bits and one a byte.
struct WholeInputTally: Sendable {
    var bits: UInt64 = 0, ones: UInt64 = 0
    /// The run being read: its bit, its first bit's position and its length; and the longest so far.
    var runBit: UInt64 = 0, runStart: UInt64 = 0, runLength: UInt64 = 0
    var longest: UInt64 = 0, longestStart: UInt64 = 0, longestBit: UInt64 = 0
    /// Bits not yet a whole byte, how many; bytes completed, and the last one.
    var pending: UInt64 = 0, pendingCount = 0, bytes: UInt64 = 0, lastByte: UInt64 = 0
    /// Pairs of consecutive bytes by the alignment of their first byte, and how many were equal.
    var pairs: [UInt64] = [0, 0], equal: [UInt64] = [0, 0]

    /// The bits below a test needs (the longest run and the frequency are made from 1,000 bits, the
    /// equal bytes from 1,000 pairs at each alignment: below that, a test of the whole input adds nothing
    /// the sequences do not).
    static let minimumBits: UInt64 = 1000
    static let minimumPairs: UInt64 = 1000

    /// Adds the low `count` bits of `value` (1 … 64), most significant first.
    mutating func add(_ value: UInt64, bitCount count: Int) {
        if count > 32 {
            add(value >> 32, bitCount: count - 32)
            add(value & 0xFFFF_FFFF, bitCount: 32)
            return
        }
        if count == 32, bits > 0, longest >= 16, pendingCount == 0, add(word: UInt32(truncatingIfNeeded: value)) { return }
        addBits(value, bitCount: count)
    }

    /// Adds a 32-bit word in O(1), as ``addBits(_:bitCount:)`` would, when the word holds no run of 16
    /// equal bits (all but about 1 word in 2,000 of a good source) and the longest run so far is 16 or
    /// more: then only the run the word continues and the run it ends on can be longer than the longest.
    /// Returns false, having added nothing, for any other word.
    private mutating func add(word: UInt32) -> Bool {
        // Bit i of each is set where bits i … i + 15 are all ones (all zeros).
        var ones = word & word >> 1, zeros = ~word & ~word >> 1
        (ones, zeros) = (ones & ones >> 2, zeros & zeros >> 2)
        (ones, zeros) = (ones & ones >> 4, zeros & zeros >> 4)
        (ones, zeros) = (ones & ones >> 8, zeros & zeros >> 8)
        guard ones | zeros == 0 else { return false }
        self.ones += UInt64(word.nonzeroBitCount)
        // The word's first run continues the current run and ends within the word (it is under 16 bits).
        runLength += UInt64(runBit == 1 ? (~word).leadingZeroBitCount : word.leadingZeroBitCount)
        if runLength > longest { (longest, longestStart, longestBit) = (runLength, runStart, runBit) }
        // Its last run is the current run now.
        let last = UInt64(word & 1)
        let trailing = UInt64(last == 1 ? (~word).trailingZeroBitCount : word.trailingZeroBitCount)
        (runBit, runStart, runLength) = (last, bits + 32 - trailing, trailing)
        bits += 32
        // The word's four bytes each against the byte before it (the last byte read, then its own): the
        // high bit of each byte of `equalHigh` is set where the two are equal (an exact zero-byte test).
        let difference = word ^ (word >> 8 | UInt32(truncatingIfNeeded: lastByte) << 24)
        let equalHigh = ~((difference & 0x7F7F_7F7F) &+ 0x7F7F_7F7F | difference | 0x7F7F_7F7F)
        // Its first and third bytes end pairs of one alignment, its second and fourth of the other.
        let first = Int((bytes - 1) & 1)
        pairs[first] += 2
        pairs[1 - first] += 2
        equal[first] += UInt64((equalHigh & 0x8000_8000).nonzeroBitCount)
        equal[1 - first] += UInt64((equalHigh & 0x0080_0080).nonzeroBitCount)
        (lastByte, bytes) = (UInt64(word & 0xFF), bytes + 4)
        return true
    }

    /// Adds the low `count` bits of `value` (1 … 32), most significant first, run by run.
    private mutating func addBits(_ value: UInt64, bitCount count: Int) {
        let masked = value & ((1 << UInt64(count)) - 1)
        ones += UInt64(masked.nonzeroBitCount)
        // Runs: from the most significant bit, each step takes the bits equal to the run's.
        var rest = masked << UInt64(64 - count), remaining = count
        if bits == 0 { (runBit, runStart, runLength) = (rest >> 63, 0, 0) }
        while remaining > 0 {
            let same = min(remaining, (runBit == 1 ? ~rest : rest).leadingZeroBitCount)
            runLength += UInt64(same)
            remaining -= same
            if remaining == 0 { break }
            if runLength > longest { (longest, longestStart, longestBit) = (runLength, runStart, runBit) }
            rest <<= UInt64(same)
            runStart = bits + UInt64(count - remaining)
            (runBit, runLength) = (runBit ^ 1, 0)
        }
        if runLength > longest { (longest, longestStart, longestBit) = (runLength, runStart, runBit) }
        bits += UInt64(count)
        // Bytes: the bits in order, eight at a time.
        pending = pending << UInt64(count) | masked
        pendingCount += count
        while pendingCount >= 8 {
            pendingCount -= 8
            let byte = (pending >> UInt64(pendingCount)) & 0xFF
            if bytes > 0 {
                let alignment = Int((bytes - 1) & 1)
                pairs[alignment] += 1
                if byte == lastByte { equal[alignment] += 1 }
            }
            (lastByte, bytes) = (byte, bytes + 1)
        }
        pending &= (1 << UInt64(pendingCount)) - 1
    }

    /// The three tests on what was read.
    /// - Throws: `StatisticsError` from a binomial tail.
    func results() throws -> [WholeInputResult] {
        let n = Double(bits)
        var frequency = WholeInputResult(
            test: .frequency, method: .exact,
            facts: WholeInputFacts(test: .frequency, bits: bits, observed: ones, trials: bits, expected: n / 2))
        var run = WholeInputResult(
            test: .longestRun, method: .exactUpperBound,
            facts: WholeInputFacts(
                test: .longestRun, bits: bits, observed: longest, trials: nil, runStart: longestStart, runBit: longestBit, expected: nil))
        var bytes = WholeInputResult(
            test: .adjacentEqualBytes, method: .exact,
            facts: WholeInputFacts(
                test: .adjacentEqualBytes, bits: bits, observed: equal[0], trials: pairs[0], expected: Double(pairs[0]) / 256))
        if bits >= Self.minimumBits {
            let k = Double(ones)
            frequency.pValue = try BinomialTest.twoSidedPValue(successes: k, trials: n, hypothesised: 0.5)
            frequency.log10PValue = try BinomialTest.log10TwoSidedPValue(successes: k, trials: n, hypothesised: 0.5)
            // P(L ≥ r) ≤ 2^(1−r) (a run from bit 0) + (n − r) 2^(−r) (one from bit i ≥ 1, after a different bit).
            let r = Double(longest)
            let log10Bound = min(0, log10(n - r + 2) - r * log10(2.0))
            (run.pValue, run.log10PValue) = (pow(10, log10Bound), log10Bound)
        } else {
            frequency.facts.needed = Self.minimumBits
            run.facts.needed = Self.minimumBits
        }
        if min(pairs[0], pairs[1]) >= Self.minimumPairs {
            var smallest = (p: 1.0, log10: 0.0)
            for a in 0..<2 {
                let k = Double(equal[a]), m = Double(pairs[a])
                let log10P = try BinomialTest.log10TwoSidedPValue(successes: k, trials: m, hypothesised: 1.0 / 256)
                if log10P < smallest.log10 || a == 0 {
                    smallest = (try BinomialTest.twoSidedPValue(successes: k, trials: m, hypothesised: 1.0 / 256), log10P)
                    // The facts of the more extreme alignment.
                    (bytes.facts.observed, bytes.facts.trials, bytes.facts.expected) = (equal[a], pairs[a], m / 256)
                }
            }
            bytes.pValue = min(1, 2 * smallest.p)
            bytes.log10PValue = min(0, smallest.log10 + log10(2.0))
        } else {
            bytes.facts.needed = 8 * 2 * Self.minimumPairs
        }
        return [frequency, run, bytes]
    }
}
