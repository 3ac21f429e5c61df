import FairnessModel

/// The toolkit's reference wheel: any number of equal or weighted sectors, written as a careful game
/// would write it.
///
/// It reports the sector under the pointer from a lookup table of the sectors' starts (`SectorTable`)
/// with ordinary `Double` arithmetic, never the toolkit's exact truth, so its audit shows what correct
/// code looks like to the checks: at most a few units in the last place misplaced at a line, which the
/// checks report as rounding (NOTE), never a failure. Spins draw a rotation uniform on [0, 360) degrees.
/// Told an index up front, it stops at the middle of that sector and refuses indices out of range.
public struct ReferenceWheel: WheelSubject, TargetedWheelSubject {
    /// Rotations are `Double` degrees.
    public typealias Rotation = Double

    /// The wheel as drawn; from the `equalSectors` and `weights` initialisers, sectors laid out clockwise
    /// from the top (270°) with the pointer at the top.
    public let geometry: WheelGeometry
    /// A short identifier, unique among subjects (`reference-wheel-12`, ...).
    public let name: String
    /// The sectors as the game's lookup table holds them.
    public let table: SectorTable
    /// What the wheel pays per label, if anything (nil by default).
    public var paytable: Paytable<Int>?

    /// `count` equal sectors labelled 1 ... count, the first starting at the top under the pointer.
    /// - Throws: `WheelGeometryError/noSectors` if `count` < 1.
    /// - Complexity: O(n log n) for n sectors.
    public init(equalSectors count: Int) throws {
        geometry = try .equal(count: count, firstSectorStart: 270, pointer: 270)
        name = "reference-wheel-\(count)"
        table = SectorTable(geometry)
    }

    /// Weighted sectors labelled 1 ... weights.count.
    /// - Parameters:
    ///   - weights: Positive relative weights; sector i's width is `weights[i] / Σ weights` of a turn.
    ///   - name: The subject's name; nil gives `reference-wheel-weighted-` followed by the sector count.
    /// - Throws: `WheelGeometryError` as
    ///   `WheelGeometry/weighted(_:labels:unit:firstSectorStart:direction:pointer:)` does:
    ///   `WheelGeometryError/noSectors` for no weights, and
    ///   `WheelGeometryError/invalidWidth(sector:label:width:)` for a weight that is not finite and positive.
    /// - Complexity: O(n log n) for n sectors.
    public init(weights: [Double], name: String? = nil) throws {
        geometry = try .weighted(weights, firstSectorStart: 270, pointer: 270)
        self.name = name ?? "reference-wheel-weighted-\(weights.count)"
        table = SectorTable(geometry)
    }

    /// Any geometry.
    public init(geometry: WheelGeometry, name: String) {
        self.geometry = geometry
        self.name = name
        table = SectorTable(geometry)
    }

    /// One line: the sector count, exact truth, uniform spin.
    public var summary: String {
        "The toolkit's reference: \(geometry.count) sectors, Double table lookup, uniform spin"
    }
    /// Degrees.
    public var rotationUnit: AngleUnit { .degrees }
    /// 0 degrees.
    public var initialRotation: Double { 0 }
    /// Uniform on [0, 360) degrees.
    public var spinDraw: SpinDraw { .oneTurn(in: .degrees) }
    /// Every sector index, 0 ..< `WheelGeometry/count`.
    public var indices: Range<Int> { 0..<geometry.count }
    /// nil: the reference claims each sector's share of the circle (as a wheel and as a targeted wheel).
    public var claimedOdds: [WheelOutcome: Double]? { nil }
    /// 1e-9 (the reference claims exact shares).
    public var claimTolerance: Double { 1e-9 }

    /// The drawn value itself: each spin comes to rest at `u` degrees, whatever the previous rotation.
    public func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }

    /// The sector under the pointer, computed the way a game would: the wheel angle under the pointer,
    /// `(pointer − rotation) mod 360` in `Double` degrees, looked up in the table of the
    /// sectors' starts (clockwise, in [0, 360)); over a blank part of the circle, `WheelOutcome/noResult`.
    /// It never consults the toolkit's exact truth, so the audit of the reference shows what correct
    /// floating-point arithmetic looks like: a wrong label only within a few units in the last place of a
    /// line (the exact checks report them as rounding).
    /// - Precondition: `rotation` is finite.
    /// - Complexity: O(1) expected for sectors of comparable width (a bucket table of 4n entries, then a
    ///   step or two); O(n) at worst, where many starts crowd into one bucket.
    public func report(_ rotation: Double) -> WheelOutcome {
        var angle = (table.pointer - rotation).exactRemainder(dividingBy: 360)
        if angle < 0 { angle += 360 }
        if angle >= 360 { angle = 0 }
        // low = the number of starts at or before the angle (so sector low − 1 is the last of them): from
        // the count at the start of the angle's bucket, stepped to the exact place by comparing with the
        // starts themselves (one step or none, usually; a binary search would mispredict half its branches
        // on random spins).
        let starts = table.starts
        let bucket = min(Int(angle * table.bucketsPerDegree), table.countAtBucket.count - 1)
        var low = Int(table.countAtBucket[bucket])
        while low < starts.count && starts[low] <= angle { low += 1 }
        while low > 0 && starts[low - 1] > angle { low -= 1 }
        // Sectors that tile the circle: the one starting last at or before the angle (before the first
        // start, the last sector, which runs on past 360). Comparing with starts only, never with
        // start + width, leaves no sliver between two sectors where rounding could make both miss.
        if table.tiles { return .label(table.labels[low > 0 ? low - 1 : table.labels.count - 1]) }
        if low > 0, angle - table.starts[low - 1] < table.widths[low - 1] { return .label(table.labels[low - 1]) }
        if let last = table.starts.indices.last, table.starts[last] + table.widths[last] - 360 > angle {
            return .label(table.labels[last])
        }
        return .noResult
    }

    /// Stops with the middle of sector `index` under the pointer, at a rotation in [0, 360) degrees
    /// computed in `Double` as `(pointer − (start + width / 2)) mod 360`, and reports its label; refuses an
    /// index outside ``indices``.
    public func spin(toIndex index: Int) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let sector = geometry.sectors[index]
        let middle = sector.startTurns.value * 360 + sector.widthTurns.value * 360 / 2
        var rotation = (table.pointer - middle).truncatingRemainder(dividingBy: 360)
        if rotation < 0 { rotation += 360 }
        return .stops(at: rotation, reports: .label(sector.label))
    }
}

/// The lookup table a game keeps for its wheel: sector starts (clockwise screen degrees in [0, 360),
/// ascending), widths and labels, and the pointer's angle.
public struct SectorTable: Sendable, Hashable {
    /// Each sector's clockwise start, in degrees in [0, 360), ascending.
    public let starts: [Double]
    /// Each sector's width in degrees, in the order of ``starts``.
    public let widths: [Double]
    /// Each sector's label, in the order of ``starts``.
    public let labels: [Int]
    /// The pointer's screen angle in degrees.
    public let pointer: Double
    /// Whether the sectors tile the circle (no gap or overlap as drawn).
    public let tiles: Bool
    /// For each of 4n buckets of [0, 360) (n sectors, 64 to 65,536 buckets), the number of starts
    /// before the bucket's lower end: where the search for an angle in it begins.
    let countAtBucket: [Int32]
    /// Buckets per degree: the bucket of angle a is ⌊a · bucketsPerDegree⌋.
    let bucketsPerDegree: Double

    /// The table of `geometry`, in `Double` degrees.
    public init(_ geometry: WheelGeometry) {
        let sorted = geometry.sectors.sorted { $0.startTurns < $1.startTurns }
        starts = sorted.map { $0.startTurns.value * 360 }
        widths = sorted.map { $0.widthTurns.value * 360 }
        labels = sorted.map(\.label)
        pointer = geometry.pointerTurns.fractionalPart.value * 360
        tiles = geometry.findings.isEmpty
        let buckets = min(max(64, 4 * starts.count), 1 << 16)
        bucketsPerDegree = Double(buckets) / 360
        var counts = [Int32](repeating: 0, count: buckets)
        var below = 0
        for bucket in 0..<buckets {
            let lowerEnd = Double(bucket) / bucketsPerDegree
            while below < starts.count && starts[below] < lowerEnd { below += 1 }
            counts[bucket] = Int32(below)
        }
        countAtBucket = counts
    }
}
