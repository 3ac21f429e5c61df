import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import _FairnessAuditSupport

/// Where a run's JUnit report goes, checked before anything runs: into the report set (a file name directly
/// in `--out`, written and landing with the other reports, so the two never come from different runs) or a
/// file of its own elsewhere (written beside its destination before the set, and renamed into place right
/// after the set lands).
enum JUnitDestination {
    case inReportSet(name: String)
    case file(URL)

    /// The destination of `--junit path` for reports in `reports`.
    ///
    /// A symbolic link is written through (its target is replaced, the link kept); a FIFO, a device or a
    /// socket is refused, never replaced by a regular file; a directory, a missing or unwritable parent, and
    /// a name that is one of the report set's own files are refused.
    /// - Throws: an ``OptionError`` for `--junit`.
    static func checked(_ path: String, reports: URL) throws -> JUnitDestination {
        let allowed = "a file path in an existing, writable directory (inside --out, a name of its own)"
        func refuse(_ why: String) -> OptionError { OptionError(flag: "--junit", value: path, allowed: allowed + " (\(why))") }
        guard !path.isEmpty else { throw OptionError(flag: "--junit", value: "''", allowed: allowed) }
        var file = URL(fileURLWithPath: path).standardizedFileURL
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/") || (manager.fileExists(atPath: file.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw refuse("this is a directory")
        }
        var info = stat()
        if lstat(file.path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFLNK:
                // Through the link: its target is the file the user means, even one that does not exist yet
                // (the link is kept, and the file it names is written).
                guard let destination = try? manager.destinationOfSymbolicLink(atPath: file.path) else {
                    throw refuse("the link cannot be read")
                }
                file = URL(fileURLWithPath: destination, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
                    .resolvingSymlinksInPath()
                var target = stat()
                if lstat(file.path, &target) == 0 && target.st_mode & S_IFMT == S_IFLNK {
                    throw refuse("the link leads to a link that leads nowhere")
                }
                if stat(file.path, &target) == 0 && target.st_mode & S_IFMT != S_IFREG { throw refuse("the link points to a special file") }
            case S_IFIFO: throw refuse("it is a FIFO, not a regular file")
            case S_IFCHR, S_IFBLK: throw refuse("it is a device, not a regular file")
            default: throw refuse("it is not a regular file")
            }
        }
        let parent = file.deletingLastPathComponent().resolvingSymlinksInPath().path
        guard manager.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            if parent == reports.standardizedFileURL.resolvingSymlinksInPath().path { return .inReportSet(name: file.lastPathComponent) }
            throw refuse("its directory does not exist")
        }
        if parent == reports.standardizedFileURL.resolvingSymlinksInPath().path {
            let name = file.lastPathComponent
            guard !ReportWriter.fileNames.contains(name) else { throw refuse("\(name) is one of the report set's own files") }
            return .inReportSet(name: name)
        }
        guard manager.isWritableFile(atPath: parent) else { throw refuse("its directory is not writable") }
        return .file(file)
    }

    /// Writes `report`'s set into `directory` with the JUnit report at `destination` (nil: none).
    /// - Throws: `AuditError.cannotWrite(path:reason:)`.
    static func write(_ report: AuditReport, to directory: URL, junit destination: JUnitDestination?, threads: Int) throws {
        switch destination {
        case .inReportSet(let name):
            try ReportWriter.write(report, to: directory, threads: threads, junitName: name, seal: Fingerprints.seal)
        case .file(let file):
            // Written before the set and landed right after it: a run stopped in between leaves the old
            // JUnit file beside the new set only for the moment between two renames, and a JUnit file
            // that cannot be written stops the run before the set is replaced.
            let staged = try ReportWriter.stageJUnit(report, beside: file)
            do {
                try ReportWriter.write(report, to: directory, threads: threads, seal: Fingerprints.seal)
            } catch {
                try? FileManager.default.removeItem(at: staged)
                throw error
            }
            do {
                try ReportWriter.landJUnit(staged, at: file)
            } catch AuditError.cannotWrite(let path, let reason) {
                throw AuditError.cannotWrite(
                    path: path, reason: "\(reason) (the reports in \(directory.path) were written; this JUnit file was not)")
            }
        case nil:
            try ReportWriter.write(report, to: directory, threads: threads, seal: Fingerprints.seal)
        }
    }
}
