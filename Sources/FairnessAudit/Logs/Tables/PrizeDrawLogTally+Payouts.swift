import FairnessModel
import Foundation

// A prize draw log's `payout` column: what each player was given, against the value the spec declares for
// the item drawn.
extension PrizeDrawLogTally {
    /// A payout field: a finite number ≥ 0.
    /// - Throws: ``LogError`` naming the line and column.
    static func payout(_ field: String, line: Int, column: Int) throws -> Double {
        let text = field.trimmingCharacters(in: .whitespaces)
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw LogError(
                line: line, column: column,
                message: text.isEmpty
                    ? "payout: empty; give what the draw paid on every line, or no payout column" : "payout: '\(text)' is not a number ≥ 0")
        }
        return value
    }

    /// Counts one logged payout: against the value of its item, if the spec gives one.
    mutating func record(payout: Double, of label: String, number: Int) {
        payoutsLogged += 1
        guard let item = itemIndex[label], let value = machine.values[item]?.double else {
            payoutsNotCompared += 1
            return
        }
        if abs(payout - value) > 1e-9 * max(1, abs(value)) {
            payoutMismatches += 1
            if firstPayoutMismatch == nil { firstPayoutMismatch = .init(line: number, item: label, paid: payout, value: value) }
        }
    }

    /// Logged payouts against the drawn items' values: any that differs fails (every line is counted: the
    /// share is the log's own, exact); payouts of items without a declared value, or of labels the table
    /// does not have, are not compared. Nil without a `payout` column or key.
    func payoutCheck() -> PendingCheck? {
        guard payoutsLogged > 0 else { return nil }
        return PendingCheck(
            record: CheckRecord(
                subject: model.name, check: .payoutsMatchValues, kind: .invalid, status: payoutMismatches == 0 ? .pass : .fail,
                statistic: Double(payoutMismatches),
                detailFacts: .payoutsMatchValues(
                    .init(
                        mismatches: payoutMismatches, logged: payoutsLogged, notCompared: payoutsNotCompared,
                        first: firstPayoutMismatch))))
    }
}
