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
}
