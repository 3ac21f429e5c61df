import FairnessModel
import Testing

@testable import FairnessSubjects

@Suite("Reference wheel lookup")
struct ReferenceWheelLookupTests {
    /// The label the reference's rule gives at `angle` (degrees under the pointer, in [0, 360)), by a
    /// plain scan of the starts: the last sector starting at or before the angle, or the last sector.
    static func scanned(_ table: SectorTable, _ angle: Double) -> Int {
        var last = table.labels.count - 1
        for index in table.starts.indices where table.starts[index] <= angle { last = index }
        return table.labels[last]
    }

    @Test func theBucketedSearchFindsTheSectorAPlainScanFinds() throws {
        var generator = Xoshiro256StarStar(seed: 99, stream: 0, block: 0)
        for count in [1, 2, 3, 7, 37, 100, 1_000, 20_000] {
            let weights = (0..<count).map { _ in 0.05 + Sampling.unitInterval(using: &generator) }
            let wheel = try ReferenceWheel(weights: weights)
            let table = wheel.table
            // Angles at, and one ulp either side of, every start (a few hundred of them for big wheels),
            // then random angles.
            var angles: [Double] = []
            for start in table.starts.prefix(400) { angles += [start, start.nextUp, start.nextDown] }
            angles += (0..<20_000).map { _ in Sampling.unitInterval(using: &generator) * 360 }
            angles += [0, 360.0.nextDown, 180]
            var mismatches = 0
            for angle in angles where angle >= 0 && angle < 360 {
                // A rotation that puts `angle` under the pointer.
                let rotation = table.pointer - angle
                // The angle the report computes from that rotation, normalised as it does.
                var under = (table.pointer - rotation).exactRemainder(dividingBy: 360)
                if under < 0 { under += 360 }
                if under >= 360 { under = 0 }
                let expected = Self.scanned(table, under)
                if wheel.report(rotation) != .label(expected) { mismatches += 1 }
            }
            #expect(mismatches == 0, "\(count) sectors")
        }
    }
}
