import Foundation
import Testing

/// The SciPy reference cases written by `Tests/FairnessStatisticsTests/Fixtures/make_statistics_reference.py`.
struct Reference: Decodable {
    struct ChiSquare: Decodable { let x: Double; let df: Double; let sf: Double; let cdf: Double }
    struct ChiSquareQuantile: Decodable { let q: Double; let df: Double; let isf: Double }
    struct Figures: Decodable { let statistic: Double; let p: Double }
    struct GoodnessOfFit: Decodable {
        let name: String; let observed: [Double]; let probabilities: [Double]; let rule: String; let minimum: Double
        let inconclusive: Bool; let pooled: [[Int]]?; let df: Int?; let pearson: Figures?; let g: Figures?
    }
    struct BinomialTail: Decodable { let k: Double; let n: Double; let p: Double; let cdf: Double; let sfFromK: Double; let pmf: Double }
    struct BinomialTestCase: Decodable {
        let k: Double; let n: Double; let p: Double; let pvalue: Double; let confidence: Double
        let clopperPearson: [Double]; let wilson: [Double]
    }
    struct Contingency: Decodable { let table: [[Double]]; let statistic: Double; let p: Double; let df: Int; let minExpected: Double }
    struct Kolmogorov: Decodable { let n: Int; let d: Double; let sf: Double }
    struct KolmogorovLimit: Decodable { let t: Double; let sf: Double }
    struct KolmogorovSample: Decodable { let sample: [Double]; let d: Double; let p: Double; let method: String }
    struct Holm: Decodable { let p: [Double]; let adjusted: [Double] }
    struct Noncentral: Decodable { let x: Double; let df: Double; let nc: Double; let sf: Double; let cdf: Double }
    struct ChiSquarePowerCase: Decodable {
        let probabilities: [Double]; let trials: Double; let alpha: Double; let power: Double; let df: Double
        let critical: Double; let noncentrality: Double; let deviations: [Double]
    }
    struct BinomialPowerCase: Decodable {
        let trials: Double; let p0: Double; let alpha: Double; let power: Double
        let lower: Double?; let upper: Double?; let increase: Double?; let decrease: Double?
    }

    let chiSquare: [ChiSquare]
    let chiSquareQuantiles: [ChiSquareQuantile]
    let goodnessOfFit: [GoodnessOfFit]
    let binomialTails: [BinomialTail]
    let binomialTests: [BinomialTestCase]
    let contingency: [Contingency]
    let kolmogorov: [Kolmogorov]
    let kolmogorovLimit: [KolmogorovLimit]
    let kolmogorovSamples: [KolmogorovSample]
    let holm: [Holm]
    let noncentralChiSquare: [Noncentral]
    let chiSquarePower: [ChiSquarePowerCase]
    let binomialPower: [BinomialPowerCase]

    static let shared: Reference = {
        guard let url = Bundle.module.url(forResource: "scipy_reference", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url)
        else {
            fatalError(
                "missing fixture Fixtures/scipy_reference.json; run Tests/FairnessStatisticsTests/Fixtures/make_statistics_reference.py")
        }
        do { return try JSONDecoder().decode(Reference.self, from: data) } catch { fatalError("bad fixture: \(error)") }
    }()
}

/// The fixture `Fixtures/<name>.json` (written by its `make_*.py` beside it), decoded; a missing or
/// malformed fixture stops the tests with its name.
func loadFixture<T: Decodable>(_ name: String, as type: T.Type = T.self) -> T {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
        let data = try? Data(contentsOf: url)
    else { fatalError("missing fixture Fixtures/\(name).json") }
    do { return try JSONDecoder().decode(T.self, from: data) } catch { fatalError("bad fixture \(name).json: \(error)") }
}

/// The agreement every statistic must reach with the reference.
let referenceTolerance = 1e-9

/// Expects |actual − expected| ≤ tolerance · |expected| (exact equality for 0), with a readable message.
func expectClose(
    _ actual: Double?, _ expected: Double, tolerance: Double = referenceTolerance,
    _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("\(what()): no value, expected \(expected)", sourceLocation: sourceLocation)
        return
    }
    let ok = actual == expected || abs(actual - expected) <= tolerance * abs(expected)
    #expect(
        ok, "\(what()): got \(actual), reference \(expected), relative error \(abs(actual - expected) / abs(expected))",
        sourceLocation: sourceLocation)
}
