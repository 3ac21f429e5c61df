/// A game's own index draw — the prize-table code that turns its uniform draw u into the sector index it
/// then spins to — partitioned exactly over the 2⁵³ draws u = m · 2⁻⁵³ of a 53-bit uniform double.
///
/// The table is built by asking the game at ``sweepSteps`` + 1 draws (k / ``sweepSteps`` and the last draw
/// below 1) and bisecting, on the grid of draws, every interval whose ends pick differently, down to the
/// exact draw where the pick changes; each round of bisection is one batch of questions. Each index's
/// probability is then an exact count of draws — for draws whose pick changes at most once between
/// neighbouring evaluated draws (a cumulative table walked in order, `floor(u · n)`, `nextInt(n - 1)` and
/// the like change at most once between draws 2⁻¹² apart unless a weight is below 2⁻¹² of the total).
public struct IndexDrawTable: Sendable, Hashable {
    /// What the game's draw gives for one u.
    public enum Pick: Sendable, Hashable, Codable, CustomStringConvertible {
        /// An index (any integer: one past the end of the prize array, or −1, is the game's answer).
        case index(Int)
        /// The game's draw traps (throws, crashes) for this u.
        case trap

        /// The pick as a table row's label: its index (`3`, `-1`), or `trap`.
        public var description: String {
            switch self {
            case .index(let index): "\(index)"
            case .trap: "trap"
            }
        }
    }

    /// An interval of draws with one pick.
    public struct Run: Sendable, Hashable {
        /// The draws u = m · 2⁻⁵³ for m in this range.
        public let draws: Range<UInt64>
        /// What the game picks for them.
        public let pick: Pick
        /// The run's probability: its length over 2⁵³.
        public var share: Double { Double(draws.count) * 0x1p-53 }
    }

    /// Sweep points besides the last draw below 1.
    public static let sweepSteps = 4096
    /// The index ``TargetedWheelSubject/drawIndex(using:)`` returns for a draw whose pick traps, with the
    /// draw u = NaN that marks it (an index alone cannot: Int.min is also asked as an out-of-range index).
    public static let trappedIndex = Int.min

    /// The runs, in order of draw, covering [0, 2⁵³) without gaps.
    public let runs: [Run]

    /// The table of `runs` (in order of draw, covering [0, 2⁵³) without gaps).
    /// - Precondition: the runs are contiguous from 0 to 2⁵³.
    public init(runs: [Run]) {
        precondition(runs.first?.draws.lowerBound == 0 && runs.last?.draws.upperBound == 1 << 53, "runs must cover [0, 2^53)")
        precondition(zip(runs, runs.dropFirst()).allSatisfy { $0.draws.upperBound == $1.draws.lowerBound }, "runs must be contiguous")
        self.runs = runs
    }

    /// Partitions the draw `picking` answers: it is given a batch of draws u in [0, 1) and returns the
    /// pick for each, in order.
    /// - Complexity: ``sweepSteps`` + 1 picks in one batch, then about 41 rounds of one batch each, with
    ///   one question per change of pick.
    public init(picking: ([Double]) -> [Pick]) {
        let picks = DrawGrid.evaluate(streams: 1, steps: Self.sweepSteps, same: ==) { requests in
            picking(requests.map { DrawGrid.u($0.m) })
        }[0]
        self.init(runs: DrawGrid.runs(picks) { $0 }.map { Run(draws: $0.draws, pick: $0.key) })
    }

    /// The pick for the draw u = m · 2⁻⁵³.
    /// - Complexity: O(log r) for r runs.
    @inlinable
    public func pick(at m: UInt64) -> Pick {
        var low = 0, high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].draws.lowerBound <= m { low = mid } else { high = mid - 1 }
        }
        return runs[low].pick
    }

    /// Each index the game picks, with its exact probability.
    public var probabilities: [Int: Double] {
        var result: [Int: Double] = [:]
        for run in runs { if case .index(let i) = run.pick { result[i, default: 0] += run.share } }
        return result
    }

    /// The probability that the game's draw traps.
    public var trapShare: Double { runs.filter { $0.pick == .trap }.reduce(0) { $0 + $1.share } }
}
