import FairnessModel

/// The rotations a wheel reaches in a session of its own spins: from its initial rotation, `spins`
/// consecutive spins, each drawing its value anywhere in the subject's `SpinDraw`.
///
/// The range is found by iterating the subject's spin rule with the smallest and the largest value the draw
/// can take, which bounds every session when the rule is monotone in the drawn value and in the previous
/// rotation (true of every rule that adds a turn count and the drawn angle, or resets to it), joined with
/// the rotations of a first spin at 1,024 evenly spaced draws (so a rule that wraps its rotation into one
/// turn reaches the whole turn). Findings at rotations outside it are ``FindingClass/latent``. The initial rotation itself is not in play unless a
/// spin can come back to it: a game reports its result after a spin.
///
/// A spin that snaps (it comes to rest only at a few positions of the turn: a slice's centre, whole
/// degrees) reaches only those positions, at any number of turns within the range: ``stops``. They are
/// found from the spin rule itself, from the initial rotation and from both ends of the session: the rest
/// angle within one turn at 16,384 evenly spaced draws and, wherever two neighbouring draws stop at
/// different positions, at the draws bisected between them (so a stop held by a narrow interval of draws
/// between two others is found too); then spun from every stop found at 1,025 draws, which must rest at a
/// stop found (a session spins on from where it rests: a rule that moves a few slices from where it stands
/// is not closed over the stops of one start, and is taken to stop anywhere). A spin whose draws give more
/// than ``maximumStops`` positions is taken to stop anywhere in the range. A stop is matched to within a
/// billionth of a turn or four units in the last place of the subject's own rotation type.
public struct SessionReach: Sendable, Hashable, Codable {
    /// The session length assumed by default: 10,000 spins (over eight hours at one spin every three
    /// seconds).
    public static let defaultSpins = 10_000

    /// The spins of the session.
    public let spins: Int
    /// The smallest rotation at rest after any spin of the session, in the subject's unit.
    public let lowest: Double
    /// The largest rotation at rest after any spin of the session, in the subject's unit.
    public let highest: Double
    /// The unit of ``lowest`` and ``highest``.
    public let unit: AngleUnit
    /// The rest angles within one turn, in [0, one turn) of ``unit`` and in increasing order, at which the
    /// spin comes to rest when it snaps to a few positions; nil when it stops anywhere.
    public let stops: [Double]?

    /// The most positions a turn of a snapping spin may have: beyond, the spin is taken to stop anywhere
    /// (which can only put more in play, never less).
    public static let maximumStops = 2_048
    /// The evenly spaced draws at which the spin's rest angles are read.
    static let stopGrid = 16_384
    /// How many units in the last place of a `Double` one of the subject's rotation type is: 1 for `Double`,
    /// 2²⁹ for `Float`.
    public let ulpScale: Double

    /// The reach of `subject` over `spins` spins.
    /// - Precondition: `spins` ≥ 1.
    /// - Complexity: O(spins) evaluations of the spin rule.
    public init<Subject: WheelSubject>(_ subject: Subject, spins: Int = SessionReach.defaultSpins) {
        precondition(spins >= 1, "a session has at least one spin")
        let draw = subject.spinDraw
        let smallest = Subject.Rotation(draw.lower)
        var largest = Subject.Rotation(draw.upper)
        if Double(largest) >= draw.upper { largest = largest.nextDown }
        var low = subject.initialRotation, high = subject.initialRotation
        var lowest = Double.infinity, highest = -Double.infinity
        for step in 0..<1024 {
            let u = draw.lower + (draw.upper - draw.lower) * Double(step) / 1024
            let value = Double(subject.rotation(afterDrawing: Subject.Rotation(u), from: subject.initialRotation))
            if value.isFinite {
                lowest = min(lowest, value)
                highest = max(highest, value)
            }
        }
        for _ in 0..<spins {
            low = subject.rotation(afterDrawing: smallest, from: low)
            high = subject.rotation(afterDrawing: largest, from: high)
            for value in [Double(low), Double(high)] where value.isFinite {
                lowest = min(lowest, value)
                highest = max(highest, value)
            }
        }
        self.spins = spins
        // A spin rule that never gives a rotation (it traps on every draw) reaches nothing beyond the start.
        let start = Double(subject.initialRotation)
        self.lowest = lowest <= highest ? lowest : start
        self.highest = lowest <= highest ? highest : start
        unit = subject.rotationUnit
        ulpScale = Double(sign: .plus, exponent: Double.significandBitCount - Subject.Rotation.significandBitCount, significand: 1)
        stops = Self.stops(of: subject, from: [subject.initialRotation, low, high])
    }

    /// Whether a session can come to rest at `rotation` (in the subject's unit): within the range and, for a
    /// spin that snaps, at one of its ``stops`` (to within a billionth of a turn, or four units in the last place
    /// of the rotation in the subject's own type where those are larger).
    public func contains(_ rotation: Double) -> Bool {
        guard rotation >= lowest && rotation <= highest else { return false }
        guard let stops else { return true }
        let turn = unit.fullTurn
        var residue = rotation.truncatingRemainder(dividingBy: turn)
        if residue < 0 { residue += turn }
        let tolerance = tolerance(at: rotation)
        return stops.contains { stop in
            let gap = abs(stop - residue)
            return min(gap, turn - gap) <= tolerance
        }
    }

    /// Whether a session can come to rest anywhere in [from, to] (in the subject's unit; `to` − `from` at
    /// most one turn): the interval meets the range and, for a spin that snaps, holds one of its ``stops``
    /// at some whole number of turns.
    public func reaches(from: Double, to: Double) -> Bool {
        let low = max(from, lowest), high = min(to, highest)
        guard low <= high else { return false }
        guard let stops else { return true }
        let turn = unit.fullTurn
        let tolerance = tolerance(at: max(abs(low), abs(high)))
        return stops.contains { stop in
            // The first rotation at or past `low` (less the tolerance) that rests at `stop`.
            let turns = ((low - tolerance - stop) / turn).rounded(.up)
            return stop + turns * turn <= high + tolerance
        }
    }

    /// How near a stop a rotation must be to count as one: a billionth of a turn, or four units in the last
    /// place of the rotation in the subject's own type where those are larger.
    func tolerance(at rotation: Double) -> Double { max(unit.fullTurn * 1e-9, rotation.magnitude.ulp * ulpScale * 4) }

    /// The rest angles within one turn at which the spin comes to rest from each of `starts`, merged to
    /// within a billionth of a turn; nil when they are more than ``maximumStops`` (a spin that stops
    /// anywhere).
    static func stops<Subject: WheelSubject>(of subject: Subject, from starts: [Subject.Rotation]) -> [Double]? {
        let draw = subject.spinDraw
        let turn = subject.rotationUnit.fullTurn
        let tolerance = turn * 1e-9
        var largest = Subject.Rotation(draw.upper)
        if Double(largest) >= draw.upper { largest = largest.nextDown }
        let grid =
            (0..<stopGrid).map { Subject.Rotation(draw.lower + (draw.upper - draw.lower) * Double($0) / Double(stopGrid)) } + [largest]
        func residue(_ rotation: Subject.Rotation) -> Double? {
            let value = Double(rotation)
            guard value.isFinite else { return nil }
            var r = value.truncatingRemainder(dividingBy: turn)
            if r < 0 { r += turn }
            return r >= turn - tolerance ? 0 : r
        }
        func same(_ a: Double?, _ b: Double?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            let gap = abs(a - b)
            return min(gap, turn - gap) <= tolerance
        }
        var found: [Double] = []
        /// Adds `values` to `found`, merged; false once there are too many to be stops.
        func collect(_ values: [Double]) -> Bool {
            found = merged(found + values, tolerance: tolerance, turn: turn)
            return found.count <= maximumStops
        }
        for start in Set(starts.map { Double($0) }.filter(\.isFinite)).sorted() {
            let from = Subject.Rotation(start)
            prefetchSpins(subject, grid, from: from)
            let rests = grid.map { residue(subject.rotation(afterDrawing: $0, from: from)) }
            guard collect(rests.compactMap { $0 }) else { return nil }
            // Between two neighbouring draws that rest apart, every position the draws between them give.
            var extra: [Double] = []
            var budget = 64 * maximumStops
            for index in 1..<grid.count where !same(rests[index - 1], rests[index]) {
                var pending = [(grid[index - 1], rests[index - 1], grid[index], rests[index])]
                while let (left, leftRest, right, rightRest) = pending.popLast() {
                    let middle = left + (right - left) / 2
                    guard middle > left && middle < right, budget > 0 else { continue }
                    budget -= 1
                    let rest = residue(subject.rotation(afterDrawing: middle, from: from))
                    if same(rest, leftRest) {
                        pending.append((middle, rest, right, rightRest))
                    } else if same(rest, rightRest) {
                        pending.append((left, leftRest, middle, rest))
                    } else {
                        if let rest { extra.append(rest) }
                        pending.append((left, leftRest, middle, rest))
                        pending.append((middle, rest, right, rightRest))
                    }
                }
                if extra.count > maximumStops { return nil }
            }
            guard collect(extra) else { return nil }
            // An unfinished search leaves some positions unseen: the spin is taken to stop anywhere.
            if budget <= 0 { return nil }
        }
        guard !found.isEmpty else { return nil }
        // A session spins on from where it rests: from every stop found (at the turn the session starts in),
        // a spin must rest at a stop found, or the positions are not closed under the spin rule and the spin
        // is taken to stop anywhere.
        let coarse =
            (0..<closureGrid).map { Subject.Rotation(draw.lower + (draw.upper - draw.lower) * Double($0) / Double(closureGrid)) } + [
                largest
            ]
        let base = (Double(starts.first ?? 0) / turn).rounded(.down) * turn
        for stop in found {
            let from = Subject.Rotation(base + stop)
            prefetchSpins(subject, coarse, from: from)
            for u in coarse {
                guard let rest = residue(subject.rotation(afterDrawing: u, from: from)) else { continue }
                if !found.contains(where: { same($0, rest) }) { return nil }
            }
        }
        return found
    }

    /// The evenly spaced draws spun from each stop to check that the stops are closed under the spin rule.
    static let closureGrid = 1_024

    /// `values` sorted, with values within `tolerance` of the one before merged into it (and the last into
    /// the first across the end of the turn).
    static func merged(_ values: [Double], tolerance: Double, turn: Double) -> [Double] {
        var result: [Double] = []
        for value in values.sorted() where result.last.map({ value - $0 > tolerance }) ?? true { result.append(value) }
        if result.count > 1, let first = result.first, let last = result.last, turn - last + first <= tolerance { result.removeLast() }
        return result
    }
}
