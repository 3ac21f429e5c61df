import FairnessModel

/// The spins of a session after the first, for a wheel told its result up front. A game that keeps its
/// rotation between spins and turns on from it (a CSS or UIKit wheel whose rotation accumulates) computes
/// each stop from where the previous spin left the wheel, and a stop rule that forgets it lands right on
/// the first spin only.
///
/// **Repeatability.** The game is asked again, from its initial rotation, every index it draws at the
/// draws u = k/8 (k = 0 … 7) and the last draw below 1, and each answer is judged against the first
/// spin's partition at that draw. Where the play changed (another result, or a verdict that was correct
/// or rounding becoming invalid or mislabel, or the reverse), the game keeps state its requests do not
/// carry — its answers depend on what it was asked before — and no share of its play can be computed:
/// ``unstablePlay`` holds the first such answer and nothing else is checked.
///
/// **Dependence on the previous rotation.** Each index the game draws is asked at u = 0 and u = 1/2 from
/// the start of every second spin (below) and from the initial rotation. If every answer is the same (the
/// same rotation to the bit, the same result), the game computes each stop from its index alone and the
/// first spin stands for every spin of a session. Otherwise the landing check runs again, exactly, from
/// each of these starts:
/// - a **second spin**, from where a first spin to index j at the middle of the game's draw (u = 1/2)
///   left the wheel, for each index j the game draws (at most ``secondSpinStarts`` of them, evenly spread);
/// - a **late spin**, from where `sessionSpins` − 1 spins (the indices the game draws in turn, each at
///   u = 1/2) left the wheel: the last spin of a session (``SessionReach/defaultSpins`` by default).
///
/// Each start's partition is exact over the index drawn and the game's own draw; ``worst`` is the spin
/// whose landing finding is the most severe (then the largest).
public struct TargetedSessionCheck: Sendable {
    /// Which spin of a session a landing check judged, and where the wheel rested before it.
    public struct Spin: Sendable, Hashable, Codable {
        /// How the session reached it.
        public enum Kind: Sendable, Hashable, Codable {
            /// The first spin, from the wheel's initial rotation.
            case first
            /// A second spin, after a first spin to `afterIndex` at the middle of the game's draw.
            case second(afterIndex: Int)
            /// A late spin, after `afterSpins` spins.
            case late(afterSpins: Int)
        }
        /// How the session reached it.
        public let kind: Kind
        /// The rotation the wheel rested at before it, in ``unit``.
        public let from: Double
        /// The unit of ``from``.
        public let unit: AngleUnit
    }

    /// One spin of a session, checked exactly.
    public struct State: Sendable {
        /// Which spin.
        public let spin: Spin
        /// Its landing check, from the rotation the spin starts at.
        public let landing: LandingCheck
        /// What the landing check found.
        public let findings: TargetedWheelFindings
    }

    /// A play the partition of the first spin does not hold: what the game showed at one index and draw,
    /// and how it was judged, in the partition (or the first time it was asked) and when asked again.
    public struct UnstablePlay: Sendable, Hashable, Codable {
        /// Why the partition does not hold.
        public let kind: DrawGrid.Instability
        /// The index told.
        public let index: Int
        /// The game's own draw u.
        public let draw: Double
        /// What it showed in the partition.
        public let firstOutcome: WheelOutcome
        /// How that play was judged.
        public let firstVerdict: LandingCheck.Verdict
        /// What it showed when asked again.
        public let laterOutcome: WheelOutcome
        /// How that play was judged.
        public let laterVerdict: LandingCheck.Verdict

        /// The class of the worse of the two plays: ``FindingClass/invalid`` or ``FindingClass/mislabel``.
        public var findingClass: FindingClass { min(firstVerdict, laterVerdict) == .invalid ? .invalid : .mislabel }
    }

    /// Draws per index, spread at random over the grid, where the first spin's partition is checked
    /// besides the 9 sweep draws asked again.
    public static let checkDraws = 8

    /// The most second-spin starts checked: the spins after a first spin to each of at most 8 indices.
    public static let secondSpinStarts = 8

    /// The first spin, from the initial rotation.
    public let first: State
    /// A play that changed between identical requests, if any (then ``later`` is empty).
    public let unstablePlay: UnstablePlay?
    /// What a spin's answers depend on besides its index and draw.
    public enum Dependence: Sendable, Hashable {
        /// Nothing: the game computes each stop from its index and draw alone.
        case none
        /// The rotation the previous spin left, which the game is given.
        case previousRotation
        /// A state the game keeps of its own: its answers to identical requests differ (every play judged
        /// the same way, or ``TargetedSessionCheck/unstablePlay`` would hold the first that is not).
        case ownState
        /// Nothing the audit could see, but the game is not given the rotation its previous spin left (a
        /// probe speaking protocol version 1 or 2): whether a later spin depends on it is not known.
        case notGivenPreviousRotation
        /// Not asked: a session of one spin has no later spin.
        case sessionsOfOneSpin
    }

    /// What a spin's answers depend on besides its index and draw.
    public let dependence: Dependence
    /// Whether the stop depends on the rotation the previous spin left (then ``later`` holds the later
    /// spins, checked exactly).
    public var dependsOnPreviousRotation: Bool { dependence == .previousRotation }
    /// The later spins checked: second spins, then the late spin (empty unless
    /// ``dependsOnPreviousRotation``).
    public let later: [State]

    /// The spin whose landing finding is the most severe, then the largest; the first spin when none has
    /// a finding.
    public var worst: State {
        func rank(_ state: State) -> (FindingClass, Double) {
            guard let finding = state.findings.landing else { return (.latent, -1) }
            return (finding.findingClass, finding.magnitude ?? 1)
        }
        return later.reduce(first) { worst, state in
            let (a, b) = (rank(worst), rank(state))
            return b.0 < a.0 || (b.0 == a.0 && b.1 > a.1) ? state : worst
        }
    }

    /// Checks the spins of a session of `sessionSpins` spins after the first, given the first spin's
    /// landing check.
    /// - Precondition: `sessionSpins` ≥ 1.
    /// - Complexity: a repeatability pass (9 requests per index drawn), a dependence pass (2 per index and
    ///   start), and when the stop depends on the previous rotation up to ``secondSpinStarts`` + 1 landing
    ///   checks (each as `LandingCheck.init(_:from:)`) and `sessionSpins` − 1 spins, one at a time.
    public init<Subject: TargetedWheelSubject>(
        _ subject: Subject, first landing: LandingCheck, sessionSpins: Int = SessionReach.defaultSpins
    ) {
        precondition(sessionSpins >= 1, "a session has at least one spin")
        let unit = subject.rotationUnit
        let firstSpin = Spin(kind: .first, from: Double(subject.initialRotation), unit: unit)
        first = State(spin: firstSpin, landing: landing, findings: TargetedWheelFindings(subject, landing: landing))
        let probabilities = subject.indexDistribution
        let drawn = LandingCheck.indicesInPlay(subject).filter { (probabilities[$0] ?? 0) > 0 }
        unstablePlay = drawn.isEmpty ? nil : Self.unstablePlay(subject, landing, indices: drawn)
        guard unstablePlay == nil, !drawn.isEmpty else {
            dependence = .none
            later = []
            return
        }
        // A session of one spin has no later spin to check.
        guard sessionSpins >= 2 else {
            dependence = .sessionsOfOneSpin
            later = []
            return
        }
        let starts = Self.secondSpinStarts(subject, indices: drawn)
        let found = Self.dependence(subject, indices: drawn, starts: starts.map(\.rotation))
        dependence = found == .none && !subject.receivesPreviousRotation ? .notGivenPreviousRotation : found
        guard dependence == .previousRotation else {
            later = []
            return
        }
        var spins = starts.map { Spin(kind: .second(afterIndex: $0.index), from: Double($0.rotation), unit: unit) }
        if sessionSpins > 2 {
            let late = Self.lateStart(subject, indices: drawn, spins: sessionSpins - 1)
            spins.append(Spin(kind: .late(afterSpins: sessionSpins - 1), from: Double(late), unit: unit))
        }
        later = spins.map { spin in
            let check = LandingCheck(subject, from: Subject.Rotation(spin.from))
            return State(spin: spin, landing: check, findings: TargetedWheelFindings(subject, landing: check, spin: spin))
        }
    }

    /// The first play the first spin's partition does not hold, if any: every index drawn is asked again,
    /// from the initial rotation, at 9 sweep draws (k/8 and the last below 1) and at ``checkDraws`` draws
    /// spread at random, and judged against the partition there; a play judged otherwise (correct and
    /// rounding count as the same) is asked once more, to tell a game that changes between identical
    /// requests from one whose play changes more often than the sweep resolves. An incomplete partition
    /// (the bisection outgrew its limit) does not hold either.
    static func unstablePlay<Subject: TargetedWheelSubject>(
        _ subject: Subject, _ landing: LandingCheck, indices: [Int]
    ) -> UnstablePlay? {
        let judge = LandingJudge(subject)
        let draws = DrawGrid.sweep(8) + DrawGrid.checkDraws(count: checkDraws, seed: 0x1a_4d1)
        let requests = indices.flatMap { index in draws.map { (index: index, m: $0) } }
        let acceptable: Set<LandingCheck.Verdict> = [.correct, .rounding]
        func same(_ a: LandingJudge.Point.Key, _ b: LandingJudge.Point.Key) -> Bool {
            a == b || (acceptable.contains(a.verdict) && acceptable.contains(b.verdict))
        }
        func ask(_ requests: [(index: Int, m: UInt64)]) -> [LandingJudge.Point.Key] {
            let spins = subject.spins(requests.map { (index: $0.index, u: DrawGrid.u($0.m)) }, from: subject.initialRotation)
            return zip(requests, spins).map { judge.point($0.index, $1, mustLand: true).key }
        }
        let keys = ask(requests)
        typealias Key = LandingJudge.Point.Key
        let differing = zip(requests, keys).compactMap { request, key -> (request: (index: Int, m: UInt64), first: Key, now: Key)? in
            guard let run = landing.run(of: request.index, atDraw: request.m) else { return nil }
            let first = Key(outcome: run.outcome, verdict: run.verdict)
            return same(first, key) ? nil : (request, first, key)
        }
        guard let example = differing.first else { return nil }
        func unstable(_ kind: DrawGrid.Instability, _ request: (index: Int, m: UInt64), _ first: Key, _ later: Key) -> UnstablePlay {
            UnstablePlay(
                kind: kind, index: request.index, draw: DrawGrid.u(request.m), firstOutcome: first.outcome, firstVerdict: first.verdict,
                laterOutcome: later.outcome, laterVerdict: later.verdict)
        }
        // Asked once more: an answer that changes again is a game with state of its own.
        if let (changed, again) = zip(differing, ask(differing.map(\.request))).first(where: { !same($0.now, $1) }) {
            return unstable(.changesBetweenRequests, changed.request, changed.now, again)
        }
        // A swept draw is a request the partition asked itself: answered otherwise now, it changed too.
        let swept = Set(DrawGrid.sweep(8)).contains(example.request.m)
        return unstable(swept ? .changesBetweenRequests : .changesBetweenDraws, example.request, example.first, example.now)
    }

    /// Where a first spin to each of at most ``secondSpinStarts`` of `indices` (evenly spread), at u = 1/2,
    /// leaves the wheel; indices whose first spin has no finite stop are left out.
    static func secondSpinStarts<Subject: TargetedWheelSubject>(
        _ subject: Subject, indices: [Int]
    ) -> [(index: Int, rotation: Subject.Rotation)] {
        let count = min(indices.count, secondSpinStarts)
        let chosen = (0..<count).map { indices[$0 * indices.count / count] }
        let initial = subject.initialRotation
        let spins = subject.spins(chosen.map { (index: $0, u: 0.5) }, from: initial)
        return zip(chosen, spins).compactMap { index, spin in
            switch spin {
            case .stops(let rotation, _) where rotation.isFinite, .traps(let rotation, _) where rotation.isFinite: (index, rotation)
            default: nil
            }
        }
    }

    /// Whether any index at u = 0 or 1/2 stops elsewhere, or shows something else, from any of `starts`
    /// than from the initial rotation — and, asked from the initial rotation before and after, answers the
    /// same there (a game whose answers change between identical requests keeps a state of its own, which
    /// is not the rotation it is given: ``Dependence/ownState``).
    static func dependence<Subject: TargetedWheelSubject>(
        _ subject: Subject, indices: [Int], starts: [Subject.Rotation]
    ) -> Dependence {
        let requests = indices.flatMap { index in [(index: index, u: 0.0), (index: index, u: 0.5)] }
        let reference = subject.spins(requests, from: subject.initialRotation)
        let differs = starts.contains { start in
            !zip(reference, subject.spins(requests, from: start)).allSatisfy { $0.isSameAnswer(as: $1) }
        }
        guard differs else { return .none }
        let again = subject.spins(requests, from: subject.initialRotation)
        return zip(reference, again).allSatisfy { $0.isSameAnswer(as: $1) } ? .previousRotation : .ownState
    }

    /// Where `spins` spins, to `indices` in turn at u = 1/2, leave the wheel.
    static func lateStart<Subject: TargetedWheelSubject>(_ subject: Subject, indices: [Int], spins: Int) -> Subject.Rotation {
        var rotation = subject.initialRotation
        for spin in 0..<spins {
            let request = [(index: indices[spin % indices.count], u: 0.5)]
            rotation = subject.spins(request, from: rotation)[0].restingRotation(after: rotation)
        }
        return rotation
    }
}

extension TargetedSpin {
    /// The same answer: the same case, the same rotation to the bit (NaN equal to NaN), the same result or
    /// reason.
    func isSameAnswer(as other: TargetedSpin) -> Bool {
        func same(_ a: Rotation, _ b: Rotation) -> Bool { a == b && a.sign == b.sign || (a.isNaN && b.isNaN) }
        switch (self, other) {
        case (.refused, .refused): return true
        case (.stops(let a, let x), .stops(let b, let y)): return same(a, b) && x == y
        case (.traps(let a, let x), .traps(let b, let y)): return same(a, b) && x == y
        default: return false
        }
    }
}
