/// The 2⁵³ draws u = m · 2⁻⁵³ (m in 0 ..< 2⁵³) of a 53-bit uniform double in [0, 1), and exact partitions
/// of what a game does over them.
///
/// A game's answer to its own draw u (an index picked, a stop and what it shows) is evaluated at a sweep
/// of the grid — k / `steps` and the last draw below 1 — and, between neighbouring evaluated draws whose
/// answers differ, bisected on the grid to the exact draw where the answer changes. The answers between two
/// neighbouring evaluated draws are then taken to be those of the lower one, so every share is an exact
/// count of draws, for answers that change at most once between neighbouring sweep points.
public enum DrawGrid {
    /// The number of draws: 2⁵³.
    public static let size: UInt64 = 1 << 53

    /// The draw u = m · 2⁻⁵³.
    @inlinable
    public static func u(_ m: UInt64) -> Double { Double(m) * 0x1p-53 }

    /// The sweep: m = k · 2⁵³ / `steps` for k < `steps`, and 2⁵³ − 1.
    /// - Precondition: `steps` is a power of two from 1 to 2⁵³.
    public static func sweep(_ steps: Int) -> [UInt64] {
        (0...steps).map { $0 == steps ? size - 1 : UInt64($0) * (size / UInt64(steps)) }
    }

    /// Evaluates `streams` answers of a game over the grid at once — a stream is one question asked at
    /// every draw, such as one index told to a targeted wheel — sweeping then bisecting wherever two
    /// neighbouring answers of a stream are not `same`; each round is one call of `evaluate`, with the
    /// (stream, m) pairs to answer, in order.
    /// - Returns: For each stream, its answer at every draw evaluated (see ``evaluate(streams:points:same:evaluate:)``
    ///   for a game whose answers change too often to bisect).
    /// - Complexity: (`steps` + 1) · `streams` answers, then about 53 − log₂ `steps` rounds with one answer
    ///   per change of answer.
    public static func evaluate<Answer>(
        streams: Int, steps: Int, same: (Answer, Answer) -> Bool, evaluate: ([(stream: Int, m: UInt64)]) -> [Answer]
    ) -> [[UInt64: Answer]] {
        Self.evaluate(streams: streams, points: sweep(steps), same: same, evaluate: evaluate).answers
    }

    /// Why a partition of a game's answers over the grid does not hold.
    public enum Instability: Sendable, Hashable, Codable {
        /// The same request was answered differently: the game keeps state its requests do not carry (or
        /// draws from a random source of its own).
        case changesBetweenRequests
        /// The game answers the same each time, but otherwise than the partition of its swept draws
        /// predicts: its answer changes more often between neighbouring draws than bisection follows.
        case changesBetweenDraws
    }

    /// An evaluation of a game's answers over the grid.
    public struct Evaluation<Answer> {
        /// For each stream, its answer at every draw evaluated.
        public var answers: [[UInt64: Answer]]
        /// Whether every change of answer was bisected to adjacent draws. False when the open intervals
        /// outgrew ``openLimit(points:streams:)`` — answers that change between identical requests, or
        /// far more often than the sweep resolves — and bisection stopped there: the answers are then not a
        /// partition of the grid.
        public var complete: Bool
    }

    /// The most intervals bisected at once before an evaluation is given up as incomplete: four per point
    /// evaluated at first, and at least 2¹⁶. A game whose answer changes at most a few times between
    /// neighbouring points stays far below it; one whose answers change between identical requests doubles
    /// its open intervals every round and reaches it within a few rounds, instead of growing without bound.
    public static func openLimit(points: Int, streams: Int) -> Int { max(1 << 16, 4 * points * streams) }

    /// ``evaluate(streams:steps:same:evaluate:)`` from the draws `points` (sorted, distinct, the first 0
    /// and the last 2⁵³ − 1) in every stream, stopping — incomplete — when more than
    /// ``openLimit(points:streams:)`` intervals are open at once.
    /// - Complexity: `points.count` · `streams` answers, then at most 53 rounds, each at most the open limit.
    public static func evaluate<Answer>(
        streams: Int, points: [UInt64], same: (Answer, Answer) -> Bool, evaluate: ([(stream: Int, m: UInt64)]) -> [Answer]
    ) -> Evaluation<Answer> {
        var answers = [[UInt64: Answer]](repeating: [:], count: streams)
        let first = evaluate((0..<streams).flatMap { stream in points.map { (stream: stream, m: $0) } })
        for stream in 0..<streams {
            for (offset, m) in points.enumerated() { answers[stream][m] = first[stream * points.count + offset] }
        }
        var open: [(stream: Int, low: UInt64, high: UInt64)] = []
        for stream in 0..<streams {
            for (low, high) in zip(points, points.dropFirst()) where high - low > 1 {
                if !same(answers[stream][low]!, answers[stream][high]!) { open.append((stream, low, high)) }
            }
        }
        let limit = openLimit(points: points.count, streams: streams)
        while !open.isEmpty {
            guard open.count <= limit else { return Evaluation(answers: answers, complete: false) }
            let middles = open.map { $0.low + ($0.high - $0.low) / 2 }
            let got = evaluate(zip(open, middles).map { (stream: $0.stream, m: $1) })
            var next: [(stream: Int, low: UInt64, high: UInt64)] = []
            for ((interval, middle), answer) in zip(zip(open, middles), got) {
                let s = interval.stream
                answers[s][middle] = answer
                if !same(answers[s][interval.low]!, answer) && middle - interval.low > 1 { next.append((s, interval.low, middle)) }
                if !same(answer, answers[s][interval.high]!) && interval.high - middle > 1 { next.append((s, middle, interval.high)) }
            }
            open = next
        }
        return Evaluation(answers: answers, complete: true)
    }

    /// `count` draws m spread over the grid at random (a fixed-seed SplitMix64 sequence keyed by `seed`),
    /// where a partition built from a sweep is checked: a game whose answer changes far more often than the
    /// sweep resolves (an integer draw taken modulo n, say, which a regular sweep can alias) answers some
    /// of them otherwise than the partition predicts.
    public static func checkDraws(count: Int, seed: UInt64) -> [UInt64] {
        var state = seed ^ 0x6a09_e667_f3bc_c909
        return (0..<count).map { _ in
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return (z ^ (z >> 31)) >> 11
        }
    }

    /// The answer a partition predicts at the draw m: the answer at the nearest evaluated draw at or
    /// below it (`evaluated` sorted, its first 0).
    public static func predicted<Answer>(_ answers: [UInt64: Answer], evaluated: [UInt64], at m: UInt64) -> Answer {
        var low = 0, high = evaluated.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if evaluated[middle] <= m { low = middle } else { high = middle - 1 }
        }
        return answers[evaluated[low]]!
    }

    /// The runs of one stream's evaluated answers: maximal ranges of draws over which `key` of the answer
    /// at the range's evaluated draws is the same, covering 0 ..< 2⁵³ in order.
    /// - Complexity: O(n log n) for n evaluated draws.
    public static func runs<Answer, Key: Equatable>(_ answers: [UInt64: Answer], key: (Answer) -> Key) -> [(draws: Range<UInt64>, key: Key)]
    {
        let evaluated = answers.keys.sorted()
        var runs: [(draws: Range<UInt64>, key: Key)] = []
        for (i, m) in evaluated.enumerated() {
            let end = i + 1 < evaluated.count ? evaluated[i + 1] : size
            let k = key(answers[m]!)
            if let last = runs.last, last.key == k {
                runs[runs.count - 1] = (last.draws.lowerBound..<end, k)
            } else {
                runs.append((m..<end, k))
            }
        }
        return runs
    }
}
