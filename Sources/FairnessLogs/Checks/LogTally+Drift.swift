import FairnessChecks
import FairnessReport
import FairnessStatistics
import FairnessSubjectAudit
import Foundation

// A log's drift across windows: each window against the declared odds, and the windows against each other.
extension LogTally {
    /// The drift windows as tested: each window's counts, the line each starts at, and its length in lines
    /// (0 for windows by seconds). Automatic windows: the blocks gathered into at most 32 windows of equal
    /// length.
    func driftWindows() -> (counts: [[UInt64]], startLines: [Int], lines: Int) {
        var windows = self.windows, windowStartLine = self.windowStartLine
        var windowLines = 0
        switch options.window {
        case .automatic:
            let perWindow = (windows.count + 31) / 32
            windowLines = blockSize * perWindow
            windows = stride(from: 0, to: windows.count, by: perWindow).map { start in
                windows[start..<min(windows.count, start + perWindow)].reduce([UInt64](repeating: 0, count: k + 2)) {
                    zip($0, $1).map { $0 &+ $1 }
                }
            }
            windowStartLine = stride(from: 0, to: windowStartLine.count, by: perWindow).map { windowStartLine[$0] }
        case .lines(let size): windowLines = size
        case .seconds: break
        }
        return (windows, windowStartLine, windowLines)
    }

    /// Drift: each window against the declared odds, Bonferroni over the windows; names the first that
    /// departs.
    func driftCheck(
        _ windows: (counts: [[UInt64]], startLines: [Int], lines: Int), labelNames: [String], settings: AuditSettings,
        times: LogAuditTimes? = nil
    ) throws -> PendingCheck {
        let name = model.name
        let windowLines = windows.lines, windowStartLine = windows.startLines
        let proving = DispatchTime.now()
        let fits = try boundedWindowFits(windows.counts, threads: settings.run.threads)
        times?.record(.provingWindows, seconds: LogAuditTimes.seconds(from: proving, to: DispatchTime.now()))
        let windowFigures = fits.map { $0?.verdict.figures }
        let windowTests = windowFigures.map { $0?.pValue }
        let tested = windowTests.compactMap { $0 }
        let window = { (index: Int) -> CheckDetail.Drift.Window in
            switch options.window {
            case .lines, .automatic:
                let first = UInt64(index) * UInt64(windowLines) + 1
                return .lines(
                    index: index, first: first, last: min(lines, first + UInt64(windowLines) - 1), fromLine: windowStartLine[index])
            case .seconds(let size):
                return .seconds(index: index, from: Double(index) * size, to: Double(index + 1) * size, fromLine: windowStartLine[index])
            }
        }
        var drift = CheckRecord(
            subject: name, check: .driftFirstDepartingWindow, kind: .fairness, status: .inconclusive,
            detailFacts: .driftTooFewWindows(windows: windows.counts.count, tested: tested.count))
        if tested.count >= 2 {
            let bonferroni = settings.alpha / Double(tested.count)
            let departing = windowTests.firstIndex { ($0 ?? 1) <= bonferroni }
            let strongest = windowTests.indices.min { (windowTests[$0] ?? 2) < (windowTests[$1] ?? 2) }!
            // The window with the smallest p-value gives the check's, and its method.
            let smallest = windowFigures.compactMap { $0 }.min { $0.log10PValue < $1.log10PValue }!
            drift.setPValue(
                min(1, Double(tested.count) * tested.min()!), log10: min(0, Foundation.log10(Double(tested.count)) + smallest.log10PValue),
                method: smallest.method)
            drift.detailFacts = .drift(
                .init(
                    tested: tested.count, strongest: strongest,
                    departing: try departing.map { index in
                        let observed = windows.counts[index].prefix(k).map { Double($0) }
                        return .init(
                            window: window(index), pValue: windowTests[index]!,
                            shareOff: observed.reduce(0, +) > 0
                                ? try ShareOffInterval(observed: observed, expected: model.probabilities) : nil)
                    }))
        }
        // Each window's table as tested, so the check's p-value can be recomputed from the report alone.
        var table: [StatisticTableRow] = []
        for (index, fit) in fits.enumerated() {
            guard let fit, fit.verdict.figures != nil else { continue }
            let column = "window \(index + 1)"
            for (position, cell) in fit.cells.enumerated() {
                table.append(
                    StatisticTableRow(
                        subject: name, check: .driftFirstDepartingWindow, table: "drift window", row: "\(position + 1)", column: column,
                        observed: cell.observed, expected: cell.expected,
                        members: cell.indices.map { labelNames[$0] }.joined(separator: "+"), method: fit.verdict.figures?.method))
            }
            let observed = windows.counts[index]
            for slot in 0..<k where model.probabilities[slot] == 0 && observed[slot] > 0 {
                table.append(
                    StatisticTableRow(
                        subject: name, check: .driftFirstDepartingWindow, table: "drift window", row: "impossible", column: column,
                        observed: Double(observed[slot]), expected: 0, members: labelNames[slot]))
            }
        }
        return PendingCheck(record: drift, table: drift.pValue == nil ? [] : table)
    }

    /// Each window's goodness of fit. Past the enumeration, the lattice's bounds share one budget of
    /// ``driftBoundBudget`` updates over the check, given to the windows in order of their chi-square
    /// p-value (the most departing first): a log drifting throughout, in many windows, costs seconds, not
    /// one bound per window. A window left without a bound keeps the chi-square, and says so.
    ///
    /// The windows' tests and bounds run on `threads` threads with the results of the serial rule: the
    /// bounds the budget allows are planned as if each will be proven, run side by side, and the rule is
    /// replayed on their outcomes; a bound that was not proven leaves budget for windows planned next, run
    /// in another round, until the replay asks for no bound not yet run.
    func boundedWindowFits(_ counts: [[UInt64]], threads: Int = 1) throws -> [GoodnessOfFitTest?] {
        let probabilities = model.probabilities, k = self.k
        var fits = try counts.concurrentMap(threads: threads) { window -> GoodnessOfFitTest? in
            let observed = window.prefix(k)
            guard observed.reduce(0, +) > 0 else { return nil }
            return try GoodnessOfFitTest(counts: Array(observed), probabilities: probabilities, boundBudget: 0)
        }
        // Only far-tail windows can take a bound (LatticeMultinomialTail.pearson); the others are not redone.
        let waiting = fits.indices.filter {
            guard let figures = fits[$0]?.verdict.figures, figures.method == .chiSquare else { return false }
            return figures.pValue < ExactMultinomialTail.farTailLevel && figures.pValue >= LatticeMultinomialTail.smallestBounded
        }
        .sorted { fits[$0]!.verdict.figures!.log10PValue < fits[$1]!.verdict.figures!.log10PValue }
        let costs = waiting.map { index -> Double in
            let cells = fits[index]!.cells
            let total = cells.reduce(0) { $0 + $1.observed }
            return LatticeMultinomialTail.expectedUpdates(total: total, probabilities: cells.map { $0.expected / total })
        }
        var bounded: [Int: GoodnessOfFitTest] = [:]
        /// The serial rule over the bounds run so far: the windows given a bound, and those it would run next
        /// that have not run (each assumed proven, as planned).
        func replay() -> (given: [Int], missing: [Int]) {
            var left = Self.driftBoundBudget
            var given: [Int] = [], missing: [Int] = []
            for (index, cost) in zip(waiting, costs) {
                guard cost <= Double(min(left, LatticeMultinomialTail.defaultBudget)) else { continue }
                if let result = bounded[index] {
                    given.append(index)
                    if result.verdict.figures?.method == .exactUpperBound { left -= Int(cost) }
                } else {
                    missing.append(index)
                    left -= Int(cost)
                }
            }
            return (given, missing)
        }
        while case let missing = replay().missing, !missing.isEmpty {
            let observed = missing.map { fits[$0]!.observed }
            let results = try observed.concurrentMap(threads: threads) {
                try GoodnessOfFitTest(observed: $0, probabilities: probabilities)
            }
            for (index, result) in zip(missing, results) { bounded[index] = result }
        }
        for index in replay().given { fits[index] = bounded[index] }
        return fits
    }

    /// The lattice updates one drift check may spend on bounds: four of the largest single bounds (about 7 s).
    package static let driftBoundBudget = 4 * LatticeMultinomialTail.defaultBudget

    /// Homogeneity: windows × outcomes, the rarest outcomes pooled until the smallest window expects 5 of
    /// each.
    func homogeneityCheck(_ windows: (counts: [[UInt64]], startLines: [Int], lines: Int), labelNames: [String]) throws -> PendingCheck {
        let name = model.name
        var homogeneity = CheckRecord(
            subject: name, check: .homogeneityAcrossWindows, kind: .fairness, status: .inconclusive, detailFacts: .homogeneityTooFewWindows)
        // Windows × outcomes, the rarest outcomes pooled until the smallest window expects 5 of each.
        let filledWindows = windows.counts.indices.filter { windows.counts[$0].prefix(k).reduce(0, +) > 0 }
        let filled = filledWindows.map { windows.counts[$0] }
        let smallest = Double(filled.map { $0.prefix(k).reduce(0, +) }.min() ?? 0)
        let columns = pooledLabels { smallest * $0 >= 5 }
        let rows = filled.map { window in columns.map { group in Double(group.reduce(0) { $0 + window[$1] }) } }
        if rows.count >= 2 {
            let test = try IndependenceTest(table: rows)
            switch test.verdict {
            case .tested(let figures):
                homogeneity.statistic = figures.statistic
                homogeneity.degreesOfFreedom = figures.degreesOfFreedom
                homogeneity.setPValue(figures)
                homogeneity.detailFacts = .homogeneity(
                    windows: rows.count, outcomes: test.keptColumns.count,
                    pooled: columns.filter { $0.count > 1 }.map { $0.map { labelNames[$0] }.joined(separator: "+") })
                // Its magnitude: how far the windows are from the log's overall mix.
                if let mix = try CheckDetail.MixOff(
                    table: rows, rowNames: filledWindows.map { "window \($0 + 1)" },
                    columnNames: columns.map { $0.map { labelNames[$0] }.joined(separator: "+") }, rows: .window)
                {
                    homogeneity.detailFacts = .mixOff(mix, homogeneity.detailFacts)
                }
            case .inconclusive(let reason):
                homogeneity.detailFacts = .inconclusive(reason)
            }
        }
        guard homogeneity.pValue != nil else { return PendingCheck(record: homogeneity) }
        // The windows × outcomes table as tested, each row a window of the log.
        let groups = columns.map { $0.map { labelNames[$0] }.joined(separator: "+") }
        var table: [StatisticTableRow] = []
        for (row, window) in zip(rows, filledWindows) {
            for (count, group) in zip(row, groups) {
                table.append(
                    StatisticTableRow(
                        subject: name, check: .homogeneityAcrossWindows, table: "contingency", row: "window \(window + 1)", column: group,
                        observed: count, expected: nil, members: "window \(window + 1)"))
            }
        }
        return PendingCheck(record: homogeneity, table: table)
    }
}
