/// The toolkit's reference wheel: any number of equal or weighted sectors, correct by construction.
///
/// It reports the exact geometric truth: the sector whose half-open arc [start, end) contains the wheel
/// angle under the pointer, computed in exact turns, so no floating-point sliver can be mislabelled and
/// periodicity holds for any rotation a double can hold. A rotation exactly on a line goes to the
/// sector starting there (half-open arcs). Spins draw a rotation uniform on [0, 360) degrees.
/// Told an index up front, it stops at the middle of that sector and refuses indices out of range.
/// This is the model to copy.
public struct ReferenceWheel: WheelSubject, TargetedWheelSubject {
    public typealias Rotation = Double

    public let geometry: WheelGeometry
    public let name: String

    /// `count` equal sectors labelled 1 ... count, the first starting at the top under the pointer.
    public init(equalSectors count: Int) throws {
        geometry = try .equal(count: count, firstSectorStart: 270, pointer: 270)
        name = "reference-wheel-\(count)"
    }

    /// Weighted sectors labelled 1 ... weights.count.
    public init(weights: [Double], name: String? = nil) throws {
        geometry = try .weighted(weights, firstSectorStart: 270, pointer: 270)
        self.name = name ?? "reference-wheel-weighted-\(weights.count)"
    }

    /// Any geometry.
    public init(geometry: WheelGeometry, name: String) {
        self.geometry = geometry
        self.name = name
    }

    public var summary: String {
        "The toolkit's reference: \(geometry.count) sectors, exact truth, uniform spin"
    }
    public var rotationUnit: AngleUnit { .degrees }
    public var initialRotation: Double { 0 }
    public var spinDraw: SpinDraw { .oneTurn(in: .degrees) }
    public var indices: Range<Int> { 0..<geometry.count }

    public func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }

    public func report(_ rotation: Double) -> WheelOutcome {
        switch geometry.truth(rotation: rotation, unit: .degrees) {
        case .inside(let index): return .label(geometry.sectors[index].label)
        case .onLine(let touching):
            // Half-open arcs: the sector whose start line this is.
            let position = geometry.positionUnderPointer(rotation: rotation, unit: .degrees)
            let starting = touching.first { index in
                let offset = (position - geometry.sectors[index].startTurns).fractionalPart.value
                return offset < 1e-12 || offset > 1 - 1e-12
            }
            return .label(geometry.sectors[starting ?? touching[0]].label)
        case .blank: return .noResult
        }
    }

    public func spin(toIndex index: Int) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let sector = geometry.sectors[index]
        let middle = sector.startTurns + Turns(sector.widthTurns.value / 2)
        let rotation = (geometry.pointerTurns - middle).fractionalPart.value * 360
        return .stops(at: rotation, reports: .label(sector.label))
    }
}
