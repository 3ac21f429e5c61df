import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessSubjects
import FairnessVerification
import Foundation
import Testing
import _FairnessAuditSupport

/// Checks are identified by value; their names are written once, by the narrator, and tell checks apart.
@Suite struct CheckIdentifierTests {
    /// One of each kind of identifier, parameterised ones with two different arguments.
    static let identifiers: [CheckIdentifier] = [
        .boundary, .wraparound, .consistency, .range, .landing, .outOfRangeIndices, .indexDrawEqualsDeclaredDraw,
        .shownSectorEqualsReportedResult, .designedOddsEqualClaimedOdds, .straightDetector, .categoryClassifier,
        .handDetector(hand: "yacht"), .handDetector(hand: "full house"), .rollMapping, .finalOddsEqualOneFairRoll,
        .claimedOddsEqualExactOdds, .returnToPlayer(.exact), .returnToPlayer(.sampled), .returnToPlayer(.log),
        .minimumReturnToPlayer, .advertisedPrizes(atLeastOneIn: 1e8), .advertisedPrizes(atLeastOneIn: 1000), .payoutsMatchPaytable,
        .outcomes(versus: .designed, statistic: .pearson), .outcomes(versus: .designed, statistic: .logLikelihoodRatio),
        .outcomes(versus: .claimedFair, statistic: .pearson), .outcomes(versus: .claimedFair, statistic: .logLikelihoodRatio),
        .outcomes(versus: .declared, statistic: .pearson), .invalidResults, .badRowsSkipped, .rareOutcome(label: "7"),
        .rareOutcome(label: "8"), .serialIndependence(.consecutiveResults), .serialIndependence(.firstDieOfConsecutiveRolls),
        .serialIndependence(.withinSessions), .dieUniformity(die: 1), .dieUniformity(die: 2), .diceIndependent(1, 2),
        .diceIndependent(2, 3), .finalCategories(versus: .designedOdds), .finalCategories(versus: .oneFairRoll),
        .straightProbability, .handProbability(hand: "yacht"), .handProbability(hand: "full house"),
        .labelFrequency(label: "7", pays: "10"), .labelFrequency(label: "8", pays: "10"), .handFrequency(hand: "yacht"),
        .driftFirstDepartingWindow, .homogeneityAcrossWindows, .subjectCouldNotBeRun, .disclosedOdds, .disclosedFigure(.baseRate),
        .disclosedFigure(.consolidatedRate), .disclosedFigure(.featuredRate), .disclosedFigure(.hardLimit), .drawOddsGivenState,
        .stateTransitions, .impossibleDraws, .itemFrequency(item: "gem"), .itemFrequency(item: "key"),
        .outcomes(versus: .eachDrawState, statistic: .pearson), .keyed(CheckKey(ItemsDrawableCheck.self)),
        .keyed(CheckKey(name: "not-narrated", arguments: ["a"])), .keyed(CheckKey(name: "not-narrated", arguments: ["b"])),
    ]

    @Test func distinctIdentifiersHaveDistinctNames() {
        let names = Self.identifiers.map(ReportNarrator.name(of:))
        #expect(Set(names).count == names.count, "\(Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys)")
        #expect(Set(Self.identifiers).count == Self.identifiers.count)
    }

    /// The names a committed report shows are the narrator's names of the identifiers the audit returns, and a
    /// check is found by its identifier.
    @Test func anAuditNamesItsChecksThroughTheNarrator() throws {
        let report = try Audit.run(
            try Catalogue.select(["slider-roulette-2", "reference-dice-5d6"]),
            settings: AuditSettings(run: RunSettings(trials: 20_000, seed: 5)))
        let boundary = try #require(report.checks.first { $0.subject == "slider-roulette-2" && $0.check == .boundary })
        #expect(boundary.checkName == "boundary" && boundary.status == .fail)
        let die = try #require(report.checks.first { $0.check == .dieUniformity(die: 3) })
        #expect(die.checkName == "die 3 uniformity" && die.subject == "reference-dice-5d6")
        #expect(report.checks.contains { $0.check == .handProbability(hand: "full house") })
        // Within a subject no two checks share an identifier, nor (so) a name.
        for subject in report.subjects.map(\.name) {
            let checks = report.checks.filter { $0.subject == subject }
            #expect(Set(checks.map(\.check)).count == checks.count, "\(subject)")
            #expect(Set(checks.map(\.checkName)).count == checks.count, "\(subject)")
        }
        // The JSON report writes the name with the narrator's wording, as the CSV and Markdown do; the
        // report model alone writes its values and no word.
        let encoder = JSONEncoder()
        encoder.userInfo[.reportWording] = ReportNarrator.Wording()
        let object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(boundary)) as? [String: Any])
        #expect(object["check"] as? String == "boundary" && object["detail"] as? String == boundary.detail)
        let values = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(boundary)) as? [String: Any])
        #expect(values["check"] == nil && values["detail"] == nil && values["finding"] == nil && values["identifier"] != nil)
    }
}
