import FairnessModel
import FairnessReport
import FairnessSubjectAudit
import Foundation
import Synchronization
import _FairnessAuditSupport

/// Reads a production log of outcomes — CSV with a header, or JSON Lines — in one streaming pass, and
/// audits it against a ``LogModel``: the outcome distribution against the declared odds, labels no sector
/// carries, serial independence within sessions, payouts against the paytable, the observed RTP with a
/// profile-likelihood interval, each prize's frequency, and drift across consecutive windows.
///
/// Memory holds the tallies — per label, per pair of labels, per window, per payout value — never the
/// lines, so a log of 10⁸ lines streams in the same memory as one of 10⁴.
public enum OutcomeLog {
    /// The column names read (case-insensitive); others are ignored. `bet` and `round` are read for dice
    /// games only.
    public static let columns = ["outcome", "session", "timestamp", "stake", "payout", "bet", "round"]

    /// The columns read from a log of a dice game (all), or of another game (all but `bet` and `round`).
    static func columns(dice: Bool) -> ArraySlice<String> { dice ? columns[...] : columns.prefix(5) }
    /// Most distinct per-play returns (payout over stake) kept for the RTP interval.
    public static let maximumReturnLevels = 10_000

    /// Audits the log read from `descriptor` (a file, or standard input); `digest`, when given, sees every
    /// byte read, and the report's provenance lists the log with its digest after `settings.inputs`.
    /// - Throws: ``LogError`` for a bad header, a bad row beyond `options.skipBad`, or a read error;
    ///   `AuditError` for a log without outcome lines or bad settings.
    public static func audit<Digest: StreamDigest>(
        descriptor: Int32, model: LogModel, options: LogOptions, settings: AuditSettings, digest: Digest, times: LogAuditTimes? = nil
    ) throws -> AuditReport {
        var digest = digest
        var bytes: UInt64 = 0
        let report = try audit(descriptor: descriptor, model: model, options: options, settings: settings, times: times) { chunk in
            digest.update(chunk)
            bytes += UInt64(chunk.count)
        }
        var withLog = report
        withLog.provenance.inputs.append(
            Provenance.Input(kind: descriptor == 0 ? .standardInput : .log, name: options.file, sha256: digest.finalize(), bytes: bytes))
        return withLog
    }

    /// Audits the log read from `descriptor` (a file, or standard input). The proofs of the drift windows'
    /// p-values run on `settings.run.threads` threads; the report is the same for any number. `times`, when
    /// given, receives the seconds each stage took (for the terminal; reports hold no times).
    /// - Throws: ``LogError`` for a bad header, a bad row beyond `options.skipBad`, or a read error;
    ///   `AuditError` for a log without outcome lines or bad settings.
    public static func audit(
        descriptor: Int32, model: LogModel, options: LogOptions, settings: AuditSettings, times: LogAuditTimes? = nil,
        reading: (UnsafeRawBufferPointer) -> Void = { _ in }
    ) throws -> AuditReport {
        let started = DispatchTime.now()
        if let machine = model.prizeDraw {
            return try auditPrizeDraw(
                descriptor: descriptor, model: model, machine: machine, options: options, settings: settings, times: times, reading: reading
            )
        }
        var tally = LogTally(model: model, options: options)
        do {
            try LogReader(descriptor: descriptor).forEachLine(reading: reading) { line, number in try tally.read(line, number: number) }
        } catch var error as LogError {
            error.file = options.file
            throw error
        }
        for (level, count) in zip(tally.returnLevels, tally.returnCounts) { tally.returns[level, default: 0] += count }
        guard tally.allLines > 0 else {
            throw AuditError.invalidSetting(.logModel, value: options.file, allowed: "a log with at least one outcome line")
        }
        let read = DispatchTime.now()
        times?.record(.reading, seconds: LogAuditTimes.seconds(from: started, to: read))
        let result = try tally.result(settings: settings, times: times)
        let checked = DispatchTime.now()
        let report = try Audit.assemble([result], settings: settings, counted: (tally.allLines, .logLines))
        times?.record(.assembling, seconds: LogAuditTimes.seconds(from: checked, to: DispatchTime.now()))
        return report
    }
}

extension OutcomeLog {
    /// Audits a prize draw's log: every player's state rebuilt from `machine`'s rules in the log's order,
    /// each draw judged against its state's odds.
    static func auditPrizeDraw(
        descriptor: Int32, model: LogModel, machine: DrawMachine, options: LogOptions, settings: AuditSettings, times: LogAuditTimes?,
        reading: (UnsafeRawBufferPointer) -> Void
    ) throws -> AuditReport {
        let started = DispatchTime.now()
        var tally = PrizeDrawLogTally(model: model, machine: machine, options: options)
        do {
            try LogReader(descriptor: descriptor).forEachLine(reading: reading) { line, number in try tally.read(line, number: number) }
        } catch var error as LogError {
            error.file = options.file
            throw error
        }
        guard tally.lines > 0 else {
            throw AuditError.invalidSetting(.logModel, value: options.file, allowed: "a log with at least one draw line")
        }
        let read = DispatchTime.now()
        times?.record(.reading, seconds: LogAuditTimes.seconds(from: started, to: read))
        let result = try tally.result(alpha: settings.alpha)
        let checked = DispatchTime.now()
        times?.record(.checks, seconds: LogAuditTimes.seconds(from: read, to: checked))
        let report = try Audit.assemble([result], settings: settings, counted: (tally.lines, .logLines))
        times?.record(.assembling, seconds: LogAuditTimes.seconds(from: checked, to: DispatchTime.now()))
        return report
    }
}

/// Where a log audit's time went, in seconds: for the terminal, never for a report (reports hold no times).
public final class LogAuditTimes: Sendable {
    /// The stages of a log audit.
    public enum Stage: Sendable, Hashable, CaseIterable {
        /// Reading the log and tallying its lines.
        case reading
        /// The checks from the tallies, but for the proofs of the drift windows' p-values.
        case checks
        /// Proving the drift windows' p-values (enumerations and lattice bounds), over the threads.
        case provingWindows
        /// Settling the families of tests (Holm) and the power of each test.
        case assembling
    }

    private let seconds = Mutex<[Stage: Double]>([:])

    /// Times to be filled by an audit.
    public init() {}

    /// Adds `seconds` to `stage`.
    public func record(_ stage: Stage, seconds added: Double) { seconds.withLock { $0[stage, default: 0] += added } }

    /// The seconds spent in `stage` (0 if none).
    public func seconds(in stage: Stage) -> Double { seconds.withLock { $0[stage] ?? 0 } }

    /// Seconds between two instants.
    static func seconds(from start: DispatchTime, to end: DispatchTime) -> Double {
        Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
