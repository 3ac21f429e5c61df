import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessVerification
import _FairnessAuditSupport

/// A declared wheel whose results come from the game's own code behind a probe: the geometry, angle
/// conventions and claims come from the spec; `report` and the spin rule are the probe's answers
/// (`report R`, `spin U P`, and `reset`/`play U` sessions for sampling; see `docs/probe-protocol.md`).
///
/// Rotations are the subject's `Rotation` type (`Double` or `Float`, as the probe declares), in the spec's
/// unit; the probe sees them in the spec's convention (positive: the direction the spec's angles grow).
public struct ProbeWheel<Rotation: BinaryFloatingPoint & Sendable & LosslessStringConvertible>: BatchEvaluatingWheel {
    /// The declaration.
    public let spec: WheelSpec
    /// The game's name.
    public let name: String
    /// One line saying what it is.
    public let summary: String
    /// The wheel as declared.
    public let geometry: WheelGeometry
    /// The probe.
    public let client: ProbeClient

    /// The wheel of `spec` answered by `client`.
    /// - Throws: `WheelGeometryError` if the declared sectors do not make a wheel.
    public init(_ spec: WheelSpec, name: String, summary: String, client: ProbeClient) throws {
        self.spec = spec
        self.name = name
        self.summary = summary
        self.client = client
        geometry = try spec.geometry()
    }

    /// +1 when the spec's angles grow clockwise (as the toolkit's do), −1 otherwise.
    var sign: Double { spec.anglesGrow == .clockwise ? 1 : -1 }

    /// The spec's unit.
    public var rotationUnit: AngleUnit { spec.unit }
    /// 0.
    public var initialRotation: Rotation { 0 }
    /// One turn in the spec's unit: the probe turns the drawn value into a rotation with the game's own rule.
    public var spinDraw: SpinDraw { .oneTurn(in: spec.unit) }
    /// The declared odds, when every sector declares one.
    public var claimedOdds: [WheelOutcome: Double]? { spec.claimedOdds }
    /// How far exact odds may lie from the claims (half of `claims-rounded-to`).
    public var claimTolerance: Double { spec.claimTolerance }
    /// The declared prizes and payout terms, if any.
    public var paytable: Paytable<Int>? { spec.paytable }

    static func outcome(_ answer: Substring) -> WheelOutcome {
        if answer == "trap" { return .trap }
        return Int(answer).map { .label($0) } ?? .noResult
    }

    /// The probe's `spin U P`, converted; NaN where the game traps (or the probe dies) on the spin, so that
    /// ``report(_:)`` shows a trap there: an invalid outcome on the exact share of draws that trap, not a
    /// wheel that did not move.
    public func rotation(afterDrawing u: Rotation, from previous: Rotation) -> Rotation {
        // `+ 0` keeps a rotation of −0.0 (a wheel at rest, in a convention whose angles grow the other way)
        // from reaching the probe as "-0.0".
        let spun = client.spin(Double(u), from: sign * Double(previous) + 0)
        return spun.isFinite ? Rotation(sign * spun) : .nan
    }

    /// The probe's `report R`: a label, no result for `none`, or a trap where the probe died; a trap,
    /// without asking, at a rotation that is not a number (a spin that trapped).
    public func report(_ rotation: Rotation) -> WheelOutcome {
        guard rotation.isFinite else { return .trap }
        return Self.outcome(client.report(sign * Double(rotation))[...])
    }

    public func prefetchReports(_ rotations: [Double]) { client.prefetchReports(rotations.filter(\.isFinite).map { sign * $0 }) }

    public func prefetchSpins(_ draws: [Double], from previous: Double) {
        client.prefetchSpins(draws, from: sign * previous + 0)
        // The rotations reached, too: the partition reports at each of them next.
        client.prefetchReports(
            draws.map { sign * Double(rotation(afterDrawing: Rotation($0), from: Rotation(previous))) }.filter(\.isFinite))
    }

    public func playSession(_ draws: [Double]) -> [(rotation: Double, outcome: WheelOutcome)] {
        client.playSession(draws).map { answer in
            let parts = answer.split(separator: " ")
            guard parts.count == 2, let rotation = Double(parts[0]) else { return (0, .trap) }
            return (sign * rotation, Self.outcome(parts[1]))
        }
    }
}

extension GameSpec {
    /// The audit subject of the game's own code behind the probe `command`: a wheel whose `report` and spin
    /// rule are the probe's, or dice whose detector, classifier and rolls are.
    /// - Parameters:
    ///   - command: The probe's command line (run with `/bin/sh -c`).
    ///   - timeout: Seconds without progress after which a batch is abandoned.
    ///   - deadline: Seconds the whole game's audit through the probe may take (nil: no limit); past it
    ///     the subject fails with ``ProbeError/pastDeadline(command:seconds:)``.
    /// - Throws: ``ProbeError`` if the probe does not start or its handshake is wrong — a `SubjectFault`
    ///   callers can turn into a failed subject.
    public func probeSubject(command: String, timeout: Double, deadline: Double? = nil) throws -> AuditSubject {
        let finishing = { (probe: ProbeClient) -> @Sendable () throws -> [SubjectNote] in
            {
                defer { probe.close() }
                if let failure = probe.failure { throw failure }
                let traps = probe.traps
                let errors = probe.firstTrapStandardError
                return [.answeredByProbe(command: command, traps: traps.count, firstTrap: traps.first)]
                    + (traps.first.map { errors.isEmpty ? [] : [.probeStandardError(request: $0, lines: errors)] } ?? [])
            }
        }
        // The early estimate needs the trials the audit samples and the connections it samples over.
        let planning = { (probe: ProbeClient) -> @Sendable (AuditSettings) -> Void in
            { settings in probe.plan(trials: settings.run.trials, parallel: settings.run.threads) }
        }
        let wheel: WheelSpec
        switch game {
        case .wheel(let declared) where declared.draw == .target:
            let probe = try ProbeClient(command: command, timeout: timeout, kind: "target", deadline: deadline)
            let finish = finishing(probe)
            if probe.numberType == "float" {
                return AuditSubject(
                    targetedWheel: try ProbeTargetedWheel<Float>(declared, name: name, summary: summary, client: probe),
                    start: planning(probe),
                    finish: finish)
            }
            return AuditSubject(
                targetedWheel: try ProbeTargetedWheel<Double>(declared, name: name, summary: summary, client: probe),
                start: planning(probe),
                finish: finish)
        case .wheel(let declared): wheel = declared
        case .dice(let dice):
            let probe = try ProbeClient(command: command, timeout: timeout, kind: "dice", deadline: deadline)
            let game = ProbeDice(dice, name: name, summary: summary, client: probe)
            if let failure = probe.failure { throw failure }
            return AuditSubject(dice: game, start: planning(probe), finish: finishing(probe))
        case .table(let table):
            let probe = try ProbeClient(command: command, timeout: timeout, kind: "table", deadline: deadline)
            let game = ProbeTable(table, name: name, summary: summary, client: probe)
            return AuditSubject(prizeDraw: game, start: planning(probe), finish: finishing(probe))
        }
        let probe = try ProbeClient(command: command, timeout: timeout, kind: "wheel", deadline: deadline)
        let finish = finishing(probe)
        if probe.numberType == "float" {
            return AuditSubject(
                wheel: try ProbeWheel<Float>(wheel, name: name, summary: summary, client: probe), start: planning(probe), finish: finish)
        }
        return AuditSubject(
            wheel: try ProbeWheel<Double>(wheel, name: name, summary: summary, client: probe), start: planning(probe), finish: finish)
    }
}
