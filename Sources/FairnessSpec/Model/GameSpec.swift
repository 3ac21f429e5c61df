import FairnessModel

/// A game declared in a spec file (YAML or JSON; see `docs/spec.md` and `docs/spec.schema.json`): a spin
/// wheel or a dice game, with what it claims.
public struct GameSpec: Sendable, Hashable {
    /// The format version the file declares (`version: 1`).
    public static let formatVersion = 1

    /// The game's name: the subject's name in reports (letters, digits, `-`, `_`, `.`).
    public var name: String
    /// One line saying what the game is.
    public var summary: String
    /// The game itself.
    public var game: Game

    /// A wheel or a dice game.
    public enum Game: Sendable, Hashable {
        /// A spin wheel read from its rotation.
        case wheel(WheelSpec)
        /// A dice game.
        case dice(DiceSpec)
    }
}
