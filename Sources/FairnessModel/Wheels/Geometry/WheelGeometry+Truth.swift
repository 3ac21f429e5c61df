import Foundation

// Which sector is under the pointer, in exact turns.
extension WheelGeometry {
    /// The wheel angle under the pointer at `rotation` (in `unit`), in turns in [0, 1).
    @inlinable
    public func positionUnderPointer(rotation: Double, unit rotationUnit: AngleUnit) -> Turns {
        (pointerTurns - Turns(rotation, unit: rotationUnit)).fractionalPart
    }

    /// The exact truth: which sector is under the pointer when the wheel has turned by `rotation`
    /// (any finite value, in `rotationUnit`; many turns, negative and −0.0 included).
    /// - Precondition: `rotation` is finite.
    /// - Complexity: O(log n) for n sectors when the arcs tile the circle (no ``findings``), O(n) otherwise.
    public func truth(rotation: Double, unit rotationUnit: AngleUnit) -> PointerTruth {
        precondition(rotation.isFinite, "rotation must be finite")
        if let inside = insideByDoubles(rotation: rotation, unit: rotationUnit) { return inside }
        return exactTruth(rotation: rotation, unit: rotationUnit)
    }

    /// ``truth(rotation:unit:)`` in double-double turns throughout, with no filter in front.
    func exactTruth(rotation: Double, unit rotationUnit: AngleUnit) -> PointerTruth {
        let magnitude = Turns(rotation, unit: rotationUnit).value
        let position = positionUnderPointer(rotation: rotation, unit: rotationUnit)
        return truth(at: position, tolerance: Turns.lineTolerance(for: magnitude))
    }

    /// The truth where plain doubles settle it, nil where they may not: a filter in front of the exact
    /// path, so that a spin landing well inside a sector (almost every spin) costs a few double operations
    /// and a binary search rather than double-double arithmetic.
    ///
    /// For arcs that tile the circle, the position under the pointer is computed in doubles, p = f − ⌊f⌋
    /// with f = pointer − r/360 (or r · fl(1/2π)) turns. Its error is below (|r| + 1) · 2⁻⁵¹ turns, with r
    /// the rotation in turns: r/360 and r · fl(1/2π) are within |r| · 2⁻⁵², the pointer's and the sectors'
    /// leading doubles within 2⁻⁵³, each subtraction within half an ulp. The answer is the sector whose
    /// start is the last at or before p only when p lies more than the margin (|r| + 2) · 2⁻⁵⁰ — twice the
    /// errors' sum — plus the line tolerance inside it, from both its lines; so the exact position lies
    /// inside the same sector, beyond the tolerance, and the exact path would say the same. Otherwise (near
    /// a line, arcs with gaps or overlaps, one sector, rotations past 2³⁰ turns) nil.
    func insideByDoubles(rotation: Double, unit rotationUnit: AngleUnit) -> PointerTruth? {
        let n = orderByStart.count
        guard tiles, n > 1 else { return nil }
        let turns = rotationUnit == .degrees ? rotation / 360 : rotation * Turns.inverseTwoPi.high
        let margin = (abs(turns) + 2) * 0x1p-50 + Turns.lineTolerance(for: turns)
        guard margin < 0x1p-20 else { return nil }
        let f = pointerTurns.high - turns
        let position = f - f.rounded(.down)
        var low = 0, high = n
        while low < high {
            let mid = (low + high) / 2
            if sectors[orderByStart[mid]].startTurns.high <= position { low = mid + 1 } else { high = mid }
        }
        let index = orderByStart[(low - 1 + n) % n]
        var offset = position - sectors[index].startTurns.high
        if offset < 0 { offset += 1 }  // before the first start: in the arc that wraps past a full turn
        guard offset > margin, sectors[index].widthTurns.high - offset > margin else { return nil }
        return .inside(index)
    }

    /// The truth at a wheel position given in turns.
    /// - Parameters:
    ///   - position: The wheel angle under the pointer, in turns (normally in [0, 1)).
    ///   - tolerance: Half-width, in turns, of the band around each line within which `position` counts
    ///     as on the line.
    /// - Complexity: O(log n) for n sectors when the arcs tile the circle (no ``findings``), O(n) otherwise.
    public func truth(at position: Turns, tolerance: Double = Turns.lineTolerance(for: 1)) -> PointerTruth {
        var touching: [Int] = []
        if tiles {
            // Binary search for the last arc starting at or before the position.
            var low = 0, high = orderByStart.count
            while low < high {
                let mid = (low + high) / 2
                if sectors[orderByStart[mid]].startTurns <= position { low = mid + 1 } else { high = mid }
            }
            // The arc found, the one before it (whose end may be this line) and the one after.
            let n = orderByStart.count
            // (Up to three distinct arcs, visited without allocating.)
            let a = orderByStart[(low - 1 + n) % n], b = orderByStart[low % n], c = orderByStart[(low - 2 + 2 * n) % n]
            func visit(_ index: Int) -> PointerTruth? {
                switch classify(position, in: sectors[index], tolerance: tolerance) {
                case .inside: return .inside(index)
                case .onEdge: if !touching.contains(index) { touching.append(index) }
                case .outside: break
                }
                return nil
            }
            if let inside = visit(a) { return inside }
            if b != a, let inside = visit(b) { return inside }
            if c != a, c != b, let inside = visit(c) { return inside }
            if touching.isEmpty {
                // Fall back to a full scan (only reachable through rounding at the search boundary).
                return scan(position, tolerance: tolerance)
            }
            return .onLine(touching.sorted())
        }
        return scan(position, tolerance: tolerance)
    }

    private func scan(_ position: Turns, tolerance: Double) -> PointerTruth {
        var touching: [Int] = []
        // Later arcs are drawn on top: the last one containing the position wins.
        for index in sectors.indices.reversed() {
            switch classify(position, in: sectors[index], tolerance: tolerance) {
            case .inside:
                if touching.isEmpty { return .inside(index) }
                return .onLine((touching + [index]).sorted())
            case .onEdge: touching.append(index)
            case .outside: break
            }
        }
        return touching.isEmpty ? .blank : .onLine(touching.sorted())
    }

    private enum Placement { case inside, onEdge, outside }

    private func classify(_ position: Turns, in sector: WheelSector, tolerance: Double) -> Placement {
        var offset = (position - sector.startTurns).fractionalPart
        // Just below a full turn is just before the start line.
        if 1 - offset.value <= tolerance { offset = Turns(0) }
        let toEnd = (sector.widthTurns - offset).value
        if offset.value <= tolerance || abs(toEnd) <= tolerance { return .onEdge }
        return toEnd > 0 ? .inside : .outside
    }
}
