import FairnessModel

extension GivenStateRun {
    /// The check's figures. States are judged in order of their distance from the start, and only those
    /// reached by draws that all lead where declared: a state reached through a wrong draw shows that
    /// draw's fault, not its own, and is counted as such (``GivenStateCheck/unreached`` lists the rest).
    mutating func finish() throws -> GivenStateCheck {
        let reached = machine.reachableStates
        var check = GivenStateCheck(
            declaredStates: reached.count, statesChecked: order.count,
            unreached: reached.filter { paths[$0] == nil }.map { machine.states[$0].name }, gaps: [], oddsShare: nil,
            invalidShare: nil, forbiddenShare: nil, transitionsChecked: 0, wrongTransitions: [], transitionShare: nil, itemsNeverDrawn: [],
            unstable: unstable)
        guard unstable == nil else { return check }
        var oddsShare = 0.0, invalidShare = 0.0, forbiddenShare = 0.0
        var drawn = Set<Int>(), declared = Set<Int>()
        var diverging: [Edge: (parts: Int, walked: [Edge])] = [:]
        var depth: [Int: Int] = [:]
        for (state, path) in paths { depth[state] = path.count }
        for state in order {
            guard pathEdges[state]!.allSatisfy({ diverging[$0] == nil }) else {
                check.statesBehindWrongDraws += 1
                continue
            }
            let table = partitions[state]!
            drawn.formUnion(table.probabilities.filter { $0.value > 0 }.keys)
            declared.formUnion(machine.states[state].odds.indices.filter { machine.states[state].odds[$0] > .zero })
            if let gap = gap(state, table) {
                check.gaps.append(gap.gap)
                if let weight = longRun?[state] {
                    oddsShare += weight * gap.gap.totalVariation
                    invalidShare += weight * gap.outside
                    forbiddenShare += weight * gap.forbidden
                }
            }
            try checkTransitions(from: state, depth: depth, into: &check, diverging: &diverging)
            if let name = shown[state] {
                check.statesShown += 1
                if name != machine.states[state].name {
                    check.misshown.append(.init(state: machine.states[state].name, shown: name, longRunShare: longRun?[state]))
                }
            }
        }
        check.misshown.sort { ($0.longRunShare ?? 0) > ($1.longRunShare ?? 0) }
        if longRun != nil, check.statesShown > 0 { check.misshownShare = check.misshown.reduce(0) { $0 + ($1.longRunShare ?? 0) } }
        check.gaps.sort { ($0.longRunShare ?? 0, $0.totalVariation) > ($1.longRunShare ?? 0, $1.totalVariation) }
        check.itemsNeverDrawn = declared.subtracting(drawn).sorted().map { machine.labels[$0] }
        if longRun != nil {
            check.oddsShare = oddsShare
            check.invalidShare = invalidShare
            check.forbiddenShare = forbiddenShare
        }
        report(diverging, into: &check)
        return check
    }

    /// How a state's draws differ from its declared odds, the share outside the table (traps included), and
    /// the share of items of the table the state's declared odds make impossible.
    func gap(_ state: Int, _ table: IndexDrawTable) -> (gap: GivenStateCheck.StateGap, outside: Double, forbidden: Double)? {
        let game = table.probabilities
        let odds = machine.states[state].odds
        var items: [GivenStateCheck.ItemShare] = []
        var variation = table.trapShare, outside = table.trapShare, forbidden = 0.0
        for index in Set(game.keys).union(odds.indices).sorted() {
            let declaredShare = index < odds.count ? odds[index].double : 0
            let gameShare = game[index] ?? 0
            variation += abs(gameShare - declaredShare)
            if index >= odds.count { outside += gameShare } else if declaredShare == 0 { forbidden += gameShare }
            if abs(gameShare - declaredShare) > Self.tolerance {
                items.append(.init(label: label(index), game: gameShare, declared: declaredShare))
            }
        }
        guard !items.isEmpty || table.trapShare > Self.tolerance else { return nil }
        items.sort { abs($0.game - $0.declared) > abs($1.game - $1.declared) }
        return (
            .init(
                state: machine.states[state].name, items: items, trapShare: table.trapShare, totalVariation: variation / 2,
                longRunShare: longRun?[state]), outside, forbidden
        )
    }

    /// The game's draw in its current state, partitioned over u.
    mutating func partitionHere() throws -> IndexDrawTable {
        var failure: Error?
        let table = IndexDrawTable { draws in
            guard failure == nil else { return draws.map { _ in .trap } }
            do { return try self.peek(draws) } catch {
                failure = error
                return draws.map { _ in .trap }
            }
        }
        if let failure { throw failure }
        return table
    }

    /// Whether two partitions give every pick the same share (within ``tolerance``).
    static func sameShares(_ a: IndexDrawTable, _ b: IndexDrawTable) -> Bool {
        let (x, y) = (a.probabilities, b.probabilities)
        return Set(x.keys).union(y.keys).allSatisfy { abs((x[$0] ?? 0) - (y[$0] ?? 0)) <= tolerance }
            && abs(a.trapShare - b.trapShare) <= tolerance
    }

    /// Shares that differ by less than this are equal: a game's exact share is a multiple of 2⁻⁵³, a
    /// declared one any fraction, so a correct game differs by a few 2⁻⁵³ per run.
    static let tolerance = 1e-9

    /// Every draw the game makes in `state`, followed along a walk from the declared next state.
    mutating func checkTransitions(
        from state: Int, depth: [Int: Int], into check: inout GivenStateCheck, diverging: inout [Edge: (parts: Int, walked: [Edge])]
    ) throws {
        let table = partitions[state]!
        let game = table.probabilities
        for item in machine.labels.indices where (game[item] ?? 0) > 0 && machine.states[state].odds[item] > .zero {
            guard let u = Self.draw(giving: item, in: table) else { continue }
            check.transitionsChecked += 1
            try replay(paths[state]! + [u])
            if let (parts, walked) = try walk(from: machine.states[state].next[item], depth: depth) {
                diverging[Edge(state: state, item: item)] = (parts, walked.map { Edge(state: $0.state, item: $0.item) })
            }
        }
    }

    /// The wrong draws: a walk that parted after taking another draw that parts is that draw's fault, not
    /// this one's, so only draws whose walks part along draws that do not are reported (all, if every one
    /// leads to another).
    mutating func report(_ diverging: [Edge: (parts: Int, walked: [Edge])], into check: inout GivenStateCheck) {
        let roots = diverging.filter { $0.value.walked.allSatisfy { diverging[$0] == nil } }
        var share = 0.0
        for (edge, found) in (roots.isEmpty ? diverging : roots).sorted(by: { ($0.key.state, $0.key.item) < ($1.key.state, $1.key.item) }) {
            let weight = longRun.map { $0[edge.state] * (partitions[edge.state]!.probabilities[edge.item] ?? 0) }
            let next = machine.states[edge.state].next[edge.item]
            check.wrongTransitions.append(
                .init(
                    state: machine.states[edge.state].name, item: machine.labels[edge.item], declaredNext: machine.states[next].name,
                    partsAfter: found.parts, longRunShare: weight))
            share += weight ?? 0
        }
        check.wrongTransitions.sort { ($0.longRunShare ?? 0) > ($1.longRunShare ?? 0) }
        if longRun != nil { check.transitionShare = share }
    }

    /// Walks the game from the declared state `start` (the game's session standing where the declaration
    /// says `start` is): at each step its draws at the edges of the declared state's partition are compared
    /// with that partition, then the likeliest item the game draws there is drawn. Where a draw differs,
    /// the game's draw there is partitioned again and its item shares compared: a game whose state holds
    /// more than the declared one (a list in the order its draws left it) may give the items on other
    /// draws u with the same shares, which is the same state. Returns the step at which the shares first
    /// differ, or nil if they never do before the walk meets a state again.
    /// The walk moves only to states farther from the start (by `paths`), so it never takes a draw back
    /// towards the start (a pity reset, a refill), and stops where none leads farther.
    mutating func walk(from start: Int, depth: [Int: Int]) throws -> (parts: Int, walked: [(state: Int, item: Int)])? {
        var state = start
        var walked: [(state: Int, item: Int)] = []
        for step in 0..<GivenStateCheck.walkLimit {
            guard var table = partitions[state] else { return nil }
            let edges = Self.edges(of: table)
            let answers = try peek(edges.map(DrawGrid.u))
            if zip(edges, answers).contains(where: { table.pick(at: $0) != $1 }) {
                let here = try partitionHere()
                guard Self.sameShares(here, table) else { return (step, walked) }
                table = here
            }
            let odds = machine.states[state].odds
            let game = table.probabilities
            let here = depth[state] ?? 0
            guard
                let item = odds.indices.filter({
                    (game[$0] ?? 0) > 0 && odds[$0] > .zero && (depth[machine.states[state].next[$0]] ?? -1) > here
                }).max(by: { odds[$0] < odds[$1] }),
                let u = Self.draw(giving: item, in: table)
            else { return nil }
            _ = try session.draw([u])
            walked.append((state, item))
            state = machine.states[state].next[item]
        }
        return nil
    }
}
