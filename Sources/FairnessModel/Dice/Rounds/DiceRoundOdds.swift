import BigInt

/// A round's exact odds: the Markov chain over its states (phase, point) solved exactly.
///
/// With Q the transitions between states that go on and R(s, x) the probability that a roll in state s
/// settles the round at net x, the probability of ending at x from the start is row `start` of
/// (I − Q)⁻¹ R, and the expected number of rolls is row `start` of (I − Q)⁻¹ 1. Both are solved by
/// Gaussian elimination over exact fractions; each state's rolls are enumerated through the multisets of
/// faces, weighted by their orderings, under fair dice.
public struct DiceRoundOdds: Sendable, Hashable {
    /// Why a round has no exact odds.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// From `state` no sequence of rolls ever ends the round.
        case mayNeverEnd(phase: String, point: Int?)
        /// The round reaches more than ``maximumStates`` states.
        case tooManyStates(Int)
        /// The dice have more than ``multisetLimit`` multisets of faces to enumerate in each state.
        case tooManyRolls(UInt64)
        /// A move into `phase` rerolls no dice on some roll (`reroll: face 6` when no die shows 6): the next
        /// roll would roll nothing.
        case rerollsNoDice(phase: String)

        public var description: String {
            switch self {
            case .mayNeverEnd(let phase, let point):
                return
                    "the round may never end: from phase '\(phase)'\(point.map { " with point \($0)" } ?? "") no roll sequence settles it"
            case .tooManyStates(let count): return "the round reaches more than \(count) states (phase, point, dice kept)"
            case .rerollsNoDice(let phase):
                return
                    "a move to phase '\(phase)' rerolls no dice on some roll (none it selects shows); settle such rolls before the move, e.g. 'when: count of 6 >= 1' on it"
            case .tooManyRolls(let count):
                return
                    "the dice have \(count) multisets of faces, more than the \(DiceRoundOdds.multisetLimit) a round's exact odds enumerate"
            }
        }
    }

    /// The most states (phase, point, dice kept) a round may reach.
    public static let maximumStates = 400
    /// The most multisets of faces of the dice a round's odds (and a drawn value's) enumerate: 200,000
    /// (10d10 has 92,378).
    public static let multisetLimit: UInt64 = 200_000

    /// C(F + K − 1, K), the multisets of faces of `dice` (`UInt64.max` beyond 2^64).
    public static func multisets(_ dice: DiceSet) -> UInt64 {
        var result: UInt128 = 1
        for i in 1...dice.count {
            result = result * UInt128(dice.faces - 1 + i) / UInt128(i)
            if result > UInt128(UInt64.max) { return .max }
        }
        return UInt64(result)
    }

    /// The bet's figures: each net payout with its probability.
    public let odds: DiceBetOdds
    /// The expected number of rolls in a round.
    public let expectedRolls: ExactFraction
    /// The states the round reaches, in order of first reach.
    public let states: [DiceRound.State]

    /// Solves `round` over fair `dice`.
    /// - Throws: ``Failure``.
    /// - Complexity: O(S · C(F + K − 1, K)) rule evaluations and O(S³) exact operations for S states.
    public init(_ round: DiceRound, dice: DiceSet) throws(Failure) {
        let multisets = Self.multisets(dice)
        guard multisets <= Self.multisetLimit else { throw .tooManyRolls(multisets) }
        // The rolls of every number of dice a state may roll (fewer when it keeps some), with orderings.
        let patternsByCount = (0...dice.count).map { count in
            count == 0 ? [(DiceRoll(count: 0), UInt64(1))] : Self.patterns(try! DiceSet(count: count, faces: dice.faces))
        }
        // States by first reach, their transitions and settlements (counts in ordered rolls of the dice
        // each state rolls, out of rolled[s] = F^m).
        var states = [DiceRound.start], index = [DiceRound.start: 0]
        var moves: [[Int: BigInt]] = [], settles: [[ExactFraction: BigInt]] = [], rolled: [BigInt] = []
        var next = 0
        while next < states.count {
            var move: [Int: BigInt] = [:], settle: [ExactFraction: BigInt] = [:]
            let count = states[next].diceRolled(of: dice.count)
            rolled.append(BigInt(dice.faces).power(count))
            for (pattern, weight) in patternsByCount[count] {
                switch round.step(states[next], DiceRound.combined(states[next], pattern)) {
                case .settled(let net): settle[net, default: 0] += BigInt(weight)
                case .continues(let state):
                    if state.rerolling == 0 { throw .rerollsNoDice(phase: round.phases[state.phase].name) }
                    if index[state] == nil {
                        guard states.count < Self.maximumStates else { throw .tooManyStates(Self.maximumStates) }
                        index[state] = states.count
                        states.append(state)
                    }
                    move[index[state]!, default: 0] += BigInt(weight)
                }
            }
            moves.append(move)
            settles.append(settle)
            next += 1
        }
        // Every state must reach a settlement.
        var ends = Set(settles.indices.filter { !settles[$0].isEmpty })
        var grew = true
        while grew {
            grew = false
            for s in states.indices where !ends.contains(s) && moves[s].keys.contains(where: ends.contains) {
                ends.insert(s)
                grew = true
            }
        }
        if let stuck = states.indices.first(where: { !ends.contains($0) }) {
            throw .mayNeverEnd(phase: round.phases[states[stuck].phase].name, point: states[stuck].point)
        }
        let nets = Array(Set(settles.flatMap(\.keys))).sorted()
        // (I − Q) X = [R | 1], each row s in ordered-roll counts of the dice it rolls: (N_s·I − M) X = [S | N_s].
        var matrix: [[ExactFraction]] = states.indices.map { s in
            var row = states.indices.map { t in ExactFraction((s == t ? rolled[s] : 0) - (moves[s][t] ?? 0)) }
            row += nets.map { ExactFraction(settles[s][$0] ?? 0) }
            row.append(ExactFraction(rolled[s]))
            return row
        }
        Self.solve(&matrix, unknowns: states.count)
        let start = matrix[0]
        var distribution: [ExactFraction: ExactFraction] = [:]
        for (offset, net) in nets.enumerated() where !start[states.count + offset].isZero {
            distribution[net] = start[states.count + offset]
        }
        expectedRolls = start[states.count + nets.count]
        odds = DiceBetOdds(bet: round.name, distribution: distribution, expectedRolls: expectedRolls)
        self.states = states
    }

    /// Every multiset of faces, as a sorted roll, with its number of orderings.
    package static func patterns(_ dice: DiceSet) -> [(DiceRoll, UInt64)] {
        var result: [(DiceRoll, UInt64)] = []
        var roll = DiceRoll(count: dice.count)
        func fill(_ position: Int, from face: Int) {
            if position == dice.count {
                result.append((roll, DiceOdds.orderings(of: roll)))
                return
            }
            for value in face...dice.faces {
                roll[position] = value
                fill(position + 1, from: value)
            }
        }
        fill(0, from: 1)
        return result
    }

    /// Gauss–Jordan elimination in place: the first `unknowns` columns become the identity and the others
    /// the solutions. The matrix is nonsingular: every state reaches a settlement, so I − Q is invertible.
    static func solve(_ matrix: inout [[ExactFraction]], unknowns: Int) {
        for column in 0..<unknowns {
            let pivot = (column..<unknowns).first { !matrix[$0][column].isZero }!
            matrix.swapAt(column, pivot)
            let divisor = matrix[column][column]
            matrix[column] = matrix[column].map { $0 / divisor }
            for row in 0..<unknowns where row != column && !matrix[row][column].isZero {
                let factor = matrix[row][column]
                for k in column..<matrix[row].count where !matrix[column][k].isZero { matrix[row][k] -= factor * matrix[column][k] }
            }
        }
    }
}
