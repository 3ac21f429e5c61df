import FairnessReport
import Foundation

/// Everything one subject contributes to the report.
public struct SubjectResult: Sendable {
    var verdict: SubjectVerdict
    var checks: [PendingCheck]
    var outcomes: [OutcomeRow]
    var arcs: [ArcRow]
    var counterexamples: [CounterexampleRow]
    /// The wheel as drawn (nil for dice).
    var drawing: WheelDrawing? = nil

    /// A value with every field given.
    package init(
        verdict: SubjectVerdict, checks: [PendingCheck], outcomes: [OutcomeRow], arcs: [ArcRow], counterexamples: [CounterexampleRow],
        drawing: WheelDrawing? = nil
    ) {
        self.verdict = verdict
        self.checks = checks
        self.outcomes = outcomes
        self.arcs = arcs
        self.counterexamples = counterexamples
        self.drawing = drawing
    }
}
