import Testing

@testable import FairnessStatistics

@Suite("Distributions against SciPy")
struct DistributionTests {
    let reference = Reference.shared

    @Test func chiSquareTailsMatchSciPyDownTo1e300() throws {
        #expect(reference.chiSquare.contains { $0.sf < 1e-290 && $0.sf > 0 }, "fixture must reach the far tail")
        #expect(reference.chiSquare.contains { $0.df == 10_000 })
        for c in reference.chiSquare {
            let distribution = try ChiSquareDistribution(degreesOfFreedom: c.df)
            expectClose(try distribution.upperTail(c.x), c.sf, "chi2.sf(\(c.x), \(c.df))")
            expectClose(try distribution.lowerTail(c.x), c.cdf, "chi2.cdf(\(c.x), \(c.df))")
        }
    }

    /// Where both continued fractions sit exactly on their convergence boundary (n = 5, p = 1/2, k = 2:
    /// q = (n − k + 1)/(n + 3)), the two tails once called each other without end (a stack overflow from
    /// the Clopper–Pearson interval at five trials). Exact values: P(X ≤ 2) = P(X ≥ 3) = 1/2.
    @Test func binomialTailsOnTheConvergenceBoundaryDoNotRecurse() throws {
        let half = try BinomialDistribution(trials: 5, probability: 0.5)
        #expect(abs(try half.lowerTail(2) - 0.5) < 1e-15)
        #expect(abs(try half.upperTail(3) - 0.5) < 1e-15)
        for n in 1...40 {
            for k in 0...n {
                // p on the boundary of either fraction, for every k.
                for p in [Double(k + 2) / Double(n + 3), Double(k + 1) / Double(n + 3)] where p > 0 && p < 1 {
                    let binomial = try BinomialDistribution(trials: Double(n), probability: p)
                    let lower = try binomial.lowerTail(Double(k)), upper = try binomial.upperTail(Double(k + 1))
                    #expect(abs(lower + upper - 1) < 1e-12, "n \(n) k \(k) p \(p)")
                }
            }
        }
    }

    @Test func chiSquareQuantiles() throws {
        for c in reference.chiSquareQuantiles {
            expectClose(try ChiSquareDistribution(degreesOfFreedom: c.df).upperQuantile(c.q), c.isf, "chi2.isf(\(c.q), \(c.df))")
        }
    }

    @Test func binomialTailsMatchSciPyUpToATrillionTrials() throws {
        #expect(reference.binomialTails.contains { $0.n == 1e12 })
        for c in reference.binomialTails {
            let distribution = try BinomialDistribution(trials: c.n, probability: c.p)
            expectClose(distribution.probabilityOf(c.k), c.pmf, "binom.pmf(\(c.k), \(c.n), \(c.p))")
            expectClose(try distribution.lowerTail(c.k), c.cdf, "binom.cdf(\(c.k), \(c.n), \(c.p))")
            expectClose(try distribution.upperTail(c.k), c.sfFromK, "binom.sf(\(c.k) - 1, \(c.n), \(c.p))")
        }
    }

    @Test func noncentralChiSquareMatchesSciPyNcx2() throws {
        for c in reference.noncentralChiSquare {
            let distribution = try NoncentralChiSquareDistribution(degreesOfFreedom: c.df, noncentrality: c.nc)
            expectClose(try distribution.upperTail(c.x), c.sf, "ncx2.sf(\(c.x), \(c.df), \(c.nc))")
            expectClose(try distribution.lowerTail(c.x), c.cdf, "ncx2.cdf(\(c.x), \(c.df), \(c.nc))")
        }
    }

    @Test func noncentralityZeroIsTheCentralDistribution() throws {
        let central = try ChiSquareDistribution(degreesOfFreedom: 7).upperTail(12.5)
        let noncentral = try NoncentralChiSquareDistribution(degreesOfFreedom: 7, noncentrality: 0).upperTail(12.5)
        #expect(central == noncentral)
    }

    @Test func kolmogorovExactDistributionMatchesSciPyKstwo() throws {
        for c in reference.kolmogorov {
            expectClose(try KolmogorovDistribution.exactUpperTail(c.d, sampleSize: c.n), c.sf, "kstwo.sf(\(c.d), \(c.n))")
        }
    }

    @Test func kolmogorovLimitMatchesSciPyKstwobign() {
        for c in reference.kolmogorovLimit {
            expectClose(KolmogorovDistribution.asymptoticUpperTail(c.t), c.sf, "kstwobign.sf(\(c.t))")
        }
    }

    @Test func badParametersThrowNamedErrors() {
        #expect(throws: StatisticsError.self) { try ChiSquareDistribution(degreesOfFreedom: 0) }
        #expect(throws: StatisticsError.self) { try ChiSquareDistribution(degreesOfFreedom: .nan) }
        #expect(throws: StatisticsError.self) { try ChiSquareDistribution(degreesOfFreedom: 3).upperTail(.nan) }
        #expect(throws: StatisticsError.self) { try ChiSquareDistribution(degreesOfFreedom: 3).upperQuantile(0) }
        #expect(throws: StatisticsError.self) { try BinomialDistribution(trials: 10.5, probability: 0.5) }
        #expect(throws: StatisticsError.self) { try BinomialDistribution(trials: 10, probability: 1.5) }
        #expect(throws: StatisticsError.self) { try NoncentralChiSquareDistribution(degreesOfFreedom: 3, noncentrality: -1) }
    }

    @Test func gslErrorsBecomeSwiftErrorsInsteadOfAborting() {
        // A negative shape is a domain error inside GSL; with its handler left on, this would abort.
        #expect(throws: StatisticsError.self) { try GSL.gammaIncQ(-1, 2) }
        do {
            _ = try GSL.gammaIncQ(-1, 2)
        } catch let error as StatisticsError {
            #expect(error.description.contains("gsl_sf_gamma_inc_Q_e"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func gslVersionIsReported() {
        #expect(GSL.version.split(separator: ".").count >= 2)
    }
}
