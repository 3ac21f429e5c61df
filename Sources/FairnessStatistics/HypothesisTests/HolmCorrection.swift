import Foundation

/// Holm's step-down correction of a family of m p-values, controlling the family-wise error rate.
///
/// Sort ascending p₍₁₎ ≤ … ≤ p₍ₘ₎; the adjusted value of p₍ᵢ₎ is max_{j ≤ i} min(1, (m − j + 1) p₍ⱼ₎).
/// Rejecting every hypothesis whose adjusted p-value is ≤ α keeps the chance of any false rejection
/// at most α, whatever the dependence between the tests.
public enum HolmCorrection {
    /// The adjusted p-values, in the order given. Ties keep their input order.
    /// - Throws: ``StatisticsError/invalidProbability(what:index:value:)`` if a p-value is outside [0, 1] or NaN.
    /// - Complexity: O(m log m) for m p-values.
    public static func adjust(_ pValues: [Double]) throws -> [Double] {
        for (index, p) in pValues.enumerated() where !(p >= 0 && p <= 1) {
            throw StatisticsError.invalidProbability(what: "p-values", index: index, value: p)
        }
        let m = Double(pValues.count)
        let order = pValues.indices.sorted { (pValues[$0], $0) < (pValues[$1], $1) }
        var adjusted = [Double](repeating: 0, count: pValues.count)
        var running = 0.0
        for (rank, index) in order.enumerated() {
            running = max(running, min(1, (m - Double(rank)) * pValues[index]))
            adjusted[index] = running
        }
        return adjusted
    }

    /// ``adjust(_:)`` on log₁₀ p-values, for families where some p-values are too small for a double: the
    /// adjusted log₁₀ p of p₍ᵢ₎ is max_{j ≤ i} min(0, log₁₀(m − j + 1) + log₁₀ p₍ⱼ₎). −∞ stands for p = 0.
    /// - Throws: ``StatisticsError/invalidProbability(what:index:value:)`` if a value is positive or NaN.
    /// - Complexity: O(m log m) for m p-values.
    public static func adjustLog10(_ log10PValues: [Double]) throws -> [Double] {
        for (index, value) in log10PValues.enumerated() where !(value <= 0) {
            throw StatisticsError.invalidProbability(what: "log10 p-values", index: index, value: value)
        }
        let m = Double(log10PValues.count)
        let order = log10PValues.indices.sorted { (log10PValues[$0], $0) < (log10PValues[$1], $1) }
        var adjusted = [Double](repeating: 0, count: log10PValues.count)
        var running = -Double.infinity
        for (rank, index) in order.enumerated() {
            running = max(running, min(0, Foundation.log10(m - Double(rank)) + log10PValues[index]))
            adjusted[index] = running
        }
        return adjusted
    }

    /// Whether each hypothesis is rejected at family-wise level `alpha`.
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` unless `alpha` is in (0, 1), and
    ///   ``StatisticsError/invalidProbability(what:index:value:)`` if a p-value is outside [0, 1] or NaN.
    /// - Complexity: O(m log m) for m p-values.
    public static func rejections(_ pValues: [Double], alpha: Double) throws -> [Bool] {
        try Validate.level(alpha)
        return try adjust(pValues).map { $0 <= alpha }
    }
}
