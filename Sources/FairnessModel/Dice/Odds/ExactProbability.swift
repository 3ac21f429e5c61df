/// A probability held as an exact fraction, reduced to lowest terms, with a `Double` for reports.
///
/// Numerator and denominator are 128-bit so that a two-stage probability of a game with up to 2^64
/// ordered outcomes per stage (such as a roll followed by a reroll) stays exact.
public struct ExactProbability: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The numerator, in lowest terms with ``denominator``; at most ``denominator``.
    public let numerator: UInt128
    /// The denominator, in lowest terms; at least 1.
    public let denominator: UInt128

    /// The probability `numerator / denominator`, reduced to lowest terms.
    /// - Precondition: `denominator` > 0 and `numerator` ≤ `denominator` (a probability in [0, 1]).
    /// - Complexity: O(log `denominator`) for the greatest common divisor (Euclid's algorithm).
    public init(_ numerator: UInt128, over denominator: UInt128) {
        precondition(denominator > 0 && numerator <= denominator, "not a probability: \(numerator)/\(denominator)")
        let divisor = Self.gcd(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// Probability 0, as 0/1.
    public static let zero = ExactProbability(0, over: 1)
    /// Probability 1, as 1/1.
    public static let one = ExactProbability(1, over: 1)

    /// The nearest double (numerator and denominator each round to a double first; relative error < 2^-52).
    public var value: Double { Double(numerator) / Double(denominator) }

    public var description: String { "\(numerator)/\(denominator)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        // a/b < c/d ⇔ a·d < c·b, compared in 256 bits through full-width multiplication.
        let left = lhs.numerator.multipliedFullWidth(by: rhs.denominator)
        let right = rhs.numerator.multipliedFullWidth(by: lhs.denominator)
        return (left.high, left.low) < (right.high, right.low)
    }

    static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x == 0 ? 1 : x
    }
}
