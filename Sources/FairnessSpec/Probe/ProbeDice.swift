import FairnessAudit

/// A declared dice game whose detector, classifier and rolls come from the game's own code behind a probe
/// (`straight F...`, `category F...`, `roll U...`; see `docs/probe-protocol.md`); the dice, the reroll
/// policy and the claims come from the spec.
///
/// Every ordered roll's straight and category answers are asked once, in batches, when the subject is made
/// (so the exhaustive detector checks read a table), which limits probed dice to 10^6 ordered rolls.
public struct ProbeDice: BatchRollingDice {
    /// The most ordered rolls a probed game may have (F^K): 10^6.
    public static let rollLimit: UInt64 = 1_000_000

    /// The declaration.
    public let spec: DiceSpec
    /// The game's name.
    public let name: String
    /// One line saying what it is.
    public let summary: String
    /// The probe.
    public let client: ProbeClient
    private let straights: [Bool]
    private let categories: [PokerCategory?]

    /// Asks the probe for its straight and category answer on every ordered roll.
    /// - Throws: ``ProbeError/didNotStart(command:reason:)`` if the dice have more than ``rollLimit``
    ///   ordered rolls.
    public init(_ spec: DiceSpec, name: String, summary: String, client: ProbeClient) throws {
        guard let total = spec.dice.orderedRollCount, total <= Self.rollLimit else {
            throw ProbeError.didNotStart(
                command: client.command, reason: "\(spec.dice) has more than \(Self.rollLimit) ordered rolls, too many to ask a probe about"
            )
        }
        self.spec = spec
        self.name = name
        self.summary = summary
        self.client = client
        let rolls = (0..<Int(total)).map { Self.roll(code: $0, dice: spec.dice) }
        let faces = rolls.map { $0.faces.map(String.init).joined(separator: " ") }
        let answers = client.dice(faces.map { "straight " + $0 } + faces.map { "category " + $0 }, faces: spec.dice.faces)
        straights = answers[..<rolls.count].map { $0 == "yes" }
        categories = answers[rolls.count...].map { answer in PokerCategory.allCases.first { $0.name == answer } }
    }

    /// The roll whose faces, read as digits of base F (first die most significant), make `code`.
    static func roll(code: Int, dice: DiceSet) -> DiceRoll {
        var roll = DiceRoll(count: dice.count)
        var rest = code
        for index in stride(from: dice.count - 1, through: 0, by: -1) {
            roll[index] = rest % dice.faces + 1
            rest /= dice.faces
        }
        return roll
    }

    func code(_ roll: DiceRoll) -> Int {
        var code = 0
        for index in 0..<roll.count { code = code * spec.dice.faces + roll[index] - 1 }
        return code
    }

    /// The declared dice.
    public var dice: DiceSet { spec.dice }
    /// The declared reroll policy.
    public var rerollPolicy: RerollPolicy { spec.reroll }
    /// The declared claims, if any.
    public var claimedOdds: [PokerCategory: Double]? { spec.claimedOdds }

    /// The probe's `straight` answer.
    public func isStraight(_ roll: DiceRoll) -> Bool { straights[code(roll)] }
    /// The probe's `category` answer (nil for `none`).
    public func category(_ roll: DiceRoll) -> PokerCategory? { categories[code(roll)] }

    /// One roll through the probe from K fresh uniform draws (sampling uses ``rolls(from:)`` instead).
    public func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll {
        rolls(from: [(0..<dice.count).map { _ in Sampling.unitInterval(using: &generator) }])[0]
    }

    /// The probe's `roll U...` answers; after a trap, a roll of all ones.
    public func rolls(from uniforms: [[Double]]) -> [DiceRoll] {
        let answers = client.dice(
            uniforms.map { "roll " + $0.map { ProbeNumbers.format($0, "double") }.joined(separator: " ") }, faces: dice.faces)
        return answers.map { answer in
            let faces = answer.split(separator: " ").compactMap { Int($0) }
            return faces.count == dice.count ? DiceRoll(faces) : DiceRoll(Array(repeating: 1, count: dice.count))
        }
    }
}
