/// Input checks shared by every test; each failure names the offending element.
enum Validate {
    static func counts(_ values: [Double], _ what: String) throws {
        guard !values.isEmpty else { throw StatisticsError.emptyInput(what: what) }
        for (index, value) in values.enumerated() where !(value.isFinite && value >= 0) {
            throw StatisticsError.invalidCount(what: what, index: index, value: value)
        }
    }

    /// Checks that `values` are probabilities summing to 1 within `tolerance`, and returns them divided
    /// by their sum so the test sees an exact distribution.
    static func distribution(_ values: [Double], _ what: String, tolerance: Double) throws -> [Double] {
        guard !values.isEmpty else { throw StatisticsError.emptyInput(what: what) }
        var sum = CompensatedSum()
        for (index, value) in values.enumerated() {
            guard value.isFinite, value >= 0, value <= 1 else {
                throw StatisticsError.invalidProbability(what: what, index: index, value: value)
            }
            sum.add(value)
        }
        guard abs(sum.value - 1) <= tolerance else {
            throw StatisticsError.probabilitiesDoNotSumToOne(sum: sum.value, tolerance: tolerance)
        }
        return values.map { $0 / sum.value }
    }

    static func level(_ alpha: Double) throws {
        guard alpha > 0, alpha < 1 else {
            throw StatisticsError.invalidArgument("significance level must be in (0, 1), got \(alpha)")
        }
    }
}
