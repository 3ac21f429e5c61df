import FairnessChecks
import FairnessSubjects
import Foundation
import TestSupport
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

/// `ReportVerification` on report sets written by ``ReportWriter`` and then tampered with and sealed
/// again, as someone hiding a change would: every tampering is caught by rendering the set again from
/// `audit.json`'s values and comparing byte for byte, and an untouched set verifies. The seal's digest here
/// is FNV-1a (the verifier takes any digest; the command passes SHA-256).
@Suite("Report verification")
struct ReportVerificationTests {
    /// FNV-1a 64 of the bytes, in hexadecimal: a digest for sealing in these tests.
    static func digest(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    static let seal: ReportWriter.Seal = { ReportWriter.seal($0, digest: digest) }

    /// A set of a wheel that fails (mislabelled arcs, counterexamples, pictures) and one that passes, with a
    /// JUnit file inside it.
    static let report: AuditReport = {
        let subjects = Catalogue.builtIn.filter { ["slider-roulette-2", "reference-wheel-37"].contains($0.name) }
        return try! Audit.run(
            subjects, settings: AuditSettings(run: RunSettings(trials: 20_000, seed: 11, threads: 2, blockSize: 4096), sweepSteps: 4096))
    }()

    /// A fresh copy of the set in a directory of its own.
    static func writtenSet() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verify-\(UUID().uuidString)")
        try ReportWriter.write(report, to: directory, threads: 2, junitName: "junit.xml", seal: seal)
        return directory
    }

    /// Seals `directory` again: every file of the set by its digest, as `SHA256SUMS` lists them (those
    /// named in `leaving` left out).
    static func reseal(_ directory: URL, leaving: Set<String> = []) throws {
        let names = ReportVerification.filesInSet(directory).filter { $0 != ReportWriter.sealName && !leaving.contains($0) }
        let files = try names.map { ($0, String(decoding: try Data(contentsOf: directory.appendingPathComponent($0)), as: UTF8.self)) }
        let sealed = ReportWriter.seal(files.map { (name: $0.0, contents: $0.1) }, digest: digest)
        try Data(sealed.contents.utf8).write(to: directory.appendingPathComponent(sealed.name))
    }

    /// Edits the file `name` of the set with `change`.
    static func edit(_ directory: URL, _ name: String, _ change: (inout String) throws -> Void) throws {
        let url = directory.appendingPathComponent(name)
        var text = try String(contentsOf: url, encoding: .utf8)
        let before = text
        try change(&text)
        #expect(text != before, "the edit of \(name) changed nothing")
        try Data(text.utf8).write(to: url)
    }

    static func verify(_ directory: URL) throws -> VerificationResult {
        try ReportVerification.verify(directory: directory, digest: digest, threads: 2)
    }

    @Test func anUntouchedSetVerifiesAndEveryFileIsRenderedAgain() throws {
        let set = try Self.writtenSet()
        defer { try? FileManager.default.removeItem(at: set) }
        let result = try Self.verify(set)
        #expect(result.agrees, "\(result.mismatches.map(ReportNarrator.text))")
        // Every file of the set but none other: the report's files, its pictures, the JUnit file and the seal.
        #expect(result.renderedFiles == ReportVerification.filesInSet(set).count)
        #expect(ReportVerification.filesInSet(set).contains("junit.xml") && result.gate == .fail)
    }

    /// The eight resealed tamperings that fooled the verifier that read words back (issue 42).
    @Test func theEightResealedTamperingsFail() throws {
        typealias Tampering = (what: String, change: (URL) throws -> Void, expected: (VerificationMismatch) -> Bool)
        func differs(_ file: String) -> (VerificationMismatch) -> Bool {
            { if case .renderedDiffers(file, _, _, _) = $0 { true } else { false } }
        }
        let picture = "pictures/slider-roulette-2-wheel.svg"
        let tamperings: [Tampering] = [
            (
                "the gate hidden in an HTML comment, PASS shown",
                { set in
                    try Self.edit(set, "audit.md") {
                        $0 = $0.replacingOccurrences(of: "**Gate: FAIL**", with: "<!-- **Gate: FAIL** -->**Gate: PASS**")
                    }
                }, differs("audit.md")
            ),
            (
                "a subject's section verdict FAIL turned PASS",
                { set in
                    try Self.edit(set, "audit.md") { text in
                        let range = try #require(text.range(of: "| **FAIL** |"))
                        text.replaceSubrange(range, with: "| **PASS** |")
                    }
                }, differs("audit.md")
            ),
            (
                "the JUnit file's failing cases turned passing, counts kept",
                { set in
                    try Self.edit(set, "junit.xml") {
                        $0 = $0.replacingOccurrences(of: #"<failure[^>]*>[^<]*</failure>"#, with: "", options: .regularExpression)
                    }
                }, differs("junit.xml")
            ),
            (
                "the JUnit file edited to PASS and left out of the seal",
                { set in
                    try Self.edit(set, "junit.xml") {
                        $0 = $0.replacingOccurrences(
                            of: #"<property name="gate" value="FAIL"/>"#, with: #"<property name="gate" value="PASS"/>"#)
                    }
                    try Self.reseal(set, leaving: ["junit.xml"])
                }, { if case .fileNotSealed("junit.xml") = $0 { true } else { false } }
            ),
            (
                "three CSV files and a picture deleted",
                { set in
                    for name in ["outcomes.csv", "counterexamples.csv", "mislabelled_arcs.csv", picture] {
                        try FileManager.default.removeItem(at: set.appendingPathComponent(name))
                    }
                }, { if case .renderedMissing(picture) = $0 { true } else { false } }
            ),
            (
                "audit.json with a second gate key",
                { set in
                    try Self.edit(set, "audit.json") {
                        $0 = $0.replacingOccurrences(of: "\"gate\" : \"FAIL\"", with: "\"gate\" : \"FAIL\", \"gate\" : \"PASS\"")
                    }
                },
                { if case .duplicateKey("", "gate") = $0 { true } else { false } }
            ),
            (
                "an extra file with a script in the set",
                { set in try Data("<html><script>alert(1)</script></html>".utf8).write(to: set.appendingPathComponent("audit.html")) },
                { if case .notInReport("audit.html") = $0 { true } else { false } }
            ),
            (
                "a picture's red arcs removed and a script added",
                { set in
                    try Self.edit(set, picture) {
                        $0 = $0.replacingOccurrences(of: "#d62828", with: "none").replacingOccurrences(
                            of: "<svg ", with: "<svg onload=\"alert(1)\" ")
                    }
                }, differs(picture)
            ),
        ]
        for tampering in tamperings {
            let set = try Self.writtenSet()
            defer { try? FileManager.default.removeItem(at: set) }
            try tampering.change(set)
            if !tampering.what.contains("left out of the seal") { try Self.reseal(set) }
            let result = try Self.verify(set)
            #expect(!result.agrees, "\(tampering.what): verified")
            #expect(
                result.mismatches.contains(where: tampering.expected), "\(tampering.what): \(result.mismatches.map(ReportNarrator.text))")
            // Nothing was edited after sealing: the seal alone would not have caught it.
            #expect(!result.mismatches.contains { if case .fileChanged = $0 { true } else { false } }, "\(tampering.what)")
        }
    }

    /// Tamperings of our own: words, values, keys and files that a renderer gives otherwise.
    @Test func ourOwnTamperingsFail() throws {
        typealias Tampering = (what: String, change: (URL) throws -> Void, expected: (VerificationMismatch) -> Bool)
        func differs(_ file: String) -> (VerificationMismatch) -> Bool {
            { if case .renderedDiffers(file, _, _, _) = $0 { true } else { false } }
        }
        let unreadable: (VerificationMismatch) -> Bool = { if case .unreadableReport = $0 { true } else { false } }
        let tamperings: [Tampering] = [
            (
                "a finding's words softened in audit.json and audit.md alike",
                { set in
                    for name in ["audit.json", "audit.md"] {
                        try Self.edit(set, name) { $0 = $0.replacingOccurrences(of: "which no sector carries", with: "a bonus") }
                    }
                }, differs("audit.json")
            ),
            (
                "the gate's value changed in audit.json",
                { set in
                    try Self.edit(set, "audit.json") {
                        $0 = $0.replacingOccurrences(of: "\"gate\" : \"FAIL\"", with: "\"gate\" : \"PASS\"")
                    }
                },
                differs("audit.json")
            ),
            (
                "an unknown field in audit.json",
                { set in
                    try Self.edit(set, "audit.json") {
                        $0 = $0.replacingOccurrences(of: "\"alpha\" :", with: "\"approved\" : true,\n  \"alpha\" :")
                    }
                },
                differs("audit.json")
            ),
            (
                "the seed out of range",
                { set in
                    try Self.edit(set, "audit.json") {
                        $0 = $0.replacingOccurrences(of: #""seed" : [0-9]+"#, with: "\"seed\" : 1e30", options: .regularExpression)
                    }
                }, unreadable
            ),
            (
                "a table row's check renamed",
                { set in
                    try Self.edit(set, "audit.json") { text in
                        let tables = try #require(text.range(of: "\"tables\" : ["))
                        let range = try #require(
                            text.range(of: "\"check\" : \"outcomes vs designed odds (Pearson)\"", range: tables.upperBound..<text.endIndex))
                        text.replaceSubrange(range, with: "\"check\" : \"outcomes vs designed odds (approved)\"")
                    }
                }, unreadable
            ),
            (
                "a counterexample's facts changed, its cells left",
                { set in
                    try Self.edit(set, "audit.json") { text in
                        let range = try #require(text.range(of: #""turnsShift" : 0\b"#, options: .regularExpression))
                        text.replaceSubrange(range, with: "\"turnsShift\" : 3")
                    }
                }, differs("counterexamples.csv")
            ),
            (
                "a counterexample's offset at the most negative whole number: rendered, not trapped on",
                { set in
                    try Self.edit(set, "audit.json") { text in
                        let range = try #require(
                            text.range(of: #""adjacent" : \{\s*"_0" : -?[0-9]+"#, options: .regularExpression))
                        text.replaceSubrange(range, with: "\"adjacent\" : { \"_0\" : -9223372036854775808")
                    }
                }, differs("counterexamples.csv")
            ),
            (
                "a counterexample's facts renamed away",
                { set in
                    try Self.edit(set, "audit.json") { text in
                        let range = try #require(text.range(of: #""facts" : \{\s*"probe""#, options: .regularExpression))
                        text.replaceSubrange(range, with: "\"fact\" : { \"probe\"")
                    }
                }, unreadable
            ),
            (
                "a mislabelled arc's truth changed in its facts",
                { set in
                    try Self.edit(set, "audit.json") { text in
                        let arcs = try #require(text.range(of: "\"mislabelledArcs\" : ["))
                        let truth = try #require(text.range(of: "\"truth\" : {", range: arcs.upperBound..<text.endIndex))
                        text.replaceSubrange(truth, with: "\"truth\" : { \"blank\" : {} }, \"was\" : {")
                    }
                }, differs("mislabelled_arcs.csv")
            ),
            (
                "a hidden file in a folder of the set",
                { set in try Data("x".utf8).write(to: set.appendingPathComponent("pictures/.cache")) },
                { if case .notInReport("pictures/.cache") = $0 { true } else { false } }
            ),
            (
                "a line end added to a CSV file",
                { set in try Self.edit(set, "checks.csv") { $0 += "\r\n" } }, differs("checks.csv")
            ),
            (
                "an exact check's status changed in audit.json, every copy left",
                { set in
                    try Self.edit(set, "audit.json") { text in
                        let range = try #require(text.range(of: "\"status\" : \"PASS\""))
                        text.replaceSubrange(range, with: "\"status\" : \"NOTE\"")
                    }
                }, differs("checks.csv")
            ),
            (
                "every check of a subject turned FAIL in audit.json: decided again from the figures",
                { set in
                    try Self.edit(set, "audit.json") {
                        $0 = $0.replacingOccurrences(
                            of: "\"status\" : \"PASS\",\n      \"subject\" : \"reference-wheel-37\"",
                            with: "\"status\" : \"FAIL\",\n      \"subject\" : \"reference-wheel-37\"")
                    }
                }, { if case .status = $0 { true } else { false } }
            ),
        ]
        for tampering in tamperings {
            let set = try Self.writtenSet()
            defer { try? FileManager.default.removeItem(at: set) }
            try tampering.change(set)
            try Self.reseal(set)
            let result = try Self.verify(set)
            #expect(
                result.mismatches.contains(where: tampering.expected), "\(tampering.what): \(result.mismatches.map(ReportNarrator.text))")
        }
    }

    /// Rendering a report, reading its `audit.json` back and rendering again gives every file byte for
    /// byte: every built-in subject (wheels, targeted wheels, dice; findings, notes, tables, pictures).
    @Test func everyFileRendersAgainFromAuditJSON() throws {
        let report = try Audit.run(
            Catalogue.builtIn,
            settings: AuditSettings(run: RunSettings(trials: 4_000, seed: 5, threads: 2, blockSize: 4096), sweepSteps: 4096))
        var named = report
        named.junitFile = "results.xml"
        let files = try ReportWriter.renderSet(named, threads: 2)
        let json = try #require(files.first { $0.name == "audit.json" })
        let again = try ReportWriter.renderSet(AuditReport(json: Data(json.contents.utf8)), threads: 2)
        #expect(files.map(\.name) == again.map(\.name))
        for (a, b) in zip(files, again) { #expect(a.contents == b.contents, "\(a.name)") }
        #expect(files.contains { $0.name == "results.xml" })
    }

    @Test func aRepeatedKeyIsFoundAtAnyDepthAndUnderAnyEscape() {
        func repeated(_ json: String) -> StrictJSON.RepeatedKey? { StrictJSON.firstRepeatedKey(in: Data(json.utf8)) }
        #expect(repeated(#"{"a": 1, "b": {"c": [1, {"d": 2, "d": 3}]}}"#) == .init(path: "b.c[1]", key: "d"))
        #expect(repeated(#"{"gate": "FAIL", "gate": "PASS"}"#) == .init(path: "", key: "gate"))
        // Keys of sibling objects, keys inside strings and escaped quotes are not repeats.
        #expect(repeated(#"[{"a": 1}, {"a": 2}]"#) == nil)
        #expect(repeated(#"{"a": "{"a": 1, "a": 2}", "b": "x\"}"#) == nil)
        #expect(repeated(#"{"a": [1, 2], "b": {"a": 1}}"#) == nil)
    }

    /// Two long lines that differ far from their start are shown from just before the difference, so both
    /// excerpts show it.
    @Test func aLongLineIsShownWhereItDiffers() {
        let head = String(repeating: "sequences tested; ", count: 20)
        let words = ReportNarrator.differing(head + "175 more cut" + String(repeating: " x", count: 100), head + "174 more cut")
        #expect(words.hasPrefix("from character 333 is …"), "\(words)")  // 360 + 2 alike, 30 before
        #expect(words.contains("175 more cut") && words.contains("174 more cut"), "\(words)")
        #expect(ReportNarrator.differing("THREE", "three") == "is THREE, but the report renders three")
        #expect(ReportNarrator.differing("", "three") == "is empty, but the report renders three")
    }

    @Test func theFirstDifferingLineIsNamed() {
        let a = Data("one\ntwo\nthree\n".utf8), b = Data("one\ntwo\nTHREE\n".utf8)
        #expect(
            ReportVerification.firstDifference("f", stated: b, rendered: a)
                == .renderedDiffers(file: "f", line: 3, stated: "THREE", rendered: "three"))
        let longer = Data("one\ntwo\nthree\nfour\n".utf8)
        #expect(
            ReportVerification.firstDifference("f", stated: longer, rendered: a)
                == .renderedDiffers(file: "f", line: 4, stated: "four", rendered: ""))
    }
}
