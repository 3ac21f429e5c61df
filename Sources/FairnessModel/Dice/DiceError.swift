/// Why a dice model refused its input.
public enum DiceError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidDiceCount(Int)
    case tooManyDice(Int, maximum: Int)
    case invalidFaceCount(Int)
    case tooManyFaces(Int, maximum: Int)
    case tooManyRollsToCount(DiceSet)
    case tooManyRollsToEnumerate(DiceSet, limit: UInt64)
    case categoryUndefined(PokerCategory, DiceSet)
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
