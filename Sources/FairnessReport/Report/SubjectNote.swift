import FairnessChecks
import FairnessModel

/// A bet's exact figures on the final roll of a dice game, as exact fractions.
public struct BetOddsNote: Sendable, Hashable, Codable {
    /// The bet.
    public let bet: String
    /// The bet's rules, as the spec writes them.
    public let rules: String
    /// P(the bet pays more than 0).
    public let win: ExactFraction
    /// P(the bet pays 0).
    public let push: ExactFraction
    /// P(the bet pays less than 0).
    public let lose: ExactFraction
    /// 1 + E[net] per unit staked.
    public let returnToPlayer: ExactFraction
    /// −E[net] per unit staked.
    public let houseEdge: ExactFraction
    /// For a round of several rolls: the expected number of rolls per round; nil for a bet on one roll.
    public var expectedRolls: ExactFraction? = nil

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        bet: String, rules: String, win: ExactFraction, push: ExactFraction, lose: ExactFraction, returnToPlayer: ExactFraction,
        houseEdge: ExactFraction, expectedRolls: ExactFraction? = nil
    ) {
        self.bet = bet
        self.rules = rules
        self.win = win
        self.push = push
        self.lose = lose
        self.returnToPlayer = returnToPlayer
        self.houseEdge = houseEdge
        self.expectedRolls = expectedRolls
    }
}

/// A fact the audit established about a subject as a whole, as figures; the reports write each as one
/// sentence (`ReportNarrator.note(_:)`).
public enum SubjectNote: Sendable, Hashable, Codable {
    // Wheels.
    /// The wheel as drawn has a gap or an overlap between two labels.
    case geometry(GeometryFinding, after: Int, before: Int)
    /// The exact odds of each reported result under the wheel's own spin.
    case exactOdds(OutcomeOdds)
    /// Every valid index of a targeted wheel stops at least `margin` degrees inside its sector; `laterSpinsWrong`
    /// when later spins of a session land wrong.
    case landingMargin(degrees: Double, laterSpinsWrong: Bool)
    /// `count` of `indices` valid indices do not stop strictly inside their sector at every draw.
    case indicesNotAlwaysInside(count: Int, indices: Int, laterSpinsWrong: Bool)

    // Dice.
    /// The exact probability of a final straight under the reroll policy.
    case finalStraight(policy: RerollPolicy, probability: ExactProbability)
    /// The straight check reads the game's own state, not the roll it is given.
    case straightReadsGameState
    /// A hand's exact probability on one fair roll and on the final roll under the policy.
    case handOdds(hand: String, single: ExactProbability, policy: RerollPolicy, final: ExactProbability)
    /// A bet's exact odds on the final roll: the probability it wins, pushes and loses, its return and house
    /// edge per unit staked.
    case betOdds(BetOddsNote)

    // Prize draws.
    /// The exact figures of a prize draw's machine.
    case drawFigures(DrawFiguresNote)

    // Logs.
    /// The outcome lines a log audit read, its format, and its windows (of `windowLines` lines; 0: by
    /// seconds).
    case logRead(lines: UInt64, jsonLines: Bool, windows: Int, windowLines: Int)
    /// The return to player a log shows.
    case observedReturn(Double)
    /// A dice log's lines naming bets or rounds (`betLines`), the rolls its roll tests counted
    /// (`rollsTested`: one per round value, rounds' rolls apart), and how many bet lines without a round
    /// value showed the previous bet line's roll (`repeatedWithoutRound`: bets on one roll need a round).
    case betLinesRead(betLines: UInt64, rollsTested: UInt64, repeatedWithoutRound: UInt64)
    /// The draw lines a prize draw's log audit read, its format, and how many players (sessions) it holds.
    case prizeDrawLogRead(lines: UInt64, players: Int, jsonLines: Bool, sessionColumn: Bool)

    // Random sources.
    /// What the randomness battery read and how it cut it into sequences.
    case randomInput(RandomnessInput)

    // Probes.
    /// The game was answered by a probe, which died on `traps` requests (the first named).
    case answeredByProbe(command: String, traps: Int, firstTrap: String?)
    /// The last lines (escaped) that the probe wrote to its standard error before it died on `request`.
    case probeStandardError(request: String, lines: [String])
    /// A fact in the caller's own words (`AuditSubject`'s `finish`).
    case text(String)
}

/// What kind of game a subject is, as the reports name it.
public enum SubjectKind: String, Sendable, Hashable, Codable {
    /// A wheel read from its rotation.
    case wheel
    /// A wheel told its result up front.
    case targetedWheel = "targeted wheel"
    /// A dice game.
    case dice
    /// A prize table, with or without memory.
    case prizeDraw = "prize draw"
    /// A production log.
    case log
    /// A random number generator's raw output (`audit rng`).
    case randomSource = "random source"
}

/// Each result's probability, written in a report in the results' order (a dictionary's own order changes
/// from one process to the next).
public struct OutcomeOdds: Sendable, Hashable, Codable {
    /// Each result's probability.
    public var odds: [WheelOutcome: Double]

    /// The odds `odds`.
    public init(_ odds: [WheelOutcome: Double]) { self.odds = odds }

    private struct Entry: Codable {
        var outcome: WheelOutcome
        var probability: Double
    }

    /// Encodes the odds as a list in the results' order.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(odds.sorted { $0.key < $1.key }.map { Entry(outcome: $0.key, probability: $0.value) })
    }

    /// Reads the list back; a result listed twice is refused.
    public init(from decoder: any Decoder) throws {
        let entries = try decoder.singleValueContainer().decode([Entry].self)
        odds = [:]
        for entry in entries {
            guard odds.updateValue(entry.probability, forKey: entry.outcome) == nil else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a result listed twice"))
            }
        }
    }
}
