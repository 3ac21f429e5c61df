import Foundation
import TestSupport
import Testing

/// The files of one run land together: runs killed at random moments leave the complete old set or the
/// complete new set — reports, pictures and the JUnit file inside it — never a mix, and other files and
/// folders in the directory survive.
@Suite("atomic report set", .serialized, .fullTierOnly)
struct ReportSetTests {
    /// Every file of a report set by its path inside `directory` (`pictures/...` included).
    static func reportFiles(_ directory: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let name = enumerator?.nextObject() as? String {
            guard !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = FileManager.default.contents(atPath: directory + "/" + name)
            }
        }
        return files
    }

    @Test func killedRunsLeaveTheOldSetOrTheNewSet() throws {
        let root = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/reports"
        func arguments(seed: Int, into directory: String) -> [String] {
            [
                "--trials", "20000", "--subject", "reference-wheel-37", "--seed", "\(seed)", "--out", directory, "--junit",
                directory + "/junit.xml", "--quiet",
            ]
        }
        // The two complete sets a run can leave.
        let started = Date()
        _ = try AuditProcess.run(arguments(seed: 1, into: root + "/a"))
        let runtime = Date().timeIntervalSince(started)
        _ = try AuditProcess.run(arguments(seed: 2, into: root + "/b"))
        let setA = Self.reportFiles(root + "/a"), setB = Self.reportFiles(root + "/b")
        #expect(setA.count == 12 && setB.count == 12 && setA != setB, "\(setA.keys.sorted())")
        #expect(setA.keys.contains("junit.xml") && setA.keys.contains { $0.hasPrefix("pictures/") }, "\(setA.keys.sorted())")

        _ = try AuditProcess.run(arguments(seed: 1, into: out))
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: out + "/notes.md"))
        // An unrelated folder inside the reports' directory stays, and does not turn the set's replacement
        // into file-by-file writes.
        try FileManager.default.createDirectory(atPath: out + "/archive", withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: out + "/archive/old.txt"))
        var generator = SplitMix64(seed: 20261123)
        var landed = 0
        for attempt in 0..<50 {
            let process = Process()
            process.executableURL = AuditProcess.executable
            process.arguments = arguments(seed: attempt % 2 == 0 ? 2 : 1, into: out)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Anywhere from the start to a little past the usual end of a run.
            usleep(UInt32(Double(generator.next() % 1000) / 1000 * runtime * 1.2 * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit { landed += 1 }
            var files = Self.reportFiles(out)
            #expect(files.removeValue(forKey: "notes.md") == Data("kept\n".utf8), "attempt \(attempt): notes.md lost")
            #expect(files.removeValue(forKey: "archive/old.txt") == Data("old\n".utf8), "attempt \(attempt): archive/ lost")
            #expect(files == setA || files == setB, "attempt \(attempt): a mixed or torn set: \(files.keys.sorted())")
        }
        // A complete run afterwards clears what the killed runs left beside the directory.
        _ = try AuditProcess.run(arguments(seed: 2, into: out))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasPrefix(".reports.tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(landed < 50, "every run finished before it was killed: the test did not interrupt any")
    }
}

extension ReportSetTests {
    /// `--out` through a symbolic link writes into the directory it names and keeps the link.
    @Test func symbolicLinkOutKeepsTheLink() throws {
        let root = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/real")
        let result = try AuditProcess.run(["--trials", "2000", "--subject", "reference-wheel-37", "--out", root + "/link", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/link")) == root + "/real")
        #expect(FileManager.default.fileExists(atPath: root + "/real/audit.md"))
    }
}

extension ReportSetTests {
    /// Whether this machine lets a test start a process as PID 1 of a new PID namespace (root with
    /// unshare(1), as in a container's entrypoint); elsewhere the PID 1 kill loop cannot run.
    static let canRunAsPID1: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--pid", "--fork", "--kill-child", "--mount-proc", "true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// A container's entrypoint is PID 1, which is always running there: runs killed as PID 1 leave staging
    /// folders named for PID 1, and the next run as PID 1 removes them (no writer holds their lock), never a
    /// mixed set.
    @Test(.enabled(if: canRunAsPID1, "needs unshare(1) with a new PID namespace (root)"))
    func runsKilledAsPID1LeaveNothingBehind() throws {
        let root = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/reports"
        func pid1(seed: Int) -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            process.arguments =
                ["--pid", "--fork", "--kill-child", "--mount-proc", AuditProcess.executable.path]
                + ["--trials", "20000", "--subject", "reference-wheel-37", "--seed", "\(seed)", "--out", out, "--quiet"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        let first = pid1(seed: 1)
        let started = Date()
        try first.run()
        first.waitUntilExit()
        let runtime = Date().timeIntervalSince(started)
        let setA = Self.reportFiles(out)
        #expect(first.terminationStatus == 0 && setA.count == 11, "\(first.terminationStatus) \(setA.keys.sorted())")
        var generator = SplitMix64(seed: 11)
        for attempt in 0..<12 {
            let process = pid1(seed: 1)
            try process.run()
            usleep(UInt32(Double(generator.next() % 1000) / 1000 * runtime * 1.1 * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(Self.reportFiles(out) == setA, "attempt \(attempt): a mixed or torn set")
        }
        // What a run killed as PID 1 while writing leaves (kills rarely land in that moment): a staging folder
        // named for PID 1, which the next run as PID 1 — the same PID — must remove.
        let stale = root + "/.reports.tmp-1-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
        try Data("half-written\n".utf8).write(to: URL(fileURLWithPath: stale + "/audit.md"))
        let last = pid1(seed: 1)
        try last.run()
        last.waitUntilExit()
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasPrefix(".reports.tmp-") }
        #expect(leftovers.isEmpty, "staging folders left by runs killed as PID 1: \(leftovers)")
    }
}
