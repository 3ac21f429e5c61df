import FairnessChecks
import FairnessModel
import FairnessStatistics

/// What a check established, as figures: the counts, shares, margins and tables behind its status. The
/// reports layer writes the sentence (`ReportNarrator.detail(_:)`), the same in every output; code reads
/// the figures without parsing words.
public indirect enum CheckDetail: Sendable, Hashable, Codable {
    // Any subject.
    /// The figures of a check its own module defines (`CheckFigures`); its narration writes them.
    case figures(AnyCheckFigures)
    /// The implementation could not be run; its fault, as the fault describes itself.
    case fault(String)
    /// A goodness-of-fit test ran on `cells` cells (after pooling rare outcomes when `pooled`);
    /// `impossible` observations fell on outcomes of probability 0.
    case fit(cells: Int, pooled: Bool, impossible: Int)
    /// Too few `counted` for a goodness-of-fit test: an outcome of `probability` expects `expected` < 5;
    /// `needed` would do.
    case tooFewToFit(counted: Counted, probability: Double, expected: Double, needed: Int)
    /// A test whose assumptions do not hold for these data.
    case inconclusive(InconclusiveReason)
    /// A fit to odds with one possible outcome: nothing to test, or `impossible` observations of outcomes
    /// of probability 0.
    case oneOutcome(impossible: Int)
    /// An independence test on a `rows` × `columns` table.
    case contingency(rows: Int, columns: Int, pooling: Pooling, note: TableNote)
    /// Every pair of consecutive results shows the same outcome.
    case pairsOfOneOutcome(pairs: UInt64, note: TableNote)
    /// Fewer than two testable categories.
    case tooFewCategories(pairs: UInt64, categories: Int, pooling: Pooling, note: TableNote)
    /// An independence test whose assumptions do not hold.
    case contingencyInconclusive(InconclusiveReason, pooling: Pooling, note: TableNote)
    /// An exact binomial test of a count.
    case binomial(Binomial)
    /// A randomness battery row: a test's P-values over the sequences tested.
    case randomness(RandomnessFacts)
    /// A draw test's figures.
    case randomDraws(DrawFacts)
    /// A whole-input test of a random source: what it counted.
    case wholeInput(WholeInputFacts)
    /// A random source's test that does not apply (``CheckStatus/notApplicable``): its own detail, which
    /// says what it lacks.
    case notApplicable(CheckDetail)
    /// The same test as `check` (the same counts against the same odds): no second p-value.
    case sameTest(as: CheckIdentifier, CheckDetail)
    /// A drift check that rejected while the windows do not differ from each other: every window departs
    /// alike, which is the outcomes check's finding, not a drift (a NOTE); its own detail.
    case windowsAlike(CheckDetail)
    /// Information beside `check`, the gate on the same table (a G-test beside Pearson's X²), outside the
    /// family: it never gates.
    case besideTheGate(CheckIdentifier, CheckDetail)
    /// Too few valid lines of a log for a binomial test of a `what` ("prize", "hand"): they expect
    /// `expected`; `needed` lines would do.
    case tooFewForFrequency(lines: UInt64, expected: Double, what: String, needed: Double)

    // Prize draws.
    /// Items' published odds against their exact odds on a first draw (those that differ by more than
    /// `tolerance` first).
    case disclosedOdds(entries: [DisclosedShare], tolerance: Double)
    /// A published figure against its exact one (`exact` nil: the draw has no such figure, a hard limit it
    /// does not have), written exactly as `exactFraction`.
    case disclosedFigure(DisclosedFigure, disclosed: Double, exact: Double?, exactFraction: String?, tolerance: Double)
    /// The game's own draw, state by state.
    case givenState(GivenStateCheck)
    /// The game's state after each draw.
    case transitions(GivenStateCheck)
    /// The state the game shows in each state reached.
    case statesShown(GivenStateCheck)
    /// Lines of a prize draw's log showing an item the table does not have (`count` of `lines`; the first
    /// few labels).
    case itemsNotInTable(count: UInt64, lines: UInt64, examples: [ForeignItem])
    /// A log's draws impossible in their player's declared state.
    case impossibleDraws(ImpossibleDraws)
    /// A fit's detail with its magnitude: the share of draws off their expected shares, with an interval.
    case shareOff(ShareOffInterval, draws: UInt64, CheckDetail)
    /// An independence test's detail with its magnitude: how far the table's rows are from its overall mix.
    case mixOff(MixOff, CheckDetail)
    /// A prize draw log's fit given each draw's state, with the state most clearly off its odds.
    case stateOff(StateOff, CheckDetail)

    // Wheels.
    /// Sampled spins that showed a label no sector carries (`invalidLabels`, by label in `strays`), no
    /// result, or trapped.
    case invalidSpins(invalidLabels: UInt64, noResult: UInt64, trials: UInt64, strays: [LabelCount], traps: UInt64)
    /// The boundary check's lines, rotations tried and failures.
    case boundary(lines: Int, rotations: Int, failures: Int)
    /// The wraparound check: the shifts where periodicity breaks (turns and failures), the special rotations
    /// that fail (their contexts), and after how many turns each way periodicity breaks (nil: up to 2⁶²).
    case wraparound(breaks: [TurnsBreak], special: [TestPoint], forward: Double?, backward: Double?)
    /// The consistency check's mislabelled arcs, their share of the circle, and the sweep step.
    case consistency(arcs: Int, fraction: Double, step: Double, unit: AngleUnit)
    /// Reported results no sector carries: each with its share of the circle and a rotation showing it.
    case range([RangeEntry])
    /// The exact odds of the reported results against the claims (or the sectors' shares): the largest
    /// difference, and the tolerance claims agree within.
    case designedOdds(difference: Double, claimed: Bool, tolerance: Double)

    // Wheels told their result up front.
    /// The landing check.
    case landing(Landing)
    /// What each out-of-range index did.
    case outOfRange([OutOfRangeEntry])
    /// The designed odds over the index draw and the game's own draw u, against the claims.
    case targetedOdds(source: IndexSource, indices: Range<Int>, difference: Double, claimed: Bool)
    /// The game's own index draw, exact: its runs, each index's probability against the declared one (the
    /// first 12), and its trap share.
    case indexDraw(runs: Int, entries: [IndexShare], more: Int, trapShare: Double)
    /// The game's own index draw, sampled because it changes more often than a sweep resolves: where the
    /// partition failed, the draws asked, and the test's own detail.
    case sampledIndexDraw(mismatch: IndexDrawSample.Mismatch?, draws: Int, sweep: Int, test: CheckDetail)
    /// The game's own index draw answered the draw `draw` differently when asked again.
    case indexDrawChanges(draw: Double, first: IndexDrawTable.Pick, later: IndexDrawTable.Pick)
    /// Sampled spins that stopped on another sector than they reported.
    case shownDiffers(count: UInt64, trials: UInt64)

    // Dice.
    /// The straight detector against the reference.
    case straightDetector(StraightDetector)
    /// The category classifier against the reference: its confusions (none: it agrees).
    case categoryClassifier(coverage: DiceCoverage, confusions: [Confusion])
    /// The final straight's probability under the reroll policy against one fair roll.
    case finalOdds(final: ExactProbability, single: ExactProbability, reroll: ExactProbability)
    /// A hand's detector against its reference rule.
    case handDetector(hand: String, falseAccepts: UInt64, falseRejects: UInt64, coverage: DiceCoverage, rule: String)
    /// A bet's settlement by the game against its rules: ordered rolls settled wrongly, the rules, and the
    /// return per unit staked by the rules and as the game settles (nil: not exact).
    case betSettlement(bet: String, misSettled: UInt64, coverage: DiceCoverage, rules: String, byRules: Double?, asSettled: Double?)
    /// A round's settlement by the game's own logic against its rules: every sequence of up to `depth` rolls
    /// judged (`sequences` calls), the share of rounds settled otherwise, the share going on past `depth`
    /// (not judged exhaustively), the rounds played from fair rolls and how many of them the game settled
    /// otherwise, and the rules.
    case roundSettlement(
        round: String, depth: Int, sequences: Int, misSettled: ExactFraction, beyond: ExactFraction, sampled: Int, sampledWrong: Int,
        rules: String)
    /// A value the game reports from its draws: its exact odds per value, the game's against the declared
    /// value's (`rule`), over `cells` cells of the draws, and the share of plays misplaced (total
    /// variation).
    case drawnValue(value: String, rule: String, cells: Int, odds: [DrawnValueOdds], misplaced: ExactFraction)
    /// A value the game reports has no exact odds: why.
    case drawnValueInconclusive(value: String, reason: DrawnValueCheck.Inconclusive)
    /// A bet's published figures against the exact ones.
    case betFigures(bet: String, compared: [BetFigureComparison])
    /// The odds the game claims against the exact ones: each compared, the hands whose odds are not exact,
    /// the tolerance, and whether the check is inconclusive for want of exact odds.
    case claimedDiceOdds(
        compared: [ClaimComparison], notExact: [String], coverage: DiceCoverage, tolerance: Double, difference: Double, inconclusive: Bool)
    /// The game's own mapping from draws to faces: each die's count of draws per face (index 0: faces
    /// outside 1 … F), over the 2⁵³ grid.
    case rollMapping(faces: Int, counts: [[UInt64]])
    /// The game's own mapping does not hold its partition.
    case rollMappingUnstable(RollMappingCheck.Unstable)
    /// Sampled plays that rolled a face no die has (or trapped), of all plays.
    case invalidRolls(invalid: UInt64, plays: UInt64)
    /// Every sampled play rolled a face no die has or trapped.
    case noValidPlays(invalid: UInt64)

    // Payouts.
    /// The exact return to player could not be computed: the dice were surveyed by sample (`coverage`).
    case returnNotExact(coverage: DiceCoverage?)
    /// The exact return to player, and what the game declares (nil: nothing).
    case returnToPlayer(ReturnToPlayer, declared: Double?, tolerance: Double)
    /// The exact return to player against a minimum.
    case minimumReturn(returnToPlayer: Double, minimum: Double)
    /// Every advertised prize's exact odds.
    case advertisedPrizes([ReturnToPlayer.Prize])
    /// The sampled return to player with its 95% interval, against the exact one.
    case sampledReturn(returnToPlayer: Double, plays: UInt64, lower: Double, upper: Double, exact: Double, stake: Double)

    // Logs.
    /// Lines showing an invalid result: a label no sector carries (or a roll the dice cannot show), no
    /// result; a few examples.
    case invalidLogLines(foreign: UInt64, none: UInt64, lines: UInt64, dice: DiceSet?, examples: [LogExample])
    /// Rows that could not be read and were skipped.
    case badRows(count: Int, allowed: Int, shown: [BadRow])
    /// Logged payouts against the paytable.
    case payoutsMatchPaytable(PayoutComparison)
    /// A prize draw log's payouts against the values of the items drawn.
    case payoutsMatchValues(ValuesPaid)
    /// The log's return to player with its interval, and what it was tested against.
    case logReturn(LogReturn)
    /// A dice log's lines of one bet or round against its rules.
    case betLogSettlement(BetLogSettlement)
    /// A dice log's return on one bet weighted by stake, against the exact return.
    case stakeWeightedReturn(StakeWeightedReturn)
    /// Drift: each window against the declared odds.
    case drift(Drift)
    /// Too few windows to test drift: `tested` of the log's `windows` could be tested (a window needs two
    /// outcome groups expecting 5 each).
    case driftTooFewWindows(windows: Int, tested: Int)
    /// Homogeneity across windows: a `windows` × `outcomes` chi-square; rare outcomes pooled as named.
    case homogeneity(windows: Int, outcomes: Int, pooled: [String])
    /// Too few windows to test homogeneity.
    case homogeneityTooFewWindows
    /// Homogeneity across `windows` windows of a prize draw's log, each against the odds of its draws'
    /// states up to one common departure per item, over `items` item groups (`pooled`: the groups of rare
    /// items).
    case homogeneityGivenState(windows: Int, items: Int, pooled: [String])
}

extension CheckDetail {
    /// What a goodness-of-fit test counts.
    public enum Counted: String, Sendable, Hashable, Codable {
        /// Sampled trials.
        case trials
        /// Lines of a log.
        case lines
        /// Draws of a game's own index draw.
        case draws
    }

    /// How an independence table's rare categories were handled.
    public enum Pooling: Sendable, Hashable, Codable {
        /// None were rare.
        case none
        /// `count` rare categories pooled into one.
        case pooled(Int)
        /// `count` rare categories left out, too few to test even pooled.
        case leftOut(Int)
    }

    /// What an independence table is over, beyond its categories.
    public enum TableNote: Sendable, Hashable, Codable {
        /// Nothing to add.
        case none
        /// A wheel's `sectors` sectors in `groups` groups of consecutive sectors with about equal designed
        /// odds.
        case sectorGroups(sectors: Int, groups: Int)
        /// A log's sessions: whether it had no session column, and the rare labels pooled.
        case sessions(noSessionColumn: Bool, pooled: [String])
    }

    /// An exact binomial test of a count: `successes` of `trials`, their proportion, the probability tested,
    /// and the 95% Clopper-Pearson interval.
    public struct Binomial: Sendable, Hashable, Codable {
        /// What is counted, which decides the sentence.
        public enum Counting: Sendable, Hashable, Codable {
            /// A rare outcome in sampled spins, against its designed odds.
            case rareOutcome
            /// Final straights in sampled plays, against their exact odds.
            case straights
            /// Final rolls showing a hand in sampled plays.
            case hand(String)
            /// Final rolls winning a bet in sampled plays.
            case betWins(String)
            /// Valid log lines paying a prize, against its declared odds.
            case prize(pays: String)
            /// Valid log rolls showing a hand, against its exact odds.
            case logHand
            /// A log's draws of an item, against the mean odds of the states they were drawn in.
            case itemGivenState
        }
        /// What is counted.
        public var counting: Counting
        /// The count.
        public var successes: UInt64
        /// Out of.
        public var trials: UInt64
        /// successes / trials.
        public var proportion: Double
        /// The probability tested.
        public var probability: Double
        /// The interval's lower end.
        public var lower: Double
        /// The interval's upper end.
        public var upper: Double

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(
            counting: Counting, successes: UInt64, trials: UInt64, proportion: Double, probability: Double, lower: Double, upper: Double
        ) {
            self.counting = counting
            self.successes = successes
            self.trials = trials
            self.proportion = proportion
            self.probability = probability
            self.lower = lower
            self.upper = upper
        }
    }
}
