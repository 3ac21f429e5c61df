import FairnessModel
import FairnessReport
import FairnessRunner
import _FairnessAuditSupport

/// A subject the audit can run: its name, a one-line description, and a generic audit specialised for
/// its concrete type (the closure is the only indirection, once per subject, never per trial).
public struct AuditSubject: Sendable {
    /// The subject's short identifier, unique among subjects (the wheel's or game's `name`).
    public let name: String
    /// One line saying what the subject is (the wheel's or game's `summary`).
    public let summary: String
    /// The kind of subject.
    public let kind: SubjectKind
    @usableFromInline let audit: @Sendable (AuditSettings) throws -> SubjectResult

    @usableFromInline
    package init(name: String, summary: String, kind: SubjectKind, audit: @escaping @Sendable (AuditSettings) throws -> SubjectResult) {
        self.name = name
        self.summary = summary
        self.kind = kind
        self.audit = audit
    }

    /// The subject's random stream in an audit: the FNV-1a 64-bit hash of its name's UTF-8 bytes, used as
    /// the second Philox key word (and in every GSL block seed). Subjects with different names draw
    /// independent trials; the same name always draws the same ones.
    public var stream: UInt64 { Self.stream(named: name) }

    /// FNV-1a (64-bit) of `name`'s UTF-8 bytes: offset basis 0xcbf29ce484222325, prime 0x100000001b3.
    public static func stream(named name: String) -> UInt64 { FNV1a.hash(name.utf8) }

    /// A wheel read from its rotation.
    ///
    /// Inlinable so that the sampling loop is specialised for `Subject` where its type is known (a user's
    /// own module): `Audit.run` then spins it as fast as `MonteCarloRunner` called directly.
    @inlinable
    public init<Subject: WheelSubject>(wheel subject: Subject) {
        self.init(
            name: subject.name, summary: subject.summary, kind: .wheel,
            audit: { try SubjectAudit.wheel(subject, settings: $0, sample: { try MonteCarloRunner.run($0, settings: $1) }) })
    }

    /// A wheel read from its rotation whose audit begins with `start` and ends with `finish`. `start` is
    /// given the audit's settings before anything runs (a probe plans its pace from the trials and
    /// threads); `finish` returns facts to add to the subject's notes, or throws a ``SubjectFault`` if
    /// the implementation could not be run after all (a probe that broke during the checks, say), which
    /// fails the subject without stopping the audit.
    public init<Subject: WheelSubject>(
        wheel subject: Subject, start: @escaping @Sendable (AuditSettings) -> Void = { _ in },
        finish: @escaping @Sendable () throws -> [SubjectNote]
    ) {
        self.init(AuditSubject(wheel: subject), start: start, finish: finish)
    }

    /// A wheel told its result up front whose audit begins with `start` and ends with `finish` (see
    /// ``init(wheel:start:finish:)``).
    public init<Subject: TargetedWheelSubject>(
        targetedWheel subject: Subject, start: @escaping @Sendable (AuditSettings) -> Void = { _ in },
        finish: @escaping @Sendable () throws -> [SubjectNote]
    ) {
        self.init(AuditSubject(targetedWheel: subject), start: start, finish: finish)
    }

    /// A dice game whose audit begins with `start` and ends with `finish` (see ``init(wheel:start:finish:)``).
    public init<Game: DiceGame>(
        dice game: Game, start: @escaping @Sendable (AuditSettings) -> Void = { _ in },
        finish: @escaping @Sendable () throws -> [SubjectNote]
    ) {
        self.init(AuditSubject(dice: game), start: start, finish: finish)
    }

    /// `subject`, whose audit begins with `start` and ends with `finish`.
    private init(
        _ subject: AuditSubject, start: @escaping @Sendable (AuditSettings) -> Void, finish: @escaping @Sendable () throws -> [SubjectNote]
    ) {
        name = subject.name
        summary = subject.summary
        kind = subject.kind
        let audit = subject.audit
        self.audit = { settings in
            start(settings)
            var result = try audit(settings)
            result.verdict.notes += try finish()
            return result
        }
    }

    /// A subject that could not be set up (its probe did not start, say): its audit records it as FAIL with
    /// the fault's description, and the other subjects are audited as usual.
    public init(name: String, summary: String, kind: SubjectKind, failing fault: any SubjectFault & Sendable) {
        self.name = name
        self.summary = summary
        self.kind = kind
        audit = { _ in throw fault }
    }

    /// A wheel told its result up front (inlinable for the reason given at ``init(wheel:)``).
    @inlinable
    public init<Subject: TargetedWheelSubject>(targetedWheel subject: Subject) {
        self.init(
            name: subject.name, summary: subject.summary, kind: .targetedWheel,
            audit: { try SubjectAudit.targetedWheel(subject, settings: $0, sample: { try MonteCarloRunner.run($0, settings: $1) }) })
    }

    /// A prize draw (inlinable for the reason given at ``init(wheel:)``).
    @inlinable
    public init<Subject: PrizeDrawSubject>(prizeDraw subject: Subject) {
        self.init(
            name: subject.name, summary: subject.summary, kind: .prizeDraw,
            audit: { try SubjectAudit.prizeDraw(subject, settings: $0, sample: { try MonteCarloRunner.run($0, settings: $1) }) })
    }

    /// A prize draw whose audit begins with `start` and ends with `finish` (see ``init(wheel:start:finish:)``).
    public init<Subject: PrizeDrawSubject>(
        prizeDraw subject: Subject, start: @escaping @Sendable (AuditSettings) -> Void = { _ in },
        finish: @escaping @Sendable () throws -> [SubjectNote]
    ) {
        self.init(AuditSubject(prizeDraw: subject), start: start, finish: finish)
    }

    /// A dice game (inlinable for the reason given at ``init(wheel:)``).
    @inlinable
    public init<Game: DiceGame>(dice game: Game) {
        self.init(
            name: game.name, summary: game.summary, kind: .dice,
            audit: { try SubjectAudit.dice(game, settings: $0, sample: { try MonteCarloRunner.run($0, settings: $1) }) })
    }
}
