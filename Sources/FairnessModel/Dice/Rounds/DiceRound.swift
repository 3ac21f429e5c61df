/// A round of several rolls of the same dice, as a game's rules card states it: phases, each a list of
/// rules tried in order on every roll, each rule ending the round at a net payout or moving to a phase
/// (remembering a point, as craps' come-out roll does).
///
/// Craps' pass line is two phases: on the come-out roll, `total in 7, 11` pays 1, `total in 2, 3, 12`
/// pays −1, and any other total moves to "point" remembering the total; in "point", `total = point` pays
/// 1, `total = 7` pays −1, and any other roll stays. The round's exact odds are those of a Markov chain
/// over (phase, point) (see ``DiceRoundOdds``): the pass line wins 244/495.
public struct DiceRound: Sendable, Hashable, CustomStringConvertible {
    /// What a rule does.
    public enum Outcome: Sendable, Hashable, CustomStringConvertible {
        /// The round ends, paying `net` per unit staked (−1: the stake lost).
        case settle(ExactFraction)
        /// The round goes on in phase `phase` (an index into ``phases``); when `remember` is set, the point
        /// becomes that value of the roll — or, when `adds`, the point so far (0 if none) plus that value, a
        /// running total as exploding dice keep — otherwise it is kept; when `keep` is set, the dice it keeps
        /// stay and the next roll rolls only the others; when `rerolls` is set, the next roll rolls again
        /// only the dice it selects (a pool's exploding dice) and shows only them.
        case moveTo(phase: Int, remember: DiceValue?, keep: DiceKeep? = nil, adds: Bool = false, rerolls: DiceKeep? = nil)

        public var description: String {
            switch self {
            case .settle(let net): return "pays \(net)"
            case .moveTo(let phase, let remember, let keep, let adds, let rerolls):
                return "to phase \(phase)" + (remember.map { adds ? ", point + \($0)" : ", point = \($0)" } ?? "")
                    + (keep.map { ", keeping \($0)" } ?? "") + (rerolls.map { ", rerolling \($0)" } ?? "")
            }
        }
    }

    /// A rule of a phase: when `condition` holds (and no earlier rule of the phase did), `outcome`.
    public struct Rule: Sendable, Hashable {
        /// When the rule applies.
        public let condition: DiceCondition
        /// What it does.
        public let outcome: Outcome

        /// A rule doing `outcome` when `condition` holds.
        public init(when condition: DiceCondition, _ outcome: Outcome) {
            self.condition = condition
            self.outcome = outcome
        }
    }

    /// A phase of the round.
    public struct Phase: Sendable, Hashable {
        /// Its name (`come-out`, `point`).
        public let name: String
        /// Its rules, tried in order on every roll.
        public let rules: [Rule]
        /// What a roll no rule takes does: by default, the round stays in this phase and rolls again.
        public let otherwise: Outcome?

        /// A phase named `name` with `rules`, doing `otherwise` on a roll no rule takes (nil: roll again).
        public init(name: String, rules: [Rule], otherwise: Outcome? = nil) {
            self.name = name
            self.rules = rules
            self.otherwise = otherwise
        }
    }

    /// The round's name as the game shows it (`pass-line`); unique among a game's bets and rounds.
    public let name: String
    /// The phases; the round starts in the first, with no point.
    public let phases: [Phase]
    /// The figures the game publishes for the round's bet, compared with the exact ones.
    public let declared: [DiceBet.Figure: DiceBet.DeclaredFigure]

    /// A round of `phases`, starting in the first.
    /// - Precondition: at least one phase, and every `moveTo` names a phase and keeps dice or rerolls some
    ///   alone, not both.
    public init(name: String, phases: [Phase], declared: [DiceBet.Figure: DiceBet.DeclaredFigure] = [:]) {
        precondition(!phases.isEmpty, "a round has a phase")
        for phase in phases {
            for outcome in phase.rules.map(\.outcome) + [phase.otherwise].compactMap({ $0 }) {
                if case .moveTo(let target, _, let keep, _, let rerolls) = outcome {
                    precondition(phases.indices.contains(target), "no phase \(target)")
                    precondition(keep == nil || rerolls == nil, "a move keeps some dice or rerolls some alone, not both")
                }
            }
        }
        self.name = name
        self.phases = phases
        self.declared = declared
    }

    public var description: String {
        phases.map { phase in
            "\(phase.name): "
                + (phase.rules.map { "\($0.condition) \(describe($0.outcome))" } + [
                    "otherwise \(phase.otherwise.map(describe) ?? "roll again")"
                ])
                .joined(separator: ", ")
        }.joined(separator: "; ")
    }

    private func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case .settle(let net): return "pays \(net)"
        case .moveTo(let phase, let remember, let keep, let adds, let rerolls):
            return "to \(phases[phase].name)" + (remember.map { adds ? " adding \($0) to the point" : " with point = \($0)" } ?? "")
                + (keep.map { " keeping \($0)" } ?? "") + (rerolls.map { " rerolling \($0)" } ?? "")
        }
    }

    /// Where a round stands between rolls: its phase, its point, the dice it keeps for the next roll, and
    /// how many dice it rolls again when it rerolls only some.
    public struct State: Sendable, Hashable {
        /// The phase, an index into ``DiceRound/phases``.
        public let phase: Int
        /// The point, if one was remembered.
        public let point: Int?
        /// The dice kept for the next roll, sorted (none: every die is rolled).
        public let kept: DiceRoll
        /// The dice the next roll rolls again, alone, when a move rerolls only some (a pool's exploding
        /// dice); nil: every die not kept.
        public let rerolling: Int?

        /// The state in `phase` with `point`, keeping `kept`, rolling `rerolling` dice alone when set.
        public init(phase: Int, point: Int?, kept: DiceRoll = DiceRoll(count: 0), rerolling: Int? = nil) {
            self.phase = phase
            self.point = point
            self.kept = kept
            self.rerolling = rerolling
        }

        /// How many dice the next roll rolls, of `dice` dice in all.
        public func diceRolled(of dice: Int) -> Int { rerolling ?? dice - kept.count }
    }

    /// The roll a round in `state` shows when the dice it rolls come up `rolled`: the kept dice, then the
    /// rolled ones.
    public static func combined(_ state: State, _ rolled: DiceRoll) -> DiceRoll {
        DiceRoll(state.kept.faces + rolled.faces)
    }

    /// The state a round starts in: the first phase, no point.
    public static let start = State(phase: 0, point: nil)

    /// What happens to a round in `state` when `roll` comes up: the net it settles at, or the state it goes
    /// on in.
    @inlinable
    public func step(_ state: State, _ roll: DiceRoll) -> Step {
        let phase = phases[state.phase]
        var outcome = phase.otherwise ?? .moveTo(phase: state.phase, remember: nil)
        for rule in phase.rules where rule.condition.holds(in: roll, point: state.point) {
            outcome = rule.outcome
            break
        }
        switch outcome {
        case .settle(let net): return .settled(net)
        case .moveTo(let target, let remember, let keep, let adds, let rerolls):
            return .continues(
                State(
                    phase: target, point: remember.map { $0.value(of: roll) + (adds ? state.point ?? 0 : 0) } ?? state.point,
                    kept: keep.map { $0.kept(from: roll) } ?? DiceRoll(count: 0), rerolling: rerolls.map { $0.kept(from: roll).count }))
        }
    }

    /// The result of one roll of a round.
    public enum Step: Sendable, Hashable {
        /// The round ends at this net payout per unit staked.
        case settled(ExactFraction)
        /// The round goes on in this state.
        case continues(State)
    }

    /// Settles a whole sequence of rolls by the rules (each roll the whole roll the game shows, kept dice
    /// included; after a move that rerolls some dice, those dice alone): the net and the number of rolls it took, or nil if the round is still going on after the
    /// last roll.
    public func settle(_ rolls: [DiceRoll]) -> (net: ExactFraction, rolls: Int)? {
        var state = Self.start
        for (index, roll) in rolls.enumerated() {
            switch step(state, roll) {
            case .settled(let net): return (net, index + 1)
            case .continues(let next): state = next
            }
        }
        return nil
    }
}
