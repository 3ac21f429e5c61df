/// The faces of one roll, stored inline (no allocation), at most ``DiceSet/maximumCount`` dice.
public struct DiceRoll: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline var storage = SIMD32<UInt8>()
    public let count: Int

    @inlinable
    public init(count: Int) {
        precondition(count >= 0 && count <= DiceSet.maximumCount, "a roll holds 0 ... \(DiceSet.maximumCount) dice, not \(count)")
        self.count = count
    }

    public init(_ faces: [Int]) {
        self.init(count: faces.count)
        for (index, face) in faces.enumerated() { self[index] = face }
    }

    @inlinable
    public subscript(index: Int) -> Int {
        get { Int(storage[index]) }
        set { storage[index] = UInt8(truncatingIfNeeded: newValue) }
    }

    public var faces: [Int] { (0..<count).map { self[$0] } }

    /// The same faces in ascending order (a canonical key for the multiset).
    public var sorted: DiceRoll { DiceRoll(faces.sorted()) }

    public var description: String { faces.map(String.init).joined(separator: "-") }
}
