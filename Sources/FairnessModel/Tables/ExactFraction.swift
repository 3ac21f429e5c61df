import BigInt
import Foundation

/// A rational number n/d held exactly: numerator and denominator are arbitrary-precision integers, the
/// denominator positive and the fraction in lowest terms.
///
/// Prize tables are declared with rational weights (`3/500`, `0.6%`, `0.006`), and the figures of a draw
/// with memory (a pity ramp's survival over 90 draws, a banner's long-run rate) are products and sums of
/// many of them: their denominators grow past any fixed-width integer (500⁹⁰ has 243 digits), so they
/// are kept exact here and rounded to a `Double` only to be printed or sampled.
public struct ExactFraction: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The numerator (any sign).
    public let numerator: BigInt
    /// The denominator, positive.
    public let denominator: BigInt

    /// n/d in lowest terms.
    /// - Precondition: `denominator` is not 0.
    public init(_ numerator: BigInt, _ denominator: BigInt = 1) {
        precondition(!denominator.isZero, "a fraction's denominator must not be 0")
        let divisor = numerator.greatestCommonDivisor(with: denominator)
        let sign: BigInt = denominator.signum() < 0 ? -1 : 1
        self.numerator = sign * numerator / (divisor.isZero ? 1 : divisor)
        self.denominator = sign * denominator / (divisor.isZero ? 1 : divisor)
    }

    /// The whole number `value`.
    public init(_ value: Int) { self.init(BigInt(value), 1) }

    enum CodingKeys: String, CodingKey {
        case numerator, denominator
    }

    /// Reads a fraction written as its numerator and denominator, brought to lowest terms with a positive
    /// denominator (as ``init(_:_:)`` does: a file holding 2/4 reads as 1/2, and so writes differently).
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a denominator of 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let numerator = try c.decode(BigInt.self, forKey: .numerator)
        let denominator = try c.decode(BigInt.self, forKey: .denominator)
        guard !denominator.isZero else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: c.codingPath + [CodingKeys.denominator], debugDescription: "a fraction's denominator must not be 0"))
        }
        self.init(numerator, denominator)
    }

    /// The exact binary value of `value` (0.1 is 3602879701896397/36028797018963968).
    /// - Precondition: `value` is finite.
    public init(exactly value: Double) {
        precondition(value.isFinite, "only finite values are fractions")
        if value == 0 {
            self.init(0)
            return
        }
        let significand = BigInt(value.significandBitPattern | (value.isNormal ? 1 << 52 : 0))
        let exponent = Int(value.exponent) - 52 + (value.isNormal ? 0 : 1)
        let signed = value < 0 ? -significand : significand
        self.init(exponent >= 0 ? signed << exponent : signed, exponent >= 0 ? 1 : BigInt(1) << -exponent)
    }

    /// Reads a decimal (`0.006`, `1e-3`), a percentage (`0.6%`) or a fraction of whole numbers (`3/500`)
    /// exactly: `0.006` is 3/500, not the double nearest it. nil for anything else.
    public init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
        if trimmed.hasSuffix("%") {
            guard let value = ExactFraction(text: String(trimmed.dropLast())) else { return nil }
            self = value / ExactFraction(100)
            return
        }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let a = ExactFraction(decimal: String(parts[0])), let b = ExactFraction(decimal: String(parts[1])), !b.isZero else {
                return nil
            }
            self = a / b
            return
        }
        guard parts.count == 1, let value = ExactFraction(decimal: trimmed) else { return nil }
        self = value
    }

    /// A decimal number with an optional sign, point and exponent, exactly.
    private init?(decimal text: String) {
        var mantissa = Substring(text)
        var exponent = 0
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(mantissa[mantissa.index(after: e)...]), abs(value) <= 400 else { return nil }
            exponent = value
            mantissa = mantissa[..<e]
        }
        var negative = false
        if mantissa.first == "-" || mantissa.first == "+" {
            negative = mantissa.first == "-"
            mantissa = mantissa.dropFirst()
        }
        let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), pieces.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            pieces.contains(where: { !$0.isEmpty }), mantissa.count <= 400
        else { return nil }
        let fractionDigits = pieces.count == 2 ? pieces[1].count : 0
        guard let digits = BigInt(pieces.joined(), radix: 10) else { return nil }
        let scale = exponent - fractionDigits
        let ten = BigInt(10)
        let value = scale >= 0 ? ExactFraction(digits * ten.power(scale)) : ExactFraction(digits, ten.power(-scale))
        self = negative ? -value : value
    }

    /// 0.
    public static let zero = ExactFraction(0)
    /// 1.
    public static let one = ExactFraction(1)

    /// Whether the fraction is 0.
    public var isZero: Bool { numerator.isZero }

    /// The nearest `Double` (correctly rounded, ties to even; ±∞ beyond its range; below 2⁻¹⁰²², where
    /// doubles lose precision, rounded twice — see ``ratio(_:_:)``).
    public var double: Double { Self.ratio(numerator, denominator) }

    /// n/d as the nearest `Double` (correctly rounded, ties to even; ±∞ beyond its range, and rounded twice
    /// below 2⁻¹⁰²², where doubles lose precision), with no fraction reduced.
    ///
    /// The quotient is taken to 64 significant bits with a sticky bit for any remainder, so the one rounding
    /// to 53 bits (the conversion from `UInt64`) sees every bit it needs.
    /// - Precondition: `d` is positive.
    public static func ratio(_ n: BigInt, _ d: BigInt) -> Double {
        if n.isZero { return 0 }
        let magnitude = n.magnitude, divisor = d.magnitude
        let bits = { (x: BigUInt) in x.bitWidth }  // its significant bits
        // 2^(shift) · n / d lies in [2⁶³, 2⁶⁵): its integer part has 64 or 65 bits.
        let shift = bits(divisor) - bits(magnitude) + 64
        var (quotient, remainder) =
            shift >= 0
            ? (magnitude << shift).quotientAndRemainder(dividingBy: divisor)
            : magnitude.quotientAndRemainder(dividingBy: divisor << -shift)
        var exponent = -shift
        if bits(quotient) > 64 {
            // Keep 64 bits; the bit dropped joins the sticky remainder.
            if quotient & 1 != 0 { remainder = 1 }
            quotient >>= 1
            exponent += 1
        }
        let top = UInt64(quotient) | (remainder.isZero ? 0 : 1)
        // The sticky bit lies 11 bits below the 53 kept, so the conversion rounds as the exact quotient would.
        // Scaled in two exact halves so that only the last product rounds (past the range: 0 or ∞).
        let half = exponent / 2
        let value =
            exponent > 1024
            ? Double.infinity
            : exponent < -1200 ? 0 : Double(top) * Foundation.pow(2, Double(half)) * Foundation.pow(2, Double(exponent - half))
        return n.signum() < 0 ? -value : value
    }

    /// `numerator/denominator`, as a spec or a report writes it (`3/500`; `1` for a whole number).
    public var description: String {
        denominator == 1 ? numerator.description : "\(numerator)/\(denominator)"
    }

    /// The exact sum.
    public static func + (a: Self, b: Self) -> Self {
        a.denominator == b.denominator
            ? Self(a.numerator + b.numerator, a.denominator)
            : Self(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
    }
    /// The exact difference.
    public static func - (a: Self, b: Self) -> Self { a + -b }
    /// The negation.
    public static prefix func - (a: Self) -> Self { Self(-a.numerator, a.denominator) }
    /// The exact product.
    public static func * (a: Self, b: Self) -> Self { Self(a.numerator * b.numerator, a.denominator * b.denominator) }
    /// The exact quotient.
    /// - Precondition: `b` is not 0.
    public static func / (a: Self, b: Self) -> Self { Self(a.numerator * b.denominator, a.denominator * b.numerator) }
    /// Adds `b` to `a`.
    public static func += (a: inout Self, b: Self) { a = a + b }
    /// Subtracts `b` from `a`.
    public static func -= (a: inout Self, b: Self) { a = a - b }
    /// Whether `a` is less than `b`.
    public static func < (a: Self, b: Self) -> Bool { a.numerator * b.denominator < b.numerator * a.denominator }

    /// The sum of `values` (0 for none).
    public static func sum<S: Sequence>(_ values: S) -> Self where S.Element == Self { values.reduce(.zero, +) }
}
