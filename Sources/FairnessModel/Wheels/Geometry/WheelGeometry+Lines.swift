import Foundation

// The lines between sectors, and the rotations that put them under the pointer.
extension WheelGeometry {
    /// A line between sectors: the wheel angle it sits at (turns) and the sectors it separates.
    public struct Line: Sendable, Hashable {
        /// The wheel angle the line sits at, in turns in [0, 1).
        public let position: Turns
        /// The indices of the sectors with an edge on this line, ascending and without repeats.
        public let sectors: [Int]

        /// The rotation, in `unit` and within [0, 1) turn, that puts this line under a pointer at `pointer`
        /// (in turns, such as ``WheelGeometry/pointerTurns``), rounded to a double.
        public func rotation(in unit: AngleUnit, pointer: Turns) -> Double {
            (pointer - position).fractionalPart.value * unit.fullTurn
        }

        /// The first value of type `R` at or past this line as the rotation increases from
        /// ``rotation(in:pointer:)`` — exactly, by stepping over adjacent values with exact comparisons.
        /// Rotations below it put the pointer on one side of the line, it and those above on the other.
        public func firstRotation<R: BinaryFloatingPoint>(atOrPast unit: AngleUnit, pointer: Turns, as _: R.Type = R.self) -> R {
            // Signed distance (turns, wrapped to (−½, ½]) from the line to the wheel point under the
            // pointer; it decreases as the rotation increases.
            func side(_ r: R) -> Double {
                var d = ((pointer - Turns(Double(r), unit: unit)) - position).fractionalPart.value
                if d > 0.5 { d -= 1 }
                return d
            }
            var r = R(rotation(in: unit, pointer: pointer))
            var steps = 0
            while side(r) > 0 && steps < 64 { r = r.nextUp; steps += 1 }
            while side(r.nextDown) <= 0 && steps < 128 { r = r.nextDown; steps += 1 }
            return r
        }
    }

    /// Edges of two sectors closer than this, in turns, are one line: 10⁻¹⁵ turn, a few units in the last
    /// place of a `Double` angle below one turn, so that one sector's end and the next one's start, each
    /// rounded on its own, meet; a sector narrower than this is drawn as a line. (It was 10⁻¹² turn, which
    /// hid a sector of 10⁻¹² of the circle between its two edges.)
    public static let lineMergeTolerance = 1e-15

    /// Every line between sectors (edges closer than ``lineMergeTolerance`` are one line), in order around the
    /// wheel.
    /// - Complexity: O(n log n) for n sectors.
    public var lines: [Line] {
        var edges: [(Turns, Int)] = []
        for sector in sectors {
            edges.append((sector.startTurns, sector.index))
            edges.append(((sector.startTurns + sector.widthTurns).fractionalPart, sector.index))
        }
        edges.sort { $0.0 < $1.0 }
        var result: [Line] = []
        var group: [(Turns, Int)] = []
        func flush() {
            guard let first = group.first else { return }
            result.append(Line(position: first.0, sectors: Array(Set(group.map(\.1))).sorted()))
            group = []
        }
        for edge in edges {
            if let last = group.last, (edge.0 - last.0).value > Self.lineMergeTolerance { flush() }
            group.append(edge)
        }
        flush()
        // An edge at 0.999999999999… and one at 0 are the same line.
        if result.count > 1, let first = result.first, let last = result.last,
            (Turns(1) - last.position + first.position).value <= Self.lineMergeTolerance
        {
            result[0] = Line(position: first.position, sectors: Array(Set(first.sectors + last.sectors)).sorted())
            result.removeLast()
        }
        return result
    }
}
