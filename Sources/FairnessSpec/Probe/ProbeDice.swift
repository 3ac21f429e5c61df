import FairnessAudit

/// A declared dice game whose detectors and rolls come from the game's own code behind a probe
/// (`straight F...`, `category F...`, `hand NAME F...`, `roll U...`; see `docs/probe-protocol.md`); the
/// dice, the reroll policy, the hands' rules and the claims come from the spec.
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
    private let straights: [Bool]
    private let categories: [PokerCategory?]
    /// handAnswers[hand][position]: the probe's answer (nil for `none`).
    private let handAnswers: [[Bool?]]

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
        var straights: [Bool] = [], categories: [PokerCategory?] = []
        var handAnswers = [[Bool?]](repeating: [], count: spec.hands.count)
        straights.reserveCapacity(rolls.count)
        categories.reserveCapacity(rolls.count)
        for start in stride(from: 0, to: rolls.count, by: Self.rollsPerBatch) {
            let batch = rolls[start..<min(rolls.count, start + Self.rollsPerBatch)]
            let answers = Self.ask(batch, hands: spec.hands.map(\.name), client: client, faces: spec.dice.faces)
            straights += answers.straights
            categories += answers.categories
            for index in handAnswers.indices { handAnswers[index] += answers.hands[index] }
            if client.fault != nil { break }
        }
        self.positions = client.fault == nil ? positions : [:]
        self.straights = straights
        self.categories = categories
        self.handAnswers = handAnswers
    }

    /// One batch of questions about `rolls`: straight, category, then each hand.
    static func ask(
        _ rolls: ArraySlice<DiceRoll>, hands: [String], client: ProbeClient, faces: Int
    ) -> (straights: [Bool], categories: [PokerCategory?], hands: [[Bool?]]) {
        let text = rolls.map { $0.faces.map(String.init).joined(separator: " ") }
        var requests = text.map { "straight " + $0 } + text.map { "category " + $0 }
        for hand in hands { requests += text.map { "hand \(hand) " + $0 } }
        let answers = client.dice(requests)
        let n = rolls.count
        return (
            answers[..<n].map { $0 == "yes" },
            answers[n..<(2 * n)].map { answer in PokerCategory.allCases.first { $0.name == answer } },
            hands.indices.map { h in answers[((2 + h) * n)..<((3 + h) * n)].map { $0 == "yes" ? true : $0 == "no" ? false : nil } }
        )
    }

    /// The lower limit of ordered rolls visited one by one: ``rollLimit``.
    public var orderedRollLimit: UInt64 { Self.rollLimit }

    /// The declared dice.
    public var dice: DiceSet { spec.dice }
    /// The declared reroll policy.
    public var rerollPolicy: RerollPolicy { spec.reroll }
    /// The declared claims, if any.
    public var claimedOdds: [PokerCategory: Double]? { spec.claimedOdds }

    /// The probe's `straight` answer.
    public func isStraight(_ roll: DiceRoll) -> Bool {
        if let position = positions[roll] { return straights[position] }
        return Self.ask([roll], hands: [], client: client, faces: dice.faces).straights[0]
    }
    /// The probe's `category` answer (nil for `none`).
    public func category(_ roll: DiceRoll) -> PokerCategory? {
        if let position = positions[roll] { return categories[position] }
        return Self.ask([roll], hands: [], client: client, faces: dice.faces).categories[0]
    }
    /// The probe's `hand NAME` answer (nil for `none`: the game has no detector of its own for it).
    public func detects(_ hand: DiceHand, in roll: DiceRoll) -> Bool? {
        guard let index = hands.firstIndex(where: { $0.name == hand.name }) else { return nil }
        if let position = positions[roll] { return handAnswers[index][position] }
        return Self.ask([roll], hands: [hand.name], client: client, faces: dice.faces).hands[0][0]
    }

    /// One roll through the probe from K fresh uniform draws (sampling uses ``rolls(from:)`` instead).
    public func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll {
        rolls(from: [(0..<dice.count).map { _ in Sampling.unitInterval(using: &generator) }])[0]
    }

    /// The probe's `roll U...` answers as rolls; a face outside 1 ... F (and every face of a roll the probe
    /// died on) is stored as 0, which no die shows, so the audit counts the roll as invalid.
    public func rolls(from uniforms: [[Double]]) -> [DiceRoll] {
        faces(from: uniforms).map { faces in DiceRoll(faces.map { (1...dice.faces).contains($0) ? $0 : 0 }) }
    }

    /// The probe's `roll U...` answers as it gives them; a roll the probe died on is all zeros.
    public func faces(from uniforms: [[Double]]) -> [[Int]] {
        let answers = client.dice(uniforms.map { "roll " + $0.map { ProbeNumbers.format($0, "double") }.joined(separator: " ") })
        return answers.map { answer in
            let faces = answer.split(separator: " ").compactMap { Int($0) }
            return faces.count == dice.count ? faces : Array(repeating: 0, count: dice.count)
        }
    }
}
