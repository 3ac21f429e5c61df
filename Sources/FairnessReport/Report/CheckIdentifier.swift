import FairnessChecks
import FairnessModel
import FairnessStatistics

/// Which check a record, a table row or a counterexample belongs to: a value, not the name a report
/// shows (`ReportNarrator.name(of:)` writes that, once).
///
/// Code that looks for a check matches on this (`record.id == .boundary`,
/// `case .dieUniformity(let die) = record.id`); nothing compares display names.
public enum CheckIdentifier: Sendable, Hashable {
    /// Which odds a sampled fit compares the outcomes with.
    public enum OddsReference: Sendable, Hashable {
        /// The odds the code produces, computed exactly from its geometry or draw.
        case designed
        /// The sectors' or items' shares the game presents as fair.
        case claimedFair
        /// The odds a log's spec declares.
        case declared
        /// The declared odds of the state each draw of a log was made in, the state rebuilt per player
        /// from the declared rules (expected counts pooled over the draws).
        case eachDrawState
    }

    /// What the final categories of a dice game are compared with.
    public enum CategoryReference: Sendable, Hashable {
        /// Their exact odds under the game's reroll policy.
        case designedOdds
        /// The odds of one fair roll of the dice.
        case oneFairRoll
    }

    /// Where a return to player comes from.
    public enum ReturnSource: Sendable, Hashable {
        /// Computed exactly from the odds and the paytable.
        case exact
        /// Measured over the sampled plays.
        case sampled
        /// Measured over a production log's lines.
        case log
    }

    /// What a serial-independence test pairs.
    public enum SerialPairs: Sendable, Hashable {
        /// Consecutive results of a wheel.
        case consecutiveResults
        /// The first die of consecutive rolls.
        case firstDieOfConsecutiveRolls
        /// Consecutive lines of one session of a log.
        case withinSessions
    }

    // Exact checks of a wheel's circle and draw.
    /// Every sector line: the sectors on either side are the ones the code reports.
    case boundary
    /// The rest angle's wrap from 360° (or 2π) back to 0.
    case wraparound
    /// The sector drawn equals the result reported, over the whole circle.
    case consistency
    /// Every reported result is a label some sector carries.
    case range
    /// A targeted wheel stops inside the sector of the index it was told.
    case landing
    /// A targeted wheel's index draw stays within its items.
    case outOfRangeIndices
    /// A targeted wheel's index draw equals the draw it declares.
    case indexDrawEqualsDeclaredDraw
    /// A targeted wheel's sampled spins show the sector of the result they report.
    case shownSectorEqualsReportedResult
    /// A targeted wheel's odds by design equal the odds it claims.
    case designedOddsEqualClaimedOdds

    // Exact checks of a dice game.
    /// The straight detector over every roll.
    case straightDetector
    /// The category classifier over every roll.
    case categoryClassifier
    /// A named hand's detector over every roll.
    case handDetector(hand: String)
    /// A bet's settlement by the game over every roll, against the bet's rules.
    case betSettlement(bet: String)
    /// A round of several rolls settled by the game's own round logic, against the round's rules.
    case roundSettlement(round: String)
    /// A value the game reports from its draws, its exact odds against the declared value's.
    case drawnValue(value: String)
    /// The figures a game publishes for a bet (win probability, house edge, return) against the exact ones.
    case betFigures(bet: String)
    /// The game's mapping from draws to faces.
    case rollMapping
    /// The final odds under the reroll policy against one fair roll.
    case finalOddsEqualOneFairRoll
    /// The odds a dice game claims against its exact final odds.
    case claimedOddsEqualExactOdds

    // Payouts.
    /// A return to player.
    case returnToPlayer(ReturnSource)
    /// The exact return to player against the declared minimum.
    case minimumReturnToPlayer
    /// Every advertised prize at least as likely as 1 in `limit` per play.
    case advertisedPrizes(atLeastOneIn: Double)
    /// A log's payouts against the paytable.
    case payoutsMatchPaytable
    /// A prize draw log's payouts against the values of the items drawn.
    case payoutsMatchValues
    /// A dice log's lines of a bet or round settled by its rules.
    case betLogSettlement(bet: String)
    /// A dice log's return on a bet or round against its exact return.
    case betLogReturn(bet: String)
    /// A dice log's return on a bet or round weighted by stake, against its exact return.
    case betLogStakeWeightedReturn(bet: String)

    // Sampled tests and counts.
    /// Outcomes against odds by one statistic.
    case outcomes(versus: OddsReference, statistic: GoodnessOfFitStatistic)
    /// Results no sector carries, plays without a result, traps.
    case invalidResults
    /// A log's rows that could not be read and were skipped.
    case badRowsSkipped
    /// A rare outcome's count against its designed odds, by the exact binomial test.
    case rareOutcome(label: String)
    /// Serial independence of pairs.
    case serialIndependence(SerialPairs)
    /// One die's faces against equal odds (die numbered from 1).
    case dieUniformity(die: Int)
    /// Every face of every roll of a dice log against equal odds.
    case logFaces
    /// Two dice's faces independent of each other (dice numbered from 1).
    case diceIndependent(Int, Int)
    /// Final categories of a dice game against odds.
    case finalCategories(versus: CategoryReference)
    /// The final straight's frequency, by the exact binomial test.
    case straightProbability
    /// A named hand's final frequency, by the exact binomial test.
    case handProbability(hand: String)
    /// A bet's sampled wins on the final roll against its exact win probability, by the exact binomial test.
    case betProbability(bet: String)
    /// A log's label frequency against its declared odds (with what the label pays).
    case labelFrequency(label: String, pays: String)
    /// A log's hand frequency against its declared odds.
    case handFrequency(hand: String)
    /// The first window of a log whose outcomes depart from the declared odds.
    case driftFirstDepartingWindow
    /// The windows of a log against each other.
    case homogeneityAcrossWindows

    // Prize draws.
    /// Items' published odds against their exact odds on a first draw.
    case disclosedOdds
    /// A figure the game publishes against its exact figure.
    case disclosedFigure(DisclosedFigure)
    /// The game's own draw in every state against the state's declared odds, exactly.
    case drawOddsGivenState
    /// The game's state after every draw against the declared state.
    case stateTransitions
    /// The state the game shows the player (its pity counter, its guarantee) against the declared state.
    case stateShown
    /// A log's draws of an item that the player's declared state gives odds 0 (a miss past a hard limit,
    /// a repeat under no-repeat, an item out of stock).
    case impossibleDraws
    /// A log's draws of one item against the mean odds of the states they were drawn in.
    case itemFrequency(item: String)

    /// A test of a random source's raw output (``RandomnessCheck``).
    case randomness(RandomnessCheck)
    /// A test of a random source's draws as a game uses them (``DrawCheck``).
    case randomDraws(DrawCheck)
    /// A test of a random source's whole input, every bit (``WholeInputTest``).
    case wholeInput(WholeInputTest)

    /// A subject the audit could not run (its probe failed, its model threw).
    case subjectCouldNotBeRun

    /// A check its own module identifies and defines (`CheckKey`, `CheckFigures`): adding one adds no
    /// case here.
    case keyed(CheckKey)
}

/// A check is written in the JSON report as a structured value (its case and arguments), beside the name
/// the report shows, so a report set is read back without reading any words.
extension CheckIdentifier: Codable {}
extension CheckIdentifier.OddsReference: Codable {}
extension CheckIdentifier.CategoryReference: Codable {}
extension CheckIdentifier.ReturnSource: Codable {}
extension CheckIdentifier.SerialPairs: Codable {}
