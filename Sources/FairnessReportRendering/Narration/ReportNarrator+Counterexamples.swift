import FairnessChecks
import FairnessModel
import FairnessReport
import Foundation

// The rows of counterexamples.csv: each input that failed, where it sits, what the game showed and what the
// truth allows, in the reports' words.
extension ReportNarrator {
    /// A boundary or wraparound counterexample.
    package static func counterexampleRow(_ subject: String, _ check: CheckIdentifier, _ failure: Counterexample) -> CounterexampleRow {
        CounterexampleRow(
            subject: subject, check: check, input: String(format: "%.17g", failure.rotation), context: text(failure.context),
            reported: failure.reported.description, expected: text(failure.truth))
    }

    /// A wrong landing of a targeted wheel: the index, where it stopped (after the rotation `from` a later
    /// spin starts at), what it showed and what the pointer was on.
    package static func landingRow(_ subject: String, _ landing: LandingCheck.Landing, unit: AngleUnit, from: Double?) -> CounterexampleRow
    {
        let unit = unitName(unit)
        return CounterexampleRow(
            subject: subject, check: .landing, input: "index \(landing.index)",
            context: (from.map { String(format: "from %.17g %@, ", $0, unit) } ?? "")
                + (landing.rotation.map { String(format: "stops at %.17g %@", $0, unit) } ?? "no spin"),
            reported: text(landing.reported), expected: "lands on " + text(landing.landsOn))
    }

    /// A pattern of faces a detector judges wrongly: `wrong` of its `orderings` in play; `holds` whether the
    /// hand (`hand`, nil for the straight) truly holds on it.
    package static func detectorRow(
        _ subject: String, _ check: CheckIdentifier, pattern: String, wrong: UInt64, orderings: UInt64, holds: Bool, hand: String?
    ) -> CounterexampleRow {
        let yes = hand ?? "straight", no = hand.map { "not \($0)" } ?? "not a straight"
        return CounterexampleRow(
            subject: subject, check: check, input: pattern, context: "\(wrong) of \(orderings) orderings", reported: holds ? no : yes,
            expected: holds ? yes : no)
    }
}
