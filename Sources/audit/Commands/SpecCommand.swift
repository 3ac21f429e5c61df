import ArgumentParser
import FairnessAudit
import FairnessSpec
import Foundation

/// `audit spec`: spec files of a studio's own game.
struct SpecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spec", abstract: "Check spec files (YAML or JSON) that declare your own game.",
        subcommands: [CheckSpecCommand.self])
}

/// `audit spec check FILE...`: validates each file; prints one line per file, and for the first problem
/// of an invalid one `file:line:column: field: message`.
struct CheckSpecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate spec files: one line per file; a problem names the file, line, column and field (exit 64).")

    @Argument(help: ArgumentHelp("Spec files (YAML or JSON).", valueName: "file"))
    var files: [String]

    func run() throws {
        var bad = false
        for file in files {
            do {
                let spec = try SpecParser.parse(contentsOf: URL(fileURLWithPath: file))
                switch spec.game {
                case .wheel(let wheel): print("\(file): ok: wheel '\(spec.name)', \(wheel.sectors.count) sectors")
                case .dice(let dice): print("\(file): ok: dice '\(spec.name)', \(dice.dice)")
                }
            } catch let error as SpecError {
                AuditExitStatus.printError(error.description)
                bad = true
            }
        }
        if bad { throw AuditExitStatus.badInput }
    }
}

extension RunCommand {
    /// The subjects declared in `files`, in order: the game's own code behind `probes[i]` for the i-th file
    /// that has one, the declared design otherwise. A probe that does not start fails its subject only.
    /// - Throws: ``SpecError`` for the first file that does not parse.
    static func specSubjects(
        _ files: [String], probes: [String] = [], timeout: Double = 10, deadline: Double? = nil
    ) throws -> [AuditSubject] {
        let specs = try files.map { try SpecParser.parse(contentsOf: URL(fileURLWithPath: $0)) }
        return try specs.enumerated().map { index, spec in
            guard index < probes.count else { return try spec.subject() }
            do {
                return try spec.probeSubject(command: probes[index], timeout: timeout, deadline: deadline)
            } catch let fault as ProbeError {
                let kind: String
                if case .dice = spec.game { kind = "dice" } else { kind = "wheel" }
                return AuditSubject(name: spec.name, summary: spec.summary, kind: kind, failing: fault)
            }
        }
    }
}
