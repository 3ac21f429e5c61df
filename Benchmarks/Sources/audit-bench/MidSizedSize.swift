import ArgumentParser
import FairnessToolkit
import Foundation

/// A die rolled, or a 37-sector wheel spun, more often than its tables can all be enumerated one by one:
/// the true size of the chi-square approximation, and of the toolkit's test, at the far-tail levels.
///
/// The chi-square's size is P(X² ≥ its critical value): enumerated table by table up to 300 rolls of a die, bounded
/// from both sides on the lattice (`LatticeMultinomialTail`) beyond. The toolkit's method is the one it
/// takes on a table just past the critical value (the first cell more often, the others sharing the rest).
/// Where that is the lattice's upper bound, the test rejects the tables whose X² is at least t*, the least
/// X² whose bound is at most α (found by bisection, with the bound's settings as the test uses them), so
/// its size is P(X² ≥ t*), bounded from both sides; at most α by construction.
struct MidSizedSize {
    /// One table (k equal cells, n counts) at one level.
    struct Row {
        var cells: Int
        var rolls: Int
        var level: Double
        var method: PValueMethod
        /// The chi-square's true size: equal ends where enumerated.
        var chiSquareSize: ClosedRange<Double>
        /// The toolkit's true size where its p-value is the lattice's bound.
        var toolkitSize: ClosedRange<Double>?
    }

    /// Up to this many counts over 6 cells the chi-square's size is enumerated table by table.
    static let enumeratedUpTo = 300

    /// The tables measured: a die, and a 37-sector wheel, at growing counts.
    static let tables: [(cells: Int, rolls: Int)] = [
        (6, 60), (6, 100), (6, 300), (6, 1000), (6, 3000), (6, 10000), (6, 100_000), (37, 250), (37, 1000), (37, 3000),
        (37, 10000),
    ]

    /// Every table of ``tables`` with `first` to `limit` counts, at each level.
    static func rows(from first: Int = 0, upTo limit: Int = .max) throws -> [Row] {
        try tables.filter { $0.rolls >= first && $0.rolls <= limit }.flatMap { k, n in
            let cells = Array(repeating: 1.0 / Double(k), count: k)
            return try ExactSize.levels.map { level in
                let critical = try ChiSquareDistribution(degreesOfFreedom: Double(k - 1)).upperQuantile(level)
                let method =
                    try GoodnessOfFitTest(counts: tablePast(critical, cells: k, rolls: n), probabilities: cells).verdict.figures?.method
                    ?? .chiSquare
                return Row(
                    cells: k, rolls: n, level: level, method: method, chiSquareSize: try tail(critical, cells: cells, rolls: n),
                    toolkitSize: method == .exactUpperBound ? try boundedTestSize(level, cells: cells, rolls: n) : nil)
            }
        }
    }

    /// The first cell d more than expected, the others sharing the rest evenly: the least d whose X²
    /// reaches `critical`.
    static func tablePast(_ critical: Double, cells k: Int, rolls n: Int) -> [Int] {
        var counts: [Int] = []
        let e = Double(n) / Double(k)
        for d in 0...(n - n / k) {
            let first = n / k + d, rest = n - first
            counts = [first] + (0..<(k - 1)).map { rest / (k - 1) + ($0 < rest % (k - 1) ? 1 : 0) }
            let x2 = counts.reduce(0.0) { $0 + (Double($1) - e) * (Double($1) - e) / e }
            if x2 >= critical { break }
        }
        return counts
    }

    /// P(X² ≥ t) for n counts: enumerated up to ``enumeratedUpTo`` over 6 cells, else the lattice's two bounds.
    static func tail(_ t: Double, cells die: [Double], rolls n: Int) throws -> ClosedRange<Double> {
        if n <= enumeratedUpTo && die.count <= 6 {
            guard let exact = ExactMultinomialTail.upperTail(t, total: Double(n), probabilities: die, budget: .max)?.pValue
            else { throw ValidationError("no exact tail for \(n) rolls") }
            return exact...exact
        }
        let negligible = 1e-9 * (try ChiSquareDistribution(degreesOfFreedom: Double(die.count - 1)).upperTail(t))
        // A measurement, not the test: no budget.
        guard
            let lower = LatticeMultinomialTail.bound(
                .lower, threshold: t, total: Double(n), probabilities: die, negligible: negligible, budget: .max),
            let upper = LatticeMultinomialTail.bound(
                .upper, threshold: t, total: Double(n), probabilities: die, negligible: negligible, budget: .max)
        else { throw ValidationError("no lattice bounds for \(n) rolls") }
        return lower...upper
    }

    /// The size of the test that rejects where the p-value `GoodnessOfFitTest` states past its enumeration
    /// is at most α (the lattice's upper bound, or the chi-square's p-value below
    /// `LatticeMultinomialTail.smallestBounded`): P(X² ≥ t*), t* found by bisection to 10⁻⁶; an error where
    /// the table is past the bound's budget.
    static func boundedTestSize(_ level: Double, cells die: [Double], rolls n: Int) throws -> ClosedRange<Double> {
        let chiSquare = try ChiSquareDistribution(degreesOfFreedom: Double(die.count - 1))
        guard LatticeMultinomialTail.expectedUpdates(total: Double(n), probabilities: die) <= Double(LatticeMultinomialTail.defaultBudget)
        else {
            throw ValidationError("the lattice's bound passes its budget for \(n) counts over \(die.count) cells")
        }
        func pValue(_ t: Double) throws -> Double {
            let p = try chiSquare.upperTail(t)
            if p < LatticeMultinomialTail.smallestBounded { return p }
            guard
                let bound = LatticeMultinomialTail.bound(
                    .upper, threshold: t, total: Double(n), probabilities: die, negligible: 1e-6 * p, budget: .max,
                    resolution: LatticeMultinomialTail.testResolution(total: Double(n), probabilities: die))
            else { throw ValidationError("no lattice bound for \(n) counts at X² = \(t)") }
            return bound
        }
        var low = try chiSquare.upperQuantile(level), high = 2 * low
        while try pValue(high) > level { high *= 2 }
        while high - low > 1e-6 * high {
            let middle = (low + high) / 2
            if try pValue(middle) <= level { high = middle } else { low = middle }
        }
        return try tail(high, cells: die, rolls: n)
    }

    /// The Markdown of the mid-sized tables.
    static func markdown(_ rows: [Row]) -> [String] {
        var lines = [
            "### Mid-sized tables",
            "",
            "A die rolled, or a 37-sector wheel spun, more often than every table can be enumerated within the toolkit's",
            "budget: the chi-square's true size is the exact tail at its critical value, every table with X² at least that",
            "enumerated cell by cell up to \(enumeratedUpTo) rolls of a die, and bounded from both sides on the lattice beyond",
            "(low–high). Where the toolkit's p-value",
            "is exact there, its size is at most α by construction. Where it is the lattice's upper bound on the exact",
            "p-value, the test rejects the tables whose X² is at least the least value whose bound is at most α; its size",
            "is the tail there, bounded from both sides (at most α by construction; below α by what the bound gives away).",
            "",
            "| table | α | chi-square's true size (size / α) | toolkit's p-value at the critical value | toolkit's true size (size / α) | toolkit's test within α |",
            "|---|---|---|---|---|---|",
        ]
        for row in rows {
            let toolkit =
                row.toolkitSize.map { range(row: $0, level: row.level) } ?? (row.method == .chiSquare ? "as the chi-square" : "≤ α (exact)")
            let within = row.method != .chiSquare || row.chiSquareSize.upperBound <= row.level
            lines.append(
                "| \(row.cells == 6 ? "a die rolled" : "a \(row.cells)-sector wheel spun") \(row.rolls) times (expected \(String(format: "%.4g", Double(row.rolls) / Double(row.cells))) each) | \(String(format: "%g", row.level)) | \(range(row: row.chiSquareSize, level: row.level)) | \(methodText(row)) | \(toolkit) | \(within ? "yes" : "**no**") |"
            )
        }
        return lines + [""]
    }

    /// The toolkit's method at the critical value; for the lattice's bound, with its points per cell.
    static func methodText(_ row: Row) -> String {
        guard row.method == .exactUpperBound else { return row.method.rawValue }
        let cells = Array(repeating: 1.0 / Double(row.cells), count: row.cells)
        return "\(row.method.rawValue), K = \(LatticeMultinomialTail.testResolution(total: Double(row.rolls), probabilities: cells)) k"
    }

    /// "size (size / α)", or "low–high (low/α–high/α)" for two bounds.
    static func range(row size: ClosedRange<Double>, level: Double) -> String {
        if size.lowerBound == size.upperBound { return String(format: "%.3g (%.3g)", size.lowerBound, size.lowerBound / level) }
        return String(
            format: "%.3g–%.3g (%.3g–%.3g)", size.lowerBound, size.upperBound, size.lowerBound / level, size.upperBound / level)
    }
}
