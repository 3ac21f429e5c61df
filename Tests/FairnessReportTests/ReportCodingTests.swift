import FairnessAudit
import FairnessChecks
import FairnessModel
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
            try! Catalogue.select(["slider-roulette-3", "reference-dice-5d6"]) + [KeyedCheckSubject.misrouted],
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
        #expect(read.checks == report.checks)
        // A check its own module defines reads back as its own figures.
        let keyed = try #require(read.checks.first { $0.check == .keyed(CheckKey(ItemsDrawableCheck.self)) })
        guard case .figures(let figures) = keyed.detailFacts, case .figures(let found)? = keyed.findingFact else {
            Issue.record("no figures: \(keyed)")
            return
        }
        #expect(figures == found && figures.decode(ItemsDrawableCheck.self)?.neverDrawable.map(\.label) == ["golden-key"])
        #expect(read.tables.map(\.check) == report.tables.map(\.check))
        #expect(read.counterexamples.map(\.check) == report.counterexamples.map(\.check))
        // Counterexamples and mislabelled arcs read back as their typed facts, with no cell written.
        #expect(read.counterexamples == report.counterexamples && read.mislabelledArcs == report.mislabelledArcs)
        #expect(!report.mislabelledArcs.isEmpty && !text.contains("\"input\"") && !text.contains("\"context\" : \""))
    }

    @Test func aRowThatNamesNoCheckSaysWhichKeyIsMissing() throws {
        let (encoder, decoder) = Self.coders(wording: nil)
        var object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(Self.report)) as? [String: Any])
        var rows = try #require(object["tables"] as? [[String: Any]])
        rows[1]["identifier"] = nil
        object["tables"] = rows
        let edited = try JSONSerialization.data(withJSONObject: object)
        do {
            _ = try decoder.decode(AuditReport.self, from: edited)
            Issue.record("a row without its check was read")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "check")
            #expect(context.codingPath.map(\.stringValue) == ["tables", "1"])
        }
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

/// A prize draw whose declared bonus state is never entered: its report holds a check its own module
/// defines (`ItemsDrawableCheck`), failing, with figures in its detail and its finding.
struct KeyedCheckSubject: PrizeDrawSubject {
    let name = "streak-bonus-misrouted"
    let summary = "A streak bonus whose second miss leads back to itself"
    let declaration: PrizeDrawDeclaration

    static let misrouted: AuditSubject = {
        let table = PrizeTable(items: [
            .init(label: "golden-key", weight: .zero), .init(label: "gem", weight: .init(10)), .init(label: "nothing", weight: .init(90)),
        ])
        let miss: [ExactFraction] = [.zero, .init(10), .init(90)]
        let states: [DrawMemory.State] = [
            .init(name: "miss-0", weights: miss, next: [1: 0, 2: 1]), .init(name: "miss-1", weights: miss, next: [1: 0, 2: 1]),
            .init(name: "miss-2", weights: miss, next: [1: 0, 2: 3]),
            .init(name: "bonus", weights: [.init(50), .init(10), .init(40)], next: [0: 0, 1: 0, 2: 0]),
        ]
        let machine = try! DrawMachine(table: table, memory: DrawMemory(states: states))
        return AuditSubject(prizeDraw: KeyedCheckSubject(declaration: PrizeDrawDeclaration(machine: machine)))
    }()
}
