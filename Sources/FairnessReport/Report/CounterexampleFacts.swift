import FairnessChecks
import FairnessModel

/// What one counterexample shows, as typed figures: the input tried, where it sits, what the game did and
/// what the truth or the rules allow. The renderer writes the four cells of `counterexamples.csv` from
/// them; `audit.json` keeps them beside those cells, so a verification renders the cells again.
///
/// In `audit.json` a value is an object with one key, the case's name, holding the case's figures
/// (`{"detector": {"holds": true, ...}}`).
public enum CounterexampleFacts: Sendable, Hashable {
    /// A boundary or wraparound probe whose reported result the geometric truth does not allow.
    case probe(Counterexample)
    /// A targeted wheel told an index that it does not land on and show.
    case landing(Landing)
    /// A pattern of faces a straight or hand detector judges wrongly.
    case detector(Detector)
    /// A pattern of faces the game settles a bet on otherwise than its rules.
    case betSettlement(BetSettlement)
    /// A sequence of rolls the game settles a round on otherwise than its rules.
    case roundSettlement(RoundSettlement)

    /// A wrong landing of a targeted wheel.
    public struct Landing: Sendable, Hashable, Codable {
        /// The index the wheel was told to land on.
        public var index: Int
        /// Where it stopped, in ``unit`` (nil: it refused, or trapped before stopping).
        public var rotation: Double?
        /// The subject's rotation unit.
        public var unit: AngleUnit
        /// The rotation a later spin starts from, in ``unit`` (nil: the first spin, from rest).
        public var from: Double?
        /// What is truly under the pointer where it stopped.
        public var landsOn: LandingCheck.Place
        /// What the wheel showed.
        public var reported: LandingCheck.Shown

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(
            index: Int, rotation: Double?, unit: AngleUnit, from: Double?, landsOn: LandingCheck.Place, reported: LandingCheck.Shown
        ) {
            self.index = index
            self.rotation = rotation
            self.unit = unit
            self.from = from
            self.landsOn = landsOn
            self.reported = reported
        }
    }

    /// A pattern of faces a detector judges wrongly.
    public struct Detector: Sendable, Hashable, Codable {
        /// The multiset of faces, as a sorted roll.
        public var pattern: DiceRoll
        /// Orderings of ``pattern`` in play that the detector judges wrongly, of ``orderings``.
        public var wrong: UInt64
        /// Orderings of ``pattern`` (K!/Π mᵢ!).
        public var orderings: UInt64
        /// Whether the hand truly holds on ``pattern`` (the detector says it does not where it is wrong).
        public var holds: Bool
        /// The hand's name; nil for the straight.
        public var hand: String?

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(pattern: DiceRoll, wrong: UInt64, orderings: UInt64, holds: Bool, hand: String?) {
            self.pattern = pattern
            self.wrong = wrong
            self.orderings = orderings
            self.holds = holds
            self.hand = hand
        }
    }

    /// A pattern of faces the game settles a bet on wrongly.
    public struct BetSettlement: Sendable, Hashable, Codable {
        /// The first ordering the game settled wrongly, as it was rolled.
        public var example: DiceRoll
        /// The multiset of faces, as a sorted roll.
        public var pattern: DiceRoll
        /// Orderings of ``pattern`` in play that the game settles wrongly, of ``orderings``.
        public var wrong: UInt64
        /// Orderings of ``pattern``.
        public var orderings: UInt64
        /// The net payout per unit staked by the rules, exactly.
        public var rules: ExactFraction
        /// The net payout the game settled ``example`` at (NaN: no settlement, or a crash).
        public var game: Double

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(example: DiceRoll, pattern: DiceRoll, wrong: UInt64, orderings: UInt64, rules: ExactFraction, game: Double) {
            self.example = example
            self.pattern = pattern
            self.wrong = wrong
            self.orderings = orderings
            self.rules = rules
            self.game = game
        }
    }

    /// A sequence of rolls the game settles a round on wrongly.
    public struct RoundSettlement: Sendable, Hashable, Codable {
        /// The rolls, first first (at least one).
        public var rolls: [DiceRoll]
        /// What the rules do after them.
        public var rules: RoundAnswer
        /// What the game does after them (nil: no answer of its own).
        public var game: RoundAnswer?

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(rolls: [DiceRoll], rules: RoundAnswer, game: RoundAnswer?) {
            self.rolls = rolls
            self.rules = rules
            self.game = game
        }
    }
}

extension CounterexampleFacts: Codable {
    enum CodingKeys: String, CodingKey {
        case probe, landing, detector, betSettlement, roundSettlement
    }

    /// Reads an object holding exactly one of the cases' keys.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an object with no case's key or with more than one.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard c.allKeys.count == 1, let key = c.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a counterexample's facts hold one of probe, landing, detector, betSettlement, roundSettlement"))
        }
        switch key {
        case .probe: self = .probe(try c.decode(Counterexample.self, forKey: key))
        case .landing: self = .landing(try c.decode(Landing.self, forKey: key))
        case .detector: self = .detector(try c.decode(Detector.self, forKey: key))
        case .betSettlement: self = .betSettlement(try c.decode(BetSettlement.self, forKey: key))
        case .roundSettlement: self = .roundSettlement(try c.decode(RoundSettlement.self, forKey: key))
        }
    }

    /// Writes an object with the case's name as its one key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .probe(let facts): try c.encode(facts, forKey: .probe)
        case .landing(let facts): try c.encode(facts, forKey: .landing)
        case .detector(let facts): try c.encode(facts, forKey: .detector)
        case .betSettlement(let facts): try c.encode(facts, forKey: .betSettlement)
        case .roundSettlement(let facts): try c.encode(facts, forKey: .roundSettlement)
        }
    }
}

/// The four cells a rendering writes for one counterexample, in `counterexamples.csv` and beside its facts
/// in `audit.json`: the input tried, where it sits, what the game did, what the truth allows.
public struct CounterexampleCells: Sendable, Hashable {
    /// The input tried: a rotation, an index, a pattern of faces, a sequence of rolls.
    public var input: String
    /// Where it sits: a probe's line and distance, where a landing stops, how many orderings are wrong.
    public var context: String
    /// What the game did.
    public var reported: String
    /// What the truth or the rules allow.
    public var expected: String

    /// A value with every field given.
    public init(input: String, context: String, reported: String, expected: String) {
        self.input = input
        self.context = context
        self.reported = reported
        self.expected = expected
    }
}
