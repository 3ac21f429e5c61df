import Foundation

/// The git commit the running binary was built from, for the report's provenance: found by walking up from
/// the executable (`.build/release/audit` sits inside the checkout it was built in) to the checkout's `.git`,
/// and read from its files (`HEAD`, the ref it names, `packed-refs`); `+changes` is added when `git` is
/// installed and reports uncommitted changes to tracked files. nil for a binary outside a checkout.
enum SourceRevision {
    static let current: String? = {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath(),
            let root = checkout(above: executable.deletingLastPathComponent())
        else { return nil }
        guard let commit = commit(in: gitDirectory(of: root)) else { return nil }
        return hasChanges(root) ? commit + "+changes" : commit
    }()

    /// The nearest directory at or above `start` holding a `.git` entry.
    static func checkout(above start: URL) -> URL? {
        var directory = start
        for _ in 0..<12 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) { return directory }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
        return nil
    }

    /// `.git`, or the directory a `.git` file points to (`gitdir: …`, a worktree or submodule).
    static func gitDirectory(of root: URL) -> URL {
        let dotGit = root.appendingPathComponent(".git")
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else { return dotGit }
        let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    /// The commit `HEAD` names: directly, through its ref's file, or through `packed-refs`.
    static func commit(in git: URL) -> String? {
        guard let head = try? String(contentsOf: git.appendingPathComponent("HEAD"), encoding: .utf8) else { return nil }
        let line = head.trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix("ref: ") else { return isCommit(line) ? line : nil }
        let ref = String(line.dropFirst("ref: ".count))
        if let value = try? String(contentsOf: git.appendingPathComponent(ref), encoding: .utf8) {
            let commit = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return isCommit(commit) ? commit : nil
        }
        let packed = (try? String(contentsOf: git.appendingPathComponent("packed-refs"), encoding: .utf8)) ?? ""
        for entry in packed.split(separator: "\n") where entry.hasSuffix(" " + ref) {
            let commit = String(entry.prefix { $0 != " " })
            if isCommit(commit) { return commit }
        }
        return nil
    }

    static func isCommit(_ text: String) -> Bool { text.count == 40 && text.allSatisfy(\.isHexDigit) }

    /// Whether `git diff --quiet HEAD` finds uncommitted changes to tracked files (false without git).
    static func hasChanges(_ root: URL) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "diff", "--quiet", "HEAD", "--"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 1
    }
}
