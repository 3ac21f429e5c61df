/// The faces of one roll, stored inline (no allocation), at most ``DiceSet/maximumCount`` dice.
public struct DiceRoll: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline var storage = SIMD32<UInt8>()
    /// The number of dice in the roll, 0 ... ``DiceSet/maximumCount``.
    public let count: Int

    /// A roll of `count` dice, every face 0 until set through ``subscript(_:)``.
    /// - Precondition: `count` is in 0 ... ``DiceSet/maximumCount``.
    @inlinable
    public init(count: Int) {
        precondition(count >= 0 && count <= DiceSet.maximumCount, "a roll holds 0 ... \(DiceSet.maximumCount) dice, not \(count)")
        self.count = count
    }

    /// A roll showing `faces`, die by die in the order given.
    ///
    /// Each face is stored in 8 bits (truncated); faces are expected in 1 ... ``DiceSet/maximumFaces``.
    /// - Precondition: `faces` has at most ``DiceSet/maximumCount`` elements.
    /// - Complexity: O(K) for K faces.
    public init(_ faces: [Int]) {
        self.init(count: faces.count)
        for (index, face) in faces.enumerated() { self[index] = face }
    }

    /// The face of die `index` (0-based). A face set is stored truncated to 8 bits.
    ///
    /// `index` must be in 0 ..< ``count``: only the inline capacity of 32 is checked, and positions at or past
    /// ``count`` hold 0 unless set.
    @inlinable
    public subscript(index: Int) -> Int {
        get { Int(storage[index]) }
        set { storage[index] = UInt8(truncatingIfNeeded: newValue) }
    }

    /// The faces as an array, die by die.
    /// - Complexity: O(K) for K dice; allocates.
    public var faces: [Int] { (0..<count).map { self[$0] } }

    /// The same faces in ascending order (a canonical key for the multiset).
    /// - Complexity: O(K²) for K ≤ 32 dice (an insertion sort in place); does not allocate.
    public var sorted: DiceRoll {
        var copy = self
        let n = count
        withUnsafeMutableBytes(of: &copy.storage) { bytes in
            for i in 1..<max(n, 1) {
                let value = bytes[i]
                var j = i - 1
                while j >= 0 && bytes[j] > value {
                    bytes[j + 1] = bytes[j]
                    j -= 1
                }
                bytes[j + 1] = value
            }
        }
        return copy
    }

    public var description: String { faces.map(String.init).joined(separator: "-") }

    /// Rearranges the faces into the next ordering in lexicographic order and returns true; after the last
    /// ordering, sorts them ascending again and returns false. Starting from the sorted roll, repeated calls
    /// visit every distinct ordering of its multiset exactly once.
    /// - Complexity: O(K) in the worst case, amortised O(1).
    @inlinable
    package mutating func formNextPermutation() -> Bool {
        let n = count
        guard n >= 2 else { return false }
        return withUnsafeMutableBytes(of: &storage) { bytes -> Bool in
            var i = n - 2
            while i >= 0 && bytes[i] >= bytes[i + 1] { i -= 1 }
            if i >= 0 {
                var j = n - 1
                while bytes[j] <= bytes[i] { j -= 1 }
                bytes.swapAt(i, j)
            }
            var (a, b) = (i + 1, n - 1)
            while a < b { bytes.swapAt(a, b); a += 1; b -= 1 }
            return i >= 0
        }
    }
}

extension DiceRoll: Codable {
    /// Reads a roll written as its faces, die by die: a list of at most ``DiceSet/maximumCount`` faces, each
    /// in 1 ... ``DiceSet/maximumFaces``.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for more dice or a face out of that range.
    public init(from decoder: any Decoder) throws {
        let faces = try decoder.singleValueContainer().decode([Int].self)
        guard faces.count <= DiceSet.maximumCount, faces.allSatisfy({ (1...DiceSet.maximumFaces).contains($0) }) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "a roll holds at most \(DiceSet.maximumCount) dice with faces 1 ... \(DiceSet.maximumFaces), not \(faces)"))
        }
        self.init(faces)
    }

    /// Writes the roll as its faces, die by die (`[3, 1, 6]`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(faces)
    }
}
