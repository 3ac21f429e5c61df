/// Which dice a round keeps when it moves to its next phase; the next roll rolls only the others (Yahtzee's
/// three rolls keeping the face shown most, a dice pool keeping its successes).
///
/// A strategy reads the faces, never their order, and keeps a multiset of them (stored sorted).
public enum DiceKeep: Sendable, Hashable, CustomStringConvertible {
    /// Every die of the face shown most (of the higher face on a tie).
    case mostOfAKind
    /// Every die showing `face`.
    case face(Int)
    /// Every die showing `target` or more.
    case atLeast(Int)
    /// One die of each face of the longest run of consecutive faces (the higher run on a tie).
    case longestRun

    public var description: String {
        switch self {
        case .mostOfAKind: return "most of a kind"
        case .face(let face): return "face \(face)"
        case .atLeast(let target): return "at least \(target)"
        case .longestRun: return "longest run"
        }
    }

    /// The dice kept from `roll`, sorted ascending.
    public func kept(from roll: DiceRoll) -> DiceRoll {
        let sorted = roll.sorted.faces
        var faces: [Int]
        switch self {
        case .mostOfAKind:
            var counts: [Int: Int] = [:]
            for face in sorted { counts[face, default: 0] += 1 }
            let best = counts.max { ($0.value, $0.key) < ($1.value, $1.key) }
            faces = best.map { Array(repeating: $0.key, count: $0.value) } ?? []
        case .face(let face): faces = sorted.filter { $0 == face }
        case .atLeast(let target): faces = sorted.filter { $0 >= target }
        case .longestRun:
            let distinct = Array(Set(sorted)).sorted()
            var best: [Int] = [], current: [Int] = []
            for face in distinct {
                current = current.last == face - 1 ? current + [face] : [face]
                if current.count >= best.count { best = current }
            }
            faces = best
        }
        return DiceRoll(faces)
    }
}
