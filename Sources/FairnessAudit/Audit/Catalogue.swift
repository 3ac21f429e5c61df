/// The built-in subjects: every seed port (the slider roulette at every count) and the reference models.
public enum Catalogue {
    /// Every built-in subject, in catalogue order: the slider roulette at each count in
    /// `SliderRoulette.sectorCounts`, the twelve-slice wheel, the rotary wheel at each count in
    /// `RotaryWheel.sectorCounts`, the target-index wheel with 6 and 7 items, the drinking-dice game with
    /// its reroll switch off and on, then the reference models (37 equal sectors, 7 weighted sectors, a
    /// targeted wheel of 8 sectors, and the reference dice game).
    public static let builtIn: [AuditSubject] = {
        var subjects: [AuditSubject] = []
        for n in SliderRoulette.sectorCounts { subjects.append(AuditSubject(wheel: try! SliderRoulette(sectorCount: n))) }
        subjects.append(AuditSubject(wheel: TwelveSliceWheel()))
        for n in RotaryWheel.sectorCounts { subjects.append(AuditSubject(wheel: try! RotaryWheel(sectorCount: n))) }
        for n in [6, 7] { subjects.append(AuditSubject(targetedWheel: try! TargetIndexWheel(itemCount: n))) }
        subjects.append(AuditSubject(dice: DrinkingDiceGame(rerollSwitchOn: false)))
        subjects.append(AuditSubject(dice: DrinkingDiceGame(rerollSwitchOn: true)))
        subjects.append(AuditSubject(wheel: try! ReferenceWheel(equalSectors: 37)))
        subjects.append(AuditSubject(wheel: try! ReferenceWheel(weights: [40, 25, 15, 10, 6, 3, 1], name: "reference-wheel-weighted-7")))
        let targeted = try! ReferenceWheel(equalSectors: 8)
        subjects.append(AuditSubject(targetedWheel: ReferenceWheel(geometry: targeted.geometry, name: "reference-targeted-wheel-8")))
        subjects.append(AuditSubject(dice: ReferenceDiceGame()))
        return subjects
    }()

    /// The subjects named, in catalogue order; an unknown name is a one-line error listing the choices.
    ///
    /// - Parameter names: Subject names; an empty list selects every subject in ``builtIn``.
    ///   Duplicates select a subject once.
    /// - Returns: The named subjects in the order of ``builtIn``, not the order of `names`.
    /// - Throws: ``AuditError/unknownSubject(name:known:)`` for the first name that no built-in subject
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
