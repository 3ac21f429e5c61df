import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessVerification
import _FairnessAuditSupport

/// A declared dice game whose detectors, settlements and rolls come from the game's own code behind a
/// probe (`straight F...`, `category F...`, `hand NAME F...`, `settle BET F...` from version 6, `roll U...`;
/// see `docs/probe-protocol.md`); the dice, the reroll policy, the hands' and bets' rules and the claims
/// come from the spec.
///
/// Every roll the exhaustive checks judge is asked once, in batches, when the subject is made (so the
/// checks read a table): every ordered roll up to ``rollLimit`` (10^6) ordered rolls, and beyond, up to
/// 16 orderings of every multiset of faces (a sample of multisets beyond two million of them), as
/// `DetectorSurvey` visits them.
public struct ProbeDice: BatchRollingDice {
    /// Most ordered rolls (F^K) asked one by one: 10^6. Beyond, the probe is asked about orderings of
    /// each multiset of faces.
    public static let rollLimit: UInt64 = 1_000_000
    /// Rolls asked about per batch while the tables are filled (answers are parsed batch by batch, so
    /// memory holds the compact tables, not the text).
    static let rollsPerBatch = 50_000

    /// The declaration.
    public let spec: DiceSpec
    /// The game's name.
    public let name: String
    /// One line saying what it is.
    public let summary: String
    /// The probe.
    public let client: ProbeClient
    /// The declared hands.
    public let hands: [DiceHand]
    /// Where each roll asked about sits in the tables.
    private let positions: [DiceRoll: Int]
    /// The probe's answers, by table position: `straight`, `category`, and `hand` per hand.
    private let straights: [Answer]
    private let categories: [Answer]
    private let handAnswers: [[Answer]]
    /// The probe's `settle` answers per bet, by table position: nil for `none`, NaN for a trap or an answer
    /// that is not a number.
    private let settlements: [[Double?]]
    /// Whether the game answers `straight` (some answer is not `none`), each hand, and each bet.
    private let answersStraight: Bool
    private let answersHands: [Bool]
    private let answersBets: [Bool]
    /// The bets the probe is asked to settle: every declared bet for a version 6 probe, none before.
    private let betsAsked: [String]

    /// One answer, compactly: yes, no, none, trap, or a category (by raw value).
    enum Answer: Sendable, Hashable {
        case yes, no, none, trap
        case category(PokerCategory)

        init(_ text: String) {
            switch text {
            case "yes": self = .yes
            case "no": self = .no
            case "none": self = .none
            case "trap": self = .trap
            default: self = PokerCategory.allCases.first { $0.name == text }.map { .category($0) } ?? .trap
            }
        }

        /// A yes/no answer judged against `truth`: `none` (where the game answers others) and `trap` are
        /// wrong answers — the game gives no decision, or crashes, on a roll it must judge.
        func decision(truth: Bool) -> Bool {
            switch self {
            case .yes: return true
            case .no: return false
            default: return !truth
            }
        }
    }

    /// Asks the probe for its straight, category and hand answers on every roll the exhaustive checks
    /// judge.
    public init(_ spec: DiceSpec, name: String, summary: String, client: ProbeClient) {
        self.spec = spec
        self.name = name
        self.summary = summary
        self.client = client
        hands = spec.diceHands
        let rolls = DetectorSurvey.rollsJudged(spec.dice, orderedRollLimit: Self.rollLimit)
        var positions: [DiceRoll: Int] = [:]
        positions.reserveCapacity(rolls.count)
        for (position, roll) in rolls.enumerated() { positions[roll] = position }
        var straights: [Answer] = [], categories: [Answer] = []
        var handAnswers = [[Answer]](repeating: [], count: spec.hands.count)
        let betsAsked = client.version >= 6 ? spec.bets.map(\.name) : []
        var settlements = [[Double?]](repeating: [], count: betsAsked.count)
        straights.reserveCapacity(rolls.count)
        categories.reserveCapacity(rolls.count)
        for start in stride(from: 0, to: rolls.count, by: Self.rollsPerBatch) {
            let batch = rolls[start..<min(rolls.count, start + Self.rollsPerBatch)]
            let answers = Self.ask(batch, hands: spec.hands.map(\.name), bets: betsAsked, client: client)
            straights += answers.straights
            categories += answers.categories
            for index in handAnswers.indices { handAnswers[index] += answers.hands[index] }
            for index in settlements.indices { settlements[index] += answers.bets[index] }
            if client.fault != nil { break }
        }
        self.betsAsked = betsAsked
        self.settlements = settlements
        answersBets = settlements.map { $0.isEmpty || $0.contains { $0 != nil } }
        self.positions = client.fault == nil ? positions : [:]
        self.straights = straights
        self.categories = categories
        self.handAnswers = handAnswers
        answersStraight = straights.isEmpty || straights.contains { $0 != .none }
        answersHands = handAnswers.map { $0.isEmpty || $0.contains { $0 != .none } }
    }

    /// One batch of questions about `rolls`: straight, category, each hand, then each bet's settlement.
    static func ask(
        _ rolls: ArraySlice<DiceRoll>, hands: [String], bets: [String] = [], client: ProbeClient
    ) -> (straights: [Answer], categories: [Answer], hands: [[Answer]], bets: [[Double?]]) {
        let text = rolls.map { $0.faces.map(String.init).joined(separator: " ") }
        var requests = text.map { "straight " + $0 } + text.map { "category " + $0 }
        for hand in hands { requests += text.map { "hand \(hand) " + $0 } }
        for bet in bets { requests += text.map { "settle \(bet) " + $0 } }
        let raw = client.dice(requests)
        let answers = raw.prefix((2 + hands.count) * rolls.count).map(Answer.init)
        let n = rolls.count
        let settled = bets.indices.map { b in
            raw[((2 + hands.count + b) * n)..<((3 + hands.count + b) * n)].map(Self.settlement)
        }
        return (
            Array(answers[..<n]), Array(answers[n..<(2 * n)]),
            hands.indices.map { h in Array(answers[((2 + h) * n)..<((3 + h) * n)]) }, settled
        )
    }

    /// A `settle` answer: the net payout, nil for `none`, NaN for a trap or anything that is not a finite
    /// decimal number.
    static func settlement(_ text: String) -> Double? {
        if text == "none" { return nil }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let value = Double(text), value.isFinite else {
            return .nan
        }
        return value
    }

    /// The answers about `roll`: from the tables, or asked on the spot for a roll the survey does not visit.
    private func answers(_ roll: DiceRoll, hand: Int? = nil) -> (straight: Answer, category: Answer, hand: Answer?) {
        if let position = positions[roll] {
            return (straights[position], categories[position], hand.map { handAnswers[$0][position] })
        }
        let asked = Self.ask([roll], hands: hand.map { [hands[$0].name] } ?? [], client: client)
        return (asked.straights[0], asked.categories[0], hand.map { _ in asked.hands[0][0] })
    }

    /// The lower limit of ordered rolls visited one by one: ``rollLimit``.
    public var orderedRollLimit: UInt64 { Self.rollLimit }

    /// The declared dice.
    public var dice: DiceSet { spec.dice }
    /// The declared reroll policy.
    public var rerollPolicy: RerollPolicy { spec.reroll }
    /// The declared claims, if any.
    public var claimedOdds: [PokerCategory: Double]? { spec.claimedOdds }
    /// How far exact odds may lie from the claims (half of `claims-rounded-to`).
    public var claimTolerance: Double { spec.claimTolerance }
    /// The declared prizes and payout terms, if any.
    public var paytable: Paytable<String>? { spec.paytable }

    /// The probe's `straight` answer. A game that answers `none` to every roll has no straight detector:
    /// the reference decides (and the check has nothing to judge). Otherwise `none` and `trap` are wrong
    /// answers.
    public func isStraight(_ roll: DiceRoll) -> Bool {
        let truth = PokerCategory.isStraight(roll)
        return answersStraight ? answers(roll).straight.decision(truth: truth) : truth
    }

    /// The probe's `category` answer (nil for `none`); a trap is a wrong category.
    public func category(_ roll: DiceRoll) -> PokerCategory? {
        switch answers(roll).category {
        case .category(let category): return category
        case .none: return nil
        default:
            let truth = PokerCategory.of(roll)
            return truth == .nothing ? .allOfAKind : .nothing
        }
    }

    /// The probe's `hand NAME` answer: nil if the game answers `none` for every roll (no detector of its
    /// own); otherwise `none` and `trap` are wrong answers.
    public func detects(_ hand: DiceHand, in roll: DiceRoll) -> Bool? {
        guard let index = hands.firstIndex(where: { $0.name == hand.name }), answersHands[index] else { return nil }
        return answers(roll, hand: index).hand?.decision(truth: hand.holds(in: roll))
    }

    /// Whether the game sees its dice sorted (as declared).
    public var seesSortedDice: Bool { spec.seesSortedDice }
    /// The declared bets.
    public var bets: [DiceBet] { spec.bets }

    /// The probe's `settle BET` answer: nil if the probe is older than version 6 or answers `none` for
    /// every roll (no settlement of its own); otherwise `none`, a trap or an answer that is not a number is
    /// NaN, which no payout equals.
    public func settle(_ bet: DiceBet, on roll: DiceRoll) -> Double? {
        guard let index = betsAsked.firstIndex(of: bet.name), answersBets[index] else { return nil }
        if let position = positions[roll] { return settlements[index][position] ?? .nan }
        return Self.ask([roll], hands: [], bets: [bet.name], client: client).bets[0].first.flatMap { $0 } ?? .nan
    }

    /// The declared rounds.
    public var rounds: [DiceRound] { client.version >= 6 ? spec.rounds : [] }

    /// The probe's `round NAME F1 … FK / F1 … FK / …` answers (version 6), one per sequence, in batches:
    /// `more` rolls again, a number settles, `none` is no round logic of its own (nil), anything else (a
    /// trap, a word) settles at NaN, which no payout equals. nil for every sequence from an older probe.
    public func playRounds(_ round: DiceRound, sequences: [[DiceRoll]]) -> [RoundAnswer?] {
        guard client.version >= 6 else { return sequences.map { _ in nil } }
        var answers: [RoundAnswer?] = []
        answers.reserveCapacity(sequences.count)
        for start in stride(from: 0, to: sequences.count, by: Self.rollsPerBatch) {
            let batch = sequences[start..<min(sequences.count, start + Self.rollsPerBatch)]
            let requests = batch.map { rolls in
                "round \(round.name) " + rolls.map { $0.faces.map(String.init).joined(separator: " ") }.joined(separator: " / ")
            }
            let replies = client.dice(requests)
            for index in batch.indices {
                let reply = index - start < replies.count ? replies[index - start] : "trap"
                switch reply {
                case "more": answers.append(.rollAgain)
                case "none": answers.append(nil)
                default: answers.append(.settled(Self.settlement(reply) ?? .nan))
                }
            }
        }
        return answers
    }

    /// One roll through the probe from K fresh uniform draws (sampling uses ``rolls(from:)`` instead).
    public func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll {
        rolls(from: [(0..<dice.count).map { _ in Sampling.unitInterval(using: &generator) }])[0]
    }

    /// Whether the game shows faces (as declared).
    public var showsFaces: Bool { spec.showsFaces }
    /// The declared values the game reports.
    public var drawnValues: [DrawnValue] { spec.values }

    /// The probe's `value NAME U1 … UK` answers (version 6), in batches; `Int.min` for an answer that is
    /// not a whole number (a trap).
    public func reported(_ value: DrawnValue, from uniforms: [[Double]]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(uniforms.count)
        for start in stride(from: 0, to: uniforms.count, by: Self.rollsPerBatch) {
            let batch = uniforms[start..<min(uniforms.count, start + Self.rollsPerBatch)]
            let answers = client.dice(
                batch.map { "value \(value.name) " + $0.map { ProbeNumbers.format($0, "double") }.joined(separator: " ") })
            result += batch.indices.map { index in index - start < answers.count ? Int(answers[index - start]) ?? .min : .min }
        }
        return result
    }

    /// The probe's `roll U...` answers as rolls; a face outside 1 ... F (and every face of a roll the probe
    /// died on) is stored as 0, which no die shows, so the audit counts the roll as invalid.
    public func rolls(from uniforms: [[Double]]) -> [DiceRoll] {
        faces(from: uniforms).map { faces in DiceRoll(faces.map { (1...dice.faces).contains($0) ? $0 : 0 }) }
    }

    /// The probe's `roll U...` answers as it gives them; a roll the probe died on is all zeros.
    public func faces(from uniforms: [[Double]]) -> [[Int]] {
        // A game that shows no faces rolls the declared fair dice.
        guard spec.showsFaces else { return uniforms.map { $0.map { min(dice.faces, Int($0 * Double(dice.faces)) + 1) } } }
        let answers = client.dice(uniforms.map { "roll " + $0.map { ProbeNumbers.format($0, "double") }.joined(separator: " ") })
        return answers.map { answer in
            let faces = answer.split(separator: " ").compactMap { Int($0) }
            return faces.count == dice.count ? faces : Array(repeating: 0, count: dice.count)
        }
    }
}
