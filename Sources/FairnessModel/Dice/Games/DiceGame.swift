/// A dice game under audit: a user's own, one of the seed ports, or the reference.
///
/// Implement it for your game and the toolkit audits it: exhaustively for the detectors, by exact
/// enumeration for the odds under the reroll policy, and by sampling for the rolls themselves.
/// Conformers are value types; the methods are generic over the generator so audit loops specialise.
public protocol DiceGame: Sendable {
    /// A short identifier, unique among subjects (`reference-dice`, ...).
    var name: String { get }
    /// One line saying what the game is.
    var summary: String { get }
    /// The dice the game rolls.
    var dice: DiceSet { get }
    /// What the game does after a roll its detector calls a straight.
    var rerollPolicy: RerollPolicy { get }

    /// Rolls all dice once, drawing from `generator`.
    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll

    /// The game's own straight decision for `roll`, evaluated the way the game evaluates it in play.
    func isStraight(_ roll: DiceRoll) -> Bool

    /// The game's straight decision for `roll` while the game's own state holds `state` — for detectors
    /// that read game state instead of their argument. The default ignores `state`.
    func isStraight(_ roll: DiceRoll, whileGameHolds state: DiceRoll) -> Bool

    /// The game's own category for `roll`, or nil if the game does not classify rolls.
    func category(_ roll: DiceRoll) -> PokerCategory?

    /// The probabilities the game claims (in its rules, on screen) for its final roll to fall in each
    /// category it names; nil (the default) if it claims none. The audit compares them exactly with the
    /// final odds under its reroll policy.
    var claimedOdds: [PokerCategory: Double]? { get }

    /// How far an exact probability may lie from a claimed one and still agree with it: half a unit in the
    /// last digit the claims were printed with (claims shown as 0.1543 agree with 0.15432...); 1e-9 (the
    /// default) for claims given to full precision.
    var claimTolerance: Double { get }

    /// The hands the game names, shows or pays for beyond the poker categories — small and large
    /// straights, n of a kind, a hand of its own — each with its reference rule and the odds the game
    /// claims for it; empty (the default) if none. The audit computes each hand's exact final odds under
    /// the reroll policy, compares them with the claim, and judges ``detects(_:in:)`` on every roll.
    var hands: [DiceHand] { get }

    /// The game's own decision whether `roll` is `hand` (one of ``hands``), evaluated the way the game
    /// evaluates it in play; nil (the default) if the game has no detector of its own for the hand (its
    /// odds are still computed and compared with its claim).
    func detects(_ hand: DiceHand, in roll: DiceRoll) -> Bool?

    /// What the game pays, by hand name (see ``hands``): a play pays the largest prize among the hands its
    /// final roll is, as the game's own detector judges each (its rule where it has none), and 0 if none;
    /// with the stake and the RTP it declares. nil (the default) if it pays nothing the audit should check.
    var paytable: Paytable<String>? { get }

    /// Whether the game sorts its dice before its detectors and its settlement see them (a Yahtzee card
    /// that sorts the hand first): then the audit judges them on sorted rolls only, as in play. false (the
    /// default): they see the dice as rolled, in every order.
    var seesSortedDice: Bool { get }

    /// The bets the game offers on its final roll, each with its rules and payouts and the figures it
    /// publishes; empty (the default) if none. The audit computes each bet's exact odds, return and house
    /// edge, compares them with the published figures, and judges ``settle(_:on:)`` on every roll.
    var bets: [DiceBet] { get }

    /// The game's own settlement of `bet` (one of ``bets``) on `roll`: its net payout per unit staked (−1:
    /// the stake lost, 0: a push), evaluated the way the game settles in play; nil (the default) if the game
    /// has no settlement of its own for the bet (its odds are still computed and compared).
    func settle(_ bet: DiceBet, on roll: DiceRoll) -> Double?

    /// The rounds of several rolls the game offers (craps' pass line); empty (the default) if none. The
    /// audit solves each round's exact odds as a Markov chain, compares them with the published figures,
    /// and judges ``playRounds(_:sequences:)`` on every sequence of rolls it can afford.
    var rounds: [DiceRound] { get }

    /// The game's own round logic after each sequence of rolls (the first roll of the round first): whether
    /// it settles the round after the last roll, at which net payout, or rolls again; nil for every sequence
    /// (the default) if the game has no round logic of its own for `round`. One call judges a batch, so a
    /// game answered by another process is asked once per batch.
    func playRounds(_ round: DiceRound, sequences: [[DiceRoll]]) -> [RoundAnswer?]
}

/// What a game's round logic does after a sequence of rolls.
public enum RoundAnswer: Sendable, Hashable, Codable {
    /// The round goes on: the game rolls again.
    case rollAgain
    /// The round ends, paying this net per unit staked (NaN: the game gave no answer, or crashed).
    case settled(Double)
}

extension DiceGame {
    /// The default: ignores `state` and returns ``isStraight(_:)`` of `roll`.
    public func isStraight(_ roll: DiceRoll, whileGameHolds state: DiceRoll) -> Bool { isStraight(roll) }
    /// The default: nil, the game does not classify rolls.
    public func category(_ roll: DiceRoll) -> PokerCategory? { nil }
    /// The default: nil, the game claims no odds.
    public var claimedOdds: [PokerCategory: Double]? { nil }
    /// 1e-9: claims given to full precision.
    public var claimTolerance: Double { 1e-9 }
    /// The default: no hands beyond the poker categories.
    public var hands: [DiceHand] { [] }
    /// The default: nil, the game has no detector of its own.
    public func detects(_ hand: DiceHand, in roll: DiceRoll) -> Bool? { nil }
    /// The default: nil, no paytable.
    public var paytable: Paytable<String>? { nil }
    /// The default: false, the game sees its dice as rolled.
    public var seesSortedDice: Bool { false }
    /// The default: no bets.
    public var bets: [DiceBet] { [] }
    /// The default: nil, the game has no settlement of its own.
    public func settle(_ bet: DiceBet, on roll: DiceRoll) -> Double? { nil }
    /// The default: no rounds.
    public var rounds: [DiceRound] { [] }
    /// The default: nil for every sequence, the game has no round logic of its own.
    public func playRounds(_ round: DiceRound, sequences: [[DiceRoll]]) -> [RoundAnswer?] { sequences.map { _ in nil } }

    /// The roll as the game's detectors and settlement see it: sorted if ``seesSortedDice``, else as rolled.
    @inlinable
    public func seen(_ roll: DiceRoll) -> DiceRoll { seesSortedDice ? roll.sorted : roll }

    /// What the game pays for `roll` as its final roll under `paytable`: the largest prize among the hands
    /// the game's detector (its rule where it has none) says the roll is; 0 if none.
    /// - Complexity: one detector call per hand.
    public func payout(for roll: DiceRoll, hands: [DiceHand], paytable: Paytable<String>) -> (prize: Double, hand: Int?) {
        payout(for: roll, hands: hands, prizes: hands.map { paytable.prize($0.name) })
    }

    /// ``payout(for:hands:paytable:)`` with each hand's prize looked up beforehand: `prizes[i]` is what
    /// `hands[i]` pays (a trial loop looks the names up once per block, not once per play).
    /// - Precondition: `prizes.count == hands.count`.
    public func payout(for roll: DiceRoll, hands: [DiceHand], prizes: [Double]) -> (prize: Double, hand: Int?) {
        payout(for: roll, hands: hands, prizes: prizes, holds: { hands[$0].holds(in: roll) })
    }

    /// ``payout(for:hands:prizes:)`` with `holds(i)` answering whether `roll` is `hands[i]` by its rule, for
    /// a loop that has evaluated the rules already (a trial loop counting every hand).
    /// - Precondition: `prizes.count == hands.count`; `holds(i) == hands[i].holds(in: roll)`.
    @inlinable
    public func payout(
        for roll: DiceRoll, hands: [DiceHand], prizes: [Double], holds: (Int) -> Bool
    ) -> (prize: Double, hand: Int?) {
        precondition(prizes.count == hands.count, "one prize per hand")
        var best = 0.0, paidBy: Int?
        for (index, hand) in hands.enumerated() {
            let prize = prizes[index]
            guard prize > best else { continue }
            if detects(hand, in: seen(roll)) ?? holds(index) {
                best = prize
                paidBy = index
            }
        }
        return (best, paidBy)
    }

    /// Plays once under the game's reroll policy.
    @inlinable
    public func play<G: RandomNumberGenerator>(using generator: inout G) -> DicePlay {
        let first = roll(using: &generator)
        if rerollPolicy == .rerollOnceAfterDetectedStraight && isStraight(seen(first)) {
            return DicePlay(first: first, rerolled: true, final: roll(using: &generator))
        }
        return DicePlay(first: first, rerolled: false, final: first)
    }
}
