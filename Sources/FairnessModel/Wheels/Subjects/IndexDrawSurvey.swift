/// A game's own index draw surveyed over the 2⁵³ draws u = m · 2⁻⁵³: an exact partition when its answers
/// allow one, otherwise a sample of it, or the first draw it answered differently when asked again.
///
/// The draw is swept and bisected as ``IndexDrawTable`` describes (the bisection stops, incomplete, once
/// more than ``DrawGrid/openLimit(points:streams:)`` intervals are open), then checked: 64 sweep draws are
/// asked again, and ``checkDraws`` draws spread at random over the grid are asked and compared with the
/// pick the partition predicts there.
/// - Every answer as predicted: the partition is exact (``exact(_:)``).
/// - A draw answered differently when asked again (a pick that depends on earlier requests — a no-repeat
///   rule, a pity timer — or on a random source of the game's own): no figure about the draw can be
///   computed (``changesBetweenRequests(draw:first:later:)``).
/// - Otherwise the answers are a function of u that changes more often than the sweep resolves (an integer
///   draw taken modulo n, `floor(u · 2³²) % n`, which a regular sweep aliases): the draw is sampled at
///   ``sampleDraws`` draws spread at random (``sampled(_:)``), for a test against the declared draw.
public enum IndexDrawSurvey: Sendable, Hashable {
    /// The exact partition.
    case exact(IndexDrawTable)
    /// A sample of a draw that changes too often to partition.
    case sampled(IndexDrawSample)
    /// The draw `draw` was answered `first`, then `later`.
    case changesBetweenRequests(draw: Double, first: IndexDrawTable.Pick, later: IndexDrawTable.Pick)

    /// Draws spread at random over the grid where the partition is checked.
    public static let checkDraws = 1024
    /// Draws asked when the partition does not hold: 2²⁰.
    public static let sampleDraws = 1 << 20

    /// Surveys the draw `picking` answers: it is given a batch of draws u in [0, 1) and returns the pick
    /// for each, in order.
    /// - Complexity: as ``IndexDrawTable/init(picking:)``, then ``checkDraws`` + 64 picks in one batch; and
    ///   ``sampleDraws`` picks in one batch when the partition does not hold.
    public init(picking: ([Double]) -> [IndexDrawTable.Pick]) {
        let evaluation = DrawGrid.evaluate(streams: 1, points: DrawGrid.sweep(IndexDrawTable.sweepSteps), same: ==) { requests in
            picking(requests.map { DrawGrid.u($0.m) })
        }
        let answers = evaluation.answers[0]
        let evaluated = answers.keys.sorted()
        let again = DrawGrid.sweep(IndexDrawTable.sweepSteps).enumerated().filter { $0.offset % 64 == 0 }.map(\.element)
        let checks = DrawGrid.checkDraws(count: Self.checkDraws, seed: 0x1d_0d4a)
        let got = picking((again + checks).map(DrawGrid.u))
        for (m, pick) in zip(again, got) where pick != answers[m]! {
            self = .changesBetweenRequests(draw: DrawGrid.u(m), first: answers[m]!, later: pick)
            return
        }
        let mispredicted = zip(checks, got.dropFirst(again.count)).filter {
            DrawGrid.predicted(answers, evaluated: evaluated, at: $0.0) != $0.1
        }
        if evaluation.complete && mispredicted.isEmpty {
            self = .exact(IndexDrawTable(runs: DrawGrid.runs(answers) { $0 }.map { IndexDrawTable.Run(draws: $0.draws, pick: $0.key) }))
            return
        }
        // Asked again where the partition was wrong: the same answer means a draw finer than the sweep.
        let repeated = picking(mispredicted.map { DrawGrid.u($0.0) })
        for ((m, pick), later) in zip(mispredicted, repeated) where later != pick {
            self = .changesBetweenRequests(draw: DrawGrid.u(m), first: pick, later: later)
            return
        }
        self = Self.sample(picking, example: mispredicted.first, answers: answers, evaluated: evaluated)
    }

    /// The draw sampled at ``sampleDraws`` draws spread at random, with where the partition failed.
    private static func sample(
        _ picking: ([Double]) -> [IndexDrawTable.Pick], example: (UInt64, IndexDrawTable.Pick)?, answers: [UInt64: IndexDrawTable.Pick],
        evaluated: [UInt64]
    ) -> IndexDrawSurvey {
        let draws = DrawGrid.checkDraws(count: sampleDraws, seed: 0x5a_4d_91e)
        var counts: [IndexDrawTable.Pick: Int] = [:]
        for pick in picking(draws.map(DrawGrid.u)) { counts[pick, default: 0] += 1 }
        let mismatch = example.map {
            IndexDrawSample.Mismatch(
                draw: DrawGrid.u($0.0), predicted: DrawGrid.predicted(answers, evaluated: evaluated, at: $0.0), answered: $0.1)
        }
        return .sampled(IndexDrawSample(draws: sampleDraws, counts: counts, mismatch: mismatch))
    }

    /// The exact partition, when there is one.
    public var table: IndexDrawTable? {
        if case .exact(let table) = self { return table }
        return nil
    }
}

/// A game's own index draw sampled at draws spread at random over the grid, because its picks change more
/// often than a sweep resolves.
public struct IndexDrawSample: Sendable, Hashable {
    /// A draw where the partition of the sweep predicted another pick than the game's.
    public struct Mismatch: Sendable, Hashable, Codable {
        /// The draw u.
        public let draw: Double
        /// What the partition predicted there.
        public let predicted: IndexDrawTable.Pick
        /// What the game picked.
        public let answered: IndexDrawTable.Pick
    }

    /// The draws asked.
    public let draws: Int
    /// How often each pick came.
    public let counts: [IndexDrawTable.Pick: Int]
    /// Where the partition failed (nil when the bisection outgrew its limit first).
    public let mismatch: Mismatch?
}
