import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessStatistics
import Foundation

/// The checks of one subject, exact and sampled.
@usableFromInline
package enum SubjectAudit {
    /// An exact check's record: PASS when it found nothing; otherwise FAIL if its finding is material under
    /// `settings` (`Finding.isMaterial(materiality:strict:)`) and NOTE if not. A failed check without a
    /// classified finding fails.
    static func exact(
        _ subject: String, _ check: CheckIdentifier, kind: CheckKind = .exact, passed: Bool, finding: Finding?, settings: AuditSettings,
        _ detail: CheckDetail
    ) -> PendingCheck {
        var record = CheckRecord(subject: subject, check: check, kind: kind, status: .pass, detailFacts: detail)
        if let finding {
            record.status = finding.isMaterial(materiality: settings.materiality, strict: settings.strict) ? .fail : .note
            record.findingClass = finding.findingClass
            record.magnitude = finding.magnitude
            record.shareOfCircle = finding.shareOfCircle
            record.findingFact = finding.fact
        } else if !passed {
            record.status = .fail
        }
        return PendingCheck(record: record)
    }

    /// A goodness-of-fit test that refuses to run when the outcomes that matter are too rare for the
    /// trials: outcomes with at least 1% of the most likely one's probability must each expect 5 counts.
    /// Rarer outcomes are pooled with a neighbour by the standard rule (`ExpectedCountRule.poolAdjacent(minimum:)`).
    /// `counted` names what the observations are (trials sampled, lines of a log) in a too-few detail.
    package static func goodnessOfFit(
        _ subject: String, _ check: CheckIdentifier, kind: CheckKind, observed: [Double], probabilities: [Double],
        statistic: GoodnessOfFitStatistic = .pearson, names: [String]? = nil, counted: CheckDetail.Counted = .trials
    ) throws -> PendingCheck {
        let names = names ?? observed.indices.map { "\($0 + 1)" }
        let total = observed.reduce(0, +)
        if probabilities.filter({ $0 > 0 }).count == 1, total > 0 {
            return singleOutcomeFit(subject, check, kind: kind, observed: observed, probabilities: probabilities, names: names)
        }
        var record = CheckRecord(subject: subject, check: check, kind: kind, status: .inconclusive, detailFacts: .oneOutcome(impossible: 0))
        let largest = probabilities.max() ?? 0
        let regular = probabilities.filter { $0 >= largest / 100 && $0 > 0 }
        if let smallest = regular.min(), total * smallest < 5 {
            record.detailFacts = .tooFewToFit(
                counted: counted, probability: smallest, expected: total * smallest, needed: Int((5 / smallest - 1e-6).rounded(.up)))
            return PendingCheck(record: record, power: nil)
        }
        let test = try GoodnessOfFitTest(observed: observed, probabilities: probabilities, statistic: statistic, rule: .standard)
        switch test.verdict {
        case .inconclusive(let reason):
            record.detailFacts = .inconclusive(reason)
            return PendingCheck(record: record, power: nil)
        case .tested(let figures):
            record.statistic = figures.statistic.isFinite ? figures.statistic : nil
            record.degreesOfFreedom = figures.degreesOfFreedom
            record.setPValue(figures)
            record.impossibleObserved = test.impossibleObservations > 0
            record.detailFacts = .fit(
                cells: test.cells.count, pooled: test.cells.count < probabilities.filter({ $0 > 0 }).count,
                impossible: Int(test.impossibleObservations))
            let cellProbabilities = test.cells.map { $0.expected / total }
            var table = test.cells.enumerated().map { position, cell in
                StatisticTableRow(
                    subject: subject, check: check, table: "goodness of fit", row: "\(position + 1)", column: "",
                    observed: cell.observed, expected: cell.expected, members: cell.indices.map { names[$0] }.joined(separator: "+"),
                    method: figures.method)
            }
            for index in observed.indices where probabilities[index] == 0 && observed[index] > 0 {
                table.append(
                    StatisticTableRow(
                        subject: subject, check: check, table: "goodness of fit", row: "impossible", column: "",
                        observed: observed[index], expected: 0, members: names[index]))
            }
            return PendingCheck(
                record: record, power: cellProbabilities.count >= 2 ? .goodnessOfFit(probabilities: cellProbabilities, trials: total) : nil,
                table: table)
        }
    }

    /// A fit to odds with a single possible outcome: with zero degrees of freedom the counts cannot differ
    /// from the odds, so there is nothing to test (PASS, no p-value); an outcome of probability 0 observed
    /// is p = 0 exactly, as in any fit.
    static func singleOutcomeFit(
        _ subject: String, _ check: CheckIdentifier, kind: CheckKind, observed: [Double], probabilities: [Double], names: [String]
    ) -> PendingCheck {
        let impossible = observed.indices.filter { probabilities[$0] == 0 && observed[$0] > 0 }
        var record = CheckRecord(subject: subject, check: check, kind: kind, status: .pass, detailFacts: .oneOutcome(impossible: 0))
        guard !impossible.isEmpty else { return PendingCheck(record: record) }
        let count = impossible.reduce(0.0) { $0 + observed[$1] }
        record.status = .inconclusive
        record.setPValue(0, log10: -.infinity, method: .exact)
        record.impossibleObserved = true
        record.detailFacts = .oneOutcome(impossible: Int(count))
        let table = impossible.map {
            StatisticTableRow(
                subject: subject, check: check, table: "goodness of fit", row: "impossible", column: "", observed: observed[$0],
                expected: 0, members: names[$0])
        }
        return PendingCheck(record: record, table: table)
    }

    /// Serial or pairwise independence on a table of counts. Categories expected to be rare (margins
    /// below 1% of the largest) are pooled into one "rare" category, which is dropped if even pooled it
    /// cannot reach an expected count of 5 in every cell. With `magnitude`, the tested table's rows (what
    /// they are) are also measured against its overall mix (`CheckDetail.MixOff`).
    package static func independence(
        _ subject: String, _ check: CheckIdentifier, table: [[UInt64]], note: CheckDetail.TableNote = .none, names: [String]? = nil,
        magnitude: CheckDetail.MixOff.Rows? = nil
    ) throws -> PendingCheck {
        let names = names ?? table.indices.map { "\($0 + 1)" }
        var record = CheckRecord(
            subject: subject, check: check, kind: .sampling, status: .inconclusive, detailFacts: .oneOutcome(impossible: 0))
        let n = table.count
        let rowTotals = table.map { $0.reduce(0, +) }
        let columnTotals = (0..<n).map { c in table.reduce(0) { $0 + $1[c] } }
        let margins = (0..<n).map { rowTotals[$0] + columnTotals[$0] }
        let largest = margins.max() ?? 0
        let regular = (0..<n).filter { margins[$0] > 0 && margins[$0] * 100 >= largest }
        let rare = (0..<n).filter { margins[$0] > 0 && margins[$0] * 100 < largest }
        var groups = regular.map { [$0] }
        var pooling = CheckDetail.Pooling.none
        if !rare.isEmpty {
            let total = Double(rowTotals.reduce(0, +))
            let rareRow = Double(rare.reduce(0) { $0 + rowTotals[$1] }), rareColumn = Double(rare.reduce(0) { $0 + columnTotals[$1] })
            let smallestRegular = Double(regular.map { min(rowTotals[$0], columnTotals[$0]) }.min() ?? 0)
            if total > 0 && min(rareRow, rareColumn) * smallestRegular / total >= 5 {
                groups.append(rare)
                pooling = .pooled(rare.count)
            } else {
                pooling = .leftOut(rare.count)
            }
        }
        guard groups.count >= 2 else {
            let pairs = rowTotals.reduce(0, +)
            if regular.count + rare.count == 1 && pairs > 0 {
                // Every result is the same outcome: consecutive results cannot depend on each other.
                record.status = .pass
                record.detailFacts = .pairsOfOneOutcome(pairs: pairs, note: note)
                return PendingCheck(record: record, power: nil)
            }
            record.detailFacts = .tooFewCategories(pairs: pairs, categories: groups.count, pooling: pooling, note: note)
            return PendingCheck(record: record, power: nil)
        }
        let collapsed = groups.map { rows in
            groups.map { columns in
                Double(rows.reduce(0) { sum, r in sum + columns.reduce(0) { $0 + table[r][$1] } })
            }
        }
        let test = try IndependenceTest(table: collapsed)
        switch test.verdict {
        case .inconclusive(let reason):
            record.detailFacts = .contingencyInconclusive(reason, pooling: pooling, note: note)
            return PendingCheck(record: record, power: nil)
        case .tested(let figures):
            record.statistic = figures.statistic
            record.degreesOfFreedom = figures.degreesOfFreedom
            record.setPValue(figures)
            record.detailFacts = .contingency(rows: test.keptRows.count, columns: test.keptColumns.count, pooling: pooling, note: note)
            let total = collapsed.flatMap { $0 }.reduce(0, +)
            let categories = groups.map { $0.map { names[$0] }.joined(separator: "+") }
            if let magnitude,
                let mix = try CheckDetail.MixOff(table: collapsed, rowNames: categories, columnNames: categories, rows: magnitude)
            {
                record.detailFacts = .mixOff(mix, record.detailFacts)
            }
            var rows: [StatisticTableRow] = []
            for (r, row) in collapsed.enumerated() {
                for (c, count) in row.enumerated() {
                    rows.append(
                        StatisticTableRow(
                            subject: subject, check: check, table: "contingency", row: categories[r], column: categories[c],
                            observed: count, expected: nil, members: categories[r]))
                }
            }
            return PendingCheck(
                record: record, power: .independence(degreesOfFreedom: figures.degreesOfFreedom ?? 1, trials: total), table: rows)
        }
    }

    /// The table of an exact binomial test: successes (with the hypothesised probability) and trials.
    package static func binomialTable(
        _ subject: String, _ check: CheckIdentifier, successes: Double, trials: Double, probability: Double
    ) -> [StatisticTableRow] {
        [
            StatisticTableRow(
                subject: subject, check: check, table: "binomial", row: "successes", column: "", observed: successes,
                expected: probability, members: ""),
            StatisticTableRow(
                subject: subject, check: check, table: "binomial", row: "trials", column: "", observed: trials, expected: nil,
                members: ""),
        ]
    }
}
