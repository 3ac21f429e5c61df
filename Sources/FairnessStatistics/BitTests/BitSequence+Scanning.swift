/// Word-at-a-time readers of a ``BitSequence`` for the tests' inner loops: each reads 64 bits with a
/// load or two and shifts, never one bit through the subscript, so a test costs a few machine operations
/// per bit (see `Benchmarks/Scripts/rng-battery.sh` for the figures).
extension BitSequence {
    /// The 64 bits from `start`, the first most significant; bits past the end read as zero.
    @inline(__always)
    func bits64(at start: Int) -> UInt64 {
        let word = start >> 6, shift = UInt64(start & 63)
        guard word < words.count else { return 0 }
        var value = words[word] << shift
        if shift != 0, word + 1 < words.count { value |= words[word + 1] >> (64 - shift) }
        return value
    }

    /// Calls `body` with the m-bit window at each of the `count` positions from `start`, in order; each
    /// window is a number whose most significant bit is its first bit.
    /// - Precondition: 1 ≤ m ≤ 57, `count` ≥ 1 and `start + count − 1 + m` ≤ ``count``.
    @inline(__always)
    func forEachWindow(from start: Int, count: Int, length m: Int, _ body: (Int) -> Void) {
        precondition(m >= 1 && m <= 57 && count >= 1 && start >= 0 && start + count - 1 + m <= self.count, "windows within the sequence")
        let mask = (1 << m) - 1
        var window = Int(truncatingIfNeeded: self.window(at: start, length: m))
        body(window)
        var next = start + m, remaining = count - 1
        words.withUnsafeBufferPointer { words in
            while remaining > 0 {
                var incoming = words[next >> 6] << UInt64(next & 63)
                let take = min(64 - (next & 63), remaining)
                for _ in 0..<take {
                    window = (window << 1 | Int(truncatingIfNeeded: incoming >> 63)) & mask
                    incoming <<= 1
                    body(window)
                }
                next += take
                remaining -= take
            }
        }
    }

    /// Calls `body` with each whole byte of the sequence in order (bits 8k … 8k + 7, the first most
    /// significant), then with each of the last `count mod 8` bits as a bit.
    @inline(__always)
    func forEachByte(_ byte: (Int) -> Void, thenBit bit: (Int) -> Void) {
        let wholeBytes = count >> 3
        words.withUnsafeBufferPointer { words in
            var index = 0
            for word in words {
                var shifted = word
                for _ in 0..<8 where index < wholeBytes {
                    byte(Int(truncatingIfNeeded: shifted >> 56))
                    shifted <<= 8
                    index += 1
                }
            }
        }
        for position in (wholeBytes << 3)..<count { bit(self[position]) }
    }

    /// The length of the longest run of ones among the `length` bits from `start`.
    func longestRunOfOnes(from start: Int, length: Int) -> Int {
        var longest = 0, run = 0, position = start
        let end = start + length
        while position < end {
            let take = min(64, end - position)
            let chunk = bits64(at: position) & (take == 64 ? ~0 : ~(~UInt64(0) >> UInt64(take)))
            let leading = (~chunk).leadingZeroBitCount
            if leading >= take {
                run += take
            } else {
                longest = max(longest, run + leading)
                var remaining = chunk << UInt64(leading + 1), inner = 0
                while remaining != 0 {
                    remaining &= remaining << 1
                    inner += 1
                }
                longest = max(longest, inner)
                run = (~(chunk >> UInt64(64 - take))).trailingZeroBitCount
            }
            position += take
        }
        return max(longest, run)
    }

    /// The number of positions j in `start ... start + length − m` at which m ones begin.
    func onesRunStarts(from start: Int, length: Int, runLength m: Int) -> Int {
        precondition(m >= 1 && m <= 32, "runs of 1 to 32 ones")
        var starts = 0, position = start
        let lastStart = start + length - m
        while position <= lastStart {
            // A chunk of up to 64 bits tests the starts in its first span − m + 1 positions: bit 63 − j of
            // `all` is set when the m bits from j are ones (bits past the span are masked to zero).
            let span = min(64, lastStart + m - position)
            let chunk = bits64(at: position) & ~(~UInt64(0) >> UInt64(span))
            var all = chunk
            for shift in 1..<m { all &= chunk << UInt64(shift) }
            starts += all.nonzeroBitCount
            position += span - m + 1
        }
        return starts
    }
}
