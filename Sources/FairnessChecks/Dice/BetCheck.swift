import BigInt
import FairnessModel

/// One bet of a dice game, judged exactly: its odds, return and house edge on the final roll under the
/// game's reroll policy (exact fractions), the figures the game publishes against them, and the game's own
/// settlement against the rules on every roll.
///
/// With N = F^K ordered rolls, c the rolls a case settles, c_R those of them the game rerolls and D every
/// roll it rerolls, the final roll is settled by the case with probability
///
///     P(case) = (c − c_R)/N + (D/N) · (c/N)
///
/// (under `never`, c_R = D = 0); the same weights give the return as the game settles it.
public struct BetCheck: Sendable {
    /// A published figure against the exact one.
    public struct FigureComparison: Sendable, Hashable {
        /// Which figure.
        public let figure: DiceBet.Figure
        /// What the game publishes.
        public let declared: DiceBet.DeclaredFigure
        /// The exact figure.
        public let exact: ExactFraction
        /// Whether they agree (within the declared figure's printing).
        public var agrees: Bool { declared.agrees(with: exact) }
    }

    /// The bet.
    public let bet: DiceBet
    /// Its exact odds on the final roll; nil when the survey did not visit every roll.
    public let odds: DiceBetOdds?
    /// Each published figure against the exact one (empty without exact odds).
    public let figures: [FigureComparison]
    /// The survey's counts for the bet.
    public let counts: DetectorSurvey.BetCounts
    /// The expected return per unit staked as the game settles the final roll (1 + E[net as settled]);
    /// nil when the game does not settle the bet itself, gives no settlement for some roll, or the survey did
    /// not visit every roll.
    public let returnAsSettled: Double?

    /// Judges `counts` from a survey with `coverage` of a game with reroll policy `policy` whose detector
    /// called `detected` of the `orderedRolls` ordered rolls straights.
    public init(_ counts: DetectorSurvey.BetCounts, coverage: DiceCoverage, orderedRolls: UInt64, detected: UInt64, policy: RerollPolicy) {
        bet = counts.bet
        self.counts = counts
        let rerolls = policy == .rerollOnceAfterDetectedStraight
        let n = BigInt(orderedRolls), d = BigInt(rerolls ? detected : 0)
        func final(all: UInt64, rerolled: UInt64) -> ExactFraction {
            ExactFraction((BigInt(all) - BigInt(rerolls ? rerolled : 0)) * n + d * BigInt(all), n * n)
        }
        guard coverage.isExhaustive else {
            odds = nil
            figures = []
            returnAsSettled = nil
            return
        }
        let odds = DiceBetOdds(
            counts.bet, caseProbabilities: counts.byCase.indices.map { final(all: counts.byCase[$0], rerolled: counts.byCaseRerolled[$0]) })
        self.odds = odds
        figures = DiceBet.Figure.allCases.compactMap { figure in
            counts.bet.declared[figure].map { FigureComparison(figure: figure, declared: $0, exact: odds.figure(figure)) }
        }
        returnAsSettled =
            counts.gameSettles && counts.unanswered == 0
            ? 1
                + counts.settled.reduce(0.0) { sum, entry in
                    sum + entry.key * final(all: entry.value.all, rerolled: entry.value.rerolled).double
                }
            : nil
    }

    /// Whether the game settles every roll as the rules do (true when it does not settle the bet itself).
    public var settlesAsRules: Bool { counts.misSettled == 0 }
}
