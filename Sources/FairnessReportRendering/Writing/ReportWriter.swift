import CFileSwap
import FairnessReport
import Foundation
import _FairnessAuditSupport

/// Renders an `AuditReport` as Markdown, CSV and JSON. Every number is formatted explicitly, nothing
/// depends on the clock, the thread count or the machine's locale, so the same run gives the same bytes.
public enum ReportWriter {
    /// The names the report set writes at the top of its directory (pictures go in `pictures/`).
    public static let fileNames: Set<String> = [
        "audit.md", "audit.json", "checks.csv", "outcomes.csv", "mislabelled_arcs.csv", "counterexamples.csv", "tables.csv",
        "provenance.csv", "pictures", sealName,
    ]

    /// The name of the file that seals a report set: the SHA-256 digest of every other file of the set, one
    /// `DIGEST  NAME` line each in the format `sha256sum -c` reads.
    public static let sealName = "SHA256SUMS"

    /// Seals a report set: given every file of the set (name and contents), the seal file's name and
    /// contents. The command passes one that writes ``sealName`` with SHA-256 digests.
    public typealias Seal = @Sendable ([(name: String, contents: String)]) -> (name: String, contents: String)

    /// The files written, by name.
    ///
    /// - Parameters:
    ///   - report: The report to render.
    ///   - threads: The most threads to render the files on (all cores by default); the bytes do not depend on it.
    /// - Returns: The name and contents of `audit.md`, `audit.json`, `checks.csv`, `outcomes.csv`,
    ///   `mislabelled_arcs.csv`, `counterexamples.csv`, `tables.csv` and `provenance.csv`, in that order
    ///   (a report of random sources alone has no outcomes, arcs or counterexamples, and no files for them),
    ///   then the pictures under `pictures/` (each wheel as drawn, each subject's observed against expected
    ///   counts, SVG).
    /// - Throws: `EncodingError` if the report cannot be encoded as JSON (a non-finite number).
    /// - Complexity: O(*s* · *r*), where *s* is the number of subjects and *r* the number of rows in the
    ///   report (the Markdown gathers each subject's rows from every table).
    public static func render(
        _ report: AuditReport, threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws -> [(name: String, contents: String)] {
        // Each file is rendered on its own core where there are several: the JSON encoding alone is a
        // fifth of an audit's serial end. The order of the files is fixed here, not by which finishes first.
        typealias Files = [(name: String, contents: String)]
        // A set of random sources alone has no outcomes, arcs or counterexamples: no files for them.
        let games = !report.subjects.allSatisfy { $0.kind == .randomSource }
        let renderers: [@Sendable (AuditReport) throws -> Files] = [
            { [("audit.md", markdown($0))] },
            { [("audit.json", try json($0))] },
            { [("checks.csv", checksCSV($0))] },
            { games ? [("outcomes.csv", outcomesCSV($0))] : [] },
            { games ? [("mislabelled_arcs.csv", arcsCSV($0))] : [] },
            { games ? [("counterexamples.csv", counterexamplesCSV($0))] : [] },
            { [("tables.csv", tablesCSV($0))] },
            { [("provenance.csv", provenanceCSV($0))] },
            { pictures($0) },
        ]
        return try renderers.concurrentMap(threads: threads) { try $0(report) }.flatMap { $0 }
    }

    /// Every file of the report set, as ``write(_:to:threads:junitName:seal:)`` writes it: the files of
    /// ``render(_:threads:)``, the JUnit file the report names (`AuditReport.junitFile`) and the seal.
    /// A verification renders a set again by this and compares it byte for byte.
    ///
    /// - Throws: `EncodingError` as ``render(_:threads:)`` does.
    public static func renderSet(
        _ report: AuditReport, threads: Int = ProcessInfo.processInfo.activeProcessorCount, seal: Seal? = nil
    ) throws -> [(name: String, contents: String)] {
        var files = try render(report, threads: threads)
        if let junitName = report.junitFile { files.append((junitName, junit(report))) }
        if let seal { files.append(seal(files)) }
        return files
    }

    /// The seal of a set's files: `SHA256SUMS`, one `DIGEST  NAME` line per file in order of name (as
    /// `sha256sum -c SHA256SUMS` checks it), `digest` giving a file's SHA-256 in lower-case hexadecimal.
    public static func seal(_ files: [(name: String, contents: String)], digest: (Data) -> String) -> (name: String, contents: String) {
        let lines = files.sorted { $0.name < $1.name }.map { "\(digest(Data($0.contents.utf8)))  \($0.name)\n" }
        return (sealName, lines.joined())
    }

    /// Writes the report set so that it lands whole: a killed run leaves `directory` holding either the
    /// complete previous set or the complete new one, never a mix.
    ///
    /// The files are written into a new directory beside `directory` (`.NAME.tmp-PID-…`), which then takes
    /// its place in one step: a rename when `directory` does not exist yet, otherwise an atomic exchange of
    /// the two directories (Linux `renameat2(RENAME_EXCHANGE)`, macOS `renamex_np(RENAME_SWAP)`), after
    /// which the old set is removed. Everything else already in `directory` (a `calibration.md`, an
    /// `archive/` folder) is carried over without copying data (files by hard link,
    /// folders made again with their mode and owner), and the new directory takes the old one's mode, owner
    /// and group first; the directory's inode is the one thing that changes. Where the directory cannot be
    /// exchanged whole — it is the current directory or one of its ancestors (a shell's `--out .`), it is a
    /// mount point, its owner or an entry cannot be carried over, or the file system cannot exchange — the
    /// files are staged inside it and each is renamed into place, so the directory itself is kept and each
    /// file is old or new but the set may mix. Leftovers of killed runs are removed first.
    ///
    /// - Parameters:
    ///   - report: The report to write.
    ///   - directory: The directory to write into; created, with its parents, if missing.
    ///   - threads: The most threads to render the files on (all cores by default), as ``render(_:threads:)``.
    ///   - junitName: A file name to write the JUnit report under inside `directory`, as part of the set (it
    ///     lands with the other files, never from another run); nil for none.
    ///   - seal: Seals the set (the command's writes ``sealName``), its file written with the others; nil for
    ///     none.
    /// - Throws: `AuditError.cannotWrite(path:reason:)` if a directory or file cannot be created, written
    ///   or moved into place (nothing half-written is left in `directory`); and `EncodingError` as
    ///   ``render(_:threads:)`` does.
    /// - Complexity: O(*s* · *r*), as ``render(_:threads:)``, plus writing the files.
    public static func write(
        _ report: AuditReport, to directory: URL, threads: Int = ProcessInfo.processInfo.activeProcessorCount, junitName: String? = nil,
        seal: Seal? = nil
    ) throws {
        var report = report
        report.junitFile = junitName
        let files = try renderSet(report, threads: threads, seal: seal)
        let manager = FileManager.default
        // Through any symbolic link, so the exchange replaces the directory it names, not the link.
        let directory = directory.standardizedFileURL.resolvingSymlinksInPath()
        let parent = directory.deletingLastPathComponent()
        let prefix = ".\(directory.lastPathComponent).tmp-"
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw AuditError.cannotWrite(path: parent.path, reason: error.localizedDescription)
        }
        removeLeftovers(in: parent, prefix: prefix)
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: directory.path, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            throw AuditError.cannotWrite(path: directory.path, reason: "it exists and is not a directory")
        }
        // A directory that must be kept as it is gets its files staged inside it (same file system, so
        // each rename stays atomic even on a mount point).
        let keepDirectory = exists && !exchangeable(directory, parent: parent)
        if keepDirectory { removeLeftovers(in: directory, prefix: ".tmp-") }
        let staging =
            keepDirectory
            ? directory.appendingPathComponent(".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
            : parent.appendingPathComponent(prefix + "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: staging) }
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw AuditError.cannotWrite(path: staging.path, reason: error.localizedDescription)
        }
        // Held for the whole write: a later run tells a staging folder in use from one a killed run left.
        let lock = lockStaging(staging)
        defer { if lock >= 0 { close(lock) } }
        do {
            for file in files {
                let target = staging.appendingPathComponent(file.name)
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: target)
            }
        } catch {
            throw AuditError.cannotWrite(path: staging.path, reason: error.localizedDescription)
        }
        guard exists else {
            if rename(staging.path, directory.path) != 0 {
                throw AuditError.cannotWrite(path: directory.path, reason: String(cString: strerror(errno)))
            }
            return
        }
        // The set's own names, whether this set writes them or not (an earlier set's tables or pictures are
        // not carried over into this one).
        let ours = Set(files.map { String($0.name.split(separator: "/").first ?? "") }).union(fileNames)
        let existing = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        var wholeSet = !keepDirectory && keepsOwnership(of: directory, on: staging)
        for name in existing where wholeSet && !ours.contains(name) && name != staging.lastPathComponent {
            wholeSet = carryOver(directory.appendingPathComponent(name), to: staging.appendingPathComponent(name))
        }
        if wholeSet && existing.contains("pictures") {
            wholeSet = carryOverPictures(from: directory.appendingPathComponent("pictures"), to: staging.appendingPathComponent("pictures"))
        }
        if wholeSet && cfs_exchange(staging.path, directory.path) == 0 { return }
        // Not exchangeable as a whole: each file on its own (old or new, never torn).
        for file in files {
            let source = staging.appendingPathComponent(file.name), target = directory.appendingPathComponent(file.name)
            try? manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if rename(source.path, target.path) != 0 {
                throw AuditError.cannotWrite(path: target.path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Whether `directory` may be replaced by an exchange with a staged copy: not the current directory
    /// or one of its ancestors (a shell sitting in it would be left in a deleted directory), and on the
    /// same file system as `parent` (a mount point cannot be exchanged).
    static func exchangeable(_ directory: URL, parent: URL) -> Bool {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        let path = directory.path
        if current == path || current.hasPrefix(path.hasSuffix("/") ? path : path + "/") { return false }
        var own = stat(), above = stat()
        guard stat(path, &own) == 0, stat(parent.path, &above) == 0 else { return false }
        return own.st_dev == above.st_dev
    }

    /// Gives `staging` the mode, owner and group of `directory`; false if they cannot all be kept (then
    /// the directory must not be exchanged).
    static func keepsOwnership(of directory: URL, on staging: URL) -> Bool {
        var old = stat()
        guard stat(directory.path, &old) == 0, chmod(staging.path, old.st_mode & 0o7777) == 0 else { return false }
        var new = stat()
        guard stat(staging.path, &new) == 0 else { return false }
        if new.st_uid != old.st_uid || new.st_gid != old.st_gid {
            guard chown(staging.path, old.st_uid, old.st_gid) == 0 else { return false }
            // chown may clear set-id bits: set the mode again.
            guard chmod(staging.path, old.st_mode & 0o7777) == 0 else { return false }
        }
        return true
    }

    /// Removes staging directories (`prefix` + PID + …) left by runs that were killed: those no writer
    /// holds locked (see ``lockStaging(_:)``) whose process is no longer running, or whose PID is this
    /// process's own — a run killed as PID 1 in a container leaves a folder named for PID 1, which is always
    /// running there, and only an earlier process of the same PID can have left it.
    static func removeLeftovers(in parent: URL, prefix: String) {
        let manager = FileManager.default
        let own = ProcessInfo.processInfo.processIdentifier
        for name in (try? manager.contentsOfDirectory(atPath: parent.path)) ?? [] where name.hasPrefix(prefix) {
            // Only names this writer makes — prefix, PID, "-", a UUID — are ever removed: a file of the
            // user's that merely starts like one (`.tmp-42`) is left alone.
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isNumber }
            let tail = rest.dropFirst(digits.count)
            guard let pid = Int32(digits), tail.first == "-", UUID(uuidString: String(tail.dropFirst())) != nil else { continue }
            let leftover = parent.appendingPathComponent(name)
            guard pid == own || (kill(pid, 0) != 0 && errno == ESRCH) else { continue }
            // A writer holding the lock is still writing (a PID reused, say): never remove its folder.
            let descriptor = open(leftover.path, O_RDONLY)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            try? manager.removeItem(at: leftover)
        }
    }

    /// Locks `staging` (an advisory `flock` on the folder, released when the process ends however it
    /// ends) and returns the descriptor to close when the write is done; −1 where the file system has no
    /// locks (the PID rule alone then decides).
    static func lockStaging(_ staging: URL) -> Int32 {
        let descriptor = open(staging.path, O_RDONLY)
        guard descriptor >= 0 else { return -1 }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }

    // MARK: Formatting

    static func number(_ x: Double?) -> String {
        guard let x else { return "" }
        if x == 0 { return "0" }
        return String(format: "%.6g", x)
    }

    static func pValue(_ x: Double?) -> String {
        guard let x else { return "" }
        if x == 0 { return "0" }
        return String(format: "%.4g", x)
    }

    static func markdownCell(_ text: String) -> String { TextEscaping.markdown(text) }

    static func csvField(_ text: String) -> String { TextEscaping.csv(text) }

    static func csv(_ header: [String], _ rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(csvField).joined(separator: ",") + "\r\n" }.joined()
    }
}
