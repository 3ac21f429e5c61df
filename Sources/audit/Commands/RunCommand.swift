import ArgumentParser
import CommandLineOptions
import Dispatch
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

    @Option(
        help: ArgumentHelp(
            "Generator: xoshiro (reproducible, fastest), philox (reproducible, one counter per trial), system, or gsl:NAME (gsl:mt19937, gsl:randu, ...). (default: xoshiro)",
            valueName: "name"),
        transform: RunCommand.parseGenerator)
    var rng = GeneratorChoice.xoshiro

    @OptionGroup(title: "Games") var games: GameOptions

    @OptionGroup(title: "Gate") var gate: GateOptions

    @OptionGroup(title: "Reports") var reports: ReportOptions

    @OptionGroup(title: "Sharding") var sharding: ShardOptions

    /// `--rng`'s generator.
    static func parseGenerator(_ argument: String) throws -> GeneratorChoice {
        do { return try GeneratorChoice(parsing: argument) } catch let error as AuditError { throw ValidationError(error.description) }
    }

    mutating func validate() throws { try sharding.validate(generator: rng, seed: engine.seed) }

    func run() throws { try run(sampling: .full) }

    /// Runs the audit with its tallies from `sampling` (`audit merge` passes the shards' tallies), turning
    /// errors into one-line messages and documented exit statuses.
    func run(sampling: SamplingMode) throws {
        try AuditExitStatus.reportingErrors { try execute(sampling: sampling) }
    }

    /// The command that reproduces this run's report, as a reviewer pastes it into a shell: every option
    /// that changes a result, with its value, and none that does not (threads, output, quiet).
    func reproduceCommand(seed: UInt64) -> String {
        var arguments = ["swift", "run", "audit", "--trials", "\(trials.value)", "--seed", "\(seed)"]
        if rng != .xoshiro { arguments += ["--rng", "\(rng)"] }
        arguments += gate.reproduceArguments + games.reproduceArguments
        return arguments.joined(separator: " ")
    }

    func execute(sampling: SamplingMode = .full) throws {
        let (selected, randomSources) = try games.selected(trials: trials.value)
        let seed = engine.seed.resolve()
        let cancellation = CancellationFlag()
        let total = try progressTotal(seed: seed)
        if let (_, tallies) = sharding.selected {
            try ReportOptions.checkWritable(URL(fileURLWithPath: tallies, isDirectory: true), flag: "--tallies")
        }
        let progress = Progress(total: total, subjects: selected.count, enabled: !reports.quiet && isatty(2) != 0)
        let runSettings = RunSettings(
            trials: trials.value, seed: seed, generator: rng, threads: engine.threadCount,
            cancellation: cancellation, progress: { progress.trialsDone($0) })
        var settings = AuditSettings(run: runSettings, command: reproduceCommand(seed: seed))
        gate.apply(to: &settings)
        settings.sampling = sampling
        settings.inputs = try Fingerprints.games(specs: games.specs, probes: games.probes)
        settings.sourceRevision = SourceRevision.current
        let store = TallyStore()
        if let shard = sharding.shard { settings.sampling = .shard(index: shard.index, count: shard.count, store: store) }
        try settings.validate()
        // A shard writes tallies, not reports.
        let junitFile = sharding.shard != nil ? nil : try reports.junit.map { try JUnitDestination.checked($0, reports: reports.directory) }
        if sharding.shard == nil { try ReportOptions.checkWritable(reports.directory) }
        let interrupt = Self.cancelOnInterrupt(cancellation)
        defer { withExtendedLifetime(interrupt) {} }

        if !reports.quiet {
            print(
                "audit \(Toolkit.version): \(selected.count) \(selected.count == 1 ? "subject" : "subjects"), \(trials.value) trials each, seed \(seed), generator \(rng)"
            )
        }
        let started = DispatchTime.now()
        var report: AuditReport
        do {
            report = try Audit.run(selected, randomSources: randomSources, settings: settings) { index, subject in
                progress.subject(index, subject.name)
            }
        } catch {
            // Clear the progress line, so that the error starts a line of its own.
            progress.finish()
            throw error
        }
        progress.finish()
        if let (shard, tallies) = sharding.selected {
            // A shard writes its tallies, not a report: the merge of every shard writes the report.
            try writeShard(shard, tallies: tallies, report: report, settings: settings, store: store)
            return
        }
        try JUnitDestination.write(report, to: reports.directory, junit: junitFile, threads: engine.threadCount)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        if !reports.quiet { Terminal.printVerdicts(report) }
        print(
            "gate: \(report.gate.rawValue) (\(report.subjects.filter { $0.verdict == .fail }.count) of \(ReportNarrator.count(report.subjects.count, "subject")) fail); reports in \(TextEscaping.terminal(reports.directory.path))"
        )
        if !reports.quiet { FileHandle.standardError.write(Data(String(format: "audit: %.2f s\n", seconds).utf8)) }
        try AuditExitStatus.exit(for: report.gate)
    }

    /// The trials the progress line counts: a shard counts its own.
    /// - Throws: a ``UsageError`` for more shards than the run has blocks.
    func progressTotal(seed: UInt64) throws -> UInt64 {
        guard let (shard, _) = sharding.selected else { return trials.value }
        let whole = RunSettings(trials: trials.value, seed: seed)
        guard UInt64(shard.count) <= whole.blockCount else {
            throw UsageError(
                "--shard \(shard.index)/\(shard.count): \(whole.blockCount) blocks of \(whole.blockSize) trials cannot fill \(shard.count) shards; use at most \(whole.blockCount) shards or more --trials"
            )
        }
        let blocks = whole.blocks(ofShard: shard.index, of: shard.count)
        return min(trials.value, blocks.upperBound * whole.blockSize) - blocks.lowerBound * whole.blockSize
    }

    /// Writes one shard's tallies for `audit merge`, with the run's arguments and the spec files' digests.
    func writeShard(_ shard: ShardOptions.Shard, tallies: String, report: AuditReport, settings: AuditSettings, store: TallyStore) throws {
        let run = settings.run
        let blocks = run.blocks(ofShard: shard.index, of: shard.count)
        let file = ShardFile(
            toolkit: Toolkit.version, arguments: ShardOptions.recordedArguments(CommandLine.arguments), run: settings.command,
            specDigests: try ShardFile.digests(games.specs), seed: run.seed,
            generator: "\(rng)", trials: trials.value, blockSize: run.blockSize, blocks: run.blockCount,
            shard: shard.index, shards: shard.count, firstBlock: blocks.lowerBound, endBlock: blocks.upperBound,
            subjects: report.subjects.map(\.name),
            tallies: store.tallies.mapValues { String(decoding: $0[0], as: UTF8.self) })
        let written = try file.write(to: URL(fileURLWithPath: tallies))
        print(
            "shard \(shard.index)/\(shard.count): blocks \(blocks.lowerBound)..<\(blocks.upperBound) of \(run.blockCount), \(report.subjects.count) \(report.subjects.count == 1 ? "subject" : "subjects"); tallies in \(TextEscaping.terminal(written.path))"
        )
    }

    /// Ctrl-C cancels the run through `flag` (the runner stops at the next block; no report is written)
    /// for as long as the returned source lives.
    static func cancelOnInterrupt(_ flag: CancellationFlag) -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { flag.cancel() }
        interrupt.resume()
        return interrupt
    }
}
