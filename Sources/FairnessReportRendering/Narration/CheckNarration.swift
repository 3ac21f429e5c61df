import FairnessChecks
import FairnessReport

/// The words of a check its own module identifies and defines (`CheckFigures`): its
/// name, its detail and its finding, written from its typed figures.
///
/// Adding a check is its computation (its figures conforming to `CheckFigures`), a narration conforming
/// to this protocol (a file in `Narration/Keyed/`, listed in ``ReportNarrator/narrations``) and its test;
/// the report model, the writers and `audit verify` need nothing new.
protocol CheckNarration {
    /// The figures this narration writes.
    associatedtype Figures: CheckFigures
    /// The check's name in reports (one line, unique within a subject), given its key's arguments.
    static func name(_ key: CheckKey) -> String
    /// The check's one-line detail.
    static func detail(_ figures: Figures) -> String
    /// The sentence of what it found, when it found something.
    static func finding(_ figures: Figures) -> String
}

extension ReportNarrator {
    /// The narrations of the checks identified by their own module, one per key.
    static var narrations: [any CheckNarration.Type] { [ItemsDrawableNarration.self] }

    /// The narration of `key`, if this version has one.
    static func narration(of key: String) -> (any CheckNarration.Type)? {
        narrations.first { $0.key == key }
    }

    /// The name of the keyed check `key`.
    static func name(ofKeyed key: CheckKey) -> String {
        narration(of: key.name)?.name(key) ?? "\(key.name)\(key.arguments.isEmpty ? "" : " " + key.arguments.joined(separator: " "))"
    }

    /// The detail written from keyed figures.
    static func detail(ofKeyed figures: AnyCheckFigures) -> String {
        guard let narration = narration(of: figures.key) else { return "figures of a check this version does not narrate (\(figures.key))" }
        return narration.detail(figures) ?? "figures of \(figures.key) that do not read as this version's"
    }

    /// The finding written from keyed figures.
    static func sentence(ofKeyed figures: AnyCheckFigures) -> String {
        guard let narration = narration(of: figures.key) else {
            return "a finding of a check this version does not narrate (\(figures.key))"
        }
        return narration.finding(figures) ?? "a finding of \(figures.key) whose figures do not read as this version's"
    }
}

extension CheckNarration {
    /// The key of the figures written.
    static var key: String { Figures.key }

    /// The detail of `figures`, nil when they are not this narration's.
    static func detail(_ figures: AnyCheckFigures) -> String? { figures.decode(Figures.self).map(detail) }

    /// The finding of `figures`, nil when they are not this narration's.
    static func finding(_ figures: AnyCheckFigures) -> String? { figures.decode(Figures.self).map(finding) }
}
