import Foundation

// Carrying a directory's other entries over to the staged set, so the set can replace it whole.
extension ReportWriter {
    /// Recreates `source` (a file, symbolic link or folder of the user's, inside the reports' directory) at
    /// `copy` inside the staged set without copying data: a file is hard-linked (the same inode, so nothing
    /// is lost or duplicated), a symbolic link is made again with the same target, and a folder is made
    /// again with the same mode and owner and its entries carried over in turn.
    ///
    /// - Returns: false if any entry could not be carried over exactly (then the set is not exchanged, and
    ///   its files are renamed into the kept directory one by one).
    static func carryOver(_ source: URL, to copy: URL) -> Bool {
        var info = stat()
        guard lstat(source.path, &info) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard mkdir(copy.path, info.st_mode & 0o7777) == 0 else { return false }
            var made = stat()
            guard stat(copy.path, &made) == 0 else { return false }
            if made.st_uid != info.st_uid || made.st_gid != info.st_gid {
                guard chown(copy.path, info.st_uid, info.st_gid) == 0 else { return false }
            }
            // The mode again: the umask narrowed mkdir's, and chown may clear set-id bits.
            guard chmod(copy.path, info.st_mode & 0o7777) == 0 else { return false }
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: source.path) else { return false }
            return entries.allSatisfy { carryOver(source.appendingPathComponent($0), to: copy.appendingPathComponent($0)) }
        case S_IFLNK:
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: source.path) else { return false }
            return symlink(target, copy.path) == 0
        default:
            return link(source.path, copy.path) == 0
        }
    }

    /// Keeps what the user put in `pictures/` beside the new pictures: every entry that is not a picture
    /// the toolkit writes (`…-wheel.svg`, `…-outcomes.svg`; the previous run's are replaced), carried over
    /// as ``carryOver(_:to:)`` does, and the folder's mode (no folder when the new set has no pictures and
    /// there is nothing to keep). A `pictures` that is not a folder stays out of the exchange.
    /// - Returns: false if anything could not be carried over (then the set is not exchanged).
    static func carryOverPictures(from old: URL, to new: URL) -> Bool {
        var info = stat()
        guard lstat(old.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        guard var entries = try? FileManager.default.contentsOfDirectory(atPath: old.path) else { return false }
        entries.removeAll { $0.hasSuffix("-wheel.svg") || $0.hasSuffix("-outcomes.svg") }
        // Nothing of the user's, and no pictures in the new set: no folder.
        if entries.isEmpty && !FileManager.default.fileExists(atPath: new.path) { return true }
        try? FileManager.default.createDirectory(at: new, withIntermediateDirectories: true)
        guard chmod(new.path, info.st_mode & 0o7777) == 0 else { return false }
        for entry in entries {
            let target = new.appendingPathComponent(entry)
            guard !FileManager.default.fileExists(atPath: target.path), carryOver(old.appendingPathComponent(entry), to: target) else {
                return false
            }
        }
        return true
    }
}
