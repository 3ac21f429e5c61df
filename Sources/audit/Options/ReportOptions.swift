import ArgumentParser
import Foundation

/// Where a finished audit's reports go, and how much it prints.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Directory for the reports.", valueName: "dir"))
    var out = "Reports"

    @Option(help: ArgumentHelp("Also write a JUnit XML report to this file (one test case per check).", valueName: "file"))
    var junit: String?

    @Flag(help: "Print only the gate line.")
    var quiet = false

    /// The report directory.
    var directory: URL { URL(fileURLWithPath: out, isDirectory: true) }

    func validate() throws {
        // An empty --out would write into whatever directory the shell is in.
        guard !out.isEmpty else { throw ValidationError("--out '': give a directory path (such as Reports or .)") }
    }

    /// Fails early, with one line, if `directory` cannot be created or written; creates nothing.
    /// - Throws: an ``OptionError`` naming `flag`.
    static func checkWritable(_ directory: URL, flag: String = "--out") throws {
        guard !directory.path.isEmpty, directory.lastPathComponent != "" else {
            throw OptionError(flag: flag, value: "''", allowed: "a directory path")
        }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw OptionError(flag: flag, value: directory.path, allowed: "a directory (this path is a file)")
        }
        // Nothing is created before the run: the directory, or the nearest folder above it that exists,
        // must be writable (a refusal later must not leave an empty folder behind).
        var existing = directory.standardizedFileURL
        while !manager.fileExists(atPath: existing.path, isDirectory: &isDirectory) && existing.path != "/" {
            existing = existing.deletingLastPathComponent()
        }
        // A file written and removed there says it (permissions alone do not: root, read-only mounts, /proc).
        let probe = existing.appendingPathComponent(".tmp-write-check-\(ProcessInfo.processInfo.processIdentifier)")
        guard isDirectory.boolValue, (try? Data().write(to: probe)) != nil else {
            throw OptionError(flag: flag, value: directory.path, allowed: "a writable directory (\(existing.path) is not writable)")
        }
        try? manager.removeItem(at: probe)
    }
}
