import FairnessModel
import Foundation
import _FairnessAuditSupport

/// What a production log is checked against: the game's labels, their declared odds, and its paytable.
public struct LogModel: Sendable {
    /// The game's name (the subject in reports).
    public let name: String
    /// One line saying what the game is.
    public let summary: String
    /// Every label a sector carries, in the wheel's order.
    public let labels: [Int]
    /// The declared probability of each label, in the same order (summing to 1).
    public let probabilities: [Double]
    /// What the game pays per label, if anything.
    public let paytable: Paytable<Int>?
    /// For a dice game: its dice, hands and their exact final odds, and what it pays by hand (the log's
    /// outcome is then the final roll's faces, and the labels are the poker categories' raw values).
    public let dice: DiceLog?
    /// For a prize draw: its declared machine. The log's outcome is then an item's label, every player's
    /// state is rebuilt from the machine's rules draw by draw (a `session` value is a player), and each draw
    /// is tested against the odds of its player's state; the labels are the items' indices and the
    /// probabilities the fresh state's odds.
    public let prizeDraw: DrawMachine?
    /// For a prize draw: what one draw costs, when the spec declares it (with every item's value, the log's
    /// return per draw is tested).
    public let prizeDrawCost: Double?

    /// What a dice game's log is checked against besides its categories.
    public struct DiceLog: Sendable {
        /// The dice.
        public let dice: DiceSet
        /// The hands the game names, with the exact probability of each on the final roll (nil where it could
        /// not be computed exactly: the hand still decides payouts, but its frequency is not tested).
        public let hands: [(hand: DiceHand, probability: Double?)]
        /// What the game pays by hand name (a play pays the largest prize among the hands its roll is).
        public let paytable: Paytable<String>?
        /// The exact RTP of the design, if it pays.
        public let returnToPlayer: Double?
        /// The bets and rounds lines may name in a `bet` column.
        public let bets: [BetLog]
        /// Whether every die of a logged roll is a fair die on its own (no reroll policy): the log's faces
        /// are then tested against equal odds.
        public let facesAreFair: Bool

        /// A dice game's log model.
        public init(
            dice: DiceSet, hands: [(hand: DiceHand, probability: Double?)], paytable: Paytable<String>?, returnToPlayer: Double?,
            bets: [BetLog] = [], facesAreFair: Bool = false
        ) {
            self.facesAreFair = facesAreFair
            self.dice = dice
            self.hands = hands
            self.paytable = paytable
            self.returnToPlayer = returnToPlayer
            self.bets = bets
        }

        /// What a roll pays by the hands' rules: the largest prize among the hands it is.
        func payout(_ roll: DiceRoll) -> Double {
            guard let paytable else { return 0 }
            return hands.reduce(0) { best, entry in entry.hand.holds(in: roll) ? max(best, paytable.prize(entry.hand.name)) : best }
        }
    }

    /// A dice game's model: labels are the categories defined for its dice (by raw value), with their exact
    /// final probabilities.
    /// - Throws: as ``init(name:summary:labels:probabilities:paytable:dice:)``.
    public init(name: String, summary: String, categoryOdds: [PokerCategory: Double], dice: DiceLog) throws {
        let categories = categoryOdds.keys.sorted()
        try self.init(
            name: name, summary: summary, labels: categories.map(\.rawValue), probabilities: categories.map { categoryOdds[$0]! },
            paytable: nil, dice: dice)
    }

    /// A model.
    /// - Throws: `AuditError.invalidSetting(_:value:allowed:)` (as `.logModel`) if labels repeat, the
    ///   probabilities are not one per label, or they are not a distribution.
    public init(
        name: String, summary: String, labels: [Int], probabilities: [Double], paytable: Paytable<Int>? = nil, dice: DiceLog? = nil
    ) throws {
        guard !labels.isEmpty, Set(labels).count == labels.count, probabilities.count == labels.count,
            probabilities.allSatisfy({ $0.isFinite && $0 >= 0 }), abs(probabilities.reduce(0, +) - 1) <= 1e-6
        else {
            throw AuditError.invalidSetting(
                .logModel, value: "\(labels.count) labels, \(probabilities.count) probabilities",
                allowed: "distinct labels, one probability each, summing to 1")
        }
        self.name = name
        self.summary = summary
        self.labels = labels
        self.probabilities = probabilities
        self.paytable = paytable
        self.dice = dice
        self.prizeDraw = nil
        self.prizeDrawCost = nil
    }

    /// A prize draw's model: its declared machine (every state's odds and where each item leads), and what a
    /// draw costs, if declared.
    public init(name: String, summary: String, prizeDraw machine: DrawMachine, costPerDraw: Double? = nil) {
        self.name = name
        self.summary = summary
        labels = Array(machine.labels.indices)
        probabilities = machine.states[0].odds.map(\.double)
        paytable = nil
        dice = nil
        prizeDraw = machine
        prizeDrawCost = costPerDraw
    }

    /// How an outcome is named in reports: a label, or a dice category's name.
    func name(ofLabel label: Int) -> String {
        dice == nil ? "\(label)" : PokerCategory(rawValue: label)?.name ?? "\(label)"
    }

    /// The declared probability of each return per stake in `levels` (a wheel's labels' odds, gathered by
    /// what each pays per stake; returns no label pays get 0); nil for a dice game (a roll's return depends on
    /// every hand it is) or without a paytable.
    func oddsOfEachReturn(_ levels: [Double]) -> [Double]? {
        guard dice == nil, let paytable else { return nil }
        var odds = Array(repeating: 0.0, count: levels.count)
        for (label, probability) in zip(labels, probabilities) {
            guard let index = levels.firstIndex(of: paytable.prize(label) / paytable.stake) else { return nil }
            odds[index] += probability
        }
        return odds
    }

    /// The exact RTP the model implies: Σ P(label) · prize(label) / stake; nil without a paytable.
    public var returnToPlayer: Double? {
        if let dice { return dice.returnToPlayer }
        return paytable.map { table in zip(labels, probabilities).reduce(0) { $0 + $1.1 * table.prize($1.0) } / table.stake }
    }
}
