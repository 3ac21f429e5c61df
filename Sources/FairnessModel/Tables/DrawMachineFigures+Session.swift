// The weight of each state in a session of play.
extension DrawMachineFigures {
    /// Each state's weight for the share of draws a finding in it affects: its long-run share
    /// (``stateShares``), or, for a state play leaves for good and so has a long-run share of 0 — a fresh
    /// player's first draw under no-repeat, the first draws of a day, a stock before its first refill — its
    /// share of the first `sessionDraws` draws from the start: (1/N) Σₜ₌₀^{N−1} P(state at draw t + 1).
    ///
    /// The first draws' shares are found by carrying the start's distribution forward, draw by draw, until
    /// the mass in those states is below 10⁻¹⁸, N draws are made, or ``propagationBudget`` odds have been
    /// used (then what is left is not counted: the weights are then lower bounds). Nil where ``stateShares``
    /// is nil.
    /// - Parameters:
    ///   - machine: The machine these figures are of.
    ///   - sessionDraws: N, the draws of a session (at least 1).
    public func sessionWeights(_ machine: DrawMachine, sessionDraws: Int) -> [Double]? {
        guard var weights = stateShares else { return nil }
        let reached = machine.reachableStates
        let transient = Set(reached.filter { weights[$0] == 0 })
        guard !transient.isEmpty, sessionDraws >= 1 else { return weights }
        var distribution = [Double](repeating: 0, count: machine.states.count)
        distribution[0] = 1
        var occupancy = [Double](repeating: 0, count: machine.states.count)
        let odds = machine.states.map { $0.odds.map(\.double) }
        let perDraw = max(1, reached.count * machine.labels.count)
        var budget = Self.propagationBudget
        for _ in 0..<sessionDraws {
            let left = transient.reduce(0.0) { $0 + distribution[$1] }
            guard left > 1e-18, budget >= perDraw else { break }
            budget -= perDraw
            for state in transient { occupancy[state] += distribution[state] }
            var next = [Double](repeating: 0, count: machine.states.count)
            for state in reached where distribution[state] > 0 {
                for (item, p) in odds[state].enumerated() where p > 0 {
                    next[machine.states[state].next[item]] += distribution[state] * p
                }
            }
            distribution = next
        }
        for state in transient { weights[state] = occupancy[state] / Double(sessionDraws) }
        return weights
    }
}
