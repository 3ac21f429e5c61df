import ArgumentParser
import Dispatch
import FairnessAudit
import FairnessSpec
import Foundation

/// `audit run` (the default command): audits the chosen subjects, prints a verdict table, writes the
/// reports and exits with the gate's status.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the audit (the default command).")

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Trials per subject, 1 ... 10^15, written 1000000 or 1e6. (default: 1000000)", valueName: "n"),
        transform: TrialCount.parse)
    var trials = TrialCount(1_000_000)

    @OptionGroup var engine: EngineOptions

    @Option(name: .customLong("subject"), help: ArgumentHelp("Audit only this subject (repeatable; see 'audit list').", valueName: "name"))
    var subjects: [String] = []

    @Option(
        name: .customLong("spec"),
        help: ArgumentHelp("Audit the game declared in this spec file (YAML or JSON; repeatable; see docs/spec.md).", valueName: "file"))
    var specs: [String] = []

    @Option(
        name: .customLong("probe"),
        help: ArgumentHelp(
            "Audit the game's own code: a probe command (run with /bin/sh -c) speaking docs/probe-protocol.md, for the --spec of the same position (repeatable).",
            valueName: "command"))
    var probes: [String] = []

    @Option(
        name: .customLong("probe-timeout"), parsing: .unconditional,
        help: ArgumentHelp("Seconds a probe may go without answering before its batch is abandoned.", valueName: "seconds"))
    var probeTimeout = 10.0

    @Option(
        name: .customLong("probe-deadline"), parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds a game's whole audit through its probe may take, from the probe's start; past it the game fails as 'could not be run'.",
            valueName: "seconds"))
    var probeDeadline = 3600.0

    @Option(
        help: ArgumentHelp(
            "Generator: xoshiro (reproducible, fastest), philox (reproducible, one counter per trial), system, or gsl:NAME (gsl:mt19937, gsl:randu, ...).",
            valueName: "name"))
    var rng = "xoshiro"

    @Option(parsing: .unconditional, help: ArgumentHelp("Family-wise significance level of the run (Holm), in (0, 1).", valueName: "alpha"))
    var alpha = AuditSettings.defaultAlpha

    @Option(help: ArgumentHelp("Directory for the reports.", valueName: "dir"))
    var out = "Reports"

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Comma-separated kinds of check that gate the exit status: exact, fairness, sampling, invalid.", valueName: "kinds"))
    var failOn = CheckKind.allCases.map(\.rawValue).joined(separator: ",")

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Share of plays above which a mislabel or an odds difference fails the gate, in [0, 1).",
            valueName: "share"))
    var materiality = AuditSettings.defaultMateriality

    @Flag(help: "Fail on every exact finding: rounding at a line, latent defects and findings below --materiality too.")
    var strict = false

    @Option(
        name: .customLong("session-spins"), parsing: .unconditional,
        help: ArgumentHelp(
            "Spins in the longest session play is assumed to reach; rotations beyond are latent.", valueName: "n"))
    var sessionSpins = SessionReach.defaultSpins

    @Option(
        name: .customLong("min-rtp"), parsing: .unconditional,
        help: ArgumentHelp(
            "Least return to player (expected payout over stake, 0.9 for 90%) every game with a paytable must return (a spec's own minimum-rtp applies too; the stricter wins).",
            valueName: "rtp"))
    var minimumReturn: Double?

    @Option(
        name: .customLong("rare-prize"), parsing: .unconditional,
        help: ArgumentHelp("N of '1 in N': an advertised prize rarer than that per play fails. (default: 1e8)", valueName: "n"))
    var rarePrizeOption: Double?

    /// N of "1 in N" for advertised prizes: the option, or 10^8.
    var rarePrizeLimit: Double { rarePrizeOption ?? 1e8 }

    @Option(help: ArgumentHelp("Also write a JUnit XML report to this file (one test case per check).", valueName: "file"))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Run only shard I of K (0-based) of the trials and write its tallies to --tallies, for 'audit merge'.", valueName: "I/K"))
    var shard: String?

    @Option(help: ArgumentHelp("Directory for the shard's tallies (with --shard).", valueName: "dir"))
    var tallies: String?

    @Flag(help: "Print only the gate line.")
    var quiet = false

    /// --shard as (index, count).
    var shardParts: (index: Int, count: Int)? {
        guard let shard else { return nil }
        let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        return (index, count)
    }

    mutating func validate() throws {
        // An empty --out would write into whatever directory the shell is in.
        guard !out.isEmpty else { throw ValidationError("--out '': give a directory path (such as Reports or .)") }
        if shard != nil || tallies != nil {
            guard shard != nil else { throw ValidationError("--tallies \(tallies!): give --shard I/K as well (0-based, such as 0/8)") }
            guard let parts = shardParts, parts.count >= 1, parts.count <= 10_000, parts.index >= 0, parts.index < parts.count else {
                throw ValidationError("--shard \(shard ?? ""): must be I/K with 0 ≤ I < K ≤ 10000, such as 0/8")
            }
            guard tallies != nil else { throw ValidationError("--shard \(shard!): give --tallies DIR for the shard's tallies") }
            guard rng != "system" else {
                throw ValidationError(
                    "--rng \(rng): not reproducible, so shards of one run would not add up; use xoshiro, philox or gsl:NAME with --shard")
            }
            guard engine.seed.fixed != nil else {
                throw ValidationError("--seed random: every shard of a run needs the same seed; give --seed N with --shard")
            }
        }
        guard probes.count <= specs.count else {
            throw ValidationError(
                "--probe: \(probes.count) probes for \(specs.count) specs; give one --spec for each --probe, in the same order")
        }
        guard probeDeadline.isFinite, probeDeadline > 0, probeDeadline <= 604_800 else {
            throw ValidationError("--probe-deadline \(probeDeadline): must be a number of seconds in (0, 604800] (a week)")
        }
        guard probeTimeout.isFinite, probeTimeout > 0, probeTimeout <= 3600 else {
            throw ValidationError("--probe-timeout \(probeTimeout): must be a number of seconds in (0, 3600]")
        }
        for kind in failOn.split(separator: ",", omittingEmptySubsequences: false) where CheckKind(rawValue: String(kind)) == nil {
            throw ValidationError(
                "--fail-on: unknown kind '\(kind)'; choose from \(CheckKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws { try run(sampling: .full) }

    /// Runs the audit with its tallies from `sampling` (`audit merge` passes the shards' tallies), turning
    /// errors into one-line messages and documented exit statuses.
    func run(sampling: SamplingMode) throws {
        do {
            try execute(sampling: sampling)
        } catch let error as AuditError {
            switch error {
            case .interrupted:
                AuditExitStatus.printError(error.description, prefix: "")
                throw AuditExitStatus.interrupted
            default:
                AuditExitStatus.printError(Self.message(for: error))
                throw AuditExitStatus.badInput
            }
        } catch let error as SpecError {
            AuditExitStatus.printError(error.description)
            throw AuditExitStatus.badInput
        } catch let error as ExitCode {
            throw error
        } catch let error as CocoaError {
            AuditExitStatus.printError("cannot write the tallies: \(error.localizedDescription)")
            throw AuditExitStatus.badInput
        } catch {
            AuditExitStatus.printError("\(error)", prefix: "internal error: ")
            throw AuditExitStatus.internalError
        }
    }

    /// A library error in the command's own terms: settings become the flags that set them.
    static func message(for error: AuditError) -> String {
        switch error {
        case .invalidSetting(let setting, let value, let allowed):
            let flag: String
            switch setting {
            case .trials: flag = "--trials"
            case .threads: flag = "--threads"
            case .alpha: flag = "--alpha"
            case .failOn: flag = "--fail-on"
            case .reportDirectory: flag = "--out"
            case .junitFile: flag = "--junit"
            case .materiality: flag = "--materiality"
            case .sessionSpins: flag = "--session-spins"
            case .minimumReturn: flag = "--min-rtp"
            case .rarePrizeLimit: flag = "--rare-prize"
            case .logModel: return "\(value): must be \(allowed)"
            case .tallies: flag = "--tallies"
            case .sweepSteps: return error.description
            }
            return "\(flag) \(value): must be \(allowed)"
        case .unknownSubject(let name, _):
            return "--subject \(name): unknown subject; run 'audit list' for the \(Catalogue.builtIn.count) subjects"
        case .unknownGenerator(let name, let known):
            if name.hasPrefix("gsl:") {
                return "--rng \(name): unknown GSL generator '\(name.dropFirst(4))'; GSL has: \(known.joined(separator: ", "))"
            }
            return "--rng \(name): unknown generator; choose \(known.joined(separator: ", "))"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .interrupted:
            return error.description
        }
    }

    func execute(sampling: SamplingMode = .full) throws {
        let generator = try GeneratorChoice(parsing: rng)
        // Spec files alone audit only their games; with --subject too, both.
        let selected =
            try (specs.isEmpty || !subjects.isEmpty ? Catalogue.select(subjects) : [])
            + Self.specSubjects(specs, probes: probes, timeout: probeTimeout, deadline: probeDeadline)
        var seen = Set<String>()
        if let repeated = selected.map(\.name).first(where: { !seen.insert($0).inserted }) {
            AuditExitStatus.printError("subject name '\(repeated)' is used twice (a spec's name must differ from every other subject's)")
            throw AuditExitStatus.badInput
        }
        let gated = failOn.split(separator: ",").compactMap { CheckKind(rawValue: String($0)) }
        let seedValue = engine.seed.resolve()
        let directory = URL(fileURLWithPath: out, isDirectory: true)

        var command = "swift run audit --trials \(trials.value) --seed \(seedValue)"
        if generator != .xoshiro { command += " --rng \(generator)" }
        if alpha != AuditSettings.defaultAlpha { command += " --alpha \(alpha)" }
        if Set(gated) != Set(CheckKind.allCases) { command += " --fail-on \(gated.map(\.rawValue).joined(separator: ","))" }
        if materiality != AuditSettings.defaultMateriality { command += " --materiality \(materiality)" }
        if strict { command += " --strict" }
        if sessionSpins != SessionReach.defaultSpins { command += " --session-spins \(sessionSpins)" }
        if let minimumReturn { command += " --min-rtp \(minimumReturn)" }
        if rarePrizeLimit != 1e8 { command += " --rare-prize \(rarePrizeLimit)" }
        // Quoted by POSIX rules: a reviewer pastes this line into a shell.
        for subject in subjects { command += " --subject \(ShellQuoting.quoted(subject))" }
        for (index, spec) in specs.enumerated() {
            command += " --spec \(ShellQuoting.quoted(spec))"
            if index < probes.count { command += " --probe \(ShellQuoting.quoted(probes[index], always: true))" }
        }

        let cancellation = CancellationFlag()
        // A shard's progress counts its own trials.
        var progressTotal = trials.value
        if let parts = shardParts, let tallies {
            let whole = RunSettings(trials: trials.value, seed: seedValue)
            guard UInt64(parts.count) <= whole.blockCount else {
                AuditExitStatus.printError(
                    "--shard \(parts.index)/\(parts.count): \(whole.blockCount) blocks of \(whole.blockSize) trials cannot fill \(parts.count) shards; use at most \(whole.blockCount) shards or more --trials"
                )
                throw AuditExitStatus.badInput
            }
            let blocks = whole.blocks(ofShard: parts.index, of: parts.count)
            progressTotal = min(trials.value, blocks.upperBound * whole.blockSize) - blocks.lowerBound * whole.blockSize
            try checkWritable(URL(fileURLWithPath: tallies, isDirectory: true), setting: .tallies)
        }
        let progress = Progress(total: progressTotal, subjects: selected.count, enabled: !quiet && isatty(2) != 0)
        let runSettings = RunSettings(
            trials: trials.value, seed: seedValue, generator: generator, threads: engine.threadCount,
            cancellation: cancellation, progress: { progress.trialsDone($0) })
        var settings = AuditSettings(
            run: runSettings, alpha: alpha, failOn: gated, command: command, materiality: materiality, strict: strict,
            sessionSpins: sessionSpins)
        settings.minimumReturn = minimumReturn
        settings.rarePrizeLimit = rarePrizeLimit
        settings.sampling = sampling
        let store = TallyStore()
        if let parts = shardParts { settings.sampling = .shard(index: parts.index, count: parts.count, store: store) }
        try settings.validate()
        // A shard writes tallies, not reports.
        let junitFile = shardParts != nil ? nil : try junit.map { try JUnitDestination.checked($0, reports: directory) }
        if shardParts == nil { try checkWritable(directory) }

        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { cancellation.cancel() }
        interrupt.resume()

        if !quiet {
            print(
                "audit \(Toolkit.version): \(selected.count) \(selected.count == 1 ? "subject" : "subjects"), \(trials.value) trials each, seed \(seedValue), generator \(generator)"
            )
        }
        let started = DispatchTime.now()
        let report: AuditReport
        do {
            report = try Audit.run(selected, settings: settings) { index, subject in
                progress.subject(index, subject.name)
            }
        } catch {
            // Clear the progress line, so that the error starts a line of its own.
            progress.finish()
            throw error
        }
        progress.finish()
        if let parts = shardParts, let tallies {
            // A shard writes its tallies, not a report: the merge of every shard writes the report.
            let blocks = runSettings.blocks(ofShard: parts.index, of: parts.count)
            let file = ShardFile(
                toolkit: Toolkit.version, arguments: Self.recordedArguments(CommandLine.arguments), run: command,
                specDigests: try ShardFile.digests(specs), seed: seedValue,
                generator: "\(generator)", trials: trials.value, blockSize: runSettings.blockSize, blocks: runSettings.blockCount,
                shard: parts.index, shards: parts.count, firstBlock: blocks.lowerBound, endBlock: blocks.upperBound,
                subjects: report.subjects.map(\.name),
                tallies: store.tallies.mapValues { String(decoding: $0[0], as: UTF8.self) })
            let written = try file.write(to: URL(fileURLWithPath: tallies))
            print(
                "shard \(parts.index)/\(parts.count): blocks \(blocks.lowerBound)..<\(blocks.upperBound) of \(runSettings.blockCount), \(report.subjects.count) \(report.subjects.count == 1 ? "subject" : "subjects"); tallies in \(written.path)"
            )
            return
        }
        try JUnitDestination.write(report, to: directory, junit: junitFile, threads: engine.threadCount)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9

        if !quiet {
            let width = report.subjects.map(\.name.count).max() ?? 0
            for subject in report.subjects {
                // A subject that could not be run says why on the console too (a CI log shows this line).
                let failing = report.checks.filter { $0.subject == subject.name && $0.status == .fail && gated.contains($0.kind) }.map {
                    $0.check == "subject could not be run" ? "\($0.check): \($0.detail)" : $0.check
                }
                print(
                    subject.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                        + subject.verdict.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
                        + TextEscaping.terminal(failing.joined(separator: "; ")))
            }
        }
        print(
            "gate: \(report.gate.rawValue) (\(report.subjects.filter { $0.verdict == .fail }.count) of \(report.subjects.count) subjects fail); reports in \(TextEscaping.terminal(directory.path))"
        )
        if !quiet { FileHandle.standardError.write(Data(String(format: "audit: %.2f s\n", seconds).utf8)) }
        switch report.gate {
        case .pass, .note: return
        case .fail: throw AuditExitStatus.failed
        case .inconclusive: throw AuditExitStatus.inconclusive
        }
    }

    /// The run's own arguments as typed, without the program name, `--shard` and `--tallies` (and their
    /// values): what `audit merge` runs again over the merged tallies.
    static func recordedArguments(_ all: [String]) -> [String] {
        var result: [String] = []
        var skip = false
        for argument in all.dropFirst() {
            if skip {
                skip = false
                continue
            }
            if argument == "--shard" || argument == "--tallies" {
                skip = true
                continue
            }
            if argument.hasPrefix("--shard=") || argument.hasPrefix("--tallies=") { continue }
            result.append(argument)
        }
        return result
    }

    /// Fails early, with one line, if the report directory cannot be created or written.
    /// - Throws: ``AuditError/invalidSetting(_:value:allowed:)`` for the report directory.
    func checkWritable(_ directory: URL, setting: AuditSetting = .reportDirectory) throws {
        guard !directory.path.isEmpty, directory.lastPathComponent != "" else {
            throw AuditError.invalidSetting(setting, value: "''", allowed: "a directory path")
        }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw AuditError.invalidSetting(setting, value: directory.path, allowed: "a directory (this path is a file)")
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
            throw AuditError.invalidSetting(
                setting, value: directory.path, allowed: "a writable directory (\(existing.path) is not writable)")
        }
        try? manager.removeItem(at: probe)
    }

}
