import ArgumentParser
import FairnessToolkit
import Foundation

/// The true size of the count tests on the smallest tables the toolkit tests, measured without sampling:
/// every table the null hypothesis can produce is enumerated with its probability, and the size at level
/// α is the total probability of the tables the test rejects at α.
///
/// - Goodness of fit: every multinomial table of n counts over the cells as the toolkit tests them (after
///   pooling to expected counts of at least 5), for the toolkit's test (`GoodnessOfFitTest` as the audit
///   calls it: exact where it enumerates, see `TestFigures.method`) and for the chi-square
///   approximation alone (`exactBudget: 0`), the test the toolkit ran on such tables before.
/// - Independence: every r × c table with the given margins, each with its (multivariate hypergeometric)
///   probability given the margins; the size given the margins bounds the size without them.
///
/// A test is at most its nominal level when its size is at most α; the ratio size / α says by how much a
/// test is liberal (above 1) or conservative (below 1).
struct ExactSize {
    /// The levels measured: the far tail a family of many p-values is tested at.
    static let levels = [1e-4, 1e-6, 1e-8]

    /// One table at one level: the toolkit's size and the chi-square approximation's.
    struct Row {
        var table: String
        var level: Double
        /// The toolkit's test: its size, and the method its p-value takes at the critical table.
        var size: Double
        var method: PValueMethod?
        /// The chi-square approximation's size on the same table.
        var chiSquareSize: Double
    }

    /// The goodness-of-fit tables: the least a table can expect per cell (5) with 2, 3 and 6 equal cells,
    /// and a 40-line window of the weighted prize wheel of `Examples/specs/prize-wheel.yaml` as the log
    /// audit's drift check pools it (5 cells expecting 12, 8, 6, 8 and 6).
    static func goodnessOfFitRows() throws -> [Row] {
        let prizeWheel = [30.0, 20, 15, 10, 10, 8, 5, 2].map { $0 / 100 }
        let cases: [(String, Int, [Double])] = [
            ("goodness of fit, 2 equal cells, 10 plays", 10, [0.5, 0.5]),
            ("goodness of fit, 3 equal cells, 15 plays", 15, Array(repeating: 1 / 3, count: 3)),
            ("goodness of fit, 6 equal cells (a die), 30 rolls", 30, Array(repeating: 1 / 6, count: 6)),
            ("drift window of 40 lines, prize wheel pooled to 5 cells", 40, prizeWheel),
        ]
        return try cases.flatMap { try goodnessOfFit(name: $0.0, total: $0.1, probabilities: $0.2) }
    }

    /// The independence tables: 2 × 2, 2 × 3, 3 × 3, 3 × 4, 2 × 6 and 2 × 8 at the least expected count the test
    /// accepts (5).
    static func independenceRows() throws -> [Row] {
        let cases: [(String, [Int], [Int])] = [
            ("independence 2 × 2, margins 10, 10 × 10, 10", [10, 10], [10, 10]),
            ("independence 2 × 2, margins 10, 30 × 20, 20", [20, 20], [10, 30]),
            ("independence 2 × 3, margins 15, 15 × 10, 10, 10", [15, 15], [10, 10, 10]),
            ("independence 3 × 3, margins 15, 15, 15 × 15, 15, 15", [15, 15, 15], [15, 15, 15]),
            ("independence 3 × 4, margins 20, 20, 20 × 15, 15, 15, 15", [20, 20, 20], [15, 15, 15, 15]),
            // Wider and sparser, as homogeneity across two windows of a log sees them: every cell expecting 5
            // (9.4 million tables), and unequal outcomes, the rarest expecting 5 (750,000 tables).
            ("independence 2 × 8, margins 40, 40 × 10 each", [40, 40], Array(repeating: 10, count: 8)),
            ("independence 2 × 6, margins 40, 80 × 15, 15, 15, 15, 30, 30", [40, 80], [15, 15, 15, 15, 30, 30]),
        ]
        return try cases.flatMap { try independence(name: $0.0, rows: $0.1, columns: $0.2) }
    }

    /// Every table of `total` counts over the cells the toolkit tests for `probabilities` (pooled as
    /// `GoodnessOfFitTest` pools them), sorted by X² from the largest, each with ln of its probability.
    static func goodnessOfFit(name: String, total n: Int, probabilities: [Double]) throws -> [Row] {
        var placeholder = Array(repeating: 0.0, count: probabilities.count)
        placeholder[0] = Double(n)
        let cells = try GoodnessOfFitTest(observed: placeholder, probabilities: probabilities).cells
        let pooled = cells.map { $0.expected / Double(n) }
        var tables: [(statistic: Double, lnProbability: Double, counts: [Int])] = []
        var counts = Array(repeating: 0, count: pooled.count)
        func place(_ cell: Int, _ left: Int) {
            if cell == pooled.count - 1 {
                counts[cell] = left
                var statistic = 0.0, lnProbability = lnFactorial(n)
                for (o, p) in zip(counts, pooled) {
                    let e = Double(n) * p, difference = Double(o) - e
                    statistic += difference * difference / e
                    lnProbability += Double(o) * log(p) - lnFactorial(o)
                }
                tables.append((statistic, lnProbability, counts))
                return
            }
            for o in 0...left {
                counts[cell] = o
                place(cell + 1, left - o)
            }
        }
        place(0, n)
        tables.sort { $0.statistic > $1.statistic }
        func pValue(_ index: Int, exactBudget: Int) throws -> TestFigures? {
            try GoodnessOfFitTest(counts: tables[index].counts, probabilities: pooled, exactBudget: exactBudget).verdict.figures
        }
        return try levels.map { level in
            // The p-value grows as X² falls, so the tables rejected at α are a prefix of the sorted list.
            let rejected = try rejectedPrefix(count: tables.count) {
                try pValue($0, exactBudget: ExactMultinomialTail.defaultBudget)!.pValue <= level
            }
            let rejectedByChiSquare = try rejectedPrefix(count: tables.count) { try pValue($0, exactBudget: 0)!.pValue <= level }
            let critical = rejected > 0 ? try pValue(rejected - 1, exactBudget: ExactMultinomialTail.defaultBudget)?.method : nil
            return Row(
                table: "\(name) (\(cellList(cells.map { $0.expected })))", level: level,
                size: sumOfExponentials(tables.prefix(rejected).map(\.lnProbability)), method: critical,
                chiSquareSize: sumOfExponentials(tables.prefix(rejectedByChiSquare).map(\.lnProbability)))
        }
    }

    /// Every r × c table with row totals `rows` and column totals `columns`, with its probability given
    /// the margins: Π rᵢ! Π cⱼ! / (n! Π xᵢⱼ!) (rows filled one at a time within the columns' room; the last
    /// row takes what is left). With these margins no row or column is empty, so `IndependenceTest`'s
    /// p-value is the chi-square tail of X² on (r − 1)(c − 1) degrees of freedom: the tables are kept as
    /// (X², probability) (3 × 4 has millions), and the test is checked to give that p-value on the most
    /// and least extreme of them.
    static func independence(name: String, rows: [Int], columns: [Int]) throws -> [Row] {
        let n = columns.reduce(0, +)
        let lnMargins = (rows + columns).reduce(-lnFactorial(n)) { $0 + lnFactorial($1) }
        var tables: [(statistic: Double, lnProbability: Double)] = []
        var least: (statistic: Double, table: [[Double]])?, most = least
        var table = Array(repeating: Array(repeating: 0, count: columns.count), count: rows.count)
        var room = columns
        func place(_ i: Int, _ j: Int, _ left: Int, _ lnWeight: Double) {
            if i == rows.count - 1 {
                table[i] = room
                var statistic = 0.0
                for (r, row) in zip(rows, table) {
                    for (c, x) in zip(columns, row) {
                        let e = Double(r * c) / Double(n), d = Double(x) - e
                        statistic += d * d / e
                    }
                }
                tables.append((statistic, room.reduce(lnWeight) { $0 - lnFactorial($1) }))
                // The least and the most extreme table, to check the test's p-value on.
                if least == nil || statistic < least!.statistic { least = (statistic, table.map { $0.map(Double.init) }) }
                if most == nil || statistic > most!.statistic { most = (statistic, table.map { $0.map(Double.init) }) }
                return
            }
            if j == columns.count {
                if left == 0 { place(i + 1, 0, rows[i + 1], lnWeight) }
                return
            }
            for x in 0...min(left, room[j]) {
                table[i][j] = x
                room[j] -= x
                place(i, j + 1, left - x, lnWeight - lnFactorial(x))
                room[j] += x
            }
        }
        place(0, 0, rows[0], lnMargins)
        let chiSquare = try ChiSquareDistribution(degreesOfFreedom: Double((rows.count - 1) * (columns.count - 1)))
        for extreme in [least!, most!] {
            let p = try IndependenceTest(table: extreme.table).verdict.pValue ?? 1
            guard abs(p - (try chiSquare.upperTail(extreme.statistic))) <= 1e-12 * max(p, 1e-300) else {
                throw ValidationError("the independence test does not give the chi-square tail on \(extreme.table)")
            }
        }
        let pValues = try tables.map { try chiSquare.upperTail($0.statistic) }
        return levels.map { level in
            let rejected = tables.indices.filter { pValues[$0] <= level }.map { tables[$0].lnProbability }
            let size = sumOfExponentials(rejected)
            return Row(table: name, level: level, size: size, method: rejected.isEmpty ? nil : .chiSquare, chiSquareSize: size)
        }
    }

    /// How many of `count` tables, sorted from the most extreme, the test rejects (a prefix), by bisection.
    static func rejectedPrefix(count: Int, rejects: (Int) throws -> Bool) throws -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if try rejects(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// ln k!.
    static func lnFactorial(_ k: Int) -> Double {
        let value: Double = lgamma(Double(k) + 1)
        return value
    }

    /// Σ exp(xᵢ), summed in logarithms from the largest term (0 for no terms).
    static func sumOfExponentials(_ logarithms: [Double]) -> Double {
        guard let largest = logarithms.max(), largest > -.infinity else { return 0 }
        return exp(largest) * logarithms.reduce(0) { $0 + exp($1 - largest) }
    }

    static func cellList(_ expected: [Double]) -> String {
        "expected " + expected.map { String(format: "%g", $0) }.joined(separator: ", ")
    }

    /// The Markdown section: one row per table and level, the toolkit's size and the chi-square's, each
    /// as a ratio to α.
    static func markdown(_ rows: [Row]) -> [String] {
        var lines = [
            "## True size on the smallest tables",
            "",
            "Every table the null hypothesis can produce, enumerated with its probability (goodness of fit: the multinomial",
            "over the cells as tested, after pooling; independence: every table with the margins shown, given the margins);",
            "the size at α is the probability of the tables the test rejects at α. Required: the toolkit's test at most α.",
            "The chi-square column is the approximation alone, as the toolkit tested such tables before it enumerated them.",
            "",
            "| table | α | toolkit's test: size (size / α) | p-value by | chi-square alone: size (size / α) | within α |",
            "|---|---|---|---|---|---|",
        ]
        for row in rows {
            let figure = { (size: Double) in String(format: "%.3g (%.3g)", size, size / row.level) }
            lines.append(
                "| \(row.table) | \(String(format: "%g", row.level)) | \(figure(row.size)) | \(row.method?.rawValue ?? "(none rejected)") | \(figure(row.chiSquareSize)) | \(row.size <= row.level ? "yes" : "**no**") |"
            )
        }
        return lines + [""]
    }
}

/// The true size of the payout-mean (RTP) test on small logs: every table of n plays over a prize table's
/// levels, with its multinomial probability under the declared odds, tested against the declared RTP as a
/// log audit tests it (`PayoutMeanInterval.figures(mean:declared:)`: exact under the declared odds in the far
/// tail, χ²(1) of the profile likelihood elsewhere; here with the exact distribution built once per number of
/// plays), and by χ²(1) alone.
extension ExactSize {
    /// One prize table, a number of plays and a level: the sizes of the toolkit's test and of χ²(1) alone.
    struct PayoutRow {
        var game: String
        var plays: Int
        var level: Double
        var size: Double
        var chiSquareSize: Double
    }

    /// A game paying 0, 1 or 10 stakes with probabilities 0.6, 0.35 and 0.05 (RTP 0.85: a jackpot of
    /// ten stakes one play in twenty), and the prize wheel of `Examples/specs/prize-wheel.yaml` (returns
    /// 0.05 … 10 stakes, RTP 0.57), over the plays given.
    static func payoutRows() throws -> [PayoutRow] {
        let games: [(name: String, levels: [Double], probabilities: [Double], plays: [Int])] = [
            ("pays 0, 1 or 10 stakes (p 0.6, 0.35, 0.05; RTP 0.85)", [0, 1, 10], [0.6, 0.35, 0.05], [50, 200]),
            (
                "prize wheel (7 returns, 0.05 to 10 stakes; RTP 0.57)", [0.05, 0.1, 0.2, 0.5, 1, 2.5, 10],
                [0.3, 0.2, 0.15, 0.2, 0.08, 0.05, 0.02], [12]
            ),
        ]
        return try games.flatMap { game in
            let rtp = zip(game.levels, game.probabilities).reduce(0) { $0 + $1.0 * $1.1 }
            return try game.plays.flatMap { n in
                var rejected = Array(repeating: [Double](), count: levels.count), chiSquareRejected = rejected
                var counts = Array(repeating: UInt64(0), count: game.levels.count)
                guard
                    let distribution = PayoutMeanExactTail.Distribution(
                        levels: game.levels, probabilities: game.probabilities, mean: rtp, plays: UInt64(n))
                else { throw ValidationError("no exact distribution for \(n) plays") }
                func place(_ cell: Int, _ left: Int) throws {
                    if cell == counts.count - 1 {
                        counts[cell] = UInt64(left)
                        let interval = try PayoutMeanInterval(levels: game.levels, counts: counts)
                        let chiSquare = try interval.pValue(mean: rtp)
                        let p = try interval.figures(mean: rtp, under: distribution).pValue
                        var lnProbability = lnFactorial(n)
                        for (o, q) in zip(counts, game.probabilities) { lnProbability += Double(o) * log(q) - lnFactorial(Int(o)) }
                        for (index, level) in levels.enumerated() {
                            if p <= level { rejected[index].append(lnProbability) }
                            if chiSquare <= level { chiSquareRejected[index].append(lnProbability) }
                        }
                        return
                    }
                    for o in 0...left {
                        counts[cell] = UInt64(o)
                        try place(cell + 1, left - o)
                    }
                }
                try place(0, n)
                return levels.indices.map {
                    PayoutRow(
                        game: game.name, plays: n, level: levels[$0], size: sumOfExponentials(rejected[$0]),
                        chiSquareSize: sumOfExponentials(chiSquareRejected[$0]))
                }
            }
        }
    }

    /// The Markdown of the payout-mean rows.
    static func payoutMarkdown(_ rows: [PayoutRow]) -> [String] {
        var lines = [
            "### Payout mean (RTP) on small logs",
            "",
            "Every table of the plays shown over the game's returns, with its probability under the declared odds, tested",
            "against the declared RTP as a log audit tests it: the exact p-value under the declared odds in the far tail",
            "(χ²(1) p below 1e-3, every table of the plays enumerated), the profile likelihood over the prize table by",
            "χ²(1) (Wilks) elsewhere. The χ²(1) column is that approximation alone, as the toolkit tested before.",
            "",
            "| game | plays | α | toolkit's test: size (size / α) | χ²(1) alone: size (size / α) | within α |",
            "|---|---|---|---|---|---|",
        ]
        for row in rows {
            lines.append(
                "| \(row.game) | \(row.plays) | \(String(format: "%g", row.level)) | \(String(format: "%.3g (%.3g)", row.size, row.size / row.level)) | \(String(format: "%.3g (%.3g)", row.chiSquareSize, row.chiSquareSize / row.level)) | \(row.size <= row.level ? "yes" : "**no**") |"
            )
        }
        return lines + [""]
    }
}
