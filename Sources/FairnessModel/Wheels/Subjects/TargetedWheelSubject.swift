/// A wheel told the winning index up front, which computes where to stop (like seed 004).
public protocol TargetedWheelSubject: Sendable {
    /// The floating-point type the implementation computes its stopping rotation in (`Double`, `Float`, ...).
    associatedtype Rotation: BinaryFloatingPoint & Sendable

    /// A short identifier, unique among subjects.
    var name: String { get }
    /// One line saying what the wheel is.
    var summary: String { get }
    /// The wheel as drawn.
    var geometry: WheelGeometry { get }
    /// The unit of the ``Rotation`` values in a ``TargetedSpin``. Positive rotations turn the wheel
    /// clockwise on screen.
    var rotationUnit: AngleUnit { get }
    /// The indices the game means to choose from (uniformly, when it spins on its own).
    var indices: Range<Int> { get }

    /// Where the wheel stops for `index`, and what it reports.
    func spin(toIndex index: Int) -> TargetedSpin<Rotation>

    /// Where the wheel stops for `index` when its own randomness draws `u`, uniform in [0, 1) — a game
    /// that stops at a random point of the sector (a jitter, so that stops do not all look alike) reads
    /// it; the default ignores `u` and returns ``spin(toIndex:)``.
    func spin(toIndex index: Int, drawing u: Double) -> TargetedSpin<Rotation>

    /// The rotation the wheel rests at before its first spin, in ``rotationUnit`` (0 by default: the wheel
    /// as drawn).
    var initialRotation: Rotation { get }

    /// Where the wheel stops for `index` and the draw `u` of its own randomness when its previous spin left
    /// it at rotation `previous` — a game that keeps its rotation between spins and turns on from there (a
    /// CSS or UIKit wheel whose rotation accumulates) computes its stop from it. The default ignores
    /// `previous` and returns ``spin(toIndex:drawing:)``: a game that computes every stop from its index
    /// alone.
    func spin(toIndex index: Int, drawing u: Double, from previous: Rotation) -> TargetedSpin<Rotation>

    /// Whether ``spin(toIndex:drawing:from:)`` is given the rotation the previous spin left (true by
    /// default). False for a game that cannot be told it — a probe speaking protocol version 1 or 2 — whose
    /// later spins of a session the audit then cannot check.
    var receivesPreviousRotation: Bool { get }

    /// ``spin(toIndex:drawing:from:)`` for many requests from one previous rotation at once (a game behind
    /// another process answers them in one batch); the default calls it for each.
    func spins(_ requests: [(index: Int, u: Double)], from previous: Rotation) -> [TargetedSpin<Rotation>]

    /// One session of consecutive spins: the first from ``initialRotation``, each later one from where the
    /// one before left the wheel (a spin that is refused, or traps before it stops, leaves it where it
    /// was). The default calls ``spin(toIndex:drawing:from:)`` for each in turn; a game behind another
    /// process plays them in one batch, keeping the rotation itself.
    func playSession(_ requests: [(index: Int, u: Double)]) -> [TargetedSpin<Rotation>]

    /// Whether sampling should ask ``playSession(_:)`` for a block of trials at once instead of one spin
    /// per trial (false by default: one call per trial is fastest for code in this process).
    var answersInBatches: Bool { get }

    /// The relative weights with which the game draws each index of ``indices``, in order (a prize table
    /// that makes the jackpot rarer than its slice, say); nil (the default) for a uniform draw.
    var indexWeights: [Double]? { get }

    /// The probability the game claims for each outcome, if it claims other odds than each sector's
    /// share of the painted circle (a weighted draw usually claims its weights); nil by default.
    var claimedOdds: [WheelOutcome: Double]? { get }

    /// How far an exact probability may lie from a claimed one and still agree with it: half a unit in the
    /// last digit the claims were printed with (claims shown as 0.1543 agree with 0.15432...); 1e-9 (the
    /// default) for claims given to full precision.
    var claimTolerance: Double { get }

    /// What the game pays for each label, the stake and the RTP it declares; nil (the default) if it pays
    /// nothing the audit should check.
    var paytable: Paytable<Int>? { get }

    /// The game's own index draw, partitioned exactly (a probe's `pick U`), when the audit has it: the
    /// index of a spin is then what the game's own code picks, and ``indexWeights`` (or a uniform draw) is
    /// only what the game claims for it. nil (the default): the index is drawn by ``indexWeights``.
    var ownIndexDraw: IndexDrawTable? { get }

    /// The game's own index draw as surveyed, when the audit has it: exact (then ``ownIndexDraw`` is its
    /// table), sampled (a draw that changes too often to partition, judged by a test against the declared
    /// draw while every figure uses the declared draw), or answered differently when asked again. nil (the
    /// default when ``ownIndexDraw`` is nil): the game's draw was not asked.
    var ownIndexDrawSurvey: IndexDrawSurvey? { get }
}

extension TargetedWheelSubject {
    /// ``spin(toIndex:)``: the stop does not depend on a draw of the game's own.
    public func spin(toIndex index: Int, drawing u: Double) -> TargetedSpin<Rotation> { spin(toIndex: index) }
    /// 0: the wheel as drawn.
    public var initialRotation: Rotation { 0 }
    /// ``spin(toIndex:drawing:)``: the stop does not depend on where the previous spin left the wheel.
    public func spin(toIndex index: Int, drawing u: Double, from previous: Rotation) -> TargetedSpin<Rotation> {
        spin(toIndex: index, drawing: u)
    }
    /// true: the rotation is passed on (a game that ignores it computes each stop from its index alone).
    public var receivesPreviousRotation: Bool { true }
    /// ``spin(toIndex:drawing:from:)`` for each request.
    public func spins(_ requests: [(index: Int, u: Double)], from previous: Rotation) -> [TargetedSpin<Rotation>] {
        requests.map { spin(toIndex: $0.index, drawing: $0.u, from: previous) }
    }
    /// ``spins(_:from:)`` from ``initialRotation``: every request a first spin.
    public func spins(_ requests: [(index: Int, u: Double)]) -> [TargetedSpin<Rotation>] {
        spins(requests, from: initialRotation)
    }
    /// ``spin(toIndex:drawing:from:)`` for each request in turn, each from where the one before left the
    /// wheel.
    public func playSession(_ requests: [(index: Int, u: Double)]) -> [TargetedSpin<Rotation>] {
        var previous = initialRotation
        return requests.map { request in
            let spin = self.spin(toIndex: request.index, drawing: request.u, from: previous)
            previous = spin.restingRotation(after: previous)
            return spin
        }
    }
    /// false.
    public var answersInBatches: Bool { false }

    /// nil: the game draws its index uniformly.
    public var indexWeights: [Double]? { nil }
    /// nil: the game claims each sector's share of the painted circle.
    public var claimedOdds: [WheelOutcome: Double]? { nil }
    /// 1e-9: claims given to full precision.
    public var claimTolerance: Double { 1e-9 }
    /// nil: no paytable.
    public var paytable: Paytable<Int>? { nil }
    /// nil: the index is drawn by ``indexWeights``.
    public var ownIndexDraw: IndexDrawTable? { nil }
    /// ``ownIndexDraw`` as an exact survey, or nil.
    public var ownIndexDrawSurvey: IndexDrawSurvey? { ownIndexDraw.map { .exact($0) } }

    /// The probability with which a spin is told each index: the game's own draw's exact probabilities
    /// when ``ownIndexDraw`` is known (any index it picks, in range or not; a pick that traps is not an
    /// index), otherwise ``indexProbabilities`` over ``indices``.
    public var indexDistribution: [Int: Double] {
        if let table = ownIndexDraw { return table.probabilities }
        return Dictionary(zip(indices, indexProbabilities), uniquingKeysWith: { a, _ in a })
    }

    /// The probability with which the game draws each index of ``indices``, in order: its weight over the
    /// sum of the weights, or 1/n for a uniform draw.
    public var indexProbabilities: [Double] {
        guard let weights = indexWeights, weights.count == indices.count else {
            return Array(repeating: 1 / Double(max(1, indices.count)), count: indices.count)
        }
        let total = weights.reduce(0, +)
        return weights.map { $0 / total }
    }

    /// The index drawn from ``indices`` for one spin: uniformly, or by ``indexWeights`` (a uniform draw on
    /// [0, Σ weights) walked through the weights in order), then the draw u of the game's own randomness.
    /// - Precondition: ``indices`` is not empty; weights, when given, are one per index, finite and
    ///   non-negative with a positive sum.
    @inlinable
    public func drawIndex<G: RandomNumberGenerator>(using generator: inout G) -> (index: Int, u: Double) {
        var index = indices.lowerBound + indices.count - 1
        if let table = ownIndexDraw {
            // The game's own pick for a 53-bit uniform draw, from the exact partition of its answers; a pick
            // that traps has no index and no stop: its draw u is NaN, which no real request carries.
            switch table.pick(at: UInt64(Sampling.unitInterval(using: &generator) * 0x1p53)) {
            case .index(let picked): index = picked
            case .trap: return (IndexDrawTable.trappedIndex, .nan)
            }
        } else if let weights = indexWeights {
            var total = 0.0
            for weight in weights { total += weight }
            var x = Sampling.unitInterval(using: &generator) * total
            for (offset, weight) in weights.enumerated() {
                if x < weight {
                    index = indices.lowerBound + offset
                    break
                }
                x -= weight
            }
        } else {
            index = indices.lowerBound + Int(Sampling.uniformInteger(below: UInt64(indices.count), using: &generator))
        }
        return (index, Sampling.unitInterval(using: &generator))
    }

    /// One spin from `previous`: the index and the game's own draw from ``drawIndex(using:)``, then
    /// ``spin(toIndex:drawing:from:)``.
    /// - Precondition: as ``drawIndex(using:)``.
    @inlinable
    public func spin<G: RandomNumberGenerator>(
        from previous: Rotation, using generator: inout G
    ) -> (index: Int, result: TargetedSpin<Rotation>) {
        let drawn = drawIndex(using: &generator)
        return (drawn.index, spin(toIndex: drawn.index, drawing: drawn.u, from: previous))
    }

    /// One first spin: ``spin(from:using:)`` from ``initialRotation``.
    /// - Precondition: as ``drawIndex(using:)``.
    @inlinable
    public func spin<G: RandomNumberGenerator>(using generator: inout G) -> (index: Int, result: TargetedSpin<Rotation>) {
        spin(from: initialRotation, using: &generator)
    }
}
