/// What a dice game does after its first roll.
public enum RerollPolicy: String, Sendable, Hashable, Codable {
    /// The first roll is final.
    case never
    /// When the game's own detector calls the first roll a straight, every die is rolled once more and
    /// that second roll is final, without being checked again.
    case rerollOnceAfterDetectedStraight
}
