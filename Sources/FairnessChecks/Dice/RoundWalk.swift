import BigInt
import FairnessModel

/// A game's own round logic judged against a round's rules on every sequence of rolls, level by level
/// (every first roll, then every second roll after each first roll the round goes on after, ...), as far
/// as a budget of calls allows whole levels.
///
/// A sequence on which the game and the rules part (one settles, the other rolls again, or they settle at
/// different nets) is not followed further; its probability — under fair dice (1/N)^length for N = F^K
/// ordered rolls; under the game's own dice (`faceOdds`) the product over its rolls of Π p(face) — is the
/// share of rounds the game settles otherwise on it. Rounds the rules leave going on
/// past the last level judged are not judged exhaustively: their share is stated, and ``sampledRounds``
/// whole rounds of seeded fair rolls are played through the game's logic to their end, which reaches the
/// rolls past that depth at their share in play.
public struct RoundWalk: Sendable {
    /// Most calls of the game's round logic: whole levels are judged while they fit.
    public static let defaultBudget = 400_000
    /// Sequences kept as examples of a wrong settlement.
    public static let examplesKept = 20
    /// Whole rounds played from seeded fair rolls after the exhaustive levels.
    public static let defaultSampledRounds = 10_000
    /// Most rolls of a sampled round: a round the rules leave going on longer is not judged.
    public static let sampledRollLimit = 500

    /// A sequence the game settles otherwise than the rules.
    public struct Mismatch: Sendable, Hashable {
        /// The rolls, first first.
        public let rolls: [DiceRoll]
        /// What the rules do after them.
        public let rules: RoundAnswer
        /// What the game does (nil: no answer of its own).
        public let game: RoundAnswer?
    }

    /// The round.
    public let round: DiceRound
    /// Whether the game has round logic of its own for the round (some answer is not nil).
    public let gameSettles: Bool
    /// The levels judged in full: every sequence of up to this many rolls.
    public let depth: Int
    /// Calls of the game's round logic.
    public let sequencesJudged: Int
    /// The share of rounds whose rolls lead the game to settle otherwise than the rules, within ``depth``.
    public let misSettled: ExactFraction
    /// ``misSettled`` under fair dice: the same when the walk is under fair dice; under the game's own
    /// dice, nonzero where it is zero when the game is wrong only on rolls its own dice never show.
    public let misSettledUnderFairDice: ExactFraction
    /// The share of rounds the rules settle within ``depth`` rolls and the game settles alike.
    public let settledAlike: ExactFraction
    /// The share of rounds still going on after ``depth`` rolls by the rules, not judged.
    public let beyond: ExactFraction
    /// The first mismatches found, each sequence once (shortest first; sampled ones after the exhaustive
    /// ones, only those the levels did not list).
    public let examples: [Mismatch]
    /// Rounds played from seeded fair rolls.
    public let sampledRounds: Int
    /// Of which the game settled otherwise than the rules (at some roll).
    public let sampledMisSettled: Int
    /// Of which the rules had not settled within ``sampledRollLimit`` rolls (not judged).
    public let sampledUnfinished: Int

    /// Whether the shares are under the game's own dice (`faceOdds` given) rather than fair dice.
    public let underOwnDice: Bool

    /// Walks `round` through `game`'s round logic within `budget` calls, then plays `sampledRounds` rounds
    /// from fair rolls drawn with `seed`. `faceOdds`, when given, is the probability of each face 1 ... F
    /// under the game's own mapping from draws to faces (summing to at most 1: draws giving no face are
    /// left out), and the shares are in play under it.
    public init<Game: DiceGame>(
        _ game: Game, round: DiceRound, budget: Int = RoundWalk.defaultBudget, sampledRounds: Int = RoundWalk.defaultSampledRounds,
        seed: UInt64 = 1, faceOdds: [ExactFraction]? = nil
    ) {
        let dice = game.dice
        let options = Self.options(dice, sorted: game.seesSortedDice, faceOdds: faceOdds)
        underOwnDice = faceOdds != nil
        var level: [(rolls: [DiceRoll], state: DiceRound.State, probability: Weight)] = [([], DiceRound.start, .one)]
        var misSettled = Weight.zero, alike = Weight.zero
        var depth = 0, calls = 0, answered = false
        var examples: [Mismatch] = []
        while !level.isEmpty {
            let needed = level.reduce(0) { $0 + options[$1.state.diceRolled(of: dice.count)].count }
            guard calls + needed <= budget, !level.contains(where: { options[$0.state.diceRolled(of: dice.count)].isEmpty }) else { break }
            var sequences: [[DiceRoll]] = [], parents: [(node: Int, probability: Weight, roll: DiceRoll)] = []
            sequences.reserveCapacity(needed)
            for (index, node) in level.enumerated() {
                for (rolled, probability) in options[node.state.diceRolled(of: dice.count)] {
                    let roll = DiceRound.combined(node.state, rolled)
                    sequences.append(node.rolls + [roll])
                    parents.append((index, node.probability * probability, roll))
                }
            }
            let answers = game.playRounds(round, sequences: sequences)
            calls += needed
            var next: [(rolls: [DiceRoll], state: DiceRound.State, probability: Weight)] = []
            for (position, answer) in answers.enumerated() {
                let parent = parents[position]
                if answer != nil { answered = true }
                let rules = round.step(level[parent.node].state, parent.roll)
                switch (rules, answer) {
                case (.continues(let state), .rollAgain?): next.append((sequences[position], state, parent.probability))
                case (.settled(let net), .settled(let said)?) where DetectorSurvey.agrees(said, net.double): alike += parent.probability
                default:
                    misSettled += parent.probability
                    if examples.count < Self.examplesKept {
                        let expected: RoundAnswer
                        if case .settled(let net) = rules { expected = .settled(net.double) } else { expected = .rollAgain }
                        examples.append(Mismatch(rolls: sequences[position], rules: expected, game: answer))
                    }
                }
            }
            depth += 1
            level = next
            // A game with no round logic of its own answers nil to every first roll: nothing to judge.
            guard answered else { break }
        }
        let beyond = ExactFraction.sum(level.map(\.probability.inPlay))
        // Sampled whole rounds: after the levels, or alone when not even the first level fits; skipped for a
        // game that answered no first roll (no round logic of its own).
        let sampled: (wrong: Int, unfinished: Int, examples: [Mismatch], answered: Bool) =
            answered || depth == 0 ? Self.sample(game, round: round, rounds: sampledRounds, seed: seed) : (0, 0, [], false)
        answered = answered || sampled.answered
        self.sampledRounds = answered ? sampledRounds : 0
        self.round = round
        gameSettles = answered
        self.depth = depth
        sequencesJudged = calls
        self.misSettled = answered ? misSettled.inPlay : .zero
        misSettledUnderFairDice = answered ? misSettled.fair : .zero
        settledAlike = alike.inPlay
        self.beyond = beyond
        sampledMisSettled = sampled.wrong
        sampledUnfinished = sampled.unfinished
        // A sampled round parting where the levels already found it adds no example of its own.
        let foundOnlyBySampling = sampled.examples.filter { found in !examples.contains { $0.rolls == found.rolls } }
        self.examples = answered ? examples + foundOnlyBySampling.prefix(max(0, Self.examplesKept - examples.count)) : []
    }

    /// Plays `rounds` rounds of fair rolls drawn with `seed` through the game's logic and the rules side by
    /// side, one roll of every round still going on per batch; counts the rounds they part on.
    static func sample<Game: DiceGame>(
        _ game: Game, round: DiceRound, rounds: Int, seed: UInt64
    ) -> (wrong: Int, unfinished: Int, examples: [Mismatch], answered: Bool) {
        var generator = Xoshiro256StarStar(seed: seed, stream: 0x726f_756e_6473, block: 0)
        var live = (0..<rounds).map { _ in (rolls: [DiceRoll](), state: DiceRound.start) }
        var wrong = 0, examples: [Mismatch] = [], answered = false
        let sets = (0...game.dice.count).map { $0 == 0 ? nil : try! DiceSet(count: $0, faces: game.dice.faces) }
        for _ in 0..<sampledRollLimit where !live.isEmpty {
            for index in live.indices {
                let rolled = sets[live[index].state.diceRolled(of: game.dice.count)]?.roll(using: &generator) ?? DiceRoll(count: 0)
                live[index].rolls.append(DiceRound.combined(live[index].state, rolled))
            }
            let answers = game.playRounds(round, sequences: live.map(\.rolls))
            var next: [(rolls: [DiceRoll], state: DiceRound.State)] = []
            for (index, answer) in answers.enumerated() {
                let node = live[index]
                if answer != nil { answered = true }
                switch (round.step(node.state, node.rolls.last!), answer) {
                case (.continues(let state), .rollAgain?): next.append((node.rolls, state))
                case (.settled(let net), .settled(let said)?) where DetectorSurvey.agrees(said, net.double): break
                case (let rules, let said):
                    wrong += 1
                    if examples.count < examplesKept {
                        let expected: RoundAnswer
                        if case .settled(let net) = rules { expected = .settled(net.double) } else { expected = .rollAgain }
                        // Each sequence once: many sampled rounds part on the same first rolls.
                        let mismatch = Mismatch(rolls: node.rolls, rules: expected, game: said)
                        if !examples.contains(where: { $0.rolls == mismatch.rolls }) { examples.append(mismatch) }
                    }
                }
            }
            live = next
        }
        return answered ? (wrong, live.count, examples, true) : (0, 0, [], false)
    }

    /// The rolls each step tries for each number of dice rolled (fewer when the round keeps some), with
    /// the probability each stands for: every ordered roll up to 1,296, else one seeded shuffled ordering of
    /// every multiset weighted by its orderings (never the sorted one alone: a game that assumes sorted dice
    /// without saying so is asked unsorted rolls), the sorted multisets for a game that sorts its dice;
    /// none for dice with more than `DiceRoundOdds.multisetLimit` multisets (the sampled rounds judge them).
    /// With `faceOdds`, an ordered roll stands for Π p(face) instead of 1/N.
    static func options(_ dice: DiceSet, sorted: Bool, faceOdds: [ExactFraction]? = nil) -> [[(DiceRoll, Weight)]] {
        (0...dice.count).map { count in
            guard count > 0 else { return [(DiceRoll(count: 0), Weight.one)] }
            let set = try! DiceSet(count: count, faces: dice.faces)
            guard DiceRoundOdds.multisets(set) <= DiceRoundOdds.multisetLimit else { return [] }
            let total = ExactFraction(BigInt(set.orderedRollCount!))
            // The probability of one ordered roll showing `pattern`'s faces, in play and under fair dice.
            func each(_ pattern: DiceRoll) -> Weight {
                guard let faceOdds else { return Weight(.one / total) }
                return Weight(inPlay: pattern.faces.reduce(ExactFraction.one) { $0 * faceOdds[$1 - 1] }, fair: .one / total)
            }
            let patterns = DiceRoundOdds.patterns(set)
            if sorted { return patterns.map { ($0.0, each($0.0).times(ExactFraction(BigInt($0.1)))) } }
            if set.orderedRollCount! > 1_296 {
                return patterns.map { pattern, orderings in
                    (
                        DetectorSurvey.sampledOrderings(of: pattern, count: 3).last ?? pattern,
                        each(pattern).times(ExactFraction(BigInt(orderings)))
                    )
                }
            }
            return patterns.flatMap { pattern, _ in Self.orderings(of: pattern).map { ($0, each(pattern)) } }
        }
    }

    /// Every distinct ordering of `pattern`.
    static func orderings(of pattern: DiceRoll) -> [DiceRoll] {
        var result: [DiceRoll] = []
        var roll = pattern
        repeat { result.append(roll) } while roll.formNextPermutation()
        return result
    }

    /// A sequence's probability in play (under the game's own dice when given, else fair) and under fair
    /// dice.
    struct Weight: Sendable {
        var inPlay: ExactFraction
        var fair: ExactFraction

        init(inPlay: ExactFraction, fair: ExactFraction) {
            self.inPlay = inPlay
            self.fair = fair
        }

        /// The same probability in play and under fair dice.
        init(_ both: ExactFraction) { self.init(inPlay: both, fair: both) }

        static let one = Weight(.one), zero = Weight(.zero)

        static func * (a: Weight, b: Weight) -> Weight { Weight(inPlay: a.inPlay * b.inPlay, fair: a.fair * b.fair) }
        static func += (a: inout Weight, b: Weight) { a = Weight(inPlay: a.inPlay + b.inPlay, fair: a.fair + b.fair) }
        func times(_ k: ExactFraction) -> Weight { Weight(inPlay: inPlay * k, fair: fair * k) }
    }
}
