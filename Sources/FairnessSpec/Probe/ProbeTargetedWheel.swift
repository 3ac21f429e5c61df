import FairnessAudit

/// A declared wheel told its result up front (`draw: target`) whose stops come from the game's own code
/// behind a probe (`target I`; see `docs/probe-protocol.md`): the geometry, conventions, index draw and
/// claims come from the spec; where the wheel stops for each index, and what it shows there, from the
/// probe.
///
/// Every valid index and the out-of-range ones the landing check tries are asked once, in one batch,
/// when the subject is made; sampling draws indices by the declared weights and reads the answers.
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
    /// The answers for every valid index and the out-of-range ones, asked once.
    private let known: [Int: TargetedSpin<Rotation>]

    /// The wheel of `spec` answered by `client`; asks for every index at once.
    /// - Throws: `WheelGeometryError` if the declared sectors do not make a wheel.
    public init(_ spec: WheelSpec, name: String, summary: String, client: ProbeClient) throws {
        self.spec = spec
        self.name = name
        self.summary = summary
        self.client = client
        geometry = try spec.geometry()
        let n = spec.sectors.count
        let asked = Array(0..<n) + [-1, -n, n, n + 1, Int.max, Int.min]
        client.prefetchTargets(asked)
        let sign: Double = spec.anglesGrow == .clockwise ? 1 : -1
        known = Dictionary(asked.map { ($0, Self.spin(client.target($0), index: $0, sign: sign)) }, uniquingKeysWith: { a, _ in a })
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

    /// The probe's `target I`: refused, a stop and what it shows, or a trap where the probe died.
    public func spin(toIndex index: Int) -> TargetedSpin<Rotation> {
        known[index] ?? Self.spin(client.target(index), index: index, sign: sign)
    }

    static func spin(_ answer: String, index: Int, sign: Double) -> TargetedSpin<Rotation> {
        if answer == "refused" { return .refused }
        let parts = answer.split(separator: " ")
        guard parts.count == 2, let rotation = Double(parts[0]) else {
            return .traps(at: .nan, reason: "the probe died on 'target \(index)'")
        }
        let outcome: WheelOutcome = parts[1] == "none" ? .noResult : Int(parts[1]).map { .label($0) } ?? .noResult
        return .stops(at: Rotation(sign * rotation), reports: outcome)
    }
}
