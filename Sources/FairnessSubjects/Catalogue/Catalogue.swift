import FairnessModel

/// The subjects the toolkit ships, in catalogue order: every tutorial port (the slider roulette and the
/// rotary wheel at each of their counts) and the reference models, with their paytables.
///
/// An entry holds its subject's concrete type, so code that runs it (FairnessSubjectAudit's `Catalogue.builtIn`)
/// specialises for each.
public enum Catalogue {
    /// One built-in subject, as its concrete type.
    public enum Entry: Sendable {
        /// A slider roulette (tutorial port).
        case sliderRoulette(SliderRoulette)
        /// The twelve-slice wheel (tutorial port).
        case twelveSliceWheel(TwelveSliceWheel)
        /// A rotary wheel (tutorial port).
        case rotaryWheel(RotaryWheel)
        /// A target-index wheel, told its result up front (tutorial port).
        case targetIndexWheel(TargetIndexWheel)
        /// The drinking-dice game (tutorial port).
        case drinkingDice(DrinkingDiceGame)
        /// A reference wheel that spins.
        case referenceWheel(ReferenceWheel)
        /// A reference wheel told its result up front.
        case referenceTargetedWheel(ReferenceWheel)
        /// The reference dice game.
        case referenceDice(ReferenceDiceGame)

        /// The subject's name, as `audit list` shows it.
        public var name: String {
            switch self {
            case .sliderRoulette(let wheel): wheel.name
            case .twelveSliceWheel(let wheel): wheel.name
            case .rotaryWheel(let wheel): wheel.name
            case .targetIndexWheel(let wheel): wheel.name
            case .drinkingDice(let game): game.name
            case .referenceWheel(let wheel), .referenceTargetedWheel(let wheel): wheel.name
            case .referenceDice(let game): game.name
            }
        }
    }

    /// Every built-in subject, in catalogue order: the slider roulette at each count in
    /// `SliderRoulette.sectorCounts`, the twelve-slice wheel, the rotary wheel at each count in
    /// `RotaryWheel.sectorCounts`, the target-index wheel with 6 and 7 items, the drinking-dice game with
    /// its reroll switch off and on, then the reference models (37 equal sectors, 7 weighted sectors, a
    /// targeted wheel of 8 sectors, and the reference dice game).
    public static let entries: [Entry] = {
        var entries: [Entry] = []
        for n in SliderRoulette.sectorCounts { entries.append(.sliderRoulette(try! SliderRoulette(sectorCount: n))) }
        entries.append(.twelveSliceWheel(TwelveSliceWheel()))
        for n in RotaryWheel.sectorCounts { entries.append(.rotaryWheel(try! RotaryWheel(sectorCount: n))) }
        for n in [6, 7] { entries.append(.targetIndexWheel(try! TargetIndexWheel(itemCount: n))) }
        entries.append(.drinkingDice(DrinkingDiceGame(rerollSwitchOn: false)))
        entries.append(.drinkingDice(DrinkingDiceGame(rerollSwitchOn: true)))
        entries.append(.referenceWheel(referenceRoulette))
        entries.append(.referenceWheel(referencePrizeWheel))
        entries.append(.referenceTargetedWheel(referenceTargetedWheel))
        entries.append(.referenceDice(referenceDice))
        return entries
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
}
