import ArgumentParser
import Digests
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import _FairnessAuditSupport

/// `audit verify`: checks a report set without rerunning the audit.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            "Check a report set without rerunning the audit: every file rendered again, its seal, every p-value and decision, and the files it audited.",
        discussion: """
            Reads audit.json strictly as the report's values and renders every file of the set again from \
            them (audit.md, audit.json, the CSV files, the pictures, the JUnit file it names, SHA256SUMS), \
            comparing byte for byte: a file that differs (named with its first differing line), is missing, \
            or is in the directory without being rendered is a mismatch. Checks the seal (every file \
            SHA256SUMS lists has its digest); recomputes every p-value and 95% interval from the tables in \
            audit.json; decides every status, verdict and the gate again from the report's own rules (Holm \
            per subject, materiality, --fail-on); checks that each random source's streams add up; and checks \
            each --spec, --probe, --log or --input given against the SHA-256 the report's provenance records \
            for it. Prints one line per mismatch.

            EXIT STATUS
              0    everything agrees
              1    a mismatch (one line each)
              64   bad usage, or the set or its audit.json cannot be read
            """)

    @Argument(help: ArgumentHelp("The report set: a directory written by 'audit run', 'audit log' or 'audit rng'.", valueName: "dir"))
    var directory: String

    @Option(name: .customLong("spec"), help: ArgumentHelp("A spec file the report should have audited (repeatable).", valueName: "file"))
    var specs: [String] = []

    @Option(
        name: .customLong("probe"),
        help: ArgumentHelp(
            "A probe command the report should have run, as typed (repeatable); the files it names are checked too. Nothing is run.",
            valueName: "command"))
    var probes: [String] = []

    @Option(name: .customLong("log"), help: ArgumentHelp("A log the report should have read (repeatable).", valueName: "file"))
    var logs: [String] = []

    @Option(
        name: .customLong("input"),
        help: ArgumentHelp("A random source's raw output an 'audit rng' report should have read (repeatable).", valueName: "file"))
    var randomOutputs: [String] = []

    func run() throws {
        try AuditExitStatus.reportingErrors {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError("\(directory): no such report directory")
            }
            var inputs = try specs.map { try Fingerprints.file($0, kind: .spec) }
            inputs += try probes.flatMap(Fingerprints.probe)
            inputs += try logs.map { try Fingerprints.file($0, kind: .log) }
            inputs += try randomOutputs.map { try Fingerprints.file($0, kind: .randomOutput) }
            let result = try ReportVerification.verify(
                directory: URL(fileURLWithPath: directory),
                digest: { Fingerprints.hex(SHA256.hash(data: $0)) },
                artefacts: inputs.map { ReportVerification.Artefact(kind: $0.kind, name: $0.name, sha256: $0.sha256) })
            for mismatch in result.mismatches { print(TextEscaping.terminal("mismatch: " + ReportNarrator.text(mismatch))) }
            let summary = ReportNarrator.summary(result)
            guard result.agrees else {
                print("not verified: \(result.mismatches.count) mismatch\(result.mismatches.count == 1 ? "" : "es"); \(summary)")
                throw AuditExitStatus.failed
            }
            print("verified \(TextEscaping.terminal(directory)): \(summary)")
        }
    }
}
