import Foundation

/// Reads a production outcome log line by line from a file descriptor in large chunks, without building a
/// string per line: each line reaches the caller as bytes, with its line number. Memory is one chunk and
/// one partial line, whatever the log's length.
package struct LogReader {
    /// Bytes read per `read(2)`.
    package static let chunkSize = 1 << 20
    /// The longest line read, in bytes: an outcome line is short; a longer one (a log that is not one, a
    /// missing newline in a huge file) is a one-line error, not an allocation that fails.
    static let maximumLineBytes = 1 << 20

    let descriptor: Int32

    /// Calls `body` with every line (without its `\n` or a `\r` before it, the first without a UTF-8 byte-order
    /// mark) and its number, from 1; `reading`
    /// sees every chunk as read, before its lines.
    /// - Throws: what `body` throws, or ``LogError`` if reading fails.
    package func forEachLine(
        reading: (UnsafeRawBufferPointer) -> Void = { _ in }, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void
    ) throws {
        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        var carry: [UInt8] = []
        var lineNumber = 0
        func emit(_ line: UnsafeBufferPointer<UInt8>) throws {
            lineNumber += 1
            var end = line.count
            if end > 0 && line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            // A UTF-8 byte-order mark (Excel, PowerShell, Notepad) before the first line is not part of it.
            let start = lineNumber == 1 && end >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF ? 3 : 0
            try body(UnsafeBufferPointer(rebasing: line[start..<end]), lineNumber)
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Self.chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LogError(line: lineNumber + 1, column: 1, message: "cannot read the log: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { reading(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            try buffer.withUnsafeBufferPointer { chunk in
                var start = 0
                let newline = UInt8(ascii: "\n")
                for index in 0..<count where chunk[index] == newline {
                    if carry.isEmpty {
                        try emit(UnsafeBufferPointer(rebasing: chunk[start..<index]))
                    } else {
                        carry.append(contentsOf: chunk[start..<index])
                        try carry.withUnsafeBufferPointer { try emit($0) }
                        carry.removeAll(keepingCapacity: true)
                    }
                    start = index + 1
                }
                carry.append(contentsOf: chunk[start..<count])
                if carry.count > Self.maximumLineBytes {
                    throw LogError(
                        line: lineNumber + 1, column: 1,
                        message: "the line is longer than \(Self.maximumLineBytes) bytes; an outcome line is one short record")
                }
            }
        }
        if !carry.isEmpty { try carry.withUnsafeBufferPointer { try emit($0) } }
    }

    /// A value with every field given.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }
}
