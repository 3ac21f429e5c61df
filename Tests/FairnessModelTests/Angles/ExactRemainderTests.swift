import Testing

@testable import FairnessModel

@Suite("Exact remainder")
struct ExactRemainderTests {
    /// The same bits as `truncatingRemainder`, or both NaN.
    static func agrees(_ x: Double, _ y: Double) -> Bool {
        let fast = x.exactRemainder(dividingBy: y), slow = x.truncatingRemainder(dividingBy: y)
        return fast.bitPattern == slow.bitPattern || (fast.isNaN && slow.isNaN)
    }

    @Test func matchesFmodBitForBitOnRandomValues() {
        var generator = Xoshiro256StarStar(seed: 20261123, stream: 0, block: 0)
        let divisors =
            [2 * Double.pi, 360, 1, 0.1, 3, 1e-300, 7.5e300]
            + (0..<20).map { _ in
                Double(
                    sign: .plus, exponent: Int(Sampling.uniformInteger(below: 200, using: &generator)) - 100,
                    significand: 1 + Sampling.unitInterval(using: &generator))
            }
        var mismatches: [(Double, Double)] = []
        for y in divisors {
            for _ in 0..<20_000 {
                // Ratios from below 1 up to past 2^53, both signs.
                let exponent = Int(Sampling.uniformInteger(below: 60, using: &generator)) - 4
                let x = y * Double(sign: .plus, exponent: exponent, significand: 1 + Sampling.unitInterval(using: &generator))
                for candidate in [x, -x, x.nextUp, x.nextDown] where !Self.agrees(candidate, y) || !Self.agrees(candidate, -y) {
                    mismatches.append((candidate, y))
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func matchesFmodAtAndBesideMultiplesOfTheDivisor() {
        var mismatches: [(Double, Double)] = []
        let divisors: [Double] = [2 * Double.pi, 360, 1, 0.1, 1.0 / 3]
        for y in divisors {
            let multiples: [Double] = [1, 2, 3, 10, 1_000, 393_216, 1e6, 123_456_789, 0x1p40, 0x1p51, 0x1p52 - 1, 0x1p52, 0x1p53]
            for n in multiples {
                let x = n * y
                var value = x
                for _ in 0..<4 { value = value.nextDown }
                for _ in 0..<9 {
                    if !Self.agrees(value, y) || !Self.agrees(-value, y) { mismatches.append((value, y)) }
                    value = value.nextUp
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func matchesFmodOnSpecialValues() {
        let specials: [Double] = [
            0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1, -1, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, 2 * .pi, -2 * .pi,
        ]
        for x in specials {
            for y in specials { #expect(Self.agrees(x, y), "\(x) mod \(y)") }
        }
    }

    @Test func theSliderRoulettesLongSessionsKeepTheirResults() throws {
        // The rotations a block of 65,536 spins reaches: 10π + U[0, 2π) each, up to about 2.5·10^6 rad.
        var generator = Xoshiro256StarStar(seed: 7, stream: 0, block: 0)
        var rotation = 0.0
        for _ in 0..<65_536 {
            rotation += 10 * Double.pi + Sampling.unitInterval(using: &generator) * 2 * Double.pi
            #expect(Self.agrees(rotation, 2 * Double.pi))
        }
    }
}
