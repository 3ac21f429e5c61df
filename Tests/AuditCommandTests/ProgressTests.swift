import Foundation
import TestSupport
import Testing

/// The progress line: on a terminal (given by script(1)), trials per second and the time left; on a pipe,
/// nothing. Both runs are interrupted with SIGINT after a few seconds.
@Suite("progress line", .serialized, .fullTierOnly)
struct ProgressTests {
    static let hasScript =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout")

    /// Runs `command` through /bin/sh and returns what it printed on standard output and standard error.
    static func shell(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: hasScript)) func aTerminalShowsTrialsPerSecondAndTimeLeft() throws {
        let out = AuditProcess.temporaryDirectory()
        let audit = "timeout -s INT 4 \(AuditProcess.executable.path) --trials 1e12 --subject reference-wheel-37 --out \(out)"
        // script(1) runs the audit on a pseudo-terminal and copies what it writes there.
        let terminal = try Self.shell("/usr/bin/script -qfec '\(audit)' /dev/null")
        #expect(terminal.contains("trials/s"), "\(terminal.suffix(400))")
        #expect(terminal.contains("left") && terminal.contains("[1/1] reference-wheel-37"))
        // The progress line is cleared before the error, which starts a line of its own.
        #expect(terminal.contains("\u{1B}[Kaudit: interrupted") && !terminal.contains("leftaudit"), "\(terminal.suffix(300))")
    }

    @Test(.enabled(if: hasScript)) func aPipeShowsNone() throws {
        let out = AuditProcess.temporaryDirectory()
        let piped = try Self.shell(
            "timeout -s INT 3 \(AuditProcess.executable.path) --trials 1e12 --subject reference-wheel-37 --out \(out) 2>&1 | cat")
        #expect(!piped.contains("trials/s") && !piped.contains("\u{1B}[K"), "\(piped)")
        #expect(piped.contains("interrupted"))
    }
}
