import FairnessStatistics
import Foundation

extension RandomnessBattery {
    /// Runs the battery on the output read from `descriptor` (a file, or standard input) in `format`.
    /// - Parameters:
    ///   - reading: Sees every chunk of bytes as read (for the input's digest).
    ///   - progress: Called after each chunk with the bits read so far.
    ///   - cancellation: Stops the run between sequences; the run throws ``AuditError/interrupted``.
    /// - Throws: ``LogError`` (its line and column) for a text line that is not a number of the format, or a
    ///   read error; ``AuditError/interrupted``; ``StatisticsError`` from a test.
    public func run(
        descriptor: Int32, format: RandomInputFormat, name: String = "-",
        reading: (UnsafeRawBufferPointer) -> Void = { _ in }, progress: (UInt64) -> Void = { _ in },
        cancellation: CancellationFlag = CancellationFlag()
    ) throws -> RandomnessBatteryResult {
        var session = Session(battery: self, format: format, cancellation: cancellation)
        do {
            if format.isText {
                try LogReader(descriptor: descriptor).forEachLine(reading: reading) { line, number in
                    try session.take(line: line, number: number)
                    if number & 0xFFFF == 0 { progress(session.result.bits) }
                }
            } else {
                try Self.readBinary(descriptor, reading: reading) { chunk in
                    try session.take(binary: chunk)
                    progress(session.result.bits)
                }
            }
        } catch var error as LogError {
            error.file = name
            throw error
        }
        return try session.finish()
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

    static func readBinary(
        _ descriptor: Int32, reading: (UnsafeRawBufferPointer) -> Void, _ body: (UnsafeRawBufferPointer) throws -> Void
    )
        throws
    {
        var buffer = [UInt8](repeating: 0, count: LogReader.chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, LogReader.chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LogError(line: 0, column: 0, message: "cannot read the input: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return }
            try buffer.withUnsafeBytes { bytes in
                let chunk = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
                reading(chunk)
                try body(chunk)
            }
        }
    }
}
