import FairnessModel
import Foundation

/// What a game pays per play, exactly, as its implementation reports: the probability of each payout, the
/// return to player (RTP: expected payout over the stake), hit frequency, volatility, and each advertised
/// prize's odds — from the exact distribution of what the game shows (a wheel's own-spin partition, a
/// targeted wheel's index draw, a dice game's every roll under its reroll policy), never from sampling.
public struct ReturnToPlayer: Sendable, Hashable, Codable {
    /// One advertised prize: the outcome that pays it, what it pays, and its exact probability per play.
    public struct Prize: Sendable, Hashable, Codable {
        /// The outcome: a wheel's label, a dice game's hand.
        public let name: String
        /// What it pays, in the game's currency.
        public let payout: Double
        /// Its probability per play.
        public let probability: Double

        /// The odds as "1 in X": 1 / probability (infinity for a prize that cannot occur).
        public var oneIn: Double { 1 / probability }

        /// A prize: the outcome that pays it, what it pays, and its probability per play in [0, 1].
        public init(name: String, payout: Double, probability: Double) {
            self.name = name
            self.payout = payout
            self.probability = probability
        }
    }

    /// One payout level and its probability per play.
    public struct Level: Sendable, Hashable, Codable {
        /// What a play pays.
        public let payout: Double
        /// The probability that a play pays it.
        public let probability: Double
    }

    /// What one play costs.
    public let stake: Double
    /// Every payout a play can make, ascending, with its exact probability (they sum to 1).
    public let levels: [Level]
    /// Every advertised prize (a positive payout), largest first, with its exact probability.
    public let prizes: [Prize]

    /// The levels and prizes of a game.
    /// - Parameters:
    ///   - stake: What one play costs.
    ///   - levels: Probability per payout (merged where payouts repeat; 0-probability levels kept).
    ///   - prizes: Every advertised prize.
    public init(stake: Double, levels: [Double: Double], prizes: [Prize]) {
        self.stake = stake
        self.levels = levels.keys.sorted().map { Level(payout: $0, probability: levels[$0]!) }
        self.prizes = prizes.sorted { ($0.payout, $1.name) > ($1.payout, $0.name) }
    }

    /// The RTP of a wheel from the exact probability of each outcome it shows: a label pays its prize; no
    /// result, a trap or a label no sector carries pays nothing.
    public init(paytable: Paytable<Int>, outcomes: [WheelOutcome: Double]) {
        var levels: [Double: Double] = [0: 0]
        // In the outcomes' order: a sum in a dictionary's order would change its last bits from one process to
        // the next.
        for (outcome, probability) in outcomes.sorted(by: { $0.key < $1.key }) {
            levels[outcome.label.map(paytable.prize) ?? 0, default: 0] += probability
        }
        for prize in paytable.prizes.values where levels[prize] == nil { levels[prize] = 0 }
        let prizes = paytable.prizes.filter { $0.value > 0 }.map { label, payout in
            Prize(name: "label \(label)", payout: payout, probability: outcomes[.label(label)] ?? 0)
        }
        self.init(stake: paytable.stake, levels: levels, prizes: prizes)
    }

    /// The RTP of a dice game from a survey of every roll, under its reroll policy: a play pays what its
    /// final roll pays (P(final = r) = P(r) · (1 − rerolled(r)) + P(rerolled) · P(r)); nil when the survey
    /// did not visit every roll (too many multisets: the odds would not be exact).
    public init?(dice survey: DetectorSurvey, paytable: Paytable<String>, hands: [DiceHand], rerolls: Bool) {
        guard survey.coverage.isExhaustive, let total = survey.orderedRolls else { return nil }
        let detected = rerolls ? survey.detectedStraights : 0
        let t = Double(total)
        func probability(_ counts: DetectorSurvey.PayoutCounts) -> Double {
            // ((all − rerolled) · T + detected · all) / T², exactly in 128 bits, then one division.
            let kept = counts.all - (rerolls ? counts.rerolled : 0)
            let numerator = UInt128(kept) * UInt128(total) + UInt128(detected) * UInt128(counts.all)
            return Double(numerator) / (t * t)
        }
        var levels: [Double: Double] = [0: 0]
        for (payout, counts) in survey.payouts.sorted(by: { $0.key < $1.key }) { levels[payout, default: 0] += probability(counts) }
        for prize in paytable.prizes.values where levels[prize] == nil { levels[prize] = 0 }
        let prizes = hands.compactMap { hand -> Prize? in
            let payout = paytable.prize(hand.name)
            guard payout > 0 else { return nil }
            return Prize(name: hand.name, payout: payout, probability: survey.paidBy[hand.name].map(probability) ?? 0)
        }
        self.init(stake: paytable.stake, levels: levels, prizes: prizes)
    }

    /// The expected payout per play.
    public var expectedPayout: Double { levels.reduce(0) { $0 + $1.payout * $1.probability } }
    /// The return to player: expected payout over the stake.
    public var rtp: Double { expectedPayout / stake }
    /// The probability that a play pays anything.
    public var hitFrequency: Double { levels.filter { $0.payout > 0 }.reduce(0) { $0 + $1.probability } }
    /// The standard deviation of one play's payout, in stakes (the game's volatility).
    public var standardDeviation: Double {
        let mean = expectedPayout
        return (levels.reduce(0) { $0 + $1.probability * ($1.payout - mean) * ($1.payout - mean) }).squareRoot() / stake
    }
    /// The largest advertised prize, if any.
    public var largest: Prize? { prizes.first }

    /// The probability that a play pays `prize`'s amount, by any of `prizes`: the sum of the probabilities
    /// of every prize whose payout equals it (an outcome never shown may still have its amount paid).
    public static func amountProbability(_ prize: Prize, among prizes: [Prize]) -> Double {
        prizes.filter { $0.payout == prize.payout }.reduce(0) { $0 + $1.probability }
    }

    /// `a` and `b` with as many significant digits (7 to 17) as it takes to print them differently.
    public static func formatApart(_ a: Double, _ b: Double) -> (String, String) {
        for digits in 7...17 {
            let pair = (String(format: "%.\(digits)g", a), String(format: "%.\(digits)g", b))
            if pair.0 != pair.1 { return pair }
        }
        return (format(a), format(b))
    }

    /// `x` to about 7 significant digits, without a trailing `.0` (for reports).
    public static func format(_ x: Double) -> String {
        guard x.isFinite else { return x > 0 ? "∞" : "-∞" }
        return String(format: "%.7g", x)
    }
}

/// The payout findings of a game: its exact RTP against what it declares and against a minimum, and
/// advertised prizes rarer than a "1 in N" limit.
public struct ReturnFindings: Sendable {
    /// The exact RTP against the declared one (``FindingClass/odds``: the difference), nil if they agree or
    /// nothing is declared.
    public let declared: Finding?
    /// The exact RTP below the minimum (``FindingClass/odds``: the shortfall), nil if at or above it or no
    /// minimum applies.
    public let minimum: Finding?
    /// Advertised prizes rarer than 1 in `rarePrizeLimit` per play (GLI-11: an advertised award must occur at
    /// least once in 100 million plays unless its odds are shown), largest first.
    public let tooRare: [ReturnToPlayer.Prize]

    /// The findings of `rtp` under `paytable`.
    /// - Parameters:
    ///   - rtp: The exact payout distribution.
    ///   - declaredReturn: The RTP the game declares, and the tolerance it was printed with.
    ///   - minimumReturn: The least RTP allowed, if any.
    ///   - rarePrizeLimit: N of "1 in N": a prize rarer than that fails (10⁸ by default).
    public init(
        _ rtp: ReturnToPlayer, declaredReturn: (value: Double, tolerance: Double)?, minimumReturn: Double?,
        rarePrizeLimit: Double = 1e8
    ) {
        if let declaredReturn, abs(rtp.rtp - declaredReturn.value) > max(1e-12, declaredReturn.tolerance) {
            declared = Finding(
                .odds, magnitude: abs(rtp.rtp - declaredReturn.value),
                fact: .returnDiffersFromDeclared(returnToPlayer: rtp.rtp, declared: declaredReturn.value))
        } else {
            declared = nil
        }
        if let minimumReturn, rtp.rtp < minimumReturn - 1e-12 {
            minimum = Finding(
                .odds, magnitude: minimumReturn - rtp.rtp, fact: .returnBelowMinimum(returnToPlayer: rtp.rtp, minimum: minimumReturn))
        } else {
            minimum = nil
        }
        tooRare = rtp.prizes.filter { $0.probability < 1 / rarePrizeLimit }
    }
}
