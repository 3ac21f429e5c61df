import Foundation
import Synchronization

/// The distributions behind the tests of a source's draws (the numbers a game uses), beside
/// SP 800-22's tests of its bits: birthday spacings and collisions.
public enum DrawStatistics {
    /// P(X ≥ k) for X ~ Poisson(μ): the regularised lower incomplete gamma P(k, μ), an upper tail that
    /// keeps its digits far out.
    public static func poissonUpperTail(_ k: Int, mean mu: Double) throws -> Double {
        k <= 0 ? 1 : try GSL.gammaIncP(Double(k), mu)
    }

    /// log₁₀ P(X ≥ k) for X ~ Poisson(μ), finite where the tail underflows: there (k > μ far out) the
    /// bound log₁₀[P(X = k) (k + 1)/(k + 1 − μ)], at most a factor (k + 1)/(k + 1 − μ) above the tail.
    public static func poissonLog10UpperTail(_ k: Int, mean mu: Double) throws -> (log10: Double, bound: Bool) {
        let tail = try poissonUpperTail(k, mean: mu)
        if tail >= 1e-290 || Double(k) + 1 <= mu { return (log10(tail), false) }
        let logPoint = Double(k) * log(mu) - mu - lgamma(Double(k) + 1)
        return ((logPoint + log((Double(k) + 1) / (Double(k) + 1 - mu))) / log(10.0), true)
    }

    /// P(X ≤ k) for X ~ Poisson(μ): Q(k + 1, μ).
    public static func poissonLowerTail(_ k: Int, mean mu: Double) throws -> Double {
        k < 0 ? 0 : try GSL.gammaIncQ(Double(k + 1), mu)
    }

    /// The two-sided P-value of an observation: twice its smaller tail, at most 1.
    public static func twoSided(lower: Double, upper: Double) -> Double { min(1, 2 * min(lower, upper)) }

    /// The exact distribution of the number of collisions when `balls` balls fall independently and
    /// uniformly into `urns` urns (a ball landing in an occupied urn is a collision; Knuth, TAOCP vol. 2,
    /// section 3.3.2 I): probabilities of 0, 1, 2, … collisions, stopped where the tail is below 10⁻³⁰⁰.
    ///
    /// After i balls with c collisions, i − c urns are occupied, so the next ball collides with
    /// probability (i − c)/urns.
    public static func collisionDistribution(balls: Int, urns: Double) -> [Double] {
        let key = CollisionLaw(balls: balls, urns: urns)
        if let known = collisionLaws.withLock({ $0[key] }) { return known }
        let law = computedCollisionDistribution(balls: balls, urns: urns)
        collisionLaws.withLock { laws in if laws.count < 16 { laws[key] = law } }
        return law
    }

    private struct CollisionLaw: Hashable {
        let balls: Int
        let urns: Double
    }

    /// The laws already computed (a battery asks for the same few several times; each costs balls × its
    /// length in steps).
    private static let collisionLaws = Mutex<[CollisionLaw: [Double]]>([:])

    /// After i balls with c collisions, the next ball collides with probability (i − c)/urns; the law is
    /// updated in place from the top, each entry as the sum the array-per-ball recurrence forms, in its order.
    private static func computedCollisionDistribution(balls: Int, urns: Double) -> [Double] {
        var distribution = [Double](repeating: 0, count: balls + 1)
        distribution[0] = 1
        var length = 1
        distribution.withUnsafeMutableBufferPointer { p in
            for ball in 0..<balls {
                // new[c] = old[c − 1] (i − c + 1) / urns + old[c] (1 − (i − c)/urns), c from the top down.
                p[length] = p[length - 1] > 0 ? p[length - 1] * Double(ball - (length - 1)) / urns : 0
                for collisions in stride(from: length - 1, through: 0, by: -1) {
                    let stay = p[collisions] > 0 ? p[collisions] * (1 - Double(ball - collisions) / urns) : 0
                    let arrive = collisions > 0 && p[collisions - 1] > 0 ? p[collisions - 1] * Double(ball - collisions + 1) / urns : 0
                    p[collisions] = arrive + stay
                }
                length += 1
                while length > 1, p[length - 1] < 1e-300 { length -= 1 }
            }
        }
        return Array(distribution.prefix(length))
    }

    /// The distribution of the sum of `copies` independent draws from `distribution`, by repeated
    /// squaring of the convolution; entries below 10⁻³⁰⁰ at the top are dropped.
    public static func convolutionPower(_ distribution: [Double], _ copies: Int) -> [Double] {
        func convolve(_ a: [Double], _ b: [Double]) -> [Double] {
            var out = [Double](repeating: 0, count: a.count + b.count - 1)
            for (i, x) in a.enumerated() where x > 0 {
                for (j, y) in b.enumerated() { out[i + j] += x * y }
            }
            while out.count > 1, out.last! < 1e-300 { out.removeLast() }
            return out
        }
        var result = [1.0], power = distribution, remaining = copies
        while remaining > 0 {
            if remaining & 1 == 1 { result = convolve(result, power) }
            remaining >>= 1
            if remaining > 0 { power = convolve(power, power) }
        }
        return result
    }
}
