import PropertyBased
import Testing

@testable import FairnessModel

@Suite("Wheel geometry and truth")
struct WheelGeometryTests {
    @Test func equalWheelTruthAtMiddlesAndLines() throws {
        // Four sectors of 90°, the first starting at the top (270°), pointer at the top.
        let g = try WheelGeometry.equal(count: 4, firstSectorStart: 270, pointer: 270)
        // No rotation: the pointer sits on the line where sector 1 starts (and sector 4 ends).
        #expect(g.truth(rotation: 0, unit: .degrees) == .onLine([0, 3]))
        #expect(g.truth(rotation: -0.0, unit: .degrees) == .onLine([0, 3]))
        // Turning the wheel clockwise by 45° brings sector 4 (counter-clockwise of the top) under the pointer.
        #expect(g.truth(rotation: 45, unit: .degrees) == .inside(3))
        #expect(g.truth(rotation: -45, unit: .degrees) == .inside(0))
        #expect(g.truth(rotation: 360 * 1_000_000 - 45, unit: .degrees) == .inside(0))
        #expect(g.truth(rotation: 90, unit: .degrees) == .onLine([2, 3]))
        // In radians: the double nearest π/2 is just below a true quarter turn, so the wheel point under the
        // pointer is just past 180°, inside sector 4, not on the line.
        #expect(g.truth(rotation: Double.pi / 2, unit: .radians) == .inside(3))
    }

    @Test func badGeometryIsRefusedNamingTheSector() {
        #expect(throws: WheelGeometryError.noSectors) { try WheelGeometry(sectors: [], pointer: 0) }
        #expect(throws: WheelGeometryError.invalidWidth(sector: 1, label: 2, width: 0)) {
            try WheelGeometry(sectors: [.init(label: 1, width: 360), .init(label: 2, width: 0)], pointer: 0)
        }
        #expect(throws: WheelGeometryError.invalidWidth(sector: 0, label: 1, width: -10)) {
            try WheelGeometry(sectors: [.init(label: 1, width: -10), .init(label: 2, width: 370)], pointer: 0)
        }
        #expect(throws: WheelGeometryError.self) {
            try WheelGeometry(sectors: [.init(label: 1, width: .nan), .init(label: 2, width: 180)], pointer: 0)
        }
        #expect(throws: WheelGeometryError.self) {
            try WheelGeometry(sectors: [.init(label: 1, width: .infinity), .init(label: 2, width: 180)], pointer: 0)
        }
        #expect(throws: WheelGeometryError.duplicateLabel(7, sectors: [0, 1])) {
            try WheelGeometry(sectors: [.init(label: 7, width: 180), .init(label: 7, width: 180)], pointer: 0)
        }
        do {
            _ = try WheelGeometry(sectors: [.init(label: 1, width: 100), .init(label: 2, width: 250)], pointer: 0)
            Issue.record("a wheel of 350° must be refused")
        } catch let WheelGeometryError.doesNotCloseTheCircle(finding, _) {
            #expect(finding.kind == .gap && finding.after == 1 && abs(finding.width - 10) < 1e-9)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func drawnGeometryKeepsAndReportsGaps() throws {
        let g = try WheelGeometry(
            drawnArcs: [DrawnArc(label: 1, start: 0, end: 170), DrawnArc(label: 2, start: 180, end: 360)],
            unit: .degrees, direction: .clockwise, pointer: 0)
        #expect(g.findings.count == 1)
        #expect(g.findings[0].kind == .gap && abs(g.findings[0].width - 10) < 1e-12)
        // Pointer at 0°: rotating by −175° brings wheel angle 175° (the gap) under it.
        #expect(g.truth(rotation: -175, unit: .degrees) == .blank)
        #expect(g.truth(rotation: -170, unit: .degrees) == .onLine([0]))
    }

    @Test func counterclockwiseLayout() throws {
        let g = try WheelGeometry(
            sectors: [.init(label: 1, width: 90), .init(label: 2, width: 270)], firstSectorStart: 0,
            direction: .counterclockwise, pointer: 0)
        // Sector 1 covers 270° ... 360° clockwise; wheel angle −45° (315°) is inside it.
        #expect(g.truth(rotation: 45, unit: .degrees) == .inside(0))
        #expect(g.truth(rotation: -45, unit: .degrees) == .inside(1))
    }
}

/// Independent slow truth for geometries on a grid of 1/1024 degree: everything in integers.
private func gridTruth(widths: [Int], start: Int, pointer: Int, rotation: Int) -> PointerTruth {
    let turn = 360 * 1024
    let position = ((pointer - rotation - start) % turn + turn) % turn
    var edge = 0
    for (index, width) in widths.enumerated() {
        if position == edge { return .onLine(index == 0 ? [0, widths.count - 1].sorted() : [index - 1, index]) }
        if position < edge + width { return .inside(index) }
        edge += width
    }
    return .onLine([0, widths.count - 1].sorted())
}

@Suite("Truth function properties")
struct TruthPropertyTests {
    @Test func truthMatchesIntegerArithmeticOnAGrid() async {
        let input = zip(
            Gen.int(in: 1...4000).array(of: 2...12), Gen.int(in: -400_000...400_000),
            Gen.int(in: -400_000...400_000), Gen.int(in: -1_000_000_000...1_000_000_000))
        await propertyCheck(count: 300, input: input) { raw, start, pointer, rotation in
            // Scale the random widths to sum to exactly 360·1024 grid units.
            let total = raw.reduce(0, +)
            var widths = raw.map { max(1, $0 * 360 * 1024 / total) }
            widths[widths.count - 1] += 360 * 1024 - widths.reduce(0, +)
            guard widths.last! > 0 else { return }
            let geometry = try! WheelGeometry(
                sectors: widths.enumerated().map { SectorSpecification(label: $0.offset + 1, width: Double($0.element) / 1024) },
                firstSectorStart: Double(start) / 1024, pointer: Double(pointer) / 1024)
            for r in [rotation, rotation + 1, rotation - 1, pointer - start, pointer - start - widths[0]] {
                let expected = gridTruth(widths: widths, start: start, pointer: pointer, rotation: r)
                #expect(geometry.truth(rotation: Double(r) / 1024, unit: .degrees) == expected)
            }
        }
    }

    @Test func truthInRadiansMatchesExtendedPrecisionAwayFromLines() async {
        let input = zip(Gen.double(in: 0.05...1).array(of: 2...9), Gen.double(in: -1e4...1e4))
        await propertyCheck(count: 300, input: input) { weights, rotation in
            let geometry = try! WheelGeometry.weighted(weights, unit: .radians, firstSectorStart: 0.3, pointer: 1.1)
            // Slow: wheel angle under the pointer in Float80 (64-bit significand), reduced by a 2π good to 2^-64.
            let twoPi: Float80 = 6.28318530717958647692528676655900576839
            var angle = (Float80(1.1) - Float80(rotation) - Float80(0.3)).truncatingRemainder(dividingBy: twoPi)
            if angle < 0 { angle += twoPi }
            var edge: Float80 = 0
            var expected: Int?
            var nearLine = false
            let total = weights.reduce(0, +)
            for (index, sector) in geometry.sectors.enumerated() {
                let width = Float80(sector.widthTurns.value) * twoPi
                if abs(angle - edge) < 1e-12 || abs(angle - edge - width) < 1e-12 { nearLine = true }
                if expected == nil && angle >= edge && angle < edge + width { expected = index }
                edge += width
                _ = total
            }
            guard !nearLine, let expected else { return }
            #expect(geometry.truth(rotation: rotation, unit: .radians) == .inside(expected))
        }
    }
}
