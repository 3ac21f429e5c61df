import FairnessStatistics
import Foundation

extension RandomnessBattery.Session {
    /// Decodes a chunk of a binary input: raw bytes as big-endian 32-bit draws (every byte's bits in
    /// order), words in their byte order.
    mutating func take(binary chunk: UnsafeRawBufferPointer) throws {
        result.itemsRead += UInt64(chunk.count)
        let width: Int, littleEndian: Bool
        switch format {
        case .words64(let order): (width, littleEndian) = (8, order == .little)
        case .words32(let order): (width, littleEndian) = (4, order == .little)
        default: (width, littleEndian) = (4, false)
        }
        var bytes = partial
        bytes.append(contentsOf: chunk)
        let whole = bytes.count - bytes.count % width
        for start in stride(from: 0, to: whole, by: width) {
            var word: UInt64 = 0
            for offset in 0..<width {
                word = word << 8 | UInt64(bytes[littleEndian ? start + width - 1 - offset : start + offset])
            }
            let top = UInt32(truncatingIfNeeded: width == 8 ? word >> 32 : word)
            try take(bits: word, bitCount: width * 8, top: top, low: word)
        }
        partial = Array(bytes[whole...])
    }

    /// Decodes one text line: a double in [0, 1) or an integer in the format's range. Blank lines are
    /// skipped.
    mutating func take(line: UnsafeBufferPointer<UInt8>, number: Int) throws {
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return }
        result.itemsRead += 1
        switch format {
        case .integers(let range):
            guard let value = Int64(text), range.contains(value) else {
                throw LogError(
                    line: number, column: 1, message: "'\(text.prefix(40))' is not an integer in \(range.lowerBound)...\(range.upperBound)")
            }
            let bits = RandomInputFormat.bitsPerInteger(range)
            let offset = UInt64(bitPattern: value &- range.lowerBound)
            guard offset >> UInt64(bits) == 0 else {
                result.integersDropped += 1
                return
            }
            let top =
                bits > 32
                ? UInt32(truncatingIfNeeded: offset >> UInt64(bits - 32)) : UInt32(truncatingIfNeeded: offset << UInt64(32 - bits))
            try take(bits: offset, bitCount: bits, top: top, low: offset)
        default:
            guard let value = Double(text), value >= 0, value < 1 else {
                throw LogError(line: number, column: 1, message: "'\(text.prefix(40))' is not a number in [0, 1)")
            }
            try take(double: value)
        }
    }

    /// A double: held until ``RandomnessBattery/resolutionProbe`` have come, then taken at their
    /// resolution.
    mutating func take(double value: Double) throws {
        if draws == nil {
            probe.append(value)
            if probe.count == RandomnessBattery.resolutionProbe { try settleResolution() }
            return
        }
        // ⌊u · 2^g⌋ is exact for a double u in [0, 1) and g ≤ 53.
        let grid = UInt64(value * pow(2, Double(resolution)))
        let width = min(32, resolution)
        let bits = grid >> UInt64(resolution - width)
        try take(bits: bits, bitCount: width, top: UInt32(truncatingIfNeeded: bits << UInt64(32 - width)), low: grid)
    }

    /// Finds the resolution of the doubles held (the finest grid 2^−g they lie on, at least 1), opens
    /// the streams and takes the held doubles.
    mutating func settleResolution() throws {
        guard draws == nil else { return }
        resolution = probe.reduce(1) { finest, value in
            let grid = UInt64(value * 0x1p53)
            return grid == 0 ? finest : max(finest, 53 - grid.trailingZeroBitCount)
        }
        result.doubleResolution = resolution
        start(topBits: min(32, resolution), hasLowBits: resolution >= 32, lowBits: resolution)
        let held = probe
        probe = []
        for value in held { try take(double: value) }
    }
}
