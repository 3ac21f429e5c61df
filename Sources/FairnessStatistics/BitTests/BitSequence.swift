/// A finite sequence of bits ε₁ … εₙ, packed 64 to a word, in the order a randomness test reads them.
///
/// Bit i (from 0) is bit 63 − (i mod 64) of word i / 64, so bytes read most significant bit first (the
/// order of NIST SP 800-22's reference program and of `dieharder`'s raw files) keep their order here.
/// Bits past ``count`` in the last word are zero.
public struct BitSequence: Sendable, Hashable {
    /// The packed bits, most significant first within each word.
    public private(set) var words: [UInt64]
    /// n, the number of bits.
    public private(set) var count: Int

    /// An empty sequence with room for `capacity` bits.
    public init(capacity: Int = 0) {
        words = []
        words.reserveCapacity((max(0, capacity) + 63) / 64)
        count = 0
    }

    /// The bits of `bytes`, each byte most significant bit first.
    public init(bytes: some Sequence<UInt8>) {
        self.init()
        for byte in bytes { append(UInt64(byte), bitCount: 8) }
    }

    /// The bits written as the characters `0` and `1`; spaces and line breaks are skipped.
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` at the first other character.
    public init(text: String) throws {
        self.init(capacity: text.utf8.count)
        for (offset, character) in text.utf8.enumerated() {
            switch character {
            case UInt8(ascii: "0"), UInt8(ascii: "1"): append(UInt64(character - UInt8(ascii: "0")), bitCount: 1)
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default: throw StatisticsError.invalidArgument("a bit string holds only 0 and 1; character \(offset + 1) is not one")
            }
        }
    }

    /// Appends the low `bitCount` bits of `value`, most significant of them first.
    /// - Precondition: 1 ≤ `bitCount` ≤ 64.
    public mutating func append(_ value: UInt64, bitCount: Int) {
        precondition((1...64).contains(bitCount), "appends 1 to 64 bits at a time")
        let value = bitCount == 64 ? value : value & ((1 << UInt64(bitCount)) - 1)
        let used = count & 63
        if used == 0 {
            words.append(value << UInt64(64 - bitCount))
        } else {
            let free = 64 - used
            if bitCount <= free {
                words[words.count - 1] |= value << UInt64(free - bitCount)
            } else {
                words[words.count - 1] |= value >> UInt64(bitCount - free)
                words.append(value << UInt64(64 - (bitCount - free)))
            }
        }
        count += bitCount
    }

    /// εᵢ₊₁, the bit at `index` (from 0), as 0 or 1.
    @inline(__always)
    public subscript(index: Int) -> Int {
        Int(truncatingIfNeeded: (words[index >> 6] >> UInt64(63 - (index & 63))) & 1)
    }

    /// The `length` bits from `start`, as a number whose most significant bit is the first of them.
    /// Bits past the end wrap round to the start of the sequence (the serial and approximate entropy
    /// tests' augmented sequence).
    /// - Precondition: 1 ≤ `length` ≤ 57 and 0 ≤ `start` < ``count``.
    @inline(__always)
    public func window(at start: Int, length: Int) -> UInt64 {
        if start + length <= count {
            return unwrappedWindow(at: start, length: length)
        }
        var value: UInt64 = 0
        for offset in 0..<length { value = value << 1 | UInt64(self[(start + offset) % count]) }
        return value
    }

    @inline(__always)
    private func unwrappedWindow(at start: Int, length: Int) -> UInt64 {
        let word = start >> 6, shift = start & 63
        var high = words[word] << UInt64(shift)
        if shift + length > 64 { high |= words[word + 1] >> UInt64(64 - shift) }
        return high >> UInt64(64 - length)
    }

    /// The number of ones in the sequence.
    public var onesCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The bits from `start` for `length` bits, as a new sequence.
    /// - Precondition: 0 ≤ `start`, 0 ≤ `length` and `start + length` ≤ ``count``.
    public func slice(from start: Int, length: Int) -> BitSequence {
        precondition(start >= 0 && length >= 0 && start + length <= count, "a slice within the sequence")
        var out = BitSequence(capacity: length)
        var position = start
        while position < start + length {
            let take = min(57, start + length - position)
            out.append(unwrappedWindow(at: position, length: take), bitCount: take)
            position += take
        }
        return out
    }
}
