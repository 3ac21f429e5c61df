import Foundation
import Testing

@testable import FairnessAudit

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
