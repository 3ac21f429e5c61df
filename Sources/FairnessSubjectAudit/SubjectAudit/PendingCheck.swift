import FairnessReport
import Foundation

/// A check before Holm's correction has been applied to the run.
package struct PendingCheck: Sendable {
    package var record: CheckRecord
    var power: PowerRequest?
    /// The table the p-value was computed from, for the report.
    var table: [StatisticTableRow] = []

    /// A value with every field given.
    package init(record: CheckRecord, power: PowerRequest? = nil, table: [StatisticTableRow] = []) {
        self.record = record
        self.power = power
        self.table = table
    }
}
