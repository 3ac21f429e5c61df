/// How a random source's output is written, and so which bits the battery tests.
///
/// Binary formats give every bit, each byte or word most significant bit first. Text formats give one
/// number a line and the battery tests the bits a game would use: the top 32 bits of a double in [0, 1)
/// (⌊u · 2³²⌋), or the k = ⌊log₂(range)⌋ low bits of an integer's offset in its range, after dropping the
/// offsets of 2^k or more (given a uniform source, the offsets kept are uniform on 0 ..< 2^k, so no bias is
/// introduced; the report counts the dropped ones).
public enum RandomInputFormat: Sendable, Hashable, Codable {
    /// The order of a binary word's bytes in the file.
    public enum ByteOrder: String, Sendable, Hashable, Codable {
        /// Least significant byte first (x86, ARM).
        case little
        /// Most significant byte first (network order).
        case big
    }

    /// Raw bytes.
    case bytes
    /// Text of the characters `0` and `1`, one bit each, in order (NIST's reference program's format 0, its
    /// data files `data.e`, `data.pi`, …): spaces, tabs and line breaks between them are skipped, any other
    /// character is refused. The bits are one stream, tested as it is (no draws of a game to derive
    /// streams from): the stream of every bit and the draw tests on its 32-bit words.
    case asciiBits
    /// 32-bit words.
    case words32(ByteOrder)
    /// 64-bit words.
    case words64(ByteOrder)
    /// Text, one double in [0, 1) a line (a game's `Math.random()` or `nextDouble()`).
    case doubles
    /// Text, one integer in `range` a line (a game's `nextInt(n)` or a dice roll).
    case integers(ClosedRange<Int64>)

    /// The format written as `audit rng --format` takes it: `bytes`, `ascii-bits`, `u32le`, `u32be`, `u64le`,
    /// `u64be`, `doubles`, or `integers:LOW..HIGH`.
    public init?(argument: String) {
        switch argument {
        case "bytes": self = .bytes
        case "ascii-bits": self = .asciiBits
        case "u32le": self = .words32(.little)
        case "u32be": self = .words32(.big)
        case "u64le": self = .words64(.little)
        case "u64be": self = .words64(.big)
        case "doubles": self = .doubles
        default:
            guard argument.hasPrefix("integers:") else { return nil }
            let bounds = argument.dropFirst("integers:".count).split(separator: ".", omittingEmptySubsequences: false)
            guard bounds.count == 3, bounds[1].isEmpty, let low = Int64(bounds[0]), let high = Int64(bounds[2]), low < high,
                high.subtractingReportingOverflow(low).overflow == false
            else { return nil }
            self = .integers(low...high)
        }
    }

    /// The format as ``init(argument:)`` reads it.
    public var argument: String {
        switch self {
        case .bytes: "bytes"
        case .asciiBits: "ascii-bits"
        case .words32(let order): "u32\(order == .little ? "le" : "be")"
        case .words64(let order): "u64\(order == .little ? "le" : "be")"
        case .doubles: "doubles"
        case .integers(let range): "integers:\(range.lowerBound)..\(range.upperBound)"
        }
    }

    /// Whether the input is text, one number a line.
    public var isText: Bool {
        switch self {
        case .doubles, .integers: true
        case .bytes, .asciiBits, .words32, .words64: false
        }
    }

    /// The bits one integer of `range` gives: k = ⌊log₂(high − low + 1)⌋ (at most 63).
    package static func bitsPerInteger(_ range: ClosedRange<Int64>) -> Int {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        return span == 0 ? 63 : min(63, 63 - span.leadingZeroBitCount)
    }
}
