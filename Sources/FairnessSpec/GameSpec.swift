import FairnessAudit

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

/// Where angle 0 points on the screen.
public enum SpecZero: String, Sendable, Hashable, CaseIterable {
    /// 3 o'clock (UIKit, Core Graphics, most maths).
    case right
    /// 6 o'clock.
    case bottom
    /// 9 o'clock.
    case left
    /// 12 o'clock (many game engines and designers).
    case top

    /// The direction's angle in the toolkit's screen convention (0 right, clockwise), in turns.
    var screenTurns: Double {
        switch self {
        case .right: return 0
        case .bottom: return 0.25
        case .left: return 0.5
        case .top: return 0.75
        }
    }
}

/// What a declared game's play costs and returns (`payout:` under `wheel` or `dice`).
public struct PayoutSpec: Sendable, Hashable {
    /// What one play costs (1 by default).
    public var stake: Double = 1
    /// The return to player the game declares (0.95 for 95%), if any.
    public var declaredRTP: Double?
    /// The unit the declared RTP is printed to (0.001 for 97.3%), if rounded; it then agrees within half.
    public var declaredRTPRoundedTo: Double?
    /// The least return to player the game must return, if any.
    public var minimumRTP: Double?

    /// The paytable with these terms and `prizes`.
    func paytable<Key>(_ prizes: [Key: Double]) -> Paytable<Key> {
        // The parser has checked every value (finite, stake positive).
        try! Paytable(
            prizes: prizes, stake: stake, declaredReturn: declaredRTP, declaredReturnTolerance: declaredRTPRoundedTo.map { $0 / 2 } ?? 1e-9,
            minimumReturn: minimumRTP)
    }
}

/// A spin wheel as declared: its sectors, its angle conventions, its pointer and how it spins.
public struct WheelSpec: Sendable, Hashable {
    /// One sector, in layout order.
    public struct Sector: Sendable, Hashable {
        /// The label the game shows for it (distinct).
        public var label: Int
        /// Its size: a width in the spec's unit, or a relative weight (all sectors use the same one).
        public var size: Double
        /// The probability the game claims for it (shown to players, printed in its rules), if declared;
        /// otherwise its share of the circle is what it claims.
        public var claimed: Double?
        /// The prize it pays, if declared (reported; RTP is a later feature).
        public var prize: Double?
        /// For a wheel declared as drawn (``WheelSpec/drawn``): where the painted arc starts and ends, in
        /// the spec's angles, the arc running from `start` to `end` the way the spec's angles grow
        /// (`end` > `start`; an arc across 0 is written 350 to 370). nil for sizes.
        public var arc: DrawnSpan? = nil
    }

    /// Where a painted arc starts and ends, in the spec's angles.
    public struct DrawnSpan: Sendable, Hashable {
        /// The angle the arc begins at.
        public var start: Double
        /// The angle it ends at, past `start` the way the spec's angles grow.
        public var end: Double
    }

    /// How a spin decides where the wheel comes to rest.
    public enum Draw: String, Sendable, Hashable, CaseIterable {
        /// A stop angle uniform over one turn (continuous).
        case uniform
        /// A whole number of degrees, each of the 360 equally likely.
        case integerDegrees = "integer-degrees"
        /// The game draws a sector index (uniformly, or by ``WheelSpec/indexWeights``) and computes where
        /// to stop for it: a wheel told its result up front.
        case target
    }

    /// Whether each spin adds to the previous rotation or starts again from zero.
    public enum Rotation: String, Sendable, Hashable, CaseIterable {
        /// rotation ← previous + turns + drawn angle.
        case accumulated
        /// rotation ← turns + drawn angle.
        case reset
    }

    /// `degrees` or `radians`.
    public var unit: AngleUnit
    /// Where angle 0 points.
    public var zero: SpecZero
    /// Which way angles grow on the screen.
    public var anglesGrow: LayoutDirection
    /// Which way the sectors follow each other on the screen from ``firstSectorStart``.
    public var layout: LayoutDirection
    /// Where the first sector starts, in the spec's angles.
    public var firstSectorStart: Double
    /// Where the pointer is, in the spec's angles.
    public var pointer: Double
    /// The sectors, in layout order.
    public var sectors: [Sector]
    /// Whether ``Sector/size`` is a width in the unit (true) or a relative weight (false).
    public var sizesAreWidths: Bool
    /// Whether the sectors are declared as drawn (each its ``Sector/arc``, gaps and overlaps kept: n slices
    /// of integer width ⌊360/n⌋ leave part of the circle unpainted) rather than by sizes that make a turn.
    public var drawn: Bool {
        !sectors.isEmpty && sectors.allSatisfy { $0.arc != nil }
    }
    /// How the stop angle is drawn.
    public var draw: Draw
    /// Whole turns added to every spin.
    public var turns: Int
    /// Accumulated or reset rotation.
    public var rotation: Rotation
    /// The unit the game rounds its printed claims to (`claims-rounded-to: 0.0001` for odds shown as
    /// 15.43%), or nil for claims given exactly; claims agree with exact odds within half of it.
    public var claimsRoundedTo: Double? = nil
    /// The stake and declared and minimum RTP, if given.
    public var payout: PayoutSpec? = nil

    /// What the wheel pays per label — each sector's `prize` — with the `payout` terms; nil if no sector
    /// declares a prize and there is no `payout` block.
    public var paytable: Paytable<Int>? {
        guard payout != nil || sectors.contains(where: { $0.prize != nil }) else { return nil }
        var prizes: [Int: Double] = [:]
        for sector in sectors { if let prize = sector.prize { prizes[sector.label] = prize } }
        return (payout ?? PayoutSpec()).paytable(prizes)
    }
    /// For ``Draw/target``: the relative weight with which the game draws each sector's index (0-based, in
    /// layout order), or nil for a uniform draw.
    public var indexWeights: [Double]? = nil
}

/// A dice game as declared.
public struct DiceSpec: Sendable, Hashable {
    /// A category whose probability the game claims.
    public struct Claim: Sendable, Hashable {
        /// The category.
        public var category: PokerCategory
        /// The probability claimed for the final roll to be in it.
        public var probability: Double
    }

    /// The dice.
    public var dice: DiceSet
    /// What the game does after a roll its detector calls a straight.
    public var reroll: RerollPolicy
    /// The probabilities the game claims, by category.
    public var claims: [Claim]
    /// The hands the game names beyond the categories (small straight, ...), in the file's order.
    public var hands: [Hand] = []
    /// The unit the game rounds its printed claims to, or nil for claims given exactly (see
    /// ``WheelSpec/claimsRoundedTo``).
    public var claimsRoundedTo: Double? = nil
    /// The stake and declared and minimum RTP, if given.
    public var payout: PayoutSpec? = nil

    /// What the game pays per hand — each hand's `prize` — with the `payout` terms; nil if no hand declares
    /// a prize and there is no `payout` block.
    public var paytable: Paytable<String>? {
        guard payout != nil || hands.contains(where: { $0.prize != nil }) else { return nil }
        var prizes: [String: Double] = [:]
        for hand in hands { if let prize = hand.prize { prizes[hand.name] = prize } }
        return (payout ?? PayoutSpec()).paytable(prizes)
    }

    /// A hand the game names, with its rule and what the game claims and pays for it.
    public struct Hand: Sendable, Hashable {
        /// The name in reports and in the probe's `hand NAME ...` requests (letters, digits, `-`, `_`, `.`).
        public var name: String
        /// What makes a roll the hand.
        public var rule: DiceHand.Rule
        /// The probability the game claims for its final roll to be the hand, if declared.
        public var claimed: Double?
        /// The prize it pays, if declared (recorded for return-to-player checks).
        public var prize: Double?

        /// The hand for the audit.
        public var diceHand: DiceHand { DiceHand(name: name, rule: rule, claimed: claimed) }
    }

    /// The declared hands for the audit.
    public var diceHands: [DiceHand] { hands.map(\.diceHand) }

    /// Half of ``claimsRoundedTo``, or 1e-9 for claims given exactly.
    public var claimTolerance: Double { claimsRoundedTo.map { $0 / 2 } ?? 1e-9 }

    /// The claims by category, or nil if there are none.
    public var claimedOdds: [PokerCategory: Double]? {
        claims.isEmpty ? nil : Dictionary(uniqueKeysWithValues: claims.map { ($0.category, $0.probability) })
    }
}
