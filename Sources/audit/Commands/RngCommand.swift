import ArgumentParser
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessStatistics
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import Synchronization
import _FairnessAuditSupport

/// `audit rng`: tests a random number generator's raw output with NIST SP 800-22's battery.
struct RngCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rng",
        abstract: "Test a random number generator's raw output (a file or standard input) with the NIST SP 800-22 battery.",
        discussion: """
            Formats: bytes (raw bytes, each most significant bit first), ascii-bits (the characters 0 and 1, one \
            bit each, as NIST's data files data.e, data.pi, ... are written; whitespace skipped, any other \
            character refused), u32le, u32be, u64le, u64be (binary words \
            in that byte order), doubles (text, one number in [0, 1) a line: its top 32 bits are tested), \
            integers:LOW..HIGH (text, one integer a line: the low floor(log2(HIGH - LOW + 1)) bits of its offset, \
            larger offsets dropped). The input is cut into sequences of --sequence-length bits, each tested by the \
            15 tests; a test the sequences are too short for is INCONCLUSIVE with the length it needs (N/A, not \
            gating, for a stream derived from the draws or a draw test when the input's own bits were tested in \
            whole sequences), and no bit is used twice. Reads in one pass with memory that does not grow with the input; INPUT '-' reads \
            standard input (generator | audit rng -).
            """)

    @Argument(help: ArgumentHelp("The generator's output: a file, or '-' for standard input.", valueName: "input"))
    var input: String

    @Option(help: ArgumentHelp("How the output is written (see below).", valueName: "format"))
    var format = "bytes"

    @Option(
        name: .customLong("sequence-length"), parsing: .unconditional,
        help: ArgumentHelp(
            "Bits per sequence, 1000000 ... 10000000 (each side-by-side sequence holds about 30 bytes a bit).", valueName: "bits"))
    var sequenceLength = 1_000_000

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Test at most this many sequences of each stream, and stop reading once every stream has them (default: all the input gives).",
            valueName: "n"))
    var sequences: Int?

    @Option(
        name: .customLong("test-every"), parsing: .unconditional,
        help: ArgumentHelp(
            "Run the SP 800-22 tests on every k-th sequence of each stream, a sample the report declares; the tests of the whole input and of the draws still read every bit (1: every sequence).",
            valueName: "k"))
    var testEvery = 1

    @Option(help: ArgumentHelp("The random source's name in the reports (default: the input's file name).", valueName: "name"))
    var name: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Family-wise significance level (Holm), in (0, 1).", valueName: "alpha"))
    var alpha = AuditSettings.defaultAlpha

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Sequences tested side by side, 1 ... 1024 (default: all cores). Results do not depend on it.", valueName: "n"))
    var threads: Int?

    @OptionGroup(title: "Reports") var reports: ReportOptions

    mutating func validate() throws {
        guard RandomInputFormat(argument: format) != nil else {
            throw ValidationError(
                "--format \(format): must be bytes, ascii-bits, u32le, u32be, u64le, u64be, doubles or integers:LOW..HIGH (whole numbers, LOW < HIGH, HIGH - LOW below 2^63)"
            )
        }
        // Shorter sequences give some tests P-values that take few values (a longest-run class count over
        // a few blocks, a rank count over a few matrices): their proportion and uniformity across
        // sequences then false-alarm on a good source. From 10⁶ bits, the publication's size, they do not.
        guard (1_000_000...10_000_000).contains(sequenceLength) else {
            throw ValidationError("--sequence-length \(sequenceLength): must be a whole number of bits in 1000000 ... 10000000")
        }
        if let name, !GameSpec.isValidName(name) {
            throw ValidationError("--name \(TextEscaping.terminal(name)): must be 1 to 100 letters, digits, '-', '_' or '.'")
        }
        if let sequences, sequences < 1 { throw ValidationError("--sequences \(sequences): must be a whole number ≥ 1") }
        if testEvery < 1 { throw ValidationError("--test-every \(testEvery): must be a whole number ≥ 1") }
        if let threads, !(1...1024).contains(threads) { throw ValidationError("--threads \(threads): must be in 1 ... 1024") }
    }

    func run() throws { try AuditExitStatus.reportingErrors(execute) }

    /// A file's name as a subject's name: each character a subject's name may not hold (a line break, a
    /// table bar, a control character) becomes `-`, at most 100 characters, so the name cannot act on a
    /// report; `random-output` if nothing is left.
    static func subjectName(fileName: String) -> String {
        let kept = String(fileName.prefix(100).map { GameSpec.isValidName(String($0)) ? $0 : "-" })
        return kept.allSatisfy({ $0 == "-" }) ? "random-output" : kept
    }

    func execute() throws {
        let inputFormat = RandomInputFormat(argument: format)!
        var battery = RandomnessBattery()
        battery.sequenceLength = sequenceLength
        battery.maximumSequences = sequences
        battery.testEvery = testEvery
        battery.threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
        var command = "swift run audit rng --format \(ShellQuoting.quoted(format))"
        if sequenceLength != 1_000_000 { command += " --sequence-length \(sequenceLength)" }
        if let sequences { command += " --sequences \(sequences)" }
        if testEvery != 1 { command += " --test-every \(testEvery)" }
        if let name { command += " --name \(ShellQuoting.quoted(name))" }
        if alpha != AuditSettings.defaultAlpha { command += " --alpha \(alpha)" }
        command += " \(ShellQuoting.quoted(input))"
        var settings = AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: battery.threads), alpha: alpha, command: command)
        settings.sourceRevision = SourceRevision.current
        try settings.validate()
        let directory = reports.directory
        let junitFile = try reports.junit.map { try JUnitDestination.checked($0, reports: directory) }
        try ReportOptions.checkWritable(directory)
        var isDirectory: ObjCBool = false
        if input != "-", FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError("\(input): is a directory; give the generator's output file, or '-' for standard input")
        }
        let descriptor: Int32 = input == "-" ? 0 : open(input, O_RDONLY)
        guard descriptor >= 0 else { throw UsageError("\(input): cannot be read: \(String(cString: strerror(errno)))") }
        defer { if descriptor != 0 { close(descriptor) } }
        let started = DispatchTime.now()
        var digest = Fingerprints.Stream()
        var bytes: UInt64 = 0
        let progress = TerminalProgress(enabled: !reports.quiet && isatty(2) != 0)
        let result = try battery.run(
            descriptor: descriptor, format: inputFormat, name: input,
            reading: { chunk in
                digest.update(chunk)
                bytes += UInt64(chunk.count)
            }, progress: progress.bitsRead)
        progress.finish()
        let source = Provenance.Input(
            kind: input == "-" ? .standardInput : .randomOutput, name: input, sha256: digest.finalize(), bytes: bytes)
        guard result.bits > 0 else {
            let what =
                result.itemsRead == 0
                ? "the input is empty"
                : result.integersDropped > 0
                    ? "all \(result.integersDropped) integers were past the largest power of two of the range, which is dropped, not folded"
                    : "\(result.itemsRead) bytes, short of one whole draw in \(format)"
            throw UsageError("\(input): no random output to test (\(what))")
        }
        let subject = name ?? (input == "-" ? "standard input" : Self.subjectName(fileName: URL(fileURLWithPath: input).lastPathComponent))
        let report = try RandomnessBattery.report(result, name: subject, settings: settings, inputs: [source])
        try JUnitDestination.write(report, to: directory, junit: junitFile, threads: battery.threads)
        if result.looksLikeASCIIBits {
            AuditExitStatus.printError(
                "\(input) begins with only the characters 0 and 1: its bytes were tested as they are; give --format ascii-bits to test the bits they write (NIST's data files)",
                prefix: "note: "
            )
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let stage = result.stageSeconds
        let stages = String(
            format: "%.3g bits per second; stages, summed over threads: reading %.2f s, decoding and cutting %.2f s, "
                + "counts of the draw and whole-input tests %.2f s, sequence tests %.2f s (threads: %d), finishing %.2f s; "
                + "serial stages' shares of the work: the reading thread %.1f%%, the longest chain of counts %.1f%%",
            Double(result.bits) / max(seconds, 1e-9), stage.reading, stage.decodingAndCutting, stage.counting, stage.sequenceTests,
            battery.threads, stage.finishing, 100 * stage.readingThreadShare, 100 * stage.countingChainShare)
        try Terminal.finish(
            report,
            read: "\(result.bits) bits, "
                + (result.testEvery > 1
                    ? "\(result.sequences) of \(result.sequences + (result.all.sequencesSampledOut ?? 0)) sequences tested, every \(ReportNarrator.ordinal(result.testEvery))"
                    : ReportNarrator.count(result.sequences, "sequence")),
            count: Double(result.bits), unit: "bits", started: started,
            quiet: reports.quiet, directory: directory, stages: stages)
    }
}

/// Bits read so far and the rate, on standard error, only on a terminal and only once reading has taken
/// two seconds.
final class TerminalProgress: Sendable {
    let enabled: Bool
    private let started = DispatchTime.now()
    private let lastPrint = Mutex(UInt64(0))

    init(enabled: Bool) { self.enabled = enabled }

    func bitsRead(_ bits: UInt64) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let seconds = Double(now - started.uptimeNanoseconds) / 1e9
        guard seconds > 2 else { return }
        let due = lastPrint.withLock { last in
            guard now - last > 250_000_000 else { return false }
            last = now
            return true
        }
        if due {
            FileHandle.standardError.write(
                Data(String(format: "\r\u{1B}[K%.4g bits read, %.3g bits/s", Double(bits), Double(bits) / seconds).utf8))
        }
    }

    func finish() {
        guard enabled, lastPrint.withLock({ $0 }) != 0 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
