import FairnessModel
import FairnessReport
import FairnessSubjectAudit
import Foundation

// A prize draw log's `payout` column: what each player was given, against the value the spec declares for
// the item drawn.
extension PrizeDrawLogTally {
    /// A payout field: a decimal number ≥ 0 (not hexadecimal, `inf` or `nan`).
    /// - Throws: ``LogError`` naming the line and column.
    static func payout(_ field: String, line: Int, column: Int) throws -> Double {
        let text = field.trimmingCharacters(in: .whitespaces)
        guard LogFields.isDecimal(text.utf8), let value = Double(text), value >= 0 else {
            throw LogError(
                line: line, column: column,
                message: text.isEmpty
                    ? "payout: empty; give what the draw paid on every line, or no payout column"
                    : "payout: '\(text)' is not a decimal number ≥ 0")
        }
        guard value.isFinite else { throw LogError(line: line, column: column, message: "payout: '\(text)' is too large for a number") }
        return value
    }

    /// Counts one logged payout: against the value of its item, if the spec gives one.
    mutating func record(payout: Double, of label: String, number: Int) {
        payoutsLogged += 1
        if itemIndex[label] != nil, paidLevels.count < Self.maximumPaidLevels || paidLevels[payout] != nil {
            paidLevels[payout, default: 0] += 1
        }
        guard let item = itemIndex[label], let value = machine.values[item]?.double else {
            payoutsNotCompared += 1
            return
        }
        if abs(payout - value) > 1e-9 * max(1, abs(value)) {
            payoutMismatches += 1
            if firstPayoutMismatch == nil { firstPayoutMismatch = .init(line: number, item: label, paid: payout, value: value) }
        }
    }

    /// Logged payouts against the drawn items' values: any that differs fails, its share of the payouts
    /// compared as magnitude (every line is counted: the share is the log's own, exact); payouts of items
    /// without a declared value, or of labels the table does not have, are not compared, and a log none of
    /// whose payouts can be compared is a NOTE saying so. Nil without a `payout` column or key.
    func payoutCheck() -> PendingCheck? {
        guard payoutsLogged > 0 else { return nil }
        let compared = payoutsLogged - payoutsNotCompared
        var record = CheckRecord(
            subject: model.name, check: .payoutsMatchValues, kind: .invalid,
            status: compared == 0 ? .note : payoutMismatches == 0 ? .pass : .fail, statistic: Double(payoutMismatches),
            detailFacts: .payoutsMatchValues(
                .init(mismatches: payoutMismatches, logged: payoutsLogged, notCompared: payoutsNotCompared, first: firstPayoutMismatch)))
        if payoutMismatches > 0 { record.magnitude = Double(payoutMismatches) / Double(compared) }
        return PendingCheck(record: record)
    }

    /// The most distinct payouts counted for the return per draw (each a level of its interval).
    static let maximumPaidLevels = 10_000

    /// Whether the return per draw comes from the logged payouts: every draw of an item of the table has
    /// one, and they take at most ``maximumPaidLevels`` distinct values.
    var returnFromPayouts: Bool {
        paidLevels.count < Self.maximumPaidLevels && paidLevels.values.reduce(0, +) == draws && draws > 0
    }
}
