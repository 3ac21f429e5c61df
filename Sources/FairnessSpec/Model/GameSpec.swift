import FairnessModel

/// A game declared in a spec file (YAML or JSON; see `docs/spec.md` and `docs/spec.schema.json`): a spin
/// wheel, a dice game or a prize table, with what it claims.
public struct GameSpec: Sendable, Hashable {
    /// The format version the file declares (`version: 1`).
    public static let formatVersion = 1

    /// Whether `name` may name a subject: 1 to 100 letters, digits, `-`, `_` or `.`, so a name is shown
    /// as itself in every report (no Markdown table bar, no line break, no control character).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100 && name.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    }

    /// The game's name: the subject's name in reports (letters, digits, `-`, `_`, `.`).
    public var name: String
    /// One line saying what the game is.
    public var summary: String
    /// The game itself.
    public var game: Game

    /// A wheel, a dice game or a prize table.
    public enum Game: Sendable, Hashable {
        /// A spin wheel read from its rotation.
        case wheel(WheelSpec)
        /// A dice game.
        case dice(DiceSpec)
        /// A prize table, with any memory its draws keep (pity, guarantees, no-repeat, stock).
        case table(PrizeDrawDeclaration)
    }
}
