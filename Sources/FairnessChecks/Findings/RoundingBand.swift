import FairnessModel

/// The band around every sector line inside which a wrong label counts as floating-point rounding.
///
/// A correct implementation computes its sector from the rotation in its own floating-point type; each
/// operation may round by half a unit in the last place (ulp), so near a line a handful of values can land
/// on the neighbour's side. The band's half-width at rotation r, in the rotation's unit, is
///
///     ulps · ulp_T(max(|r|, one turn))
///
/// where ulp_T is the spacing of the subject's own type T at that magnitude: taken at one turn because
/// correct code reduces the angle to [0, one turn) and loses that much wherever the line sits, and at |r|
/// beyond because a rotation accumulated over many turns carries no finer angle than its own ulp. For
/// `Double` radians below one turn the band is 16 · 8.9e-16 rad (2.3e-15 of the circle per line); for
/// `Float` degrees, 16 · 3.05e-5° (1.4e-6 of the circle per line).
public enum RoundingBand {
    /// Units in the last place, either side of a line: 16.
    public static let ulps = 16

    /// The band's half-width in the rotation unit at `rotation`, for rotations of type `Rotation`.
    public static func halfWidth<Rotation: BinaryFloatingPoint>(at rotation: Rotation, unit: AngleUnit) -> Double {
        let scale = max(abs(rotation), Rotation(unit.fullTurn))
        return Double(ulps) * Double(scale.ulp)
    }
}

/// Distances from rotations to the nearest sector line of one wheel, in exact turns.
struct LineDistances: Sendable {
    let positions: [Turns]
    let pointer: Turns
    let unit: AngleUnit

    init(_ geometry: WheelGeometry, unit: AngleUnit) {
        positions = geometry.lines.map(\.position)
        pointer = geometry.pointerTurns
        self.unit = unit
    }

    /// The distance, in the rotation unit, from the wheel point under the pointer at `rotation` to the
    /// nearest line (infinity for a wheel without lines).
    /// - Complexity: O(log L) for L lines.
    func distance(rotation: Double) -> Double {
        guard !positions.isEmpty else { return .infinity }
        let position = (pointer - Turns(rotation, unit: unit)).fractionalPart
        var low = 0, high = positions.count
        while low < high {
            let mid = (low + high) / 2
            if positions[mid] < position { low = mid + 1 } else { high = mid }
        }
        func gap(_ index: Int) -> Double {
            let d = (positions[(index + positions.count) % positions.count] - position).fractionalPart.value
            return min(d, 1 - d)
        }
        return min(gap(low), gap(low - 1)) * unit.fullTurn
    }

    /// Whether every rotation from `from` to `to` lies within the rounding band of one line.
    func withinBand<Rotation: BinaryFloatingPoint>(from: Rotation, to: Rotation) -> Bool {
        let band = max(RoundingBand.halfWidth(at: from, unit: unit), RoundingBand.halfWidth(at: to, unit: unit))
        return abs(Double(to) - Double(from)) <= 2 * band && distance(rotation: Double(from)) <= band
            && distance(rotation: Double(to)) <= band
    }
}
