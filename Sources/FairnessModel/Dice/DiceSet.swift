/// A set of K dice with F faces each, numbered 1 ... F.
public struct DiceSet: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The most dice a ``DiceRoll`` holds inline.
    public static let maximumCount = 32
    /// The most faces a die may have.
    public static let maximumFaces = 255

    /// K, the number of dice: 1 ... ``maximumCount``.
    public let count: Int
    /// F, the number of faces on each die: 1 ... ``maximumFaces``.
    public let faces: Int

    /// The conventional five six-sided dice.
    public static let fiveSixSided = try! DiceSet(count: 5, faces: 6)

    /// K = `count` dice of F = `faces` faces each.
    /// - Throws: ``DiceError/invalidDiceCount(_:)`` if `count` < 1, ``DiceError/tooManyDice(_:maximum:)`` if
    ///   `count` > ``maximumCount``, ``DiceError/invalidFaceCount(_:)`` if `faces` < 1, and
    ///   ``DiceError/tooManyFaces(_:maximum:)`` if `faces` > ``maximumFaces``, and
    ///   ``DiceError/tooManyRollsToCount(_:)`` if F^K does not fit in 64 bits (checked in that order): every
    ///   dice set the toolkit accepts has exact odds.
    public init(count: Int, faces: Int) throws {
        guard count >= 1 else { throw DiceError.invalidDiceCount(count) }
        guard count <= Self.maximumCount else { throw DiceError.tooManyDice(count, maximum: Self.maximumCount) }
        guard faces >= 1 else { throw DiceError.invalidFaceCount(faces) }
        guard faces <= Self.maximumFaces else { throw DiceError.tooManyFaces(faces, maximum: Self.maximumFaces) }
        self.count = count
        self.faces = faces
        guard orderedRollCount != nil else { throw DiceError.tooManyRollsToCount(self) }
    }

    /// F^K, the number of ordered rolls (never nil for a set built by ``init(count:faces:)``, which refuses
    /// sets whose F^K does not fit in 64 bits).
    /// - Complexity: O(K) multiplications.
    public var orderedRollCount: UInt64? {
        var total: UInt64 = 1
        for _ in 0..<count {
            let (product, overflow) = total.multipliedReportingOverflow(by: UInt64(faces))
            if overflow { return nil }
            total = product
        }
        return total
    }

    public var description: String { "\(count)d\(faces)" }

    /// Rolls every die independently and uniformly, through ``Sampling/uniformInteger(below:using:)``.
    /// - Complexity: O(K): one bounded draw per die (with rare rejections).
    @inlinable
    public func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll {
        var roll = DiceRoll(count: count)
        for index in 0..<count {
            roll[index] = Int(Sampling.uniformInteger(below: UInt64(faces), using: &generator)) + 1
        }
        return roll
    }
}
