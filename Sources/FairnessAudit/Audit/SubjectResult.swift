import Foundation

/// Everything one subject contributes to the report.
public struct SubjectResult: Sendable {
    var verdict: SubjectVerdict
    var checks: [PendingCheck]
    var outcomes: [OutcomeRow]
    var arcs: [ArcRow]
    var probes: [ProbeRow]
}
