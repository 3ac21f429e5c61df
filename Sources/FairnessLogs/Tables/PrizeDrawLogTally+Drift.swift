import FairnessChecks
import FairnessReport
import FairnessStatistics
import FairnessSubjectAudit
import Foundation

// A prize draw log's drift across windows: each window against the odds of its draws' states, and the
// windows against each other up to one common departure per item (a game that is off alike from the first
// line has not drifted).
extension PrizeDrawLogTally {
    /// The drift windows as tested: each item's draws, their expected counts given each draw's state, the file
    /// line each starts at, and the window's length in lines. Automatic windows: the blocks gathered into at
    /// most 32 windows of equal length.
    func driftWindows() -> (drawn: [[UInt64]], expected: [[Double]], startLines: [Int], lines: Int) {
        guard case .automatic = options.window else {
            return (windowDrawn, windowVisits.map(expected), windowStartLine, blockSize)
        }
        let perWindow = (windowDrawn.count + 31) / 32
        let starts = Array(stride(from: 0, to: windowDrawn.count, by: perWindow))
        func gathered(_ rows: [[UInt64]]) -> [[UInt64]] {
            starts.map { start in
                rows[start..<min(rows.count, start + perWindow)].dropFirst().reduce(rows[start]) { zip($0, $1).map { $0 &+ $1 } }
            }
        }
        return (gathered(windowDrawn), gathered(windowVisits).map(expected), starts.map { windowStartLine[$0] }, blockSize * perWindow)
    }

    /// A window's expected count of each item: Σ over states of its draws there × the state's odds.
    func expected(_ visits: [UInt64]) -> [Double] {
        var expected = [Double](repeating: 0, count: items)
        for (state, count) in visits.enumerated() where count > 0 {
            for item in 0..<items { expected[item] += Double(count) * oddsOfStates[state * items + item] }
        }
        return expected
    }

    /// Drift (each window against the odds of its draws' states, Bonferroni over the windows; the first that
    /// departs named with its share off) and homogeneity across windows given state.
    func driftChecks(alpha: Double) throws -> [PendingCheck] {
        let windows = driftWindows()
        return [try driftCheck(windows, alpha: alpha), try homogeneityCheck(windows)]
    }

    /// Each window's Pearson test against its expected counts (chi-square, exact where the enumeration is
    /// cheap); the window with the smallest p-value, if in the far tail, is proven by the lattice bound.
    func windowFits(_ windows: (drawn: [[UInt64]], expected: [[Double]], startLines: [Int], lines: Int)) throws -> [GoodnessOfFitTest?] {
        var fits = try zip(windows.drawn, windows.expected).map { drawn, expected -> GoodnessOfFitTest? in
            let n = drawn.reduce(0, +)
            guard n > 0 else { return nil }
            let total = expected.reduce(0, +)
            return try GoodnessOfFitTest(counts: drawn, probabilities: expected.map { $0 / total }, boundBudget: 0)
        }
        if let strongest = fits.indices.filter({ fits[$0]?.verdict.figures != nil })
            .min(by: { fits[$0]!.verdict.figures!.log10PValue < fits[$1]!.verdict.figures!.log10PValue }),
            let figures = fits[strongest]?.verdict.figures, figures.method == .chiSquare,
            figures.pValue < ExactMultinomialTail.farTailLevel, figures.pValue >= LatticeMultinomialTail.smallestBounded
        {
            let total = windows.expected[strongest].reduce(0, +)
            fits[strongest] = try GoodnessOfFitTest(
                counts: windows.drawn[strongest], probabilities: windows.expected[strongest].map { $0 / total })
        }
        return fits
    }

    /// Drift: each window against the odds of its draws' states, Bonferroni over the windows.
    func driftCheck(
        _ windows: (drawn: [[UInt64]], expected: [[Double]], startLines: [Int], lines: Int), alpha: Double
    ) throws
        -> PendingCheck
    {
        let fits = try windowFits(windows)
        let figures = fits.map { $0?.verdict.figures }
        let tests = figures.map { $0?.pValue }
        let tested = tests.compactMap { $0 }
        var drift = CheckRecord(
            subject: model.name, check: .driftFirstDepartingWindow, kind: .fairness, status: .inconclusive,
            detailFacts: .driftTooFewWindows(windows: windows.drawn.count, tested: tested.count))
        guard tested.count >= 2 else { return PendingCheck(record: drift) }
        let departing = tests.firstIndex { ($0 ?? 1) <= alpha / Double(tested.count) }
        let strongest = tests.indices.min { (tests[$0] ?? 2) < (tests[$1] ?? 2) }!
        let smallest = figures.compactMap { $0 }.min { $0.log10PValue < $1.log10PValue }!
        drift.setPValue(
            min(1, Double(tested.count) * tested.min()!), log10: min(0, Foundation.log10(Double(tested.count)) + smallest.log10PValue),
            method: smallest.method)
        var facts = CheckDetail.Drift(
            tested: tested.count, strongest: strongest,
            departing: try departing.map { index in
                let observed = windows.drawn[index].map { Double($0) }, total = windows.expected[index].reduce(0, +)
                let first = UInt64(index) * UInt64(windows.lines) + 1
                return .init(
                    window: .lines(
                        index: index, first: first, last: min(lines, first + UInt64(windows.lines) - 1), fromLine: windows.startLines[index]
                    ),
                    pValue: tests[index]!,
                    shareOff: try ShareOffInterval(observed: observed, expected: windows.expected[index].map { $0 / total }))
            })
        facts.givenState = true
        drift.detailFacts = .drift(facts)
        // Each window's cells as tested, so the p-value can be recomputed from the report alone.
        var table: [StatisticTableRow] = []
        for (index, fit) in fits.enumerated() {
            guard let fit, fit.verdict.figures != nil else { continue }
            for (position, cell) in fit.cells.enumerated() {
                table.append(
                    StatisticTableRow(
                        subject: model.name, check: .driftFirstDepartingWindow, table: "drift window", row: "\(position + 1)",
                        column: "window \(index + 1)", observed: cell.observed, expected: cell.expected,
                        members: cell.indices.map { machine.labels[$0] }.joined(separator: "+"), method: fit.verdict.figures?.method))
            }
            for item in 0..<items where windows.expected[index][item] == 0 && windows.drawn[index][item] > 0 {
                table.append(
                    StatisticTableRow(
                        subject: model.name, check: .driftFirstDepartingWindow, table: "drift window", row: "impossible",
                        column: "window \(index + 1)", observed: Double(windows.drawn[index][item]), expected: 0,
                        members: machine.labels[item]))
            }
        }
        return PendingCheck(record: drift, table: table)
    }

    /// Homogeneity given state: windows × items against each window's expected counts up to one common
    /// departure per item (`HomogeneityGivenExpectedTest`), the rarest items pooled until the smallest
    /// window expects 5 of each group.
    func homogeneityCheck(_ windows: (drawn: [[UInt64]], expected: [[Double]], startLines: [Int], lines: Int)) throws -> PendingCheck {
        var record = CheckRecord(
            subject: model.name, check: .homogeneityAcrossWindows, kind: .fairness, status: .inconclusive,
            detailFacts: .homogeneityTooFewWindows)
        let filled = windows.drawn.indices.filter { windows.drawn[$0].reduce(0, +) > 0 }
        guard filled.count >= 2 else { return PendingCheck(record: record) }
        // Items pooled, rarest (by the least any window expects) first, until every group expects 5 in every window.
        func least(_ group: [Int]) -> Double { filled.map { w in group.reduce(0) { $0 + windows.expected[w][$1] } }.min() ?? 0 }
        var groups = (0..<items).map { [$0] }
        while groups.count > 2 {
            let order = groups.indices.sorted { (least(groups[$0]), $0) < (least(groups[$1]), $1) }
            guard least(groups[order[0]]) < 5 else { break }
            let merged = (groups[order[0]] + groups[order[1]]).sorted()
            groups = groups.indices.filter { $0 != order[0] && $0 != order[1] }.map { groups[$0] } + [merged]
        }
        groups.sort { $0[0] < $1[0] }
        let observed = filled.map { w in groups.map { Double($0.reduce(UInt64(0)) { $0 + windows.drawn[w][$1] }) } }
        let expected = filled.map { w in groups.map { $0.reduce(0) { $0 + windows.expected[w][$1] } } }
        let test = try HomogeneityGivenExpectedTest(observed: observed, expected: expected)
        let names = groups.map { $0.map { machine.labels[$0] }.joined(separator: "+") }
        switch test.verdict {
        case .inconclusive(let reason):
            record.detailFacts = .inconclusive(reason)
            return PendingCheck(record: record)
        case .tested(let figures):
            record.statistic = figures.statistic
            record.degreesOfFreedom = figures.degreesOfFreedom
            record.setPValue(figures)
            record.detailFacts = .homogeneityGivenState(
                windows: filled.count, items: groups.count,
                pooled: groups.filter { $0.count > 1 }.map { $0.map { machine.labels[$0] }.joined(separator: "+") })
        }
        var table: [StatisticTableRow] = []
        for (row, window) in filled.enumerated() {
            for (column, name) in names.enumerated() {
                table.append(
                    StatisticTableRow(
                        subject: model.name, check: .homogeneityAcrossWindows, table: "windows given state", row: "window \(window + 1)",
                        column: name, observed: observed[row][column], expected: expected[row][column], members: "window \(window + 1)"))
            }
        }
        return PendingCheck(record: record, table: table)
    }
}
