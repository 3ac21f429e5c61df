import FairnessModel
import Foundation

/// Port of the rotary wheel control (seed `003_e8272c54c1343147.txt`, a translation of the classic UIKit
/// "rotating wheel" tutorial, `SMRotaryWheel`): sectors around a container view, dragged with `atan2`,
/// the selected sector read from the container's rotation when the finger lifts, then a "come-to-rest"
/// snap to that sector's middle.
///
/// The seed stops before the sector table and the snap code; they are ported from the original
/// tutorial as published:
/// - Drawing: sector `i`'s image hangs left of the centre (`anchorPoint = (1, 0.5)`) rotated by
///   `angleSize * i`, `angleSize = 2π/n`: sector `i` is centred on screen angle π + i·2π/n. The selection
///   point is on the left (π), "0 radians at the left" in the tutorial's words. Labels are the sector
///   numbers 0 ... n−1 (`"value is %i"`).
/// - `buildSectorsEven` / `buildSectorsOdd`: `SMSector` keeps `minValue`, `maxValue`, `midValue` as
///   **`float`**; the arithmetic is in `CGFloat` (double on 64-bit devices). Midpoints start at 0 and step
///   by −2π/n; even counts turn the sector straddling ±π into an "anomaly" with `minValue = fabsf(maxValue)`
///   > 0 > `maxValue`; odd counts flip the running midpoint once `minValue < −M_PI` (true for the float
///   rounding of −π itself).
/// - `endTrackingWithTouch`: `radians = atan2f(transform.b, transform.a)` (**single precision**), then every
///   sector is tried: the anomaly by `maxValue > radians || minValue < radians`, the others by
///   `radians > minValue && radians < maxValue` — strict, so a rotation whose `atan2f` equals a sector's
///   float bound selects nothing and `currentSector` keeps its previous value (reported here as no
///   result). The snap rotates by `−newVal`, with `newVal = radians − midValue`, or `radians ∓ π` for the
///   anomaly.
///
/// Where the port chose: the container's transform is (cos θ, sin θ) in double; `atan2f` is computed as the
/// double `atan2` of the two float arguments rounded to float, which is what a correctly rounded `atan2f`
/// returns (platform libms agree except, rarely, in the last bit). The drag is modelled as leaving the
/// wheel at an angle uniform on [0, 2π).
public struct RotaryWheel: WheelSubject {
    /// Rotations are `Double` radians, the container's rotation θ.
    public typealias Rotation = Double
    /// The sector counts ``init(sectorCount:)`` accepts: 2 ... 12.
    public static let sectorCounts = 2...12

    /// One row of the tutorial's sector table.
    public struct SectorBounds: Sendable, Hashable {
        /// The sector's lower bound in radians, as the tutorial's `float`; for the even-count anomaly
        /// `fabsf(maxValue)`, which lies above ``maxValue``.
        public let minValue: Float
        /// The sector's upper bound in radians, as a `float`.
        public let maxValue: Float
        /// The sector's middle in radians, as a `float`; the snap brings it under the selection point.
        public let midValue: Float
        /// The sector number, 0 ... n − 1, which is also its label.
        public let sector: Int
    }

    /// n, the number of sectors.
    public let sectorCount: Int
    /// The wheel as drawn: n equal wedges labelled 0 ... n − 1, sector i centred on π + i·2π/n (clockwise
    /// on screen), with the selection point (pointer) at π, on the left.
    public let geometry: WheelGeometry
    /// The tutorial's sector table, one row per sector in order, as `buildSectorsEven` or `buildSectorsOdd` builds it.
    public let sectorTable: [SectorBounds]

    /// The control with `sectorCount` sectors (the tutorial's 8 by default).
    /// - Throws: `WheelGeometryError/invalidAngle(what:value:)`, with the count as its value, if `sectorCount`
    ///   is outside ``sectorCounts``.
    /// - Complexity: O(n log n) for n sectors.
    public init(sectorCount: Int = 8) throws {
        guard Self.sectorCounts.contains(sectorCount) else {
            throw WheelGeometryError.invalidAngle(what: "rotary wheel sector count (2...12)", value: Double(sectorCount))
        }
        self.sectorCount = sectorCount
        // Equal wedges centred on π + i·2π/n: sector 0 starts half a wedge before π, the rest follow clockwise.
        let angleSize = 2 * Double.pi / Double(sectorCount)
        geometry = try .equal(
            count: sectorCount, labels: Array(0..<sectorCount), unit: .radians,
            firstSectorStart: Double.pi - angleSize / 2, direction: .clockwise, pointer: Double.pi)
        sectorTable = sectorCount % 2 == 0 ? Self.buildSectorsEven(sectorCount) : Self.buildSectorsOdd(sectorCount)
    }

    static func buildSectorsEven(_ numberOfSections: Int) -> [SectorBounds] {
        let fanWidth = Double.pi * 2 / Double(numberOfSections)
        var mid = 0.0
        var sectors: [SectorBounds] = []
        for i in 0..<numberOfSections {
            var midValue = Float(mid)
            var minValue = Float(mid - (fanWidth / 2))
            let maxValue = Float(mid + (fanWidth / 2))
            if Double(maxValue) - fanWidth < -Double.pi {
                mid = Double.pi
                midValue = Float(mid)
                minValue = abs(maxValue)
            }
            mid -= fanWidth
            sectors.append(SectorBounds(minValue: minValue, maxValue: maxValue, midValue: midValue, sector: i))
        }
        return sectors
    }

    static func buildSectorsOdd(_ numberOfSections: Int) -> [SectorBounds] {
        let fanWidth = Double.pi * 2 / Double(numberOfSections)
        var mid = 0.0
        var sectors: [SectorBounds] = []
        for i in 0..<numberOfSections {
            let midValue = Float(mid)
            let minValue = Float(mid - (fanWidth / 2))
            let maxValue = Float(mid + (fanWidth / 2))
            mid -= fanWidth
            if Double(minValue) < -Double.pi {
                mid = -mid
                mid -= fanWidth
            }
            sectors.append(SectorBounds(minValue: minValue, maxValue: maxValue, midValue: midValue, sector: i))
        }
        return sectors
    }

    /// `rotary-wheel-` followed by the sector count.
    public var name: String { "rotary-wheel-\(sectorCount)" }
    /// One line: the sector count, the float sector table, `atan2f` selection with strict bounds.
    public var summary: String { "Seed 003: \(sectorCount) sectors, float sector table, atan2f selection with strict bounds" }
    /// Radians.
    public var rotationUnit: AngleUnit { .radians }
    /// 0 radians.
    public var initialRotation: Double { 0 }
    /// Uniform on [0, 2π) radians: the angle the drag leaves the wheel at.
    public var spinDraw: SpinDraw { .oneTurn(in: .radians) }

    /// The drawn value itself: the drag leaves the wheel at `u` radians, whatever the previous rotation.
    public func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }

    /// `atan2f(container.transform.b, container.transform.a)` for a container rotated by θ.
    @inlinable
    public static func transformAngle(_ rotation: Double) -> Double {
        let a = Float(cos(rotation)), b = Float(sin(rotation))
        return Double(Float(atan2(Double(b), Double(a))))
    }

    /// The selection loop of `endTrackingWithTouch`: the selected sector and `newVal`, or nil.
    /// Every row is tried and the last one that matches wins.
    /// - Complexity: O(n) for n sectors.
    public func select(_ rotation: Double) -> (sector: Int, newValue: Double)? {
        let radians = Self.transformAngle(rotation)
        var result: (Int, Double)?
        for s in sectorTable {
            if s.minValue > 0 && s.maxValue < 0 {
                if Double(s.maxValue) > radians || Double(s.minValue) < radians {
                    result = (s.sector, radians > 0 ? radians - Double.pi : Double.pi + radians)
                }
            } else if radians > Double(s.minValue) && radians < Double(s.maxValue) {
                result = (s.sector, radians - Double(s.midValue))
            }
        }
        return result
    }

    /// The label of the sector ``select(_:)`` picks, or `WheelOutcome/noResult` when no row matches (the
    /// control then keeps its previous `currentSector`).
    /// - Complexity: O(n) for n sectors.
    public func report(_ rotation: Double) -> WheelOutcome {
        guard let selected = select(rotation) else { return .noResult }
        return .label(selected.sector)
    }

    /// The rotation after the come-to-rest snap: `CGAffineTransformRotate(transform, −newVal)`.
    /// Returns `rotation` unchanged when no sector is selected.
    /// - Complexity: O(n) for n sectors.
    public func restingRotation(afterReleaseAt rotation: Double) -> Double {
        guard let selected = select(rotation) else { return rotation }
        return rotation - selected.newValue
    }
}
