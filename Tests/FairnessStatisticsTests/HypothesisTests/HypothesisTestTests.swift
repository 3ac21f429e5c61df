import Testing

@testable import FairnessStatistics

/// Pearson and G through the chi-square approximation (`exactBudget: 0`) against SciPy; the exact
/// p-values are checked against brute force in `ExactMultinomialTests`.
@Suite("Hypothesis tests against SciPy")
struct HypothesisTestTests {
    let reference = Reference.shared

    @Test func goodnessOfFitMatchesSciPyIncludingPooling() throws {
        for c in reference.goodnessOfFit {
            let rule: ExpectedCountRule = c.rule == "pool" ? .poolAdjacent(minimum: c.minimum) : .requireMinimum(c.minimum)
            let pearson = try GoodnessOfFitTest(
                observed: c.observed, probabilities: c.probabilities, statistic: .pearson, rule: rule, exactBudget: 0)
            let g = try GoodnessOfFitTest(observed: c.observed, probabilities: c.probabilities, statistic: .logLikelihoodRatio, rule: rule)
            if c.inconclusive {
                #expect(pearson.verdict.pValue == nil, "\(c.name) must be inconclusive")
                #expect(g.verdict.pValue == nil, "\(c.name) must be inconclusive")
                #expect(pearson.verdict.inconclusiveReason?.totalNeeded != nil, "\(c.name) must say how much data it needs")
                continue
            }
            #expect(pearson.cells.map(\.indices) == c.pooled!, "\(c.name): pooled cells")
            #expect(pearson.verdict.figures?.degreesOfFreedom == Double(c.df!), "\(c.name): df")
            expectClose(pearson.verdict.figures?.statistic, c.pearson!.statistic, "\(c.name): Pearson statistic")
            expectClose(pearson.verdict.pValue, c.pearson!.p, "\(c.name): Pearson p")
            expectClose(g.verdict.figures?.statistic, c.g!.statistic, "\(c.name): G statistic")
            expectClose(g.verdict.pValue, c.g!.p, "\(c.name): G p")
        }
    }

    @Test func perfectFitHasPValueOne() throws {
        let test = try GoodnessOfFitTest(counts: [100, 100, 100, 100, 100, 100], probabilities: Array(repeating: 1.0 / 6, count: 6))
        #expect(test.verdict.figures?.statistic == 0)
        #expect(test.verdict.pValue == 1)
    }

    @Test func anObservedImpossibleOutcomeRefutesTheHypothesis() throws {
        let test = try GoodnessOfFitTest(counts: [50, 50, 1], probabilities: [0.5, 0.5, 0])
        #expect(test.impossibleObservations == 1)
        #expect(test.verdict.pValue == 0)
    }

    @Test func tooLittleDataIsInconclusiveWithTheTotalNeeded() throws {
        let test = try GoodnessOfFitTest(
            counts: [3, 2, 4, 1, 2, 3], probabilities: Array(repeating: 1.0 / 6, count: 6),
            rule: .requireMinimum(5))
        let reason = try #require(test.verdict.inconclusiveReason)
        #expect(reason.totalNeeded == 30)
        #expect(reason.explanation.contains("below 5"))
        let none = try GoodnessOfFitTest(counts: [0, 0], probabilities: [0.5, 0.5])
        #expect(none.verdict.inconclusiveReason?.explanation == "no observations")
    }

    @Test func badInputThrowsANamedError() {
        #expect(throws: StatisticsError.emptyInput(what: "observed counts")) {
            try GoodnessOfFitTest(observed: [], probabilities: [])
        }
        #expect(throws: StatisticsError.lengthMismatch(what: "expected probabilities", expected: 2, actual: 3)) {
            try GoodnessOfFitTest(observed: [1, 2], probabilities: [0.2, 0.3, 0.5])
        }
        #expect(throws: StatisticsError.invalidCount(what: "observed counts", index: 1, value: -1)) {
            try GoodnessOfFitTest(observed: [1, -1], probabilities: [0.5, 0.5])
        }
        #expect(throws: StatisticsError.self) { try GoodnessOfFitTest(observed: [1, .infinity], probabilities: [0.5, 0.5]) }
        #expect(throws: StatisticsError.self) { try GoodnessOfFitTest(observed: [1, .nan], probabilities: [0.5, 0.5]) }
        #expect(throws: StatisticsError.invalidProbability(what: "expected probabilities", index: 0, value: -0.1)) {
            try GoodnessOfFitTest(observed: [1, 1], probabilities: [-0.1, 1.1])
        }
        #expect(throws: StatisticsError.probabilitiesDoNotSumToOne(sum: 0.9, tolerance: 1e-9)) {
            try GoodnessOfFitTest(observed: [1, 1], probabilities: [0.4, 0.5])
        }
    }

    @Test func binomialTestMatchesSciPyBinomtest() throws {
        for c in reference.binomialTests {
            let test = try BinomialTest(successes: c.k, trials: c.n, hypothesised: c.p, confidenceLevel: c.confidence)
            let label = "binomtest(\(c.k), \(c.n), \(c.p))"
            expectClose(test.verdict.pValue, c.pvalue, "\(label) p-value")
            expectClose(test.clopperPearson.lower, c.clopperPearson[0], "\(label) Clopper-Pearson low")
            expectClose(test.clopperPearson.upper, c.clopperPearson[1], "\(label) Clopper-Pearson high")
            expectClose(test.wilson.lower, c.wilson[0], "\(label) Wilson low")
            expectClose(test.wilson.upper, c.wilson[1], "\(label) Wilson high")
        }
    }

    @Test func binomialTestRejectsImpossibleInput() {
        #expect(throws: StatisticsError.self) { try BinomialTest(successes: 11, trials: 10, hypothesised: 0.5) }
        #expect(throws: StatisticsError.self) { try BinomialTest(successes: 1, trials: 0, hypothesised: 0.5) }
        #expect(throws: StatisticsError.self) { try BinomialTest(successes: 1, trials: 10, hypothesised: -0.5) }
        #expect(throws: StatisticsError.self) { try BinomialTest(successes: 1, trials: 10, hypothesised: 0.5, confidenceLevel: 1) }
    }

    @Test func independenceMatchesSciPyChi2Contingency() throws {
        for c in reference.contingency {
            let test = try IndependenceTest(table: c.table, minimumExpected: 0)
            expectClose(test.verdict.figures?.statistic, c.statistic, "contingency statistic \(c.table)")
            expectClose(test.verdict.pValue, c.p, "contingency p \(c.table)")
            #expect(test.verdict.figures?.degreesOfFreedom == Double(c.df))
            let strict = try IndependenceTest(table: c.table)
            #expect((strict.verdict.pValue == nil) == (c.minExpected < 5), "validity rule for \(c.table)")
        }
    }

    @Test func independenceRejectsRaggedTables() {
        #expect(throws: StatisticsError.self) { try IndependenceTest(table: [[1, 2], [3]]) }
        #expect(throws: StatisticsError.self) { try IndependenceTest(table: []) }
    }

    @Test func kolmogorovSmirnovMatchesSciPyKstest() throws {
        for c in reference.kolmogorovSamples {
            let test = try KolmogorovSmirnovTest(uniformSample: c.sample)
            #expect(test.method.rawValue == c.method)
            expectClose(test.verdict.figures?.statistic, c.d, tolerance: 1e-14, "KS D, n = \(c.sample.count)")
            expectClose(test.verdict.pValue, c.p, "KS p, n = \(c.sample.count)")
        }
    }

    @Test func holmMatchesStatsmodels() throws {
        for c in reference.holm {
            let adjusted = try HolmCorrection.adjust(c.p)
            for (a, e) in zip(adjusted, c.adjusted) { expectClose(a, e, "Holm \(c.p)") }
        }
        #expect(try HolmCorrection.rejections([0.01, 0.04, 0.03, 0.005], alpha: 0.05) == [true, false, false, true])
    }
}

@Suite("Power against SciPy")
struct PowerTests {
    let reference = Reference.shared

    @Test func chiSquarePowerMatchesNcx2() throws {
        for c in reference.chiSquarePower {
            let power = try ChiSquarePower(probabilities: c.probabilities, trials: c.trials, alpha: c.alpha, power: c.power)
            #expect(power.degreesOfFreedom == c.df)
            expectClose(power.criticalValue, c.critical, "critical value df \(c.df)")
            expectClose(power.requiredNoncentrality, c.noncentrality, "noncentrality df \(c.df), alpha \(c.alpha)")
            for (j, e) in c.deviations.enumerated() { expectClose(power.localRelativeDeviation(ofCell: j), e, "deviation df \(c.df)") }
        }
    }

    @Test func binomialPowerMatchesExactSearch() throws {
        for c in reference.binomialPower {
            let power = try BinomialPower(trials: c.trials, hypothesised: c.p0, alpha: c.alpha, power: c.power)
            #expect(power.lowerCriticalCount == c.lower, "lower critical count n = \(c.trials)")
            #expect(power.upperCriticalCount == c.upper, "upper critical count n = \(c.trials)")
            if let increase = c.increase {
                expectClose(power.detectableIncrease, increase, "increase n = \(c.trials)")
            } else {
                #expect(power.detectableIncrease == nil)
            }
            if let decrease = c.decrease {
                expectClose(power.detectableDecrease, decrease, "decrease n = \(c.trials)")
            } else {
                #expect(power.detectableDecrease == nil)
            }
        }
    }

    @Test func moreTrialsDetectSmallerDeviations() throws {
        let small = try ChiSquarePower(probabilities: Array(repeating: 1.0 / 37, count: 37), trials: 1e6, alpha: 1e-6)
        let large = try ChiSquarePower(probabilities: Array(repeating: 1.0 / 37, count: 37), trials: 1e8, alpha: 1e-6)
        // δ scales as 1/√N.
        expectClose(
            large.localRelativeDeviation(ofCell: 0) * 10, small.localRelativeDeviation(ofCell: 0), tolerance: 1e-12, "1/sqrt(N) scaling"
        )
    }

    /// A test that rejects further out (the lattice's bound) is stated at its own critical value: larger,
    /// so it needs a larger deviation for the same power; a factor below 1 is refused.
    @Test func aTestRejectingFurtherOutDetectsLess() throws {
        let wheel = Array(repeating: 1.0 / 37, count: 37)
        let plain = try ChiSquarePower(probabilities: wheel, trials: 3000, alpha: 1e-6)
        let factor = LatticeMultinomialTail.criticalValueFactor(level: 1e-6, total: 3000, probabilities: wheel)
        let bounded = try ChiSquarePower(probabilities: wheel, trials: 3000, alpha: 1e-6, criticalValueFactor: factor)
        expectClose(bounded.criticalValue, plain.criticalValue * factor, tolerance: 1e-12, "critical value")
        #expect(try bounded.detectableRelativeDeviation(ofCell: 0) > plain.detectableRelativeDeviation(ofCell: 0))
        #expect(throws: StatisticsError.self) {
            try ChiSquarePower(probabilities: wheel, trials: 3000, alpha: 1e-6, criticalValueFactor: 0.9)
        }
    }
}
