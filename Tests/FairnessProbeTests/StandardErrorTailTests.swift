import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FairnessProbe

/// A probe's standard error is drained, bounded and echoed a few lines at a time (full tier: python3).
@Suite("probe standard error", .serialized, .fullTierOnly)
struct StandardErrorTailTests {
    static let faulty = "python3 \(packageRoot.appendingPathComponent("Tests/FairnessProbeTests/Fixtures/probes/faulty.py").path)"

    /// The probe and a child it started flood standard error while the probe answers: every answer comes,
    /// 10 lines reach the terminal, the rest is counted, and only the last 64 KiB are kept.
    @Test func aFloodFromTheProbeAndItsChildIsBounded() throws {
        let lines = Mutex<[String]>([])
        let echo = StandardErrorEcho(sink: { line in lines.withLock { $0.append(line) } })
        let connection = try ProbeConnection(command: Self.faulty + " flood", timeout: 10, kind: "wheel", numberType: nil, echo: echo)
        let requests = (0..<400).map { "report \(Double($0))" }
        let answers = try connection.exchange(requests)
        #expect(answers.count == 400)
        // The child writes on: wait until tens of megabytes went through, far more than is kept.
        let deadline = Date().addingTimeInterval(30)
        while connection.standardError.totalBytes < 20_000_000 && Date() < deadline { usleep(10_000) }
        #expect(connection.standardError.totalBytes >= 20_000_000)
        let started = Date()
        connection.close()
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(connection.standardError.keptBytes.count == StandardErrorTail.capacity)
        #expect(echo.linesShown == StandardErrorEcho.maximumLines)
        echo.summarise(command: "flood")
        let shown = lines.withLock { $0 }
        #expect(shown.count == StandardErrorEcho.maximumLines + 1)
        #expect(shown.prefix(StandardErrorEcho.maximumLines).allSatisfy { $0.hasPrefix("probe: ") && $0.utf8.count < 300 })
        #expect(shown.last?.contains("bytes to standard error;") == true && shown.last?.contains("not shown") == true)
        let last = connection.standardError.lastLines(3)
        #expect(!last.isEmpty && last.allSatisfy { $0.utf8.count <= StandardErrorEcho.lineBytes })
    }

    /// Control characters a probe writes reach neither the terminal nor a report raw.
    @Test func controlCharactersAreEscaped() throws {
        let lines = Mutex<[String]>([])
        let echo = StandardErrorEcho(sink: { line in lines.withLock { $0.append(line) } })
        let command = "printf 'red \\033[31mPASS\\r\\n' >&2; exec " + Self.faulty
        let connection = try ProbeConnection(command: command, timeout: 10, kind: "wheel", numberType: nil, echo: echo)
        connection.close()
        #expect(lines.withLock { $0 } == ["probe: red \\u{1B}[31mPASS\n"])
        #expect(connection.standardError.lastLines(1) == ["red \\u{1B}[31mPASS"])
    }

    /// A line longer than the kept bytes is all a start may leave: it is quoted, its cut start marked.
    @Test func aLineLongerThanTheTailIsQuotedCut() throws {
        let echo = StandardErrorEcho(sink: { _ in })
        let command = "head -c 100000 /dev/zero | tr '\\0' x >&2; exec " + Self.faulty
        let connection = try ProbeConnection(command: command, timeout: 10, kind: "wheel", numberType: nil, echo: echo)
        connection.close()
        #expect(connection.standardError.lastLines(5) == ["…" + String(repeating: "x", count: StandardErrorEcho.lineBytes - 3)])
    }
}
