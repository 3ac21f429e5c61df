import Foundation
import Testing

@testable import FairnessAudit
@testable import FairnessBattery
@testable import FairnessLogs
@testable import FairnessReport
@testable import FairnessReportRendering
@testable import FairnessRunner
@testable import FairnessSubjectAudit
@testable import FairnessVerification
@testable import _FairnessAuditSupport

#if canImport(FoundationXML)
import FoundationXML
import FairnessSubjects
#endif

/// The JUnit report: valid against the JUnit schema (xmllint), counts that agree with its test cases, one
/// test case per check, failures carrying the finding, and the same bytes for the same seed.
@Suite("JUnit report")
struct JUnitTests {
    /// A run with a failing, an inconclusive and a passing subject: slider-7 (a label no sector carries),
    /// the reference wheel at too few trials for its serial table, and the reference dice.
    static func report() throws -> AuditReport {
        let subjects = try Catalogue.select(["slider-roulette-7", "reference-wheel-37", "reference-dice-5d6"])
        return try Audit.run(subjects, settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 5), sweepSteps: 2048))
    }

    static var schema: URL { Bundle.module.url(forResource: "junit", withExtension: "xsd", subdirectory: "Fixtures")! }

    /// Runs xmllint on `xml` against the schema; returns its exit status and what it printed.
    static func xmllint(_ xml: String) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint", "--noout", "--schema", schema.path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func validatesAgainstTheJUnitSchema() throws {
        let xml = ReportWriter.junit(try Self.report())
        let result = try Self.xmllint(xml)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("validates"))
    }

    @Test func theSchemaRejectsMalformedReports() throws {
        let xml = ReportWriter.junit(try Self.report())
        // A test case without a name, a failure after system-out, a negative count: each must be refused,
        // so the validation above is not vacuous.
        let broken = [
            xml.replacingOccurrences(
                of: "<testcase classname=\"reference-dice-5d6\" name=\"die 1 uniformity\"", with: "<testcase classname=\"x\""),
            xml.replacingOccurrences(of: "tests=\"", with: "tests=\"-"),
            xml.replacingOccurrences(of: "<testsuites", with: "<testsuite-list"),
        ]
        for variant in broken {
            #expect(variant != xml)
            #expect(try Self.xmllint(variant).status != 0)
        }
    }

    @Test func oneTestCasePerCheckWithCountsThatAgree() throws {
        let report = try Self.report()
        let xml = ReportWriter.junit(report)
        let collector = Collector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        #expect(parser.parse())
        #expect(collector.testcases.count == report.checks.count)
        #expect(collector.suites.map(\.name) == report.subjects.map(\.name))
        for suite in collector.suites {
            let checks = report.checks.filter { $0.subject == suite.name }
            #expect(suite.tests == checks.count)
            #expect(suite.failures == checks.filter { $0.status == .fail }.count)
            #expect(suite.skipped == checks.filter { $0.status == .inconclusive }.count)
            #expect(suite.failureElements == suite.failures)
            #expect(suite.skippedElements == suite.skipped)
        }
        // The slider's label 8 fails with its finding and class; the report is the same for the same seed.
        #expect(collector.failureTypes.contains("invalid outcome"))
        #expect(collector.failureMessages.contains { $0.contains("shows 8, which no sector carries") })
        #expect(collector.skippedElements > 0, "the reference wheel's serial test is inconclusive at 2,000 spins")
        #expect(ReportWriter.junit(try Self.report()) == xml)
        #expect(!xml.contains("time=") && !xml.contains("timestamp"))
    }

    @Test func writesAtomicallyAndRefusesAnUnwritablePlace() throws {
        let report = try Self.report()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("audit.xml")
        try ReportWriter.writeJUnit(report, to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == ReportWriter.junit(report))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["audit.xml"])
        #expect(throws: AuditError.self) { try ReportWriter.writeJUnit(report, to: directory.appendingPathComponent("missing/a.xml")) }
    }

    @Test func escapesWhatXMLCannotHoldAsIs() {
        #expect(ReportWriter.xmlEscaped("a<b>&\"c'\u{1}") == "a&lt;b&gt;&amp;&quot;c&apos;\u{FFFD}")
    }

    final class Collector: NSObject, XMLParserDelegate {
        struct Suite {
            var name = "", tests = 0, failures = 0, skipped = 0, failureElements = 0, skippedElements = 0
        }
        var suites: [Suite] = []
        var testcases: [String] = []
        var failureTypes: [String] = []
        var failureMessages: [String] = []
        var skippedElements = 0

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch element {
            case "testsuite":
                suites.append(
                    Suite(
                        name: attributes["name"] ?? "", tests: Int(attributes["tests"] ?? "") ?? -1,
                        failures: Int(attributes["failures"] ?? "") ?? -1, skipped: Int(attributes["skipped"] ?? "") ?? -1))
            case "testcase": testcases.append(attributes["name"] ?? "")
            case "failure":
                suites[suites.count - 1].failureElements += 1
                failureTypes.append(attributes["type"] ?? "")
                failureMessages.append(attributes["message"] ?? "")
            case "skipped":
                suites[suites.count - 1].skippedElements += 1
                skippedElements += 1
            default: break
            }
        }
    }
}
