import FairnessModel
import FairnessSpec

/// A declared wheel told its result up front (`draw: target`) whose stops come from the game's own code
/// behind a probe (`target I U`; see `docs/probe-protocol.md`): the geometry, conventions, index draw and
/// claims come from the spec; where the wheel stops for each index and draw of the game's own randomness,
/// and what it shows there, from the probe.
///
/// The landing check asks every index at 257 draws in one batch (then bisects); sampling draws each
/// trial's index by the declared weights and its own draw u, and asks a block of trials in one batch.
public struct ProbeTargetedWheel<Rotation: BinaryFloatingPoint & Sendable & LosslessStringConvertible>: TargetedWheelSubject {
    /// The declaration.
    public let spec: WheelSpec
    /// The game's name.
    public let name: String
    /// One line saying what it is.
    public let summary: String
    /// The wheel as declared.
    public let geometry: WheelGeometry
    /// The probe.
    public let client: ProbeClient
    /// The game's own index draw, for a probe that speaks version 2 (`pick U`), as surveyed: partitioned
    /// exactly where it can be.
    public let ownIndexDrawSurvey: IndexDrawSurvey?
    /// The exact partition of the game's own index draw, when it has one.
    public var ownIndexDraw: IndexDrawTable? { ownIndexDrawSurvey?.table }

    /// The wheel of `spec` answered by `client`.
    /// - Throws: `WheelGeometryError` if the declared sectors do not make a wheel.
    public init(_ spec: WheelSpec, name: String, summary: String, client: ProbeClient) throws {
        self.spec = spec
        self.name = name
        self.summary = summary
        self.client = client
        geometry = try spec.geometry()
        ownIndexDrawSurvey =
            client.version >= 2
            ? IndexDrawSurvey { draws in
                client.picks(draws).map { $0 == "trap" ? .trap : Int($0).map { .index($0) } ?? .trap }
            } : nil
    }

    /// +1 when the spec's angles grow clockwise (as the toolkit's do), −1 otherwise.
    var sign: Double { spec.anglesGrow == .clockwise ? 1 : -1 }

    /// The spec's unit.
    public var rotationUnit: AngleUnit { spec.unit }
    /// 0 ..< the number of sectors (sector indices in layout order).
    public var indices: Range<Int> { 0..<spec.sectors.count }
    /// The declared index weights, or nil for a uniform draw.
    public var indexWeights: [Double]? { spec.indexWeights }
    /// The declared odds, when every sector declares one.
    public var claimedOdds: [WheelOutcome: Double]? { spec.claimedOdds }
    /// How far exact odds may lie from the claims (half of `claims-rounded-to`).
    public var claimTolerance: Double { spec.claimTolerance }
    /// The declared prizes and payout terms, if any.
    public var paytable: Paytable<Int>? { spec.paytable }

    /// The probe's `target I 0.5` (from rest).
    public func spin(toIndex index: Int) -> TargetedSpin<Rotation> { spin(toIndex: index, drawing: 0.5) }

    /// The probe's `target I U` (from rest): refused, a stop and what it shows, or a trap.
    public func spin(toIndex index: Int, drawing u: Double) -> TargetedSpin<Rotation> { spins([(index, u)], from: 0)[0] }

    /// The probe's `target I U P`, from the rotation `previous` (version 3; earlier versions are asked
    /// `target I U` and compute every stop from the index alone).
    public func spin(toIndex index: Int, drawing u: Double, from previous: Rotation) -> TargetedSpin<Rotation> {
        spins([(index, u)], from: previous)[0]
    }

    /// The probe's answers to a batch of `target I U P` requests from `previous` (`target I U` before
    /// version 3); a trap, without asking, for a request whose draw is NaN (the game's own index draw
    /// trapped: there is no index to tell it).
    public func spins(_ requests: [(index: Int, u: Double)], from previous: Rotation) -> [TargetedSpin<Rotation>] {
        // + 0 turns a −0.0 (the initial rotation in a counter-clockwise spec's terms) into the 0 the protocol
        // promises for a first spin.
        answering(requests) { client.targets($0, from: sign * Double(previous) + 0) }
    }

    /// Whether the probe is given the rotation the previous spin left: version 3 and later.
    public var receivesPreviousRotation: Bool { client.version >= 3 }

    /// One session: a version 3 probe plays it (`reset`, then `play I U` for each spin, in one batch); an
    /// earlier one answers every spin with `target I U`, as a first spin.
    public func playSession(_ requests: [(index: Int, u: Double)]) -> [TargetedSpin<Rotation>] {
        client.version >= 3 ? answering(requests) { client.targetSession($0) } : spins(requests, from: 0)
    }

    /// `requests` answered by `ask`, but for a request whose draw is NaN (the game's own index draw trapped),
    /// which is a trap without asking.
    private func answering(
        _ requests: [(index: Int, u: Double)], _ ask: ([(index: Int, u: Double)]) -> [String]
    ) -> [TargetedSpin<Rotation>] {
        let asked = requests.filter { !$0.u.isNaN }
        var answers = zip(asked, ask(asked)).map { Self.spin($1, index: $0.index, sign: sign) }.makeIterator()
        return requests.map { request in
            request.u.isNaN ? .traps(at: .nan, reason: "the game's own index draw traps") : answers.next()!
        }
    }

    /// true: sampling asks a block of trials in one batch.
    public var answersInBatches: Bool { true }

    static func spin(_ answer: String, index: Int, sign: Double) -> TargetedSpin<Rotation> {
        if answer == "refused" { return .refused }
        let parts = answer.split(separator: " ")
        guard parts.count == 2, let rotation = Double(parts[0]) else {
            return .traps(
                at: .nan, reason: answer == "trap" ? "the game traps for 'target \(index)'" : "the probe died on 'target \(index)'")
        }
        // A rotation beyond the probe's number type (1e39 for a float) cannot be a place the wheel rests at.
        guard Rotation(sign * rotation).isFinite else {
            return .traps(at: .nan, reason: "the game stops at \(parts[0]) for 'target \(index)', beyond its number type")
        }
        if parts[1] == "trap" { return .traps(at: Rotation(sign * rotation), reason: "the game traps for 'target \(index)'") }
        let outcome: WheelOutcome = parts[1] == "none" ? .noResult : Int(parts[1]).map { .label($0) } ?? .noResult
        return .stops(at: Rotation(sign * rotation), reports: outcome)
    }
}
