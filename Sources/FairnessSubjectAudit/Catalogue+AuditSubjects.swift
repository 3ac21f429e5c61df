import FairnessSubjects
import _FairnessAuditSupport

extension Catalogue {
    /// Every built-in subject (`Catalogue.entries`) as an audit subject, in catalogue order.
    public static let builtIn: [AuditSubject] = entries.map { entry in
        switch entry {
        case .sliderRoulette(let wheel): AuditSubject(wheel: wheel)
        case .twelveSliceWheel(let wheel): AuditSubject(wheel: wheel)
        case .rotaryWheel(let wheel): AuditSubject(wheel: wheel)
        case .targetIndexWheel(let wheel): AuditSubject(targetedWheel: wheel)
        case .drinkingDice(let game): AuditSubject(dice: game)
        case .referenceWheel(let wheel): AuditSubject(wheel: wheel)
        case .referenceTargetedWheel(let wheel): AuditSubject(targetedWheel: wheel)
        case .referenceDice(let game): AuditSubject(dice: game)
        }
    }

    /// The subjects named, in catalogue order; an unknown name is a one-line error listing the choices.
    ///
    /// - Parameter names: Subject names; an empty list selects every subject in ``builtIn``.
    ///   Duplicates select a subject once.
    /// - Returns: The named subjects in the order of ``builtIn``, not the order of `names`.
    /// - Throws: `AuditError.unknownSubject(name:known:)` for the first name that no built-in subject
    ///   has, with every built-in name as `known`.
    /// - Complexity: O(*n* + *m*), where *n* is the number of built-in subjects and *m* the number of
    ///   names.
    public static func select(_ names: [String]) throws -> [AuditSubject] {
        if names.isEmpty { return builtIn }
        let known = Set(builtIn.map(\.name))
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw AuditError.unknownSubject(name: unknown, known: builtIn.map(\.name))
        }
        let wanted = Set(names)
        return builtIn.filter { wanted.contains($0.name) }
    }
}
