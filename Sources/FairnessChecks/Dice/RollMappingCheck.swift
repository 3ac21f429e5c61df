import FairnessModel

/// The exact odds of each face under a game's own mapping from uniform draws to faces (`Int(u * 6) + 1`,
/// `Math.ceil(u * 6)`, a lookup table, ...), die by die, over the toolkit's whole draw grid.
///
/// The toolkit draws u = m · 2⁻⁵³ for m uniform in 0 ..< 2⁵³ (53-bit doubles in [0, 1)). For each die the
/// check evaluates the mapping at a sweep of the grid plus the points next to every k/F, then bisects on
/// m between neighbouring points that give different faces until it finds the exact m where the face
/// changes; the faces between change points are constant, so each face's share of the 2⁵³ draws is an exact
/// count. A fair mapping gives every face 1/F within (F + 1) · 2⁻⁵³ (the grid cannot split 2⁵³ into F equal
/// parts); a face outside 1 ... F (`ceil(0 · 6) = 0`) is an invalid outcome at its share. A mapping that
/// changes face and changes back between two sweep points is seen only down to the sweep step. The other
/// dice draw 1/2 while one die is mapped.
public struct RollMappingCheck: Sendable {
    /// The grid of draws: u = m · 2⁻⁵³, m in 0 ..< 2⁵³.
    public static let gridSize: UInt64 = 1 << 53
    /// Points of the sweep per die before bisection.
    public static let defaultSteps = 16_384

    /// One die's mapping.
    public struct Die: Sendable, Hashable {
        /// The die's position in the roll (0-based).
        public let index: Int
        /// Draws of the grid giving each face 1 ... F (index 0: any face outside 1 ... F).
        public let counts: [UInt64]
        /// Where the face changes: the first grid index m of each run after the first, with its face.
        public let changes: [Change]
        /// A draw that gave a face outside 1 ... F, and that face, if any.
        public let invalidExample: (u: Double, face: Int)?

        public static func == (lhs: Die, rhs: Die) -> Bool {
            lhs.index == rhs.index && lhs.counts == rhs.counts && lhs.changes == rhs.changes
        }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(index)
            hasher.combine(counts)
        }
    }

    /// A change of face at grid index `m` (u = m · 2⁻⁵³) to `face`.
    public struct Change: Sendable, Hashable {
        /// The first grid index of the new run.
        public let m: UInt64
        /// The face from there on.
        public let face: Int
    }

    /// The dice.
    public let dice: DiceSet
    /// Each die's mapping, in order.
    public let mappings: [Die]
    /// The sweep points per die.
    public let steps: Int
    /// The first draw where a die's mapping did not hold its partition (the game's roll depends on earlier
    /// requests, or changes more often than the sweep resolves): then no share above is exact.
    public let unstable: Unstable?

    /// The largest share of the draws, over the dice, that give a face outside 1 ... F.
    public var invalidShare: Double { mappings.map { Double($0.counts[0]) / Double(Self.gridSize) }.max() ?? 0 }

    /// The largest difference, over dice and faces, between a face's share of the draws and 1/F.
    public var largestDifference: Double {
        let f = Double(dice.faces)
        return mappings.flatMap { die in die.counts.dropFirst().map { abs(Double($0) / Double(Self.gridSize) - 1 / f) } }.max() ?? 0
    }

    /// The difference from 1/F a fair mapping can show on the 2⁵³ grid: (F + 1) · 2⁻⁵³.
    public var gridTolerance: Double { Double(dice.faces + 1) / Double(Self.gridSize) }

    /// Whether every face of every die has its 1/F (within ``gridTolerance``) and no draw gives a face
    /// outside 1 ... F.
    public var passed: Bool { invalidShare == 0 && largestDifference <= gridTolerance }

    /// Maps the grid of every die through `faces`.
    /// - Parameters:
    ///   - dice: The dice.
    ///   - steps: Sweep points per die (at least 2).
    ///   - faces: The game's mapping: for each list of K draws, the K faces it shows (any whole numbers).
    ///     Called with many lists at once (one batch per sweep and per bisection round).
    /// - Complexity: K · (`steps` + 3F) evaluations, then about 40 rounds of one evaluation per change of
    ///   face.
    public init(dice: DiceSet, steps: Int = RollMappingCheck.defaultSteps, faces: ([[Double]]) -> [[Int]]) {
        let k = dice.count, f = dice.faces
        let grid = Self.gridSize
        func u(_ m: UInt64) -> Double { Double(m) / Double(grid) }
        func draws(die: Int, at points: [UInt64]) -> [[Double]] {
            points.map { m in (0..<k).map { $0 == die ? u(m) : 0.5 } }
        }
        var result: [Die] = []
        var unstable: Unstable?
        for die in 0..<k {
            // Sweep points, the grid's ends, and the points around every k/F.
            var pointSet = Set((0..<max(2, steps)).map { UInt64($0) * (grid / UInt64(max(2, steps))) })
            pointSet.insert(grid - 1)
            for boundary in 1..<max(1, f) {
                let m = (UInt128(grid) * UInt128(boundary) + UInt128(f) - 1) / UInt128(f)
                for offset in [-1, 0, 1] where Int64(m) + Int64(offset) >= 0 && UInt64(Int64(m) + Int64(offset)) < grid {
                    pointSet.insert(UInt64(Int64(m) + Int64(offset)))
                }
            }
            let points = pointSet.sorted()
            // Bisect every interval whose ends differ down to adjacent grid points (all intervals one step
            // per round, so each round is one batch), within the grid's bound on open intervals.
            let evaluation = DrawGrid.evaluate(streams: 1, points: points, same: ==) { requests in
                faces(draws(die: die, at: requests.map(\.m))).map { $0[die] }
            }
            let face = evaluation.answers[0]
            if unstable == nil {
                unstable = Self.unstable(die: die, face: face, complete: evaluation.complete, points: points) {
                    faces(draws(die: die, at: $0)).map { $0[die] }
                }
            }
            // Runs of constant face between the evaluated points (a change sits where neighbours differ).
            let evaluated = face.keys.sorted()
            var counts = [UInt64](repeating: 0, count: f + 1)
            var changes: [Change] = []
            var invalidExample: (u: Double, face: Int)?
            for (position, m) in evaluated.enumerated() {
                let shown = face[m]!
                let end = position + 1 < evaluated.count ? evaluated[position + 1] : grid
                // The run from m to the next evaluated point shows `shown` unless the next point differs, in
                // which case bisection has made them adjacent (end = m + 1).
                let slot = (1...f).contains(shown) ? shown : 0
                counts[slot] += end - m
                if slot == 0 && invalidExample == nil { invalidExample = (u(m), shown) }
                if position > 0 && face[evaluated[position - 1]] != shown { changes.append(Change(m: m, face: shown)) }
            }
            result.append(Die(index: die, counts: counts, changes: changes, invalidExample: invalidExample))
        }
        self.dice = dice
        mappings = result
        self.steps = steps
        self.unstable = unstable
    }

    /// Where one die's mapping does not hold its partition, if anywhere: 16 swept draws are asked again and
    /// ``checkDraws`` draws spread at random are compared with the face the partition predicts; a draw
    /// answered otherwise is asked once more. An incomplete partition with no such draw is reported at the
    /// first draw checked.
    static func unstable(
        die: Int, face: [UInt64: Int], complete: Bool, points: [UInt64], asking: ([UInt64]) -> [Int]
    ) -> Unstable? {
        let again = points.enumerated().filter { $0.offset % max(1, points.count / 16) == 0 }.map(\.element)
        let checks = DrawGrid.checkDraws(count: checkDraws, seed: 0xd1ce + UInt64(die))
        let evaluated = face.keys.sorted()
        let got = asking(again + checks)
        for (m, shown) in zip(again, got) where shown != face[m]! {
            return Unstable(die: die, draw: DrawGrid.u(m), first: face[m]!, later: shown, kind: .changesBetweenRequests)
        }
        let wrong = zip(checks, got.dropFirst(again.count)).filter { DrawGrid.predicted(face, evaluated: evaluated, at: $0.0) != $0.1 }
        guard let example = wrong.first else {
            return complete
                ? nil
                : Unstable(die: die, draw: DrawGrid.u(checks[0]), first: face[0]!, later: face[0]!, kind: .changesBetweenDraws)
        }
        let repeated = asking([example.0])[0]
        return Unstable(
            die: die, draw: DrawGrid.u(example.0),
            first: repeated == example.1 ? DrawGrid.predicted(face, evaluated: evaluated, at: example.0) : example.1,
            later: repeated, kind: repeated == example.1 ? .changesBetweenDraws : .changesBetweenRequests)
    }
}

extension RollMappingCheck {
    /// Draws per die, spread at random over the grid, where the partition is checked.
    public static let checkDraws = 64

    /// A draw where a die's mapping did not hold its partition: what it gave there in the partition (or
    /// the first time it was asked), and later.
    public struct Unstable: Sendable, Hashable, Codable {
        /// The die (0-based).
        public let die: Int
        /// The draw u.
        public let draw: Double
        /// The face the partition has there (or the first answer).
        public let first: Int
        /// The face the game gave when asked again.
        public let later: Int
        /// Why the partition does not hold.
        public let kind: DrawGrid.Instability
    }
}
