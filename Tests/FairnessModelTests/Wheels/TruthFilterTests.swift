import Testing

@testable import FairnessModel

/// The double-precision filter in front of the exact truth: wherever it answers, the exact path answers the
/// same; near lines, with gaps, and at huge rotations it stands aside.
@Suite("Truth filter")
struct TruthFilterTests {
    /// Wheels of every kind the filter meets: equal and weighted, degrees and radians, either layout,
    /// pointers and first starts at awkward angles, from 2 to 1,000 sectors.
    static func wheels() throws -> [WheelGeometry] {
        var wheels: [WheelGeometry] = []
        for count in [2, 3, 7, 12, 37, 1_000] {
            for unit in [AngleUnit.degrees, .radians] {
                let turn = unit.fullTurn
                wheels.append(try .equal(count: count, unit: unit, firstSectorStart: 0.75 * turn, pointer: 0.75 * turn))
                wheels.append(
                    try .equal(count: count, unit: unit, firstSectorStart: 0.1 * turn, direction: .counterclockwise, pointer: 0.3 * turn))
                let weights = (0..<count).map { Double(1 + ($0 * 7919) % 13) }
                wheels.append(try .weighted(weights, unit: unit, firstSectorStart: 0.33 * turn, pointer: 0.5 * turn))
            }
        }
        // A wheel with a one-in-a-million sector.
        wheels.append(try .weighted([999_999, 1], pointer: 270))
        return wheels
    }

    /// Rotations: spread over many turns both ways, huge ones, and points within a few ulps of every line.
    static func rotations(for geometry: WheelGeometry, using generator: inout Xoshiro256StarStar) -> [Double] {
        let turn = geometry.unit.fullTurn
        var rotations = (0..<20_000).map { _ in (Sampling.unitInterval(using: &generator) - 0.5) * 2e4 * turn }
        rotations += [0, -0.0, turn, -turn, 1e9 * turn, -1e9 * turn + 0.5, 2e9 * turn, 1e300, -1e300, .leastNonzeroMagnitude]
        // The rotations that bring each line under the pointer, some turns away, and their neighbours.
        for sector in geometry.sectors.prefix(50) {
            for turns in [0.0, 3, -17, 1_000_003] {
                let line = (geometry.pointerTurns - sector.startTurns).value + turns
                var rotation = line * turn
                for _ in 0..<4 { rotation = rotation.nextDown }
                for _ in 0..<9 {
                    rotations.append(rotation)
                    rotation = rotation.nextUp
                }
            }
        }
        return rotations
    }

    @Test func whereTheFilterAnswersTheExactPathAgrees() throws {
        var generator = Xoshiro256StarStar(seed: 77, stream: 0, block: 0)
        var answered = 0, total = 0
        for geometry in try Self.wheels() {
            for rotation in Self.rotations(for: geometry, using: &generator) {
                let exact = geometry.exactTruth(rotation: rotation, unit: geometry.unit)
                total += 1
                guard let quick = geometry.insideByDoubles(rotation: rotation, unit: geometry.unit) else { continue }
                answered += 1
                #expect(quick == exact, "\(geometry.count) sectors, rotation \(rotation) \(geometry.unit)")
                #expect(geometry.truth(rotation: rotation, unit: geometry.unit) == exact)
            }
        }
        // The filter settles nearly every spin (the rest are near lines or beyond 2^30 turns).
        #expect(Double(answered) > 0.9 * Double(total), "\(answered) of \(total)")
    }

    @Test func theFilterStandsAsideNearLinesAndForGaps() throws {
        let g = try WheelGeometry.equal(count: 4, firstSectorStart: 270, pointer: 270)
        // On a line, and one ulp either side of it: the exact path decides.
        for rotation: Double in [90.0, 90.0.nextUp, 90.0.nextDown, 0, -0.0, 360 * 1_000_000] {
            #expect(g.insideByDoubles(rotation: rotation, unit: .degrees) == nil, "\(rotation)")
        }
        #expect(g.insideByDoubles(rotation: 45, unit: .degrees) == .inside(3))
        // Beyond 2^30 turns the margin is too wide to decide anything.
        #expect(g.insideByDoubles(rotation: 360 * 0x1p31 + 45, unit: .degrees) == nil)
        // Arcs with a gap between them: only the exact path.
        let gapped = try WheelGeometry(
            drawnArcs: [DrawnArc(label: 1, start: 0, end: 170), DrawnArc(label: 2, start: 180, end: 360)], unit: .degrees,
            direction: .clockwise, pointer: 0)
        #expect(!gapped.findings.isEmpty && gapped.insideByDoubles(rotation: 45, unit: .degrees) == nil)
        // One sector: only the exact path.
        let whole = try WheelGeometry.equal(count: 1, pointer: 0)
        #expect(whole.insideByDoubles(rotation: 45, unit: .degrees) == nil)
    }
}
