import ArgumentParser
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import _FairnessAuditSupport

/// `audit merge`: the report of a run spread over shards, from their tallies.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the tallies of every shard of a run ('audit run --shard I/K --tallies DIR') into its report.",
        discussion: """
            Reads every shard-*-of-*.json in the directories given, checks that they are the shards of one run \
            (same toolkit, arguments, seed, generator and trials; every shard exactly once; checksums), then runs \
            the exact checks again and writes the report a single run of every trial writes, byte for byte, with \
            that run's exit status.
            """)

    @Argument(help: ArgumentHelp("Directories (or files) holding the shards' tallies.", valueName: "dir"))
    var paths: [String]

    @Option(help: ArgumentHelp("Directory for the reports, instead of the run's own --out.", valueName: "dir"))
    var out: String?

    @Option(help: ArgumentHelp("Also write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Option(
        name: .customLong("probe"),
        help: ArgumentHelp(
            "The probe command of each --spec of the shards' run, typed again in the same order (repeatable): merge runs no command read from a file.",
            valueName: "command"))
    var probes: [String] = []

    func run() throws {
        try AuditExitStatus.reportingErrors {
            let (command, store) = try Self.load(
                paths, extra: (out.map { ["--out", $0] } ?? []) + (junit.map { ["--junit", $0] } ?? []), typedProbes: probes)
            do {
                try command.execute(sampling: .merged(store))
            } catch AuditError.invalidSetting(.tallies, let subject, let allowed) {
                // In a merge the tallies are the shards' files, not a flag.
                throw MergeError("the shards' tallies of \(subject): must be \(allowed)")
            }
        }
    }

    /// The run the shards come from, and their tallies.
    ///
    /// A shard file is data, never code: when the shards' run audited games through probes, `typedProbes`
    /// must repeat those probe commands as the person merging typed them, in order, or the merge is refused
    /// before anything runs (a command written into a shard file, by a CI artefact or by hand, is not run).
    /// - Throws: ``MergeError`` naming the first file or shard that does not fit.
    static func load(_ paths: [String], extra: [String] = [], typedProbes: [String] = []) throws -> (RunCommand, TallyStore) {
        let shards = try shardFiles(paths).map { ($0, try ShardFile.read($0)) }
        let first = try checkOneRun(shards)
        // The spec files must still say what they said when the shards ran.
        for (path, digest) in first.specDigests.sorted(by: { $0.key < $1.key }) where try ShardFile.digests([path])[path] != digest {
            throw MergeError(
                "\(path): changed since the shards ran (or not found from this directory); merge where the shards ran, with the same spec files"
            )
        }
        let command = try recordedCommand(first, extra: extra, typedProbes: typedProbes)
        var tallies: [String: [Data]] = [:]
        for (_, file) in shards { for (subject, text) in file.tallies { tallies[subject, default: []].append(Data(text.utf8)) } }
        return (command, TallyStore(tallies))
    }

    /// The shard files named by `paths` (files, or directories holding `shard-*.json`), each once.
    /// - Throws: ``MergeError`` for a path that does not exist, or when no shard file is found.
    static func shardFiles(_ paths: [String]) throws -> [URL] {
        var files: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw MergeError("\(path): no such file or directory")
            }
            if isDirectory.boolValue {
                let names = try FileManager.default.contentsOfDirectory(atPath: path).filter {
                    $0.hasPrefix("shard-") && $0.hasSuffix(".json")
                }
                files += names.sorted().map { URL(fileURLWithPath: path).appendingPathComponent($0) }
            } else {
                files.append(URL(fileURLWithPath: path))
            }
        }
        guard !files.isEmpty else { throw MergeError("\(paths.joined(separator: " ")): no shard-*-of-*.json tallies found") }
        var unique: [URL] = []
        for file in files where !unique.contains(where: { $0.standardizedFileURL == file.standardizedFileURL }) { unique.append(file) }
        return unique
    }

    /// Checks that `shards` are the shards of one run, each exactly once, none missing; returns the first.
    /// - Throws: ``MergeError`` naming the first file or shard that does not fit.
    static func checkOneRun(_ shards: [(URL, ShardFile)]) throws -> ShardFile {
        let (firstURL, first) = shards[0]
        // Another toolkit may draw other numbers for the same arguments (a new default generator, say),
        // and the merge reruns the exact checks and writes the report with this one.
        guard first.toolkit == Toolkit.version else {
            throw MergeError(
                "\(firstURL.path): tallies from toolkit \(first.toolkit); this is \(Toolkit.version): merge with the toolkit that ran the shards"
            )
        }
        var seen: [Int: URL] = [:]
        for (url, file) in shards {
            for (what, mine, theirs) in [
                ("toolkit", file.toolkit, first.toolkit),
                ("run", file.run, first.run),
                ("seed", "\(file.seed)", "\(first.seed)"), ("generator", file.generator, first.generator),
                ("trials", "\(file.trials)", "\(first.trials)"),
                ("block size", "\(file.blockSize)", "\(first.blockSize)"), ("shard count", "\(file.shards)", "\(first.shards)"),
                ("subjects", file.subjects.joined(separator: ","), first.subjects.joined(separator: ",")),
            ] where mine != theirs {
                throw MergeError(
                    "\(url.path): not the same run as \(firstURL.path): \(what) '\(mine)' against '\(theirs)' (empty the tallies directory between runs)"
                )
            }
            if let other = seen[file.shard], other.standardizedFileURL != url.standardizedFileURL {
                throw MergeError("shard \(file.shard)/\(file.shards) appears twice (\(other.path) and \(url.path)): shards overlap")
            }
            seen[file.shard] = url
            var settings = RunSettings(trials: file.trials, seed: file.seed, blockSize: file.blockSize)
            settings.trials = file.trials
            let expected = settings.blocks(ofShard: file.shard, of: file.shards)
            guard file.firstBlock == expected.lowerBound, file.endBlock == expected.upperBound, file.blocks == settings.blockCount else {
                throw MergeError(
                    "\(url.path): shard \(file.shard)/\(file.shards) ran blocks \(file.firstBlock)..<\(file.endBlock), not \(expected)")
            }
            guard Set(file.tallies.keys) == Set(file.subjects) else { throw MergeError("\(url.path): tallies do not match its subjects") }
        }
        if let missing = (0..<first.shards).first(where: { seen[$0] == nil }) {
            throw MergeError(
                "shard \(missing)/\(first.shards) is missing: \(seen.count) of \(first.shards) shards found, so trials would be left out (run it with --shard \(missing)/\(first.shards))"
            )
        }
        return first
    }

    /// The run the shards recorded, parsed again with `extra` options; its probes must be those typed.
    /// - Throws: ``MergeError`` when the arguments no longer parse, the probes differ, or the generator
    ///   they name is not the one the shards drew from.
    static func recordedCommand(_ first: ShardFile, extra: [String], typedProbes: [String]) throws -> RunCommand {
        var arguments = first.arguments
        if arguments.first == "run" { arguments.removeFirst() }
        arguments += extra
        let command: RunCommand
        do {
            command = try RunCommand.parse(arguments)
        } catch {
            throw MergeError(
                "the shards' arguments '\(arguments.joined(separator: " "))' no longer parse: \(RunCommand.message(for: error))")
        }
        guard command.games.probes == typedProbes else {
            throw MergeError(
                command.games.probes.isEmpty
                    ? "the shards' run used no probe, but --probe was given to merge"
                    : "the shards' run audited \(command.games.probes.count) game(s) through probe commands; merge runs no command read from a file: type them again with --probe, in order (\(typedProbes.count) given\(typedProbes.isEmpty ? "" : ", and they differ from the shards'"))"
            )
        }
        guard command.rng.description == first.generator else {
            throw MergeError(
                "the shards' arguments now mean generator '\(command.rng)', but the shards drew from '\(first.generator)'; merge with the toolkit that ran them"
            )
        }
        return command
    }
}
