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

/// The pictures: well-formed SVG (parsed as XML), one wheel picture per wheel subject and one outcome
/// chart per subject, linked from audit.md, the narrowest arc magnified to a visible width.
@Suite("report pictures")
struct PictureTests {
    @Test func picturesAreWellFormedSVGLinkedFromTheReport() throws {
        let subjects = try Catalogue.select(["rotary-wheel-6", "twelve-slice-wheel", "reference-dice-5d6", "target-index-wheel-6"])
        let report = try Audit.run(subjects, settings: AuditSettings(run: RunSettings(trials: 5_000, seed: 3), sweepSteps: 4096))
        let files = ReportWriter.pictures(report)
        let names = files.map(\.name)
        #expect(
            Set(names) == [
                "pictures/rotary-wheel-6-wheel.svg", "pictures/rotary-wheel-6-outcomes.svg", "pictures/twelve-slice-wheel-wheel.svg",
                "pictures/twelve-slice-wheel-outcomes.svg", "pictures/reference-dice-5d6-outcomes.svg",
                "pictures/target-index-wheel-6-wheel.svg", "pictures/target-index-wheel-6-outcomes.svg",
            ])
        for file in files {
            let parser = XMLParser(data: Data(file.contents.utf8))
            #expect(parser.parse(), "\(file.name): \(parser.parserError.map { "\($0)" } ?? "")")
            #expect(file.contents.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        }
        let markdown = ReportWriter.markdown(report)
        for name in names { #expect(markdown.contains("(\(name))"), "audit.md links \(name)") }
        // The rotary wheel's no-result arcs are about 1e-8 of the circle: each is drawn 1.5° wide, in orange.
        let rotary = try #require(files.first { $0.name == "pictures/rotary-wheel-6-wheel.svg" }?.contents)
        #expect(
            rotary.components(separatedBy: "fill=\"#f08c00\"><title>").count - 1
                == report.mislabelledArcs.filter { $0.subject == "rotary-wheel-6" }.count)
        #expect(ReportWriter.pictures(report).map(\.contents) == files.map(\.contents), "same report, same bytes")
    }

    @Test func pictureNamesAreSafeAndDistinct() {
        let name = ReportWriter.pictureName("our wheel/v2", "wheel")
        #expect(name.hasPrefix("pictures/our_wheel_v2-") && name.hasSuffix("-wheel.svg") && !name.contains(" "), "\(name)")
        #expect(ReportWriter.pictureName("reference-wheel-37", "wheel") == "pictures/reference-wheel-37-wheel.svg")
        // Names that differ only in characters a file name drops keep pictures of their own.
        let names = ["wheel-α", "wheel-β", "wheel-_", "wheel/α"].map { ReportWriter.pictureName($0, "wheel") }
        #expect(Set(names).count == names.count, "\(names)")
    }
}

/// What a reviewer pastes and what a file of the user's holds survive the Markdown and the report set.
@Suite struct MarkdownCommandAndPictureFolderTests {
    /// A command holding a backtick and a line break (a file name may) is a fenced block whose fence is longer
    /// than any backtick run inside: it can neither end the code early nor start a heading.
    @Test func aCommandThatCouldBreakACodeSpanIsFenced() {
        #expect(ReportWriter.reproduce("swift run audit --spec x.yaml") == "Reproduce with `swift run audit --spec x.yaml`. ")
        let fenced = ReportWriter.reproduce("swift run audit --spec 'a```b\n# Gate: PASS.yaml'")
        #expect(fenced == "Reproduce with:\n\n````sh\nswift run audit --spec 'a```b\n# Gate: PASS.yaml'\n````\n\n", "\(fenced)")
    }

    /// Subjects whose names differ only in case get pictures of their own on a disk that ignores case.
    @Test func namesDifferingInCaseGetPicturesOfTheirOwn() throws {
        let report = try Audit.run(
            [
                AuditSubject(wheel: try ReferenceWheel(equalSectors: 4)),
                AuditSubject(wheel: try ReferenceWheel(weights: [1, 2], name: "Reference-Wheel-4")),
            ],
            settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 3)))
        let names = ReportWriter.pictures(report).map { $0.name.lowercased() }
        #expect(Set(names).count == names.count, "\(names)")
    }

    /// A file of the user's in `pictures/` stays when a new set replaces the old one (the previous run's
    /// pictures do not), and the folder keeps its mode.
    @Test func filesOfTheUsersInPicturesAreKept() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try Audit.run(
            [AuditSubject(wheel: try ReferenceWheel(equalSectors: 4))], settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 3)))
        try ReportWriter.write(first, to: directory)
        let pictures = directory.appendingPathComponent("pictures")
        try Data("mine".utf8).write(to: pictures.appendingPathComponent("my-photo.png"))
        try FileManager.default.setAttributes([.posixPermissions: 0o751], ofItemAtPath: pictures.path)
        let second = try Audit.run(
            [AuditSubject(wheel: try ReferenceWheel(equalSectors: 5))], settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 3)))
        try ReportWriter.write(second, to: directory)
        let kept = try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted()
        #expect(kept.contains("my-photo.png") && !kept.contains { $0.hasPrefix("reference-wheel-4-") }, "\(kept)")
        let mode = try FileManager.default.attributesOfItem(atPath: pictures.path)[.posixPermissions] as? Int
        #expect(mode == 0o751)
    }
}
