import FairnessLogs
import FairnessReport
import FairnessRunner
import FairnessStatistics
import Foundation

extension RandomnessBattery {
    /// Thrown by the reading loop once every stream has ``maximumSequences``.
    private struct EnoughRead: Error {}

    /// Runs the battery on the output read from `descriptor` (a file, or standard input) in `format`.
    /// - Parameters:
    ///   - descriptor: A file's descriptor, or 0 for standard input; read to its end, or until every stream
    ///     has ``maximumSequences`` sequences.
    ///   - format: How the output is written.
    ///   - name: The input's name in errors (its path, or `-`).
    ///   - reading: Sees every chunk of bytes as read (for the input's digest).
    ///   - progress: Called after each chunk with the bits read so far.
    ///   - cancellation: Stops the run between sequences; the run throws `AuditError.interrupted`.
    /// - Throws: `LogError` (its line and column) for a text line that is not a number of the format, or a
    ///   read error; `AuditError.interrupted`; `StatisticsError` from a test.
    public func run(
        descriptor: Int32, format: RandomInputFormat, name: String = "-",
        reading: (UnsafeRawBufferPointer) -> Void = { _ in }, progress: (UInt64) -> Void = { _ in },
        cancellation: CancellationFlag = CancellationFlag()
    ) throws -> RandomnessBatteryResult {
        var session = Session(battery: self, format: format, cancellation: cancellation)
        do {
            if format.isText {
                try session.decoding { session in
                    try LogReader(descriptor: descriptor).forEachLine(reading: reading) { line, number in
                        try session.take(line: line, number: number)
                        guard number & 0xFFFF == 0 else { return }
                        progress(session.result.bits)
                        if session.hasEnough { throw EnoughRead() }
                    }
                }
            } else {
                var readingSeconds = 0.0
                defer { session.result.stageSeconds.reading += readingSeconds }
                try Self.readBinary(descriptor, reading: reading, seconds: &readingSeconds) { chunk in
                    try session.decoding { try $0.take(binary: chunk) }
                    progress(session.result.bits)
                    if session.hasEnough { throw EnoughRead() }
                }
            }
        } catch is EnoughRead {
            // Every stream has its most sequences: an endless source (a generator piped in) ends here.
        } catch var error as LogError {
            error.file = name
            throw error
        }
        // The last doubles held for their resolution are decoded here: an error names the input too.
        do {
            return try session.finish()
        } catch var error as LogError {
            error.file = name
            throw error
        }
    }

    /// Runs the battery on bits already in memory (a generator's output in a test, say), read as raw
    /// bytes are: 32-bit draws, most significant bit first, and the bits after the last whole draw in
    /// the stream of every bit.
    public func run(bits: BitSequence) throws -> RandomnessBatteryResult {
        var session = Session(battery: self, format: .bytes, cancellation: CancellationFlag())
        var position = 0
        while position + 32 <= bits.count {
            let word = bits.window(at: position, length: 32)
            try session.take(bits: word, bitCount: 32, top: UInt32(word), low: word)
            position += 32
        }
        if position < bits.count {
            try session.append(bits.window(at: position, length: bits.count - position), bitCount: bits.count - position)
        }
        session.result.itemsRead = UInt64(bits.count / 8)
        return try session.finish()
    }

    /// Runs the battery on `count` draws of `bitsPerDraw` bits each from `next` (a generator called in
    /// process): 32- and 64-bit draws as binary words are read, narrower ones as integers
    /// 0 … 2^bitsPerDraw − 1.
    /// - Precondition: 1 ≤ `bitsPerDraw` ≤ 64.
    public func run(draws count: Int, bitsPerDraw k: Int, next: () -> UInt64) throws -> RandomnessBatteryResult {
        precondition((1...64).contains(k), "draws of 1 to 64 bits")
        let format: RandomInputFormat =
            k == 64 ? .words64(.big) : k == 32 ? .words32(.big) : .integers(0...Int64((UInt64(1) << UInt64(k)) - 1))
        var session = Session(battery: self, format: format, cancellation: CancellationFlag())
        for _ in 0..<count {
            let draw = k == 64 ? next() : next() & ((1 << UInt64(k)) - 1)
            let top = k >= 32 ? UInt32(truncatingIfNeeded: draw >> UInt64(k - 32)) : UInt32(truncatingIfNeeded: draw << UInt64(32 - k))
            try session.take(bits: draw, bitCount: k, top: top, low: draw)
        }
        session.result.itemsRead = UInt64(count)
        return try session.finish()
    }

    /// Reads `descriptor` to its end in chunks, each seen by `reading` and then `body`; `seconds` gains
    /// the time of the reads and of `reading`.
    static func readBinary(
        _ descriptor: Int32, reading: (UnsafeRawBufferPointer) -> Void, seconds: inout Double,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    )
        throws
    {
        var buffer = [UInt8](repeating: 0, count: LogReader.chunkSize)
        while true {
            let started = DispatchTime.now().uptimeNanoseconds
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, LogReader.chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LogError(line: 0, column: 0, message: "cannot read the input: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return }
            try buffer.withUnsafeBytes { bytes in
                let chunk = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
                reading(chunk)
                seconds += OrderedPipeline<Int>.seconds(since: started)
                try body(chunk)
            }
        }
    }
}

extension RandomnessBattery {
    /// A stream of draws fed one at a time (a probe's answers, say), tested as the same draws read from a
    /// file in `format` would be.
    public struct Feed {
        private var session: Session

        /// A feed of draws written as `format` describes: doubles, integers in their range, or words.
        public init(battery: RandomnessBattery, format: RandomInputFormat) {
            session = Session(battery: battery, format: format, cancellation: CancellationFlag())
        }

        /// A double in [0, 1), for a feed of `RandomInputFormat.doubles`, and the text it was written as
        /// (doubles all written with a few decimals are tested on their decimal grid).
        public mutating func add(double value: Double, text: String? = nil) throws {
            session.result.itemsRead += 1
            try session.take(double: value, text: text)
        }

        /// Bits the stream of every bit has received so far.
        public var bits: UInt64 { session.bitsOfEveryStream }

        /// An integer: an offset in the range of a feed of `RandomInputFormat.integers(_:)`, or a
        /// 32- or 64-bit word of a feed of words.
        public mutating func add(integer value: UInt64) throws {
            session.result.itemsRead += 1
            switch session.format {
            case .integers(let range):
                let bits = RandomInputFormat.bitsPerInteger(range)
                let offset = value &- UInt64(bitPattern: range.lowerBound)
                guard offset >> UInt64(bits) == 0 else {
                    session.result.integersDropped += 1
                    return
                }
                let top =
                    bits > 32
                    ? UInt32(truncatingIfNeeded: offset >> UInt64(bits - 32)) : UInt32(truncatingIfNeeded: offset << UInt64(32 - bits))
                try session.take(bits: offset, bitCount: bits, top: top, low: offset)
            case .words64: try session.take(bits: value, bitCount: 64, top: UInt32(truncatingIfNeeded: value >> 32), low: value)
            default:
                try session.take(bits: value & 0xFFFF_FFFF, bitCount: 32, top: UInt32(truncatingIfNeeded: value), low: value & 0xFFFF_FFFF)
            }
        }

        /// The battery's result on every draw fed.
        public mutating func finish() throws -> RandomnessBatteryResult { try session.finish() }
    }
}
