import FairnessChecks
import FairnessReport
import FairnessStatistics
import Foundation

extension ReportNarrator {
    /// The name a report shows for a check, the same in every output.
    public static func name(of check: CheckIdentifier) -> String {
        switch check {
        case .randomness(let check): name(of: check)
        case .randomDraws(let check): name(of: check)
        case .wholeInput(let test): name(of: test)
        case .boundary: "boundary"
        case .wraparound: "wraparound"
        case .consistency: "consistency"
        case .range: "range"
        case .landing: "landing"
        case .outOfRangeIndices: "out-of-range indices"
        case .indexDrawEqualsDeclaredDraw: "index draw equals declared draw"
        case .designedOddsEqualClaimedOdds: "designed odds equal claimed odds"
        case .shownSectorEqualsReportedResult: "shown sector equals reported result"
        case .straightDetector: "straight detector (exhaustive)"
        case .categoryClassifier: "category classifier (exhaustive)"
        case .handDetector(let hand): "\(hand) detector (exhaustive)"
        case .betSettlement(let bet): "\(bet) bet settled by its rules (exhaustive)"
        case .roundSettlement(let round): "\(round) round settled by its rules (every roll sequence to a depth)"
        case .drawnValue(let value): "\(value) drawn by the game has its declared odds (exact)"
        case .betProbability(let bet): "\(bet) bet's wins against exact odds (binomial)"
        case .betFigures(let bet): "\(bet): published figures equal exact figures"
        case .rollMapping: "roll mapping (exact)"
        case .finalOddsEqualOneFairRoll: "final odds equal one fair roll"
        case .claimedOddsEqualExactOdds: "claimed odds equal exact odds"
        case .returnToPlayer(.exact): "return to player (exact)"
        case .returnToPlayer(.sampled): "return to player (sampled)"
        case .returnToPlayer(.log): "return to player (log)"
        case .minimumReturnToPlayer: "minimum return to player"
        case .advertisedPrizes(let limit): "advertised prizes at least 1 in \(ReturnToPlayer.format(limit))"
        case .payoutsMatchPaytable: "payouts match the paytable"
        case .payoutsMatchValues: "payouts match the items' values"
        case .betLogSettlement(let bet): "\(bet): log lines settled by its rules"
        case .betLogReturn(let bet): "\(bet): return in the log against exact odds"
        case .betLogStakeWeightedReturn(let bet): "\(bet): stake-weighted return in the log against exact odds"
        // The log's one fit (against declared odds) is Pearson's, and its name says no statistic.
        case .outcomes(.declared, _): "outcomes vs declared odds"
        case .outcomes(let odds, let statistic): "outcomes vs \(name(of: odds)) (\(name(of: statistic)))"
        case .invalidResults: "invalid results"
        case .badRowsSkipped: "bad rows skipped"
        case .rareOutcome(let label): "rare outcome \(label) vs designed odds (exact binomial)"
        case .serialIndependence(.consecutiveResults): "serial independence (consecutive results)"
        case .serialIndependence(.firstDieOfConsecutiveRolls): "serial independence (first die of consecutive rolls)"
        case .serialIndependence(.withinSessions): "serial independence within sessions"
        case .dieUniformity(let die): "die \(die) uniformity"
        case .logFaces: "faces vs equal odds (every die of every roll)"
        case .diceIndependent(let first, let second): "dice \(first) and \(second) independent"
        case .finalCategories(.designedOdds): "final categories vs designed odds"
        case .finalCategories(.oneFairRoll): "final categories vs one fair roll"
        case .straightProbability: "straight probability (exact binomial)"
        case .handProbability(let hand): "\(hand) probability (exact binomial)"
        case .labelFrequency(let label, let pays): "label \(label) (pays \(pays)) frequency (exact binomial)"
        case .handFrequency(let hand): "\(hand) frequency (exact binomial)"
        case .driftFirstDepartingWindow: "drift: first departing window"
        case .homogeneityAcrossWindows: "homogeneity across windows"
        case .disclosedOdds: "disclosed odds equal exact odds"
        case .disclosedFigure(.hardLimit): "disclosed hard limit kept"
        case .disclosedFigure(let figure): "disclosed \(figure.rawValue) equals exact"
        case .drawOddsGivenState: "draw odds given the state (exact)"
        case .stateTransitions: "state transitions (exact)"
        case .stateShown: "state shown to the player (exact)"
        case .impossibleDraws: "draws impossible in their state"
        case .itemFrequency(let item): "\(item) frequency given state (exact binomial)"
        case .subjectCouldNotBeRun: "subject could not be run"
        case .keyed(let key): name(ofKeyed: key)
        }
    }

    /// The odds a fit compares with, as its check's name says them.
    private static func name(of odds: CheckIdentifier.OddsReference) -> String {
        switch odds {
        case .designed: "designed odds"
        case .claimedFair: "claimed fair odds"
        case .declared: "declared odds"
        case .eachDrawState: "odds of each draw's state"
        }
    }

    /// The statistic of a fit, as its check's name says it.
    private static func name(of statistic: GoodnessOfFitStatistic) -> String {
        switch statistic {
        case .pearson: "Pearson"
        case .logLikelihoodRatio: "G-test"
        }
    }
}
