import FairnessModel

/// A prize draw declared in a spec, audited from its declaration alone (its exact figures against what it
/// discloses; sampling draws from the declared machine). A probe supplies the game's own draw.
public struct SpecPrizeDraw: PrizeDrawSubject {
    /// The game's name.
    public let name: String
    /// One line saying what it is.
    public let summary: String
    /// The declaration.
    public let declaration: PrizeDrawDeclaration

    /// The declared draw `declaration`, named `name`.
    public init(_ declaration: PrizeDrawDeclaration, name: String, summary: String) {
        self.declaration = declaration
        self.name = name
        self.summary = summary
    }
}
