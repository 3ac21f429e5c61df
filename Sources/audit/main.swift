import ArgumentParser
import Dispatch
import FairnessAudit
import Foundation
import Synchronization

/// Exit statuses, documented in `--help` and README.
enum Status {
    static let passed: Int32 = 0
    static let failed: Int32 = 1
    static let inconclusive: Int32 = 2
    static let badInput: Int32 = 64
    static let internalError: Int32 = 70
    static let interrupted: Int32 = 130
}

/// A trial count: a whole number from 1 to 10^15, written plainly or as 1e6.
struct TrialCount: ExpressibleByArgument {
    static let maximum: UInt64 = 1_000_000_000_000_000
    let value: UInt64

    init?(argument: String) {
        if let exact = UInt64(argument) {
            guard exact >= 1, exact <= Self.maximum else { return nil }
            value = exact
        } else if let real = Double(argument), real.isFinite, real >= 1, real <= Double(Self.maximum), real == real.rounded() {
            value = UInt64(real)
        } else {
            return nil
        }
    }

    static var defaultValueDescription: String { "1000000" }
}

/// `--seed N` or `--seed random`.
struct SeedChoice: ExpressibleByArgument {
    let value: UInt64?
    init?(argument: String) {
        if argument == "random" { value = nil; return }
        guard let seed = UInt64(argument) else { return nil }
        value = seed
    }
}

struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit spin wheels and dice for fairness: exact boundary, wraparound and consistency checks, and Monte Carlo tests with GSL.",
        discussion: """
        With no options, audits every built-in subject with 1,000,000 trials each, prints a verdict table and
        writes Markdown, CSV and JSON reports to Reports/.

        EXIT STATUS
          0    every gated check passed
          1    a gated check failed
          2    no gated check failed, but one was inconclusive (too few trials)
          64   bad input or usage (the message names the problem); no report is written
          70   internal error
          130  interrupted (Ctrl-C); previous reports are left untouched
        """,
        version: Toolkit.version,
        subcommands: [Run.self, List.self, Bench.self],
        defaultSubcommand: Run.self
    )
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the built-in subjects, one line each.")
    func run() {
        let width = Catalogue.builtIn.map(\.name.count).max() ?? 0
        for subject in Catalogue.builtIn {
            print(subject.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + subject.summary)
        }
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the audit (the default command).")

    @Option(help: ArgumentHelp("Trials per subject, 1 ... 10^15.", valueName: "n"))
    var trials: TrialCount = TrialCount(argument: "1000000")!

    @Option(help: ArgumentHelp("Seed (a 64-bit unsigned integer), or 'random' to draw one and print it.", valueName: "n|random"))
    var seed: SeedChoice = SeedChoice(argument: "20261121")!

    @Option(name: .customLong("subject"), help: ArgumentHelp("Audit only this subject (repeatable; see 'audit list').", valueName: "name"))
    var subjects: [String] = []

    @Option(help: ArgumentHelp("Generator: philox (default, reproducible), system, or gsl:NAME (gsl:mt19937, gsl:randu, ...).", valueName: "name"))
    var rng: String = "philox"

    @Option(help: ArgumentHelp("Family-wise significance level of the run (Holm).", valueName: "alpha"))
    var alpha: Double = AuditSettings.defaultAlpha

    @Option(help: ArgumentHelp("Worker threads (default: all cores). Results do not depend on it.", valueName: "n"))
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Directory for the reports.", valueName: "dir"))
    var out: String = "Reports"

    @Option(name: .customLong("fail-on"), help: ArgumentHelp("Comma-separated kinds of check that gate the exit status: exact, fairness, sampling, invalid (default: all).", valueName: "kinds"))
    var failOn: String = CheckKind.allCases.map(\.rawValue).joined(separator: ",")

    @Flag(help: "Print only the gate line.")
    var quiet = false

    mutating func validate() throws {
        guard alpha > 0, alpha < 1, alpha.isFinite else { throw ValidationError("--alpha must be in (0, 1), got \(alpha)") }
        guard threads >= 1, threads <= 1024 else { throw ValidationError("--threads must be in 1 ... 1024, got \(threads)") }
        for kind in failOn.split(separator: ",") where CheckKind(rawValue: String(kind)) == nil {
            throw ValidationError("--fail-on: unknown kind '\(kind)'; choose from \(CheckKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        do {
            try execute()
        } catch let error as AuditError {
            switch error {
            case .interrupted:
                FileHandle.standardError.write(Data("audit: \(error)\n".utf8))
                throw ExitCode(Status.interrupted)
            case .badInput, .cannotWrite:
                FileHandle.standardError.write(Data("audit: error: \(error)\n".utf8))
                throw ExitCode(Status.badInput)
            }
        } catch let error as ExitCode {
            throw error
        } catch {
            FileHandle.standardError.write(Data("audit: internal error: \(error)\n".utf8))
            throw ExitCode(Status.internalError)
        }
    }

    func execute() throws {
        let generator = try GeneratorChoice(parsing: rng)
        let selected = try Catalogue.select(subjects)
        let gated = failOn.split(separator: ",").compactMap { CheckKind(rawValue: String($0)) }
        let seedValue = seed.value ?? UInt64.random(in: 0...UInt64.max)
        let directory = URL(fileURLWithPath: out, isDirectory: true)
        try checkWritable(directory)

        var command = "swift run audit --trials \(trials.value) --seed \(seedValue)"
        if generator != .philox { command += " --rng \(generator)" }
        if alpha != AuditSettings.defaultAlpha { command += " --alpha \(alpha)" }
        if Set(gated) != Set(CheckKind.allCases) { command += " --fail-on \(gated.map(\.rawValue).joined(separator: ","))" }
        for subject in subjects { command += " --subject \(subject)" }

        let cancellation = CancellationFlag()
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { cancellation.cancel() }
        interrupt.resume()

        let progress = Progress(total: trials.value, subjects: selected.count, enabled: !quiet && isatty(2) != 0)
        let runSettings = RunSettings(trials: trials.value, seed: seedValue, generator: generator, threads: threads,
                                      cancellation: cancellation, progress: { progress.trialsDone($0) })
        let settings = AuditSettings(run: runSettings, alpha: alpha, failOn: gated, command: command)
        if !quiet {
            print("audit \(Toolkit.version): \(selected.count) subjects, \(trials.value) trials each, seed \(seedValue), generator \(generator)")
        }
        let started = DispatchTime.now()
        let report = try FairnessAudit.Audit.run(selected, settings: settings) { index, subject in
            progress.subject(index, subject.name)
        }
        progress.finish()
        try ReportWriter.write(report, to: directory)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9

        if !quiet {
            let width = report.subjects.map(\.name.count).max() ?? 0
            for subject in report.subjects {
                let failing = report.checks.filter { $0.subject == subject.name && $0.status != .pass && gated.contains($0.kind) }.map(\.check)
                print(subject.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                      + subject.verdict.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + failing.joined(separator: "; "))
            }
        }
        print("gate: \(report.gate.rawValue) (\(report.subjects.filter { $0.verdict == .fail }.count) of \(report.subjects.count) subjects fail); reports in \(directory.path)")
        FileHandle.standardError.write(Data(String(format: "audit: %.2f s\n", seconds).utf8))
        switch report.gate {
        case .pass: return
        case .fail: throw ExitCode(Status.failed)
        case .inconclusive: throw ExitCode(Status.inconclusive)
        }
    }

    /// Fails early, with one line, if the report directory cannot be created or written.
    func checkWritable(_ directory: URL) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw AuditError.badInput("--out \(directory.path) exists and is not a directory")
        }
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            let probe = directory.appendingPathComponent(".tmp-write-check-\(ProcessInfo.processInfo.processIdentifier)")
            try Data().write(to: probe)
            try manager.removeItem(at: probe)
        } catch {
            throw AuditError.badInput("--out \(directory.path) is not writable")
        }
    }
}

/// Progress on standard error, only on a terminal and only once a run has taken two seconds.
final class Progress: Sendable {
    private struct State {
        var subject = 0
        var name = ""
        var lastPrint = DispatchTime.now()
        var printed = false
    }
    private let state = Mutex(State())
    private let started = DispatchTime.now()
    let total: UInt64
    let subjects: Int
    let enabled: Bool

    init(total: UInt64, subjects: Int, enabled: Bool) {
        self.total = total
        self.subjects = subjects
        self.enabled = enabled
    }

    func subject(_ index: Int, _ name: String) {
        guard enabled else { return }
        state.withLock { $0.subject = index; $0.name = name }
        trialsDone(0)
    }

    func trialsDone(_ done: UInt64) {
        guard enabled else { return }
        let now = DispatchTime.now()
        guard now.uptimeNanoseconds - started.uptimeNanoseconds > 2_000_000_000 else { return }
        let line: String? = state.withLock { s in
            guard now.uptimeNanoseconds - s.lastPrint.uptimeNanoseconds > 250_000_000 || done == 0 else { return nil }
            s.lastPrint = now
            s.printed = true
            return String(format: "\r\u{1B}[K[%d/%d] %@: %.0f%%", s.subject + 1, subjects, s.name, 100 * Double(done) / Double(max(total, 1)))
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    func finish() {
        guard enabled, state.withLock({ $0.printed }) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

Audit.main()
