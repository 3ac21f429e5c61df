import Testing

@testable import FairnessModel

@Suite("Exact turn arithmetic")
struct TurnsTests {
    /// −0.5 + 5.48e-17 is held as (−0.49999999999999994, −6.8e-19); its fractional part is
    /// 0.5 + 5.48e-17, which a plain `high + 1` would round to 0.5, losing the part that decides
    /// which side of a line the pointer is on.
    @Test func fractionalPartKeepsTheLowWord() {
        let d = Turns(high: 0.25, low: 2.55940668794073e-17) - Turns(high: 0.75, low: -2.923628874389531e-17)
        let f = d.fractionalPart
        #expect(f.high == 0.5)
        #expect(abs(f.low - (2.55940668794073e-17 + 2.923628874389531e-17)) < 1e-32)
        #expect(Turns(-0.25).fractionalPart == Turns(0.75))
        #expect(Turns(3).fractionalPart.value == 0)
        #expect(Turns(-1e-30).fractionalPart.value == 1 - 1e-30 || Turns(-1e-30).fractionalPart.high == 1)
    }

    @Test func degreesAndRadiansConvertToTheSameTurn() {
        #expect(Turns(90, unit: .degrees) == Turns(0.25))
        let quarter = Turns(Double.pi / 2, unit: .radians)
        // The double nearest π/2 is below a quarter turn by about 6.1e-17 rad ≈ 9.7e-18 turn.
        #expect(quarter.high == 0.25 && quarter.low < 0 && abs(quarter.low + 9.745e-18) < 1e-20)
    }

    @Test func aTruthIsNeverTwoSectors() throws {
        // The rotation that exposed the rounding: both sectors of a 2-sector wheel used to claim it.
        let g = try WheelGeometry.equal(count: 2, labels: [0, 1], unit: .radians, firstSectorStart: Double.pi / 2, pointer: Double.pi)
        for _ in 0..<20 {
            #expect(g.truth(rotation: 1.5707963267948963, unit: .radians) == .inside(0))
        }
    }
}
