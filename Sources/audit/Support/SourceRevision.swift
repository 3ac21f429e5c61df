import Foundation

/// The source revision the running binary was built from, for the report's provenance: the last commit that
/// changed the toolkit's sources (``sourcePaths``: `Package.swift` and `Sources/`), so that a commit of
/// reports, docs or tests alone does not change it and a fresh clone's default audit writes the committed
/// `Reports/` byte for byte. Found by walking up from the executable (`.build/release/audit` sits inside the
/// checkout it was built in) to the checkout's `.git` and asking `git rev-list`; without `git`, or in a
/// shallow clone, the commit `HEAD` names, read from the checkout's files (`HEAD`, the ref it names,
/// `packed-refs`). `+changes` is added when `git` reports uncommitted changes to the sources. nil for
/// a binary outside a checkout.
enum SourceRevision {
    /// What the binary is built from: the paths whose last commit is the source revision.
    static let sourcePaths = ["Package.swift", "Sources"]

    static let current: String? = {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath(),
            let root = checkout(above: executable.deletingLastPathComponent())
        else { return nil }
        guard let commit = lastSourceCommit(root) ?? commit(in: gitDirectory(of: root)) else { return nil }
        return hasChanges(root) ? commit + "+changes" : commit
    }()

    /// `git rev-list -n 1 HEAD -- Package.swift Sources` in `root`: nil without git, in a shallow clone (whose
    /// oldest commit git takes to add every file, so the answer would not be the commit that changed them),
    /// or when it names no commit.
    static func lastSourceCommit(_ root: URL) -> String? {
        guard git(["rev-parse", "--is-shallow-repository"], in: root) == "false" else { return nil }
        guard let commit = git(["rev-list", "-n", "1", "HEAD", "--"] + sourcePaths, in: root), isCommit(commit) else { return nil }
        return commit
    }

    /// What `git -C root ARGUMENTS` prints, trimmed; nil without git or when it fails.
    static func git(_ arguments: [String], in root: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

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

    /// Whether `git diff --quiet HEAD -- Package.swift Sources` finds uncommitted changes to the sources
    /// (false without git).
    static func hasChanges(_ root: URL) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "diff", "--quiet", "HEAD", "--"] + sourcePaths
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 1
    }
}
