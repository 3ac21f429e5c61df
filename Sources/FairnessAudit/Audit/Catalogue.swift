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
        subjects.append(AuditSubject(wheel: Self.referenceRoulette))
        subjects.append(AuditSubject(wheel: Self.referencePrizeWheel))
        subjects.append(AuditSubject(targetedWheel: Self.referenceTargetedWheel))
        subjects.append(AuditSubject(dice: Self.referenceDice))
        return subjects
    }()

    /// `reference-wheel-37`: 37 pockets, a straight-up bet on 17 paying 36 for a stake of 1 (35 to 1 and
    /// the stake back), as European roulette pays: RTP 36/37, declared as the fraction.
    public static let referenceRoulette: ReferenceWheel = {
        var wheel = try! ReferenceWheel(equalSectors: 37)
        wheel.paytable = try! Paytable(prizes: [17: 36], stake: 1, declaredReturn: 36.0 / 37)
        return wheel
    }()

    /// `reference-wheel-weighted-7`: sectors weighted 40, 25, 15, 10, 6, 3, 1 paying 0, 1, 2, 3, 5, 10, 25
    /// for a stake of 2: expected payout 170/100, RTP 0.85 (declared).
    public static let referencePrizeWheel: ReferenceWheel = {
        var wheel = try! ReferenceWheel(weights: [40, 25, 15, 10, 6, 3, 1], name: "reference-wheel-weighted-7")
        wheel.paytable = try! Paytable(prizes: [1: 0, 2: 1, 3: 2, 4: 3, 5: 5, 6: 10, 7: 25], stake: 2, declaredReturn: 0.85)
        return wheel
    }()

    /// `reference-targeted-wheel-8`: eight prizes 0, 0, 1, 1, 2, 2, 5, 10 drawn uniformly for a stake of 3:
    /// expected payout 21/8, RTP 0.875 (declared).
    public static let referenceTargetedWheel: ReferenceWheel = {
        var wheel = ReferenceWheel(geometry: try! ReferenceWheel(equalSectors: 8).geometry, name: "reference-targeted-wheel-8")
        wheel.paytable = try! Paytable(prizes: [1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 5, 8: 10], stake: 3, declaredReturn: 0.875)
        return wheel
    }()

    /// `reference-dice-5d6`: five dice paying by the best hand — five of a kind 30, four of a kind (or more)
    /// 5, full house 3, large straight 4, small straight 1 — for a stake of 1: (6·30 + 150·5 + 300·3 +
    /// 240·4 + 960·1) / 7776 = 3750/7776, declared as the fraction.
    public static let referenceDice: ReferenceDiceGame = {
        var game = ReferenceDiceGame()
        let dice = game.dice
        game.hands = [
            DiceHand(name: "five of a kind", rule: .ofAKind(count: 5)), DiceHand(name: "four of a kind", rule: .ofAKind(count: 4)),
            DiceHand(name: "full house", rule: .fullHouse), .largeStraight(dice: dice), .smallStraight(dice: dice),
        ]
        game.paytable = try! Paytable(
            prizes: ["five of a kind": 30, "four of a kind": 5, "full house": 3, "large straight": 4, "small straight": 1], stake: 1,
            declaredReturn: 3750.0 / 7776)
        return game
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
