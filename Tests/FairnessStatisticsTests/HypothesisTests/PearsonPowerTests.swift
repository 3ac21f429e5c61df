import Foundation
import Testing

@testable import FairnessStatistics

/// The detectable deviation of one cell against the Pearson statistic's normal limit under the moved cell,
/// solved independently with SciPy (`Fixtures/make_power_reference.py`: another integration variable,
/// `quad` and `brentq`), where 100,000 simulated tables per deviation confirm the power is 90%.
@Suite("Pearson power under the moved cell")
struct PearsonPowerTests {
    struct Fixture: Decodable {
        struct Case: Decodable {
            struct Cell: Decodable {
                let cell: Int
                let up: Double?
                let down: Double?
                let detectable: Double
                let simulated: [String: Double]
            }
            let probabilities: [Double]
            let trials: Double
            let alpha: Double
            let power: Double
            let critical: Double
            let cells: [Cell]
        }
        let cases: [Case]
    }

    static let fixture: Fixture = loadFixture("power_reference", as: Fixture.self)

    @Test func detectableDeviationsMatchSciPy() throws {
        #expect(Self.fixture.cases.count >= 5)
        for case_ in Self.fixture.cases {
            let power = try ChiSquarePower(probabilities: case_.probabilities, trials: case_.trials, alpha: case_.alpha, power: case_.power)
            #expect(abs(power.criticalValue - case_.critical) <= 1e-9 * case_.critical)
            for cell in case_.cells {
                let detectable = try power.detectableRelativeDeviation(ofCell: cell.cell)
                #expect(
                    abs(detectable - cell.detectable) <= 1e-7 * cell.detectable,
                    "\(case_.probabilities.count) cells, N = \(case_.trials), cell \(cell.cell): \(detectable), SciPy \(cell.detectable)")
                // The simulated power at SciPy's deviations (the generator checks it against the model).
                for (direction, measured) in cell.simulated { #expect(abs(measured - 0.9) < 0.004, "\(direction): \(measured)") }
            }
        }
    }

    /// The model's power against the moved cell, against its own limits: the noncentral chi-square as δ → 0
    /// (c = d = 1), α with nothing moved, and an increase seen with less power than a decrease of the same size.
    @Test func powerAgreesWithTheNoncentralChiSquareForSmallDeviations() throws {
        let p = Array(repeating: 1.0 / 37, count: 37)
        let power = try ChiSquarePower(probabilities: p, trials: 1e10, alpha: 1e-6)
        let local = power.localRelativeDeviation(ofCell: 0)
        let atLocal = try PearsonPower.power(cell: p[0], deviation: local, cells: 37, trials: 1e10, criticalValue: power.criticalValue)
        #expect(abs(atLocal - 0.9) < 1e-4, "\(atLocal)")
        let null = try PearsonPower.power(cell: p[0], deviation: 0, cells: 37, trials: 1e5, criticalValue: power.criticalValue)
        #expect(abs(null - 1e-6) < 1e-9, "\(null)")
        let up = try PearsonPower.power(cell: p[0], deviation: 0.2, cells: 37, trials: 1e5, criticalValue: power.criticalValue)
        let down = try PearsonPower.power(cell: p[0], deviation: -0.2, cells: 37, trials: 1e5, criticalValue: power.criticalValue)
        #expect(up < down)
    }
}
