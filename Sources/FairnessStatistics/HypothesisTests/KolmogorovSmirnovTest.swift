/// The two-sided one-sample Kolmogorov–Smirnov test of a sample against the uniform distribution on
/// [0, 1] — for example a family of p-values, which are uniform when every null hypothesis holds.
public struct KolmogorovSmirnovTest: Sendable, Hashable, Codable {
    /// How the p-value was obtained.
    public enum Method: String, Sendable, Hashable, Codable {
        /// The exact finite-n distribution (see ``KolmogorovDistribution/exactUpperTail(_:sampleSize:)``).
        case exact
        /// Kolmogorov's limiting distribution of √n D.
        case asymptotic
    }

    /// n, the number of values tested.
    public let sampleSize: Int
    /// D⁺ = max(i/n − u₍ᵢ₎) and D⁻ = max(u₍ᵢ₎ − (i−1)/n); D = max(D⁺, D⁻).
    public let dPlus: Double
    /// D⁻ (see ``dPlus``).
    public let dMinus: Double
    /// How the p-value was obtained: the method given, or the default for n.
    public let method: Method
    /// The figures: the statistic D = max(D⁺, D⁻), no degrees of freedom, and the p-value P(Dₙ ≥ D).
    public let verdict: TestVerdict

    /// Tests `sample` (values in [0, 1]). The exact method is used for n ≤
    /// ``KolmogorovDistribution/exactSampleSizeLimit`` unless `method` says otherwise.
    /// - Throws: ``StatisticsError/emptyInput(what:)`` if `sample` is empty, and
    ///   ``StatisticsError/invalidArgument(_:)`` if a value is outside [0, 1] or NaN.
    /// - Complexity: O(n log n) to sort the sample, plus the p-value: O(1) asymptotic, at most
    ///   O(n^{3/2} log n) exact (see ``KolmogorovDistribution/exactUpperTail(_:sampleSize:)``).
    public init(uniformSample sample: [Double], method: Method? = nil) throws {
        guard !sample.isEmpty else { throw StatisticsError.emptyInput(what: "sample") }
        for (index, value) in sample.enumerated() where !(value >= 0 && value <= 1) {
            throw StatisticsError.invalidArgument("sample[\(index)] = \(value) is outside [0, 1]")
        }
        let sorted = sample.sorted()
        let n = Double(sorted.count)
        var plus = 0.0, minus = 0.0
        for (i, u) in sorted.enumerated() {
            plus = max(plus, Double(i + 1) / n - u)
            minus = max(minus, u - Double(i) / n)
        }
        let chosen = method ?? (sorted.count <= KolmogorovDistribution.exactSampleSizeLimit ? .exact : .asymptotic)
        let d = max(plus, minus)
        let p: Double
        switch chosen {
        case .exact: p = try KolmogorovDistribution.exactUpperTail(d, sampleSize: sorted.count)
        case .asymptotic: p = KolmogorovDistribution.asymptoticUpperTail(n.squareRoot() * d)
        }
        sampleSize = sorted.count
        dPlus = plus
        dMinus = minus
        self.method = chosen
        verdict = .tested(TestFigures(statistic: d, degreesOfFreedom: nil, pValue: p, method: chosen == .exact ? .exact : .asymptotic))
    }
}
