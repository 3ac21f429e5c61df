import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import Synchronization
import _FairnessAuditSupport

/// A probe's standard error, captured: a pipe drained by a thread of its own as fast as the probe (or any
/// process it starts, which inherits the pipe) writes, keeping only the last ``capacity`` bytes and a count of
/// all of them, so the probe is never blocked by a full pipe and memory stays bounded whatever it writes.
///
/// The first lines go on to the terminal through a ``StandardErrorEcho`` shared by every start of the same
/// probe (a few lines in all, escaped); the rest are counted. The tail is what a report quotes when the
/// probe dies or fails (``lastLines(_:)``).
final class StandardErrorTail: Sendable {
    /// The bytes kept: the last 64 KiB the probe wrote.
    static let capacity = 1 << 16

    struct State {
        /// The last bytes, at most ``StandardErrorTail/capacity``.
        var ring: [UInt8] = []
        /// Where the next byte goes once the ring is full.
        var next = 0
        /// Every byte read.
        var total: UInt64 = 0
        /// Whether the pipe reached its end (every writer closed it) or reading stopped.
        var finished = false
        /// Set by ``stop(waiting:)``: the thread stops reading and closes its end.
        var stopping = false
    }

    /// The pipe handed to the child as its standard error.
    let pipe = Pipe()
    private let state = Mutex(State())
    private let echo: StandardErrorEcho
    private let reader: Int32

    /// Starts draining the read end of ``pipe``.
    init(echo: StandardErrorEcho) {
        self.echo = echo
        reader = pipe.fileHandleForReading.fileDescriptor
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
        let thread = Thread { [self] in drain() }
        thread.name = "probe standard error"
        thread.start()
    }

    /// Reads until the end of the pipe or ``stop(waiting:)``, 64 KiB at a time, polling every 50 ms for a stop.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var line: [UInt8] = []
        while !state.withLock({ $0.stopping }) {
            var fds = [pollfd(fd: reader, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, 50)
            if ready < 0 && errno != EINTR { break }
            guard ready > 0 else { continue }
            let count = read(reader, &buffer, buffer.count)
            if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            if count <= 0 { break }
            let chunk = buffer[0..<count]
            echo.record(count)
            state.withLock { state in
                state.total += UInt64(count)
                var rest = chunk.suffix(Self.capacity)[...]
                if state.ring.count < Self.capacity {
                    let room = Self.capacity - state.ring.count
                    state.ring.append(contentsOf: rest.prefix(room))
                    rest = rest.dropFirst(room)
                }
                // The ring is full: overwrite from `next`, in at most two runs.
                while !rest.isEmpty {
                    let run = min(rest.count, Self.capacity - state.next)
                    state.ring.replaceSubrange(state.next..<(state.next + run), with: rest.prefix(run))
                    state.next = (state.next + run) % Self.capacity
                    rest = rest.dropFirst(run)
                }
            }
            if echo.wantsMore {
                for byte in chunk {
                    if byte == 10 {
                        echo.show(line)
                        line.removeAll(keepingCapacity: true)
                        if !echo.wantsMore { break }
                    } else if line.count < StandardErrorEcho.lineBytes {
                        line.append(byte)
                    }
                }
            }
        }
        if !line.isEmpty && echo.wantsMore { echo.show(line) }
        state.withLock { $0.finished = true }
        try? pipe.fileHandleForReading.close()
    }

    /// Stops reading: waits up to `seconds` for the pipe's end (the probe and whatever it started have
    /// exited), then closes the read end whatever is left, so a process that escaped the probe's group writes
    /// into a closed pipe instead of holding the audit.
    func stop(waiting seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while !state.withLock({ $0.finished }) && Date() < deadline { usleep(2_000) }
        state.withLock { $0.stopping = true }
        let last = Date().addingTimeInterval(0.2)
        while !state.withLock({ $0.finished }) && Date() < last { usleep(2_000) }
    }

    /// Every byte the probe wrote to its standard error.
    var totalBytes: UInt64 { state.withLock { $0.total } }

    /// The kept bytes, oldest first.
    var keptBytes: [UInt8] { state.withLock { state in Array(state.ring[state.next...] + state.ring[..<state.next]) } }

    /// The last `count` non-empty lines of the kept bytes (a partial last line included), each cut to 200
    /// bytes, decoded as UTF-8 with replacement characters and escaped as the terminal's text
    /// (`TextEscaping`). A first line whose start the ring dropped begins with "…".
    func lastLines(_ count: Int) -> [String] {
        let bytes = keptBytes
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: true)
        // A first line the ring cut (its start dropped) is kept, marked with "…": it may be all there is.
        let cutFirst = totalBytes > UInt64(bytes.count) && bytes.first != 10
        return lines.indices.suffix(count).map { index in
            let marked = cutFirst && index == lines.startIndex
            let kept = lines[index].prefix(StandardErrorEcho.lineBytes - (marked ? 3 : 0))
            var text = (marked ? "…" : "") + String(decoding: kept, as: UTF8.self)
            if text.hasSuffix("\r") { text.removeLast() }
            return TextEscaping.terminal(text)
        }
    }
}

/// The lines of a probe's standard error that reach the terminal, over every start of the probe: the first
/// ``maximumLines``, each prefixed with `probe: ` and escaped as every echoed text (`TextEscaping`); what
/// follows is only counted (``StandardErrorTail``).
final class StandardErrorEcho: Sendable {
    /// Lines shown on the terminal, in all.
    static let maximumLines = 10
    /// Bytes kept of one line.
    static let lineBytes = 200
    private let shown = Mutex(0)
    /// Bytes written to standard error over every start, and those shown (line ends included).
    private let bytes = Mutex((written: UInt64(0), shown: UInt64(0)))
    /// Where the lines go (standard error; a test may collect them).
    private let sink: @Sendable (String) -> Void

    init(sink: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) { self.sink = sink }

    /// Whether another line would be shown.
    var wantsMore: Bool { shown.withLock { $0 < Self.maximumLines } }

    /// Lines shown so far.
    var linesShown: Int { shown.withLock { $0 } }

    /// Counts `count` bytes written by one start of the probe.
    func record(_ count: Int) { bytes.withLock { $0.written += UInt64(count) } }

    /// Bytes written to standard error over every start so far.
    var bytesWritten: UInt64 { bytes.withLock { $0.written } }

    /// Says on the terminal, once the probe is stopped, how many bytes of its standard error were not shown
    /// (nothing if every byte was).
    func summarise(command: String) {
        let (written, shownBytes) = bytes.withLock { ($0.written, $0.shown) }
        guard written > shownBytes else { return }
        sink(
            "probe: '\(TextEscaping.terminal(command))' wrote \(written) bytes to standard error; \(written - shownBytes) not shown (the last lines of a start that failed or died are in the report)\n"
        )
        bytes.withLock { $0.shown = $0.written }
    }

    /// Shows `line` (its bytes without the line end) if fewer than ``maximumLines`` were.
    func show(_ line: [UInt8]) {
        let allowed = shown.withLock { count in
            guard count < Self.maximumLines else { return false }
            count += 1
            return true
        }
        guard allowed else { return }
        bytes.withLock { $0.shown += UInt64(line.count + 1) }
        var text = String(decoding: line, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        sink("probe: " + TextEscaping.terminal(text) + "\n")
    }
}
