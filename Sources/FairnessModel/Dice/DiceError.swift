/// Why a dice model refused its input.
public enum DiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A dice set of fewer than 1 die was requested (the associated value is the count given).
    case invalidDiceCount(Int)
    /// A dice set of more than `maximum` (``DiceSet/maximumCount``) dice was requested.
    case tooManyDice(Int, maximum: Int)
    /// A die with fewer than 1 face was requested (the associated value is the face count given).
    case invalidFaceCount(Int)
    /// A die with more than `maximum` (``DiceSet/maximumFaces``) faces was requested.
    case tooManyFaces(Int, maximum: Int)
    /// The dice have F^K ≥ 2^64 ordered rolls (``DiceSet/orderedRollCount`` is nil), so their category
    /// probabilities cannot be counted exactly.
    case tooManyRollsToCount(DiceSet)
    /// Visiting every ordered roll was requested but the dice have more than `limit` of them.
    case tooManyRollsToEnumerate(DiceSet, limit: UInt64)
    /// A probability was asked of a category that does not exist for this number of dice (see
    /// ``PokerCategory/isDefined(_:forDice:)``).
    case categoryUndefined(PokerCategory, DiceSet)
    /// The die at position `index` (0-based) shows `face`, outside 1 ... `faces`.
    case faceOutOfRange(index: Int, face: Int, faces: Int)

    public var description: String {
        switch self {
        case .invalidDiceCount(let k): return "the number of dice must be at least 1, got \(k)"
        case .tooManyDice(let k, let maximum): return "at most \(maximum) dice are supported, got \(k)"
        case .invalidFaceCount(let f): return "a die needs at least 1 face, got \(f)"
        case .tooManyFaces(let f, let maximum): return "at most \(maximum) faces are supported, got \(f)"
        case .tooManyRollsToCount(let dice): return "\(dice) has more than 2^64 ordered rolls; its probabilities cannot be counted exactly"
        case .tooManyRollsToEnumerate(let dice, let limit): return "\(dice) has more than \(limit) ordered rolls to enumerate"
        case .categoryUndefined(let category, let dice): return "'\(category.name)' is not a category of \(dice.count) dice"
        case .faceOutOfRange(let index, let face, let faces): return "die \(index) shows \(face), outside 1 ... \(faces)"
        }
    }
}
