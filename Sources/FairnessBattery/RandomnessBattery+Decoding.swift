import FairnessLogs
import FairnessReport
import FairnessStatistics
import Foundation

extension RandomnessBattery.Session {
    /// Decodes a chunk of a binary input: raw bytes as big-endian 32-bit draws (every byte's bits in
    /// order), words in their byte order.
    mutating func take(binary chunk: UnsafeRawBufferPointer) throws {
        if case .asciiBits = format { return try take(asciiBits: chunk) }
        if case .bytes = format, result.itemsRead == 0, chunk.count >= 64 {
            result.looksLikeASCIIBits = chunk.allSatisfy { [0x30, 0x31, 0x20, 0x09, 0x0A, 0x0D].contains($0) }
        }
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
        try bytes.withUnsafeBytes { raw in
            for start in stride(from: 0, to: whole, by: width) {
                let word: UInt64
                if width == 8 {
                    let stored = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                    word = littleEndian ? UInt64(littleEndian: stored) : UInt64(bigEndian: stored)
                } else {
                    let stored = raw.loadUnaligned(fromByteOffset: start, as: UInt32.self)
                    word = UInt64(littleEndian ? UInt32(littleEndian: stored) : UInt32(bigEndian: stored))
                }
                let top = UInt32(truncatingIfNeeded: width == 8 ? word >> 32 : word)
                try take(bits: word, bitCount: width * 8, top: top, low: word)
            }
        }
        partial = Array(bytes[whole...])
    }

    /// Decodes a chunk of ASCII bits: `0` and `1` one bit each, whitespace skipped, 32 bits a word.
    /// - Throws: `LogError` at the line and column of any other character.
    mutating func take(asciiBits chunk: UnsafeRawBufferPointer) throws {
        for byte in chunk {
            switch byte {
            case UInt8(ascii: "0"), UInt8(ascii: "1"):
                result.itemsRead += 1
                asciiWord = asciiWord << 1 | UInt64(byte & 1)
                asciiBitCount += 1
                asciiColumn += 1
                if asciiBitCount == 32 {
                    try take(bits: asciiWord, bitCount: 32, top: UInt32(truncatingIfNeeded: asciiWord), low: asciiWord)
                    (asciiWord, asciiBitCount) = (0, 0)
                }
            case UInt8(ascii: "\n"):
                (asciiLine, asciiColumn) = (asciiLine + 1, 1)
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                asciiColumn += 1
            default:
                let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "byte 0x%02X", byte)
                throw LogError(
                    line: asciiLine, column: asciiColumn,
                    message:
                        "\(shown) is not a bit: --format ascii-bits reads the characters 0 and 1 (spaces and line breaks between them are skipped)"
                )
            }
        }
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
            // `1.000000` is a double just below 1 rounded up to the decimals written (`%.6f`, `toFixed(6)`):
            // counted, not refused; `1` and `1.5` are not doubles in [0, 1).
            guard let value = Double(text), value >= 0, value < 1 || (value == 1 && (Self.decimals(of: Substring(text)) ?? 0) >= 1)
            else {
                throw LogError(line: number, column: 1, message: "'\(text.prefix(40))' is not a number in [0, 1)")
            }
            try take(double: value, text: text, line: number)
        }
    }

    /// A double of 1 where the doubles are not all written with a fixed number of decimals: a generator
    /// that returned 1, not a rounding.
    static func notBelowOne(line: Int) -> LogError {
        LogError(
            line: line, column: 1,
            message:
                "a double of 1 or more is not in [0, 1) (one written as 1.000000 is taken for a double just below 1 rounded up only when every double is written with a fixed number of decimals)"
        )
    }

    /// The decimals of a plain decimal number (`0.125` has 3); nil for any other writing.
    static func decimals(of text: Substring) -> Int? {
        guard let point = text.firstIndex(of: ".") else { return text.allSatisfy(\.isNumber) ? 0 : nil }
        let fraction = text[text.index(after: point)...]
        guard text[..<point].allSatisfy(\.isNumber), fraction.allSatisfy(\.isNumber), fraction.count <= 15 else { return nil }
        return fraction.count
    }

    /// A double (and, for text, how it was written): held until ``RandomnessBattery/resolutionProbe``
    /// have come, then taken at their resolution.
    /// A double of 1 (`1.000000`) is a double just below 1 rounded up to the decimals written, counted
    /// and not tested, when every double held is written with a fixed number of decimals; otherwise it is
    /// refused at its `line` (by default its item's number).
    mutating func take(double value: Double, text: String? = nil, line: Int? = nil) throws {
        if !started {
            if value >= 1 { heldOnes.append(line ?? Int(result.itemsRead)) }
            probe.append(value)
            if let current = decimals { decimals = text.flatMap { Self.decimals(of: Substring($0)) }.map { max(current, $0) } }
            if probe.count == RandomnessBattery.resolutionProbe { try settleResolution() }
            return
        }
        guard value < 1 else {
            guard value == 1, decimalPlaces != nil else { throw Self.notBelowOne(line: line ?? Int(result.itemsRead)) }
            result.doublesWrittenAsOne += 1
            return
        }
        if let places = decimalPlaces {
            // A whole number of 10⁻ᵈ, tested as an integer 0 … 10ᵈ − 1 (the largest power of two's part).
            let whole = UInt64((value * pow(10, Double(places))).rounded())
            let bits = RandomInputFormat.bitsPerInteger(0...(Int64(pow(10, Double(places))) - 1))
            guard whole >> UInt64(bits) == 0 else {
                result.integersDropped += 1
                return
            }
            let top =
                bits > 32 ? UInt32(truncatingIfNeeded: whole >> UInt64(bits - 32)) : UInt32(truncatingIfNeeded: whole << UInt64(32 - bits))
            try take(bits: whole, bitCount: bits, top: top, low: whole)
            return
        }
        // ⌊u · 2^g⌋ is exact for a double u in [0, 1) and g ≤ 53.
        let grid = UInt64(value * pow(2, Double(resolution)))
        let width = min(32, resolution)
        let bits = grid >> UInt64(resolution - width)
        try take(bits: bits, bitCount: width, top: UInt32(truncatingIfNeeded: bits << UInt64(32 - width)), low: grid)
    }

    /// Finds the resolution of the doubles held (the finest grid 2^−g they lie on, at least 1; or, when
    /// every one was written with at most d decimals and 10ᵈ < 2ᵍ, the grid 10⁻ᵈ), opens the streams and
    /// takes the held doubles.
    mutating func settleResolution() throws {
        guard !started else { return }
        resolution = probe.reduce(1) { finest, value in
            let grid = UInt64(value * 0x1p53)
            return grid == 0 ? finest : max(finest, 53 - grid.trailingZeroBitCount)
        }
        result.doubleResolution = resolution
        if let places = decimals, places >= 1, pow(10, Double(places)) < pow(2, Double(resolution)) {
            decimalPlaces = places
            result.doubleDecimals = places
            let bits = RandomInputFormat.bitsPerInteger(0...(Int64(pow(10, Double(places))) - 1))
            start(topBits: min(32, bits), hasLowBits: bits >= 32, lowBits: bits)
        } else {
            start(topBits: min(32, resolution), hasLowBits: resolution >= 32, lowBits: resolution)
        }
        if decimalPlaces == nil, let line = heldOnes.first { throw Self.notBelowOne(line: line) }
        let held = probe
        probe = []
        for value in held { try take(double: value) }
    }
}
