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
                case .wheel(let wheel): print(TextEscaping.terminal("\(file): ok: wheel '\(spec.name)', \(wheel.sectors.count) sectors"))
                case .dice(let dice): print(TextEscaping.terminal("\(file): ok: dice '\(spec.name)', \(dice.dice)"))
                case .table(let table):
                    let states = table.machine.reachableStates.count
                    print(
                        TextEscaping.terminal(
                            "\(file): ok: table '\(spec.name)', \(table.machine.labels.count) items, \(states) state\(states == 1 ? "" : "s")"
                        ))
                }
            } catch let error as SpecError {
                AuditExitStatus.printError(error.description)
                bad = true
            }
        }
        if bad { throw AuditExitStatus.badInput }
    }
}
