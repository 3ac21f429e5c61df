import BigInt

/// The exact figures of a prize draw with memory, from its ``DrawMachine``: the long-run ("consolidated")
/// rate of every item, the distribution of the number of draws until a top item (and until the featured
/// item of a guarantee), and the long-run value of a draw. Every figure is an exact fraction where the
/// machine's odds are rational (they always are when declared in a spec).
public struct DrawMachineFigures: Sendable, Hashable {
    /// How the long run was solved.
    public enum LongRunMethod: String, Sendable, Hashable, Codable {
        /// Exactly, by counting the expected visits to each state between two returns to the start (a
        /// machine whose only cycles pass through the start: pity counters, stock with a refill).
        case renewal
        /// Exactly, by solving the balance equations in fractions (a machine of up to
        /// ``DrawMachineFigures/exactSolveLimit`` states reached).
        case exactSolve = "exact solve"
        /// In double precision (a larger machine with other cycles): rates to about 1e-12.
        case floatingPoint = "floating point"
    }

    /// The distribution of the number of draws until an item of a set, from the start.
    public struct DrawsUntil: Sendable, Hashable {
        /// The mean number of draws; nil where it could not be solved exactly (a machine of more than
        /// ``DrawMachineFigures/exactSolveLimit`` states with no bound on the draws).
        public var mean: ExactFraction?
        /// The smallest n with P(draws ≤ n) ≥ 1/2.
        public var median: Int
        /// The smallest n with P(draws ≤ n) ≥ 0.9.
        public var percentile90: Int
        /// The smallest n with P(draws ≤ n) ≥ 0.99; nil if not reached within the draws followed.
        public var percentile99: Int?
        /// The most draws it can take (a hard limit); nil when there is no bound.
        public var worst: Int?
        /// P(draws = n) for n = 1 … (exact, as far as it was followed: up to ``worst``, or until
        /// P(draws ≤ n) ≥ 0.99).
        public var probabilities: [ExactFraction] {
            var power = BigInt(1)
            return hits.map { hit in
                power *= common
                return ExactFraction(hit, power)
            }
        }
        /// P(draws = n) · Lⁿ for n = 1 …, with L the machine's common denominator ``common``: kept whole,
        /// so that no fraction is reduced until one is asked for.
        let hits: [BigInt]
        /// The common denominator of the machine's odds.
        let common: BigInt
    }

    /// The largest machine (in states reached) whose long run or mean is solved in fractions by elimination.
    public static let exactSolveLimit = 120
    /// The most draws the distribution of draws until an item is followed, times the states reached.
    public static let propagationBudget = 4_000_000

    /// Each state's long-run share of draws, to double precision (indexed as ``DrawMachine/states``); nil
    /// when the machine has no single long run (it can end up in two separate sets of states).
    public var stateShares: [Double]?
    /// Each item's long-run share of draws: the consolidated rate (table order); nil as ``stateShares``.
    public var longRunRates: [ExactFraction]?
    /// How the long run was solved; nil without one.
    public var method: LongRunMethod?
    /// Draws until any top item, from the start; nil without top items.
    public var untilTop: DrawsUntil?
    /// Draws until the featured item, from the start; nil without a guarantee.
    public var untilFeatured: DrawsUntil?
    /// The long-run value of a draw (Σ rate × value), when every item with a positive rate has a value.
    public var valuePerDraw: ExactFraction?

    /// The figures of `machine`.
    public init(_ machine: DrawMachine) {
        let reached = machine.reachableStates
        if let renewal = Self.renewal(machine, reached: reached) {
            (stateShares, longRunRates, method) = (renewal.shares, renewal.rates, .renewal)
        } else if let shares = Self.longRun(machine, reached: reached) {
            stateShares = shares.shares.map(\.double)
            method = shares.method
            var rates = [ExactFraction](repeating: .zero, count: machine.labels.count)
            for (state, share) in zip(machine.states, shares.shares) where share > .zero {
                for item in rates.indices { rates[item] += share * state.odds[item] }
            }
            longRunRates = rates
        }
        if let rates = longRunRates {
            if zip(rates, machine.values).allSatisfy({ $0.0.isZero || $0.1 != nil }) {
                valuePerDraw = ExactFraction.sum(zip(rates, machine.values).map { $0.0 * ($0.1 ?? .zero) })
            }
        }
        untilTop = machine.top.isEmpty ? nil : Self.drawsUntil(Set(machine.top), in: machine)
        untilFeatured = machine.featured.map { Self.drawsUntil([$0], in: machine) }
    }

    /// The long-run share of each state.
    static func longRun(_ machine: DrawMachine, reached: [Int]) -> (shares: [ExactFraction], method: LongRunMethod)? {
        let position = Dictionary(uniqueKeysWithValues: reached.enumerated().map { ($1, $0) })
        let n = reached.count
        // π(t) − Σ_s π(s) P(s → t) = 0 for every state but the last, and Σ π = 1.
        var rows = [[ExactFraction]](repeating: [ExactFraction](repeating: .zero, count: n + 1), count: n)
        for (column, state) in reached.enumerated() {
            rows[column][column] += .one
            for (item, odds) in machine.states[state].odds.enumerated() where odds > .zero {
                rows[position[machine.states[state].next[item]]!][column] -= odds
            }
        }
        rows[n - 1] = [ExactFraction](repeating: .one, count: n) + [.one]
        let solution: [ExactFraction]?
        let method: LongRunMethod
        if n <= exactSolveLimit {
            solution = ExactLinearSolve.solve(rows)
            method = .exactSolve
        } else if n <= 2_000 {
            solution = ExactLinearSolve.solveInDoubles(rows.map { $0.map(\.double) }).map { $0.map { ExactFraction(exactly: $0) } }
            method = .floatingPoint
        } else {
            return nil
        }
        guard let solution else { return nil }
        var shares = [ExactFraction](repeating: .zero, count: machine.states.count)
        for (column, state) in reached.enumerated() { shares[state] = solution[column] }
        return (shares, method)
    }

    /// The long run by renewal at the start: when the states reached, less every move back to the start,
    /// form no cycle, each state's expected visits between returns follow in one pass (in topological
    /// order), and its share is its visits over their sum. nil when there is another cycle.
    ///
    /// The visits are kept whole over powers of the machine's common denominator L (a state reached after
    /// at most e draws has visits n / Lᵉ), so no fraction is reduced but the rates at the end.
    static func renewal(_ machine: DrawMachine, reached: [Int]) -> (shares: [Double], rates: [ExactFraction])? {
        var incoming = [Int](repeating: 0, count: machine.states.count)
        for state in reached {
            for (item, odds) in machine.states[state].odds.enumerated() where odds > .zero && machine.states[state].next[item] != 0 {
                incoming[machine.states[state].next[item]] += 1
            }
        }
        guard incoming[0] == 0 else { return nil }
        let common = commonDenominator(machine)
        let weights = machine.states.map { state in state.odds.map { $0.numerator * (common / $0.denominator) } }
        var visits = [BigInt](repeating: 0, count: machine.states.count)
        var exponent = [Int](repeating: 0, count: machine.states.count)
        var powers = [BigInt(1)]
        func power(_ e: Int) -> BigInt {
            while powers.count <= e { powers.append(powers.last! * common) }
            return powers[e]
        }
        visits[0] = 1
        var ready = [0], order: [Int] = []
        while let state = ready.popLast() {
            order.append(state)
            for (item, weight) in weights[state].enumerated() where !weight.isZero {
                let next = machine.states[state].next[item]
                guard next != 0 else { continue }
                // visits[next] / L^e[next] += visits[state] / L^e[state] · weight / L
                let e = exponent[state] + 1
                if visits[next].isZero {
                    exponent[next] = e
                    visits[next] = visits[state] * weight
                } else if e > exponent[next] {
                    visits[next] = visits[next] * power(e - exponent[next]) + visits[state] * weight
                    exponent[next] = e
                } else {
                    visits[next] += visits[state] * weight * power(exponent[next] - e)
                }
                incoming[next] -= 1
                if incoming[next] == 0 { ready.append(next) }
            }
        }
        guard order.count == reached.count else { return nil }
        let top = order.map { exponent[$0] }.max() ?? 0
        var scaled = [BigInt](repeating: 0, count: machine.states.count)
        for state in order { scaled[state] = visits[state] * power(top - exponent[state]) }
        let total = scaled.reduce(BigInt(0), +)
        let shares = scaled.map { ExactFraction.ratio($0, total) }
        let rates = machine.labels.indices.map { item in
            ExactFraction(order.reduce(BigInt(0)) { $0 + scaled[$1] * weights[$1][item] }, total * common)
        }
        return (shares, rates)
    }

    /// The least common denominator L of every odds of the machine.
    static func commonDenominator(_ machine: DrawMachine) -> BigInt {
        var common = BigInt(1)
        for state in machine.states {
            for odds in state.odds { common = common / common.greatestCommonDivisor(with: odds.denominator) * odds.denominator }
        }
        return common
    }
}
