/// A subject the audit can run: its name, a one-line description, and a generic audit specialised for
/// its concrete type (the closure is the only indirection, once per subject, never per trial).
public struct AuditSubject: Sendable {
    /// The subject's short identifier, unique among subjects (the wheel's or game's `name`).
    public let name: String
    /// One line saying what the subject is (the wheel's or game's `summary`).
    public let summary: String
    /// The kind of subject, as the reports print it: `wheel`, `targeted wheel` or `dice`.
    public let kind: String
    let audit: @Sendable (AuditSettings) throws -> SubjectResult

    /// A wheel read from its rotation.
    public init<Subject: WheelSubject>(wheel subject: Subject) {
        name = subject.name
        summary = subject.summary
        kind = "wheel"
        audit = { try SubjectAudit.wheel(subject, settings: $0) }
    }

    /// A wheel told its result up front.
    public init<Subject: TargetedWheelSubject>(targetedWheel subject: Subject) {
        name = subject.name
        summary = subject.summary
        kind = "targeted wheel"
        audit = { try SubjectAudit.targetedWheel(subject, settings: $0) }
    }

    /// A dice game.
    public init<Game: DiceGame>(dice game: Game) {
        name = game.name
        summary = game.summary
        kind = "dice"
        audit = { try SubjectAudit.dice(game, settings: $0) }
    }
}
