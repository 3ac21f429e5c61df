import Foundation

/// A check before Holm's correction has been applied to the run.
struct PendingCheck: Sendable {
    var record: CheckRecord
    var power: PowerRequest?
    /// The table the p-value was computed from, for the report.
    var table: [StatisticTableRow] = []
}
