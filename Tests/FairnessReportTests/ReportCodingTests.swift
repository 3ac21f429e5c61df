import FairnessAudit
import FairnessReport
import FairnessReportRendering
import FairnessSubjects
import Foundation
import Testing

/// The report model is `Codable` both ways with no words: encoded without a wording it writes values alone
/// (a table row's and a counterexample's check by its identifier) and reads them back; `audit.json`, written
/// with the narrator's wording, names checks in words, which a decoder reads only with that wording.
@Suite struct ReportCodingTests {
    static let report: AuditReport = {
        // A wheel with boundary counterexamples and sampled tables, and a dice game.
        try! Audit.run(
            try! Catalogue.select(["slider-roulette-3", "reference-dice-5d6"]),
            settings: AuditSettings(run: RunSettings(trials: 20_000, seed: 11)))
    }()

    static func coders(wording: (any ReportWording)?) -> (JSONEncoder, JSONDecoder) {
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        if let wording {
            encoder.userInfo[.reportWording] = wording
            decoder.userInfo[.reportWording] = wording
        }
        return (encoder, decoder)
    }

    @Test func valuesAloneRoundTripWithNoWords() throws {
        let report = Self.report
        #expect(!report.tables.isEmpty && !report.counterexamples.isEmpty)
        let (encoder, decoder) = Self.coders(wording: nil)
        let values = try encoder.encode(report)
        let text = String(decoding: values, as: UTF8.self)
        // No word: no check names, details, findings or sentences.
        for word in ["\"check\"", "\"detail\"", "\"finding\"", "\"findings\"", "\"detectable\"", "\"repeats\""] {
            #expect(!text.contains(word), "\(word) written without a wording")
        }
        let read = try decoder.decode(AuditReport.self, from: values)
        #expect(try encoder.encode(read) == values)
        #expect(read.tables.map(\.check) == report.tables.map(\.check))
        #expect(read.counterexamples.map(\.check) == report.counterexamples.map(\.check))
    }

    @Test func wordsAreReadOnlyWithTheWording() throws {
        let (encoder, decoder) = Self.coders(wording: ReportNarrator.Wording())
        let worded = try encoder.encode(Self.report)
        let read = try decoder.decode(AuditReport.self, from: worded)
        #expect(try encoder.encode(read) == worded)
        // A plain decoder cannot tell which check a row's name means, and says so.
        let (_, plain) = Self.coders(wording: nil)
        #expect(throws: DecodingError.self) { try plain.decode(AuditReport.self, from: worded) }
    }
}
