import FairnessStatistics
import Foundation
import Testing

/// Reference values at the edges, written by `Tests/FairnessStatisticsTests/Fixtures/make_edge_reference.py` (mpmath at 60 digits for
/// the binomial distribution, SciPy's `binomtest` for the test and its intervals).
struct EdgeReference: Decodable {
    struct Binomial: Decodable { let n: Double; let k: Double; let p: Double; let pmf: Double; let cdf: Double; let sf: Double }
    struct BinomialTestCase: Decodable {
        let n: Double; let k: Double; let p: Double; let pvalue: Double; let clopperPearson: [Double]; let wilson: [Double]
    }
    struct ChiSquare: Decodable { let df: Double; let x: Double; let sf: Double; let cdf: Double }
    struct ChiSquareQuantile: Decodable { let df: Double; let q: Double; let isf: Double }
    struct Kolmogorov: Decodable { let n: Int; let d: Double; let sf: Double }
    struct Noncentral: Decodable { let df: Double; let nc: Double; let x: Double; let sf: Double; let cdf: Double }
    let binomialEdges: [Binomial]
    let binomialTestEdges: [BinomialTestCase]
    let chiSquareEdges: [ChiSquare]
    let chiSquareQuantileEdges: [ChiSquareQuantile]
    let kolmogorovEdges: [Kolmogorov]
    let noncentralEdges: [Noncentral]
    struct SmallTable: Decodable {
        let total: Int; let cells: Int; let observed: [Double]; let pearson: Double?; let g: Double?; let contingency: Double?
    }
    let smallTables: [SmallTable]

    static let shared: EdgeReference = loadFixture("edge_reference", as: EdgeReference.self)
}

/// Relative error within 1e-9, or both below 1e-300 in absolute value (values the double range cannot
/// tell apart from 0 at that precision).
func expectEdgeClose(
    _ actual: Double, _ expected: Double, _ what: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let ok = actual == expected || abs(actual - expected) <= 1e-9 * abs(expected) + 1e-300
    #expect(ok, "\(what()): got \(actual), reference \(expected)", sourceLocation: sourceLocation)
}

@Suite("Statistics at the edges")
struct EdgeCaseTests {
    /// n from 0 to 60, every k, p from 0 through 1e-300 and 1e-12 to 1 − 1e-12 and 1: no crash, no endless
    /// loop, and every value as mpmath gives it.
    @Test func binomialDistributionForEverySmallNAndK() throws {
        let cases = EdgeReference.shared.binomialEdges
        #expect(cases.count > 18_000)
        for c in cases {
            let distribution = try BinomialDistribution(trials: c.n, probability: c.p)
            let label = "n \(c.n) k \(c.k) p \(c.p)"
            expectEdgeClose(distribution.probabilityOf(c.k), c.pmf, "pmf, \(label)")
            expectEdgeClose(try distribution.lowerTail(c.k), c.cdf, "P(X ≤ k), \(label)")
            expectEdgeClose(try distribution.upperTail(c.k), c.sf, "P(X ≥ k), \(label)")
        }
    }

    /// The exact test and both intervals for every n from 1 to 60 and every k, against SciPy.
    @Test func binomialTestForEverySmallNAndK() throws {
        for c in EdgeReference.shared.binomialTestEdges {
            let test = try BinomialTest(successes: c.k, trials: c.n, hypothesised: c.p)
            let label = "binomtest(\(c.k), \(c.n), \(c.p))"
            expectEdgeClose(test.verdict.pValue ?? .nan, c.pvalue, "\(label) p-value")
            expectEdgeClose(test.clopperPearson.lower, c.clopperPearson[0], "\(label) Clopper-Pearson low")
            expectEdgeClose(test.clopperPearson.upper, c.clopperPearson[1], "\(label) Clopper-Pearson high")
            expectEdgeClose(test.wilson.lower, c.wilson[0], "\(label) Wilson low")
            expectEdgeClose(test.wilson.upper, c.wilson[1], "\(label) Wilson high")
        }
    }

    /// Chi-square tails from df = 1 to 10^5 and x from 0 through 1e-300 to 10^6, against mpmath; upper
    /// quantiles down to q = 1e-300 against SciPy.
    @Test func chiSquareAtTheEdges() throws {
        for c in EdgeReference.shared.chiSquareEdges {
            let distribution = try ChiSquareDistribution(degreesOfFreedom: c.df)
            expectEdgeClose(try distribution.upperTail(c.x), c.sf, "chi2.sf(\(c.x), \(c.df))")
            expectEdgeClose(try distribution.lowerTail(c.x), c.cdf, "chi2.cdf(\(c.x), \(c.df))")
        }
        for c in EdgeReference.shared.chiSquareQuantileEdges {
            let distribution = try ChiSquareDistribution(degreesOfFreedom: c.df)
            expectEdgeClose(try distribution.upperQuantile(c.q), c.isf, "chi2.isf(\(c.q), \(c.df))")
        }
    }

    /// The exact Kolmogorov distribution for every n from 1 to 60, d from 0 to 1, against SciPy's kstwo.
    @Test func kolmogorovForEverySmallN() throws {
        for c in EdgeReference.shared.kolmogorovEdges {
            expectEdgeClose(try KolmogorovDistribution.exactUpperTail(c.d, sampleSize: c.n), c.sf, "kstwo.sf(\(c.d), \(c.n))")
        }
    }

    /// The noncentral chi-square with noncentrality 0, 1e-12, 1 and 100, x from 0 to far out, against mpmath.
    @Test func noncentralChiSquareAtTheEdges() throws {
        for c in EdgeReference.shared.noncentralEdges {
            let distribution = try NoncentralChiSquareDistribution(degreesOfFreedom: c.df, noncentrality: c.nc)
            expectEdgeClose(try distribution.upperTail(c.x), c.sf, "ncx2.sf(\(c.x), \(c.df), \(c.nc))")
            expectEdgeClose(try distribution.lowerTail(c.x), c.cdf, "ncx2.cdf(\(c.x), \(c.df), \(c.nc))")
        }
    }

    /// Where a value is undefined the documented error comes back, not a crash.
    @Test func undefinedInputsThrowTheDocumentedError() {
        #expect(throws: StatisticsError.self) { try BinomialTest(successes: 0, trials: 0, hypothesised: 0.5) }
        #expect(throws: StatisticsError.self) { try BinomialDistribution(trials: -1, probability: 0.5) }
        #expect(throws: StatisticsError.self) { try BinomialDistribution(trials: 3, probability: .nan) }
        #expect(throws: StatisticsError.self) { try BinomialDistribution(trials: 0x1p54, probability: 0.5) }
        #expect(throws: StatisticsError.self) { try BinomialTest(successes: 1, trials: 5, hypothesised: 1.5) }
    }

    /// Up to n = 10^15 (no reference value is precise enough there, so the properties instead): tails in
    /// [0, 1], complementary, monotone, and no endless loop, from the mean out to 40 standard deviations.
    @Test(arguments: [1e13, 1e14, 1e15])
    func binomialTailsUpToAQuadrillionTrials(n: Double) throws {
        for p in [1e-12, 1.0 / 37, 0.5, 1 - 1e-12] {
            let distribution = try BinomialDistribution(trials: n, probability: p)
            let mean = n * p, sd = (n * p * (1 - p)).squareRoot()
            var previousLower = -1.0
            for z in [-40.0, -5, -1, 0, 1, 5, 40] {
                let k = max(0, min(n, (mean + z * sd).rounded(.down)))
                let lower = try distribution.lowerTail(k), upper = try distribution.upperTail(k + 1)
                #expect((0...1).contains(lower) && (0...1).contains(upper), "n \(n) p \(p) k \(k)")
                #expect(abs(lower + upper - 1) <= 1e-9, "n \(n) p \(p) k \(k): \(lower) + \(upper)")
                #expect(lower >= previousLower, "n \(n) p \(p) k \(k)")
                previousLower = lower
            }
        }
    }

    /// Goodness of fit and independence on every small input against SciPy where every expected count
    /// reaches 5, and a stated inconclusive reason for independence where one does not (the goodness of
    /// fit pools instead, and its p-value must then lie in [0, 1]); KS and Holm never crash.
    @Test func smallInputsAgainstSciPyOrInconclusive() throws {
        let cases = EdgeReference.shared.smallTables
        #expect(cases.count == 61 * 5)
        for c in cases {
            let label = "\(c.observed)"
            let probabilities = Array(repeating: 1 / Double(c.cells), count: c.cells)
            let pearson = try GoodnessOfFitTest(observed: c.observed, probabilities: probabilities, exactBudget: 0)
            let g = try GoodnessOfFitTest(observed: c.observed, probabilities: probabilities, statistic: .logLikelihoodRatio)
            if let reference = c.pearson, let referenceG = c.g {
                expectEdgeClose(pearson.verdict.pValue ?? .nan, reference, "Pearson \(label)")
                expectEdgeClose(g.verdict.pValue ?? .nan, referenceG, "G \(label)")
            } else if let p = pearson.verdict.pValue {
                #expect((0...1).contains(p), "\(label)")
            }
            // The exact p-value the audit takes on these small tables: a probability, and exact.
            if let exact = try GoodnessOfFitTest(observed: c.observed, probabilities: probabilities).verdict.figures {
                #expect((0...1).contains(exact.pValue) && exact.method == .exact, "exact \(label)")
            }
            let half = c.cells / 2 + 1
            let independence = try IndependenceTest(table: [Array(c.observed.prefix(half)), Array(c.observed.suffix(half))])
            if let reference = c.contingency {
                expectEdgeClose(independence.verdict.pValue ?? .nan, reference, "chi2_contingency \(label)")
            } else {
                #expect(independence.verdict.pValue == nil, "\(label): too few counts must be inconclusive")
            }
            if c.total >= 1 {
                let sample = (0..<c.total).map { Double($0) / Double(c.total) + 0.5 / Double(c.total) }
                #expect((0...1).contains(try KolmogorovSmirnovTest(uniformSample: sample).verdict.pValue ?? -1))
            }
        }
        let adjusted = try HolmCorrection.adjust([0, 1e-300, 1, 0.5, 1e-12])
        #expect(adjusted.allSatisfy { (0...1).contains($0) })
    }

    /// Power at the edges: every small n, probabilities from 1e-300 to 1 − 1e-12, levels down to 1e-300:
    /// a figure or the documented error, never a crash or an endless search.
    @Test func powerAtTheEdges() throws {
        for n in 1...60 {
            for p0 in [1e-300, 1e-12, 0.01, 0.5, 0.99, 1 - 1e-12] {
                for alpha in [0.05, 1e-6, 1e-300] {
                    do {
                        let power = try BinomialPower(trials: Double(n), hypothesised: p0, alpha: alpha)
                        if let difference = power.smallestDetectableDifference { #expect(difference > 0 && difference <= 1) }
                    } catch let error as StatisticsError {
                        #expect(!error.description.isEmpty)
                    }
                }
            }
            for alpha in [0.05, 1e-6, 1e-300] {
                do {
                    let power = try ChiSquarePower(probabilities: [0.5, 0.3, 0.2], trials: Double(n), alpha: alpha)
                    #expect(try power.detectableRelativeDeviation(ofCell: 0) > 0)
                } catch let error as StatisticsError {
                    #expect(!error.description.isEmpty)
                }
            }
        }
    }
}
