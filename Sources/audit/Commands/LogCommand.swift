import ArgumentParser
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import _FairnessAuditSupport

/// `audit log`: audits a production log of outcomes against a game declared in a spec file.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Audit a production log of a game's outcomes (CSV with a header, or JSON Lines) against its spec file.",
        discussion: """
            Columns (CSV header names, or JSON keys): outcome (required: the label shown, or 'none'), and optionally \
            session, timestamp (epoch seconds or ISO 8601), stake and payout. For a prize table: outcome is the item \
            drawn and session the player, whose state is rebuilt from the spec's declared memory. For dice: outcome is the roll \
            (3-1-4-1-5, a round's rolls 4-3 / 6-5), and bet (a declared bet or round) and round (lines of one roll) are read. \
            Reads LOG in one pass with memory that \
            does not grow with its length; LOG '-' reads standard input (zcat big.csv.gz | audit log --spec game.yaml -).
            """)

    @Option(help: ArgumentHelp("The spec file of the game the log comes from.", valueName: "file"))
    var spec: String

    @Argument(help: ArgumentHelp("The log file, or '-' for standard input.", valueName: "log"))
    var log: String

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Outcome lines per drift window. (default: 16 to 32 windows of equal length, each at least 1000 lines)", valueName: "lines"))
    var window: Int?

    @Option(
        name: .customLong("window-seconds"), parsing: .unconditional,
        help: ArgumentHelp("Instead, drift windows of this many seconds of the timestamp column.", valueName: "seconds"))
    var windowSeconds: Double?

    @Option(
        name: .customLong("skip-bad"), parsing: .unconditional,
        help: ArgumentHelp("Bad rows to count, report and skip before a bad row is an error.", valueName: "n"))
    var skipBad = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("Family-wise significance level (Holm), in (0, 1).", valueName: "alpha"))
    var alpha = AuditSettings.defaultAlpha

    @OptionGroup(title: "Reports") var reports: ReportOptions

    mutating func validate() throws {
        if window != nil && windowSeconds != nil { throw ValidationError("--window and --window-seconds: give one of them") }
        if let window, window < 1 { throw ValidationError("--window \(window): must be a whole number of lines ≥ 1") }
        if let windowSeconds, !(windowSeconds.isFinite && windowSeconds > 0) {
            throw ValidationError("--window-seconds \(windowSeconds): must be a positive number of seconds")
        }
        if skipBad < 0 { throw ValidationError("--skip-bad \(skipBad): must be a whole number ≥ 0") }
    }

    func run() throws { try AuditExitStatus.reportingErrors(execute) }

    func execute() throws {
        let model: LogModel
        do {
            model = try SpecParser.parse(contentsOf: URL(fileURLWithPath: spec)).logModel()
        } catch let error as SpecError where error.file.isEmpty {
            throw UsageError("\(spec): \(error.message)")
        }
        if model.prizeDraw != nil, windowSeconds != nil {
            throw UsageError(
                "--window-seconds: a prize table's log is cut into windows of lines (--window N, or 16–32 windows by default), not of time")
        }
        var options = LogOptions()
        options.file = log
        options.skipBad = skipBad
        if let windowSeconds { options.window = .seconds(windowSeconds) } else if let window { options.window = .lines(window) }
        var command = "swift run audit log --spec \(ShellQuoting.quoted(spec))"
        if let window { command += " --window \(window)" }
        if let windowSeconds { command += " --window-seconds \(windowSeconds)" }
        if skipBad > 0 { command += " --skip-bad \(skipBad)" }
        if alpha != AuditSettings.defaultAlpha { command += " --alpha \(alpha)" }
        command += " \(ShellQuoting.quoted(log))"
        // A log draws nothing: the run's settings go unused, and the report counts the log's lines.
        // The drift windows' proofs run on every core; the report is the same for any number of threads.
        let threads = ProcessInfo.processInfo.activeProcessorCount
        var settings = AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: threads), alpha: alpha, command: command)
        settings.inputs = [try Fingerprints.file(spec, kind: .spec)]
        settings.sourceRevision = SourceRevision.current
        try settings.validate()
        let directory = reports.directory
        let junitFile = try reports.junit.map { try JUnitDestination.checked($0, reports: directory) }
        let descriptor: Int32 = log == "-" ? 0 : open(log, O_RDONLY)
        guard descriptor >= 0 else {
            throw LogError(line: 0, column: 0, message: "cannot open the log: \(String(cString: strerror(errno)))", file: log)
        }
        defer { if descriptor != 0 { close(descriptor) } }
        let started = DispatchTime.now()
        let times = LogAuditTimes()
        let report = try OutcomeLog.audit(
            descriptor: descriptor, model: model, options: options, settings: settings, digest: Fingerprints.Stream(), times: times)
        try JUnitDestination.write(report, to: directory, junit: junitFile, threads: threads)
        let reading = times.seconds(in: .reading)
        let stages = String(
            format: "reading and tallying %.2f s (%.3g lines per second), checks %.2f s, "
                + "proving the drift windows' p-values %.2f s on %d threads, tests' families and power %.2f s",
            reading, Double(report.count) / max(reading, 1e-9), times.seconds(in: .checks), times.seconds(in: .provingWindows), threads,
            times.seconds(in: .assembling))
        try Terminal.finish(
            report, read: "\(report.count) outcome lines", count: Double(report.count), unit: "lines", started: started,
            quiet: reports.quiet, directory: directory, stages: stages)
    }
}
