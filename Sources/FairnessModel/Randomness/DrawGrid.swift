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
    /// - Returns: For each stream, its answer at every draw evaluated.
    /// - Complexity: (`steps` + 1) · `streams` answers, then about 53 − log₂ `steps` rounds with one answer
    ///   per change of answer.
    public static func evaluate<Answer>(
        streams: Int, steps: Int, same: (Answer, Answer) -> Bool, evaluate: ([(stream: Int, m: UInt64)]) -> [Answer]
    ) -> [[UInt64: Answer]] {
        let points = sweep(steps)
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
        while !open.isEmpty {
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
        return answers
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
