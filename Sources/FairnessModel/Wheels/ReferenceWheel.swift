/// The toolkit's reference wheel: any number of equal or weighted sectors, correct by construction.
///
/// It reports the exact geometric truth: the sector whose half-open arc [start, end) contains the wheel
/// angle under the pointer, computed in exact turns, so no floating-point sliver can be mislabelled and
/// periodicity holds for any rotation a double can hold. A rotation exactly on a line goes to the
/// sector starting there (half-open arcs). Spins draw a rotation uniform on [0, 360) degrees.
/// Told an index up front, it stops at the middle of that sector and refuses indices out of range.
/// This is the model to copy.
public struct ReferenceWheel: WheelSubject, TargetedWheelSubject {
    /// Rotations are `Double` degrees.
    public typealias Rotation = Double

    /// The wheel as drawn; from the `equalSectors` and `weights` initialisers, sectors laid out clockwise
    /// from the top (270°) with the pointer at the top.
    public let geometry: WheelGeometry
    /// A short identifier, unique among subjects (`reference-wheel-12`, ...).
    public let name: String

    /// `count` equal sectors labelled 1 ... count, the first starting at the top under the pointer.
    /// - Throws: ``WheelGeometryError/noSectors`` if `count` < 1.
    /// - Complexity: O(n log n) for n sectors.
    public init(equalSectors count: Int) throws {
        geometry = try .equal(count: count, firstSectorStart: 270, pointer: 270)
        name = "reference-wheel-\(count)"
    }

    /// Weighted sectors labelled 1 ... weights.count.
    /// - Parameters:
    ///   - weights: Positive relative weights; sector i's width is `weights[i] / Σ weights` of a turn.
    ///   - name: The subject's name; nil gives `reference-wheel-weighted-` followed by the sector count.
    /// - Throws: ``WheelGeometryError`` as
    ///   ``WheelGeometry/weighted(_:labels:unit:firstSectorStart:direction:pointer:)`` does:
    ///   ``WheelGeometryError/noSectors`` for no weights, and
    ///   ``WheelGeometryError/invalidWidth(sector:label:width:)`` for a weight that is not finite and positive.
    /// - Complexity: O(n log n) for n sectors.
    public init(weights: [Double], name: String? = nil) throws {
        geometry = try .weighted(weights, firstSectorStart: 270, pointer: 270)
        self.name = name ?? "reference-wheel-weighted-\(weights.count)"
    }

    /// Any geometry.
    public init(geometry: WheelGeometry, name: String) {
        self.geometry = geometry
        self.name = name
    }

    /// One line: the sector count, exact truth, uniform spin.
    public var summary: String {
        "The toolkit's reference: \(geometry.count) sectors, exact truth, uniform spin"
    }
    /// Degrees.
    public var rotationUnit: AngleUnit { .degrees }
    /// 0 degrees.
    public var initialRotation: Double { 0 }
    /// Uniform on [0, 360) degrees.
    public var spinDraw: SpinDraw { .oneTurn(in: .degrees) }
    /// Every sector index, 0 ..< ``WheelGeometry/count``.
    public var indices: Range<Int> { 0..<geometry.count }

    /// The drawn value itself: each spin comes to rest at `u` degrees, whatever the previous rotation.
    public func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }

    /// The exact truth: the label of the sector whose half-open arc [start, end) contains the wheel angle
    /// under the pointer (a rotation on a line goes to the sector starting there), or
    /// ``WheelOutcome/noResult`` over a blank part of the circle.
    /// - Precondition: `rotation` is finite.
    /// - Complexity: O(log n) for n sectors when the arcs tile the circle, O(n) otherwise.
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

    /// Stops with the middle of sector `index` under the pointer, at a rotation in [0, 360) degrees, and
    /// reports its label; refuses an index outside ``indices``.
    public func spin(toIndex index: Int) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let sector = geometry.sectors[index]
        let middle = sector.startTurns + Turns(sector.widthTurns.value / 2)
        let rotation = (geometry.pointerTurns - middle).fractionalPart.value * 360
        return .stops(at: rotation, reports: .label(sector.label))
    }
}
