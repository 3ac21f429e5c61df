import BigInt
import FairnessModel

/// The exact odds of a value a game reports from its draws — a total drawn as one uniform integer from 3 to
/// 18, a "2d6" from `random(2, 12)`, the highest of two d20 — against the declared value of fair dice.
///
/// The game's value is a function of K draws u₁ … u_K (one per die, m · 2⁻⁵³ on the grid). Along each
/// draw, with the others held at the middle of the lowest face, of the middle face and of the highest
/// (a value such as the highest 3 of 4 dice changes along one die only when the others let it show), the
/// check sweeps and bisects to the exact draws where the value changes (as ``RollMappingCheck`` does for
/// faces), and keeps every change found; the runs of the K draws cut the grid into cells, and the value
/// is asked once in each cell. Each cell's probability is the product of its runs' lengths over 2^(53K),
/// so the game's odds of each value are exact fractions, for a game whose value changes along each draw at
/// the same draws whatever the others are (checked at seeded random points; otherwise inconclusive).
public struct DrawnValueCheck: Sendable {
    /// Most cells asked (the product of the runs along each draw).
    public static let cellLimit = 1_000_000
    /// Random points where the partition is checked.
    public static let checkPoints = 256

    /// Why the game's value has no exact odds.
    public enum Inconclusive: Sendable, Hashable, Codable {
        /// The runs along the draws make more than ``cellLimit`` cells.
        case tooManyCells(Int)
        /// At a checked point the game's value differs from its cell's: it depends on the draws jointly.
        case notAPartition(draws: [Double], cell: Int, asked: Int)
        /// Along draw `die` (0-based) the value changes more often than bisection can follow.
        case changesTooOften(die: Int)
        /// The declared dice have more than `DiceRoundOdds.multisetLimit` multisets of faces to enumerate.
        case tooManyRolls
    }

    /// The value's name.
    public let name: String
    /// The declared value.
    public let value: DiceValue
    /// The exact odds of each value under fair dice.
    public let declared: [Int: ExactFraction]
    /// The game's exact odds of each value it reports; nil when inconclusive.
    public let game: [Int: ExactFraction]?
    /// Why there are no exact odds for the game, if so.
    public let inconclusive: Inconclusive?
    /// Cells asked.
    public let cells: Int

    /// Judges `reported`, the game's value for each list of K draws (many lists per call), against `value` of
    /// fair `dice`.
    public init(name: String, value: DiceValue, dice: DiceSet, steps: Int = RollMappingCheck.defaultSteps, reported: ([[Double]]) -> [Int])
    {
        self.name = name
        self.value = value
        guard let declared = Self.declaredOdds(value, dice: dice) else {
            self.declared = [:]
            game = nil
            inconclusive = .tooManyRolls
            cells = 0
            return
        }
        self.declared = declared
        let k = dice.count, grid = DrawGrid.size
        // The runs of the value along each draw, the others held at each setting; the changes of all settings.
        let settings = Array(Set([0.5 / Double(dice.faces), 0.5, 1 - 0.5 / Double(dice.faces)])).sorted()
        var runs: [[Range<UInt64>]] = []
        let boundaries: [UInt64] =
            [0] + (1..<max(1, dice.faces)).map { UInt64((UInt128(grid) * UInt128($0) + UInt128(dice.faces) - 1) / UInt128(dice.faces)) }
        for coordinate in 0..<k {
            var points = Set(DrawGrid.sweep(steps))
            for m in boundaries where m > 0 { points.formUnion([m - 1, m, min(grid - 1, m + 1)]) }
            let evaluation = DrawGrid.evaluate(streams: settings.count, points: points.sorted(), same: ==) { requests in
                reported(requests.map { request in (0..<k).map { $0 == coordinate ? DrawGrid.u(request.m) : settings[request.stream] } })
            }
            guard evaluation.complete else {
                game = nil
                inconclusive = .changesTooOften(die: coordinate)
                cells = 0
                return
            }
            // Every change seen under any setting, and the face boundaries themselves: a value such as the
            // most of a kind hides some of them under every setting, and a cut too many only splits a cell.
            var starts = Set(boundaries)
            for stream in evaluation.answers { starts.formUnion(DrawGrid.runs(stream, key: { $0 }).map(\.draws.lowerBound)) }
            let sorted = starts.sorted()
            runs.append(zip(sorted, sorted.dropFirst() + [grid]).map { $0..<$1 })
        }
        let count = runs.reduce(1) { $0.multipliedReportingOverflow(by: $1.count).overflow ? Int.max : $0 * $1.count }
        cells = count <= Self.cellLimit ? count : 0
        guard count <= Self.cellLimit else {
            game = nil
            inconclusive = .tooManyCells(count)
            return
        }
        // One question per cell, at the middle of each run.
        var indices = [Int](repeating: 0, count: k), questions: [[Double]] = [], weights: [BigInt] = []
        questions.reserveCapacity(count)
        for _ in 0..<count {
            questions.append((0..<k).map { DrawGrid.u(runs[$0][indices[$0]].lowerBound + UInt64(runs[$0][indices[$0]].count) / 2) })
            weights.append((0..<k).reduce(BigInt(1)) { $0 * BigInt(runs[$1][indices[$1]].count) })
            for c in (0..<k).reversed() {
                indices[c] += 1
                if indices[c] < runs[c].count { break }
                indices[c] = 0
            }
        }
        let answers = reported(questions)
        // The partition, checked at seeded random points.
        let checks = (0..<k).map { DrawGrid.checkDraws(count: Self.checkPoints, seed: 0x7a1e + UInt64($0)) }
        let checkDraws = (0..<Self.checkPoints).map { point in (0..<k).map { checks[$0][point] } }
        let checkAnswers = reported(checkDraws.map { $0.map(DrawGrid.u) })
        for (point, asked) in zip(checkDraws, checkAnswers) {
            var cell = 0
            for c in 0..<k { cell = cell * runs[c].count + runs[c].firstIndex { $0.contains(point[c]) }! }
            if answers[cell] != asked {
                game = nil
                inconclusive = .notAPartition(draws: point.map(DrawGrid.u), cell: answers[cell], asked: asked)
                return
            }
        }
        let total = BigInt(1) << (53 * k)
        var odds: [Int: ExactFraction] = [:]
        for (answer, weight) in zip(answers, weights) { odds[answer, default: .zero] += ExactFraction(weight, total) }
        game = odds
        inconclusive = nil
    }

    /// The exact odds of each `value` of fair `dice`, by their multisets; nil beyond
    /// `DiceRoundOdds.multisetLimit` multisets.
    static func declaredOdds(_ value: DiceValue, dice: DiceSet) -> [Int: ExactFraction]? {
        guard DiceRoundOdds.multisets(dice) <= DiceRoundOdds.multisetLimit else { return nil }
        let n = BigInt(dice.orderedRollCount!)
        var declared: [Int: ExactFraction] = [:]
        for (pattern, weight) in DiceRoundOdds.patterns(dice) {
            declared[value.value(of: pattern), default: .zero] += ExactFraction(BigInt(weight), n)
        }
        return declared
    }

    /// The largest difference of one value's odds, game against declared, with the value; nil when
    /// inconclusive.
    public var largestGap: (value: Int, gap: ExactFraction)? {
        guard let game else { return nil }
        let values = Set(game.keys).union(declared.keys).sorted()
        return values.map { v -> (Int, ExactFraction) in
            let d = (game[v] ?? .zero) - (declared[v] ?? .zero)
            return (v, d < .zero ? -d : d)
        }.max { $0.1 < $1.1 }
    }

    /// The share of plays whose value would have to change for the game's odds to be the declared ones
    /// (total variation, ½ Σ |p_game − p_declared|); nil when inconclusive.
    public var misplaced: ExactFraction? {
        guard let game else { return nil }
        let values = Set(game.keys).union(declared.keys)
        return ExactFraction.sum(
            values.map { v in
                let d = (game[v] ?? .zero) - (declared[v] ?? .zero)
                return d < .zero ? -d : d
            }) / ExactFraction(2)
    }

    /// How far a fair mapping's odds may lie from the declared ones on the 2⁵³ grid: (F + 1) · K · 2⁻⁵³
    /// per value (no grid splits 2⁵³ into F equal parts).
    public static func gridTolerance(_ dice: DiceSet) -> Double { Double((dice.faces + 1) * dice.count) * 0x1p-53 }
}
