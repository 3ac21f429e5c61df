import ArgumentParser
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessProbe
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessSubjects
import FairnessVerification
import Foundation
import _FairnessAuditSupport

/// Which games `audit run` audits: built-in subjects by name, games declared in spec files, and the
/// probes that run a game's own code.
struct GameOptions: ParsableArguments {
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

    func validate() throws {
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
    }

    /// The subjects to audit, in order: spec files alone audit only their games; with `--subject` too, both.
    /// With them, the random source of each game with a probe (`NAME random source`), whose draws in a run
    /// of `trials` the battery tests (``randomDraws(trials:)``; a probe below protocol 4 adds none).
    /// - Throws: `AuditError.unknownSubject(name:known:)`, a `SpecError` for a spec file that does not
    ///   parse, or a ``UsageError`` when two subjects share a name.
    func selected(trials: UInt64) throws -> (subjects: [AuditSubject], randomSources: [RandomSourceSubject]) {
        let games = try Self.specGames(specs, probes: probes, timeout: probeTimeout, deadline: probeDeadline)
        let selected = try (specs.isEmpty || !subjects.isEmpty ? Catalogue.select(subjects) : []) + games.subjects
        var seen = Set<String>()
        if let repeated = selected.map(\.name).first(where: { !seen.insert($0).inserted }) {
            throw UsageError("subject name '\(repeated)' is used twice (a spec's name must differ from every other subject's)")
        }
        let randomSources = games.probed.map { spec, probe in
            ProbeRandomSource.subject(
                name: "\(spec.name) random source", command: probe, timeout: probeTimeout, kind: spec.probeKind,
                draws: Self.randomDraws(trials: trials))
        }
        return (selected, randomSources)
    }

    /// The options as a reviewer would type them again, quoted by POSIX rules (the line is pasted into a
    /// shell).
    var reproduceArguments: [String] {
        var arguments = subjects.flatMap { ["--subject", ShellQuoting.quoted($0)] }
        for (index, spec) in specs.enumerated() {
            arguments += ["--spec", ShellQuoting.quoted(spec)]
            if index < probes.count { arguments += ["--probe", ShellQuoting.quoted(probes[index], always: true)] }
        }
        return arguments
    }

    /// The subjects declared in `files`, in order: the game's own code behind `probes[i]` for the i-th file
    /// that has one, the declared design otherwise. A probe that does not start fails its subject only.
    /// - Throws: `SpecError` for the first file that does not parse.
    static func specSubjects(
        _ files: [String], probes: [String] = [], timeout: Double = 10, deadline: Double? = nil
    ) throws -> [AuditSubject] {
        try specGames(files, probes: probes, timeout: timeout, deadline: deadline).subjects
    }

    /// The subjects declared in `files`, as ``specSubjects(_:probes:timeout:deadline:)``, and each spec with
    /// a probe beside its probe's command (each file parsed once).
    /// - Throws: `SpecError` for the first file that does not parse.
    static func specGames(
        _ files: [String], probes: [String] = [], timeout: Double = 10, deadline: Double? = nil
    ) throws -> (subjects: [AuditSubject], probed: [(spec: GameSpec, probe: String)]) {
        let specs = try files.map { try SpecParser.parse(contentsOf: URL(fileURLWithPath: $0)) }
        let probed = zip(specs, probes).map { (spec: $0, probe: $1) }
        let subjects = try specs.enumerated().map { index, spec in
            guard index < probes.count else { return try spec.subject() }
            do {
                return try spec.probeSubject(command: probes[index], timeout: timeout, deadline: deadline)
            } catch let fault as ProbeError {
                return AuditSubject(name: spec.name, summary: spec.summary, kind: Self.kind(spec), failing: fault)
            } catch let fault as ProbeFailure {
                // A probe that answered garbage while its subject was being made (a dice game's tables).
                return AuditSubject(name: spec.name, summary: spec.summary, kind: Self.kind(spec), failing: fault)
            }
        }
        return (subjects, probed)
    }
}

extension GameOptions {
    /// The kind of subject a spec declares.
    static func kind(_ spec: GameSpec) -> SubjectKind {
        switch spec.game {
        case .dice: .dice
        case .table: .prizeDraw
        case .wheel: .wheel
        }
    }

    /// The draws of a probe's random source the battery tests in a run of `trials`: the trials, within
    /// 2²⁰ … 2²² (a second or a few of the probe's time).
    static func randomDraws(trials: UInt64) -> Int { Int(min(max(trials, 1 << 20), 1 << 22)) }
}
