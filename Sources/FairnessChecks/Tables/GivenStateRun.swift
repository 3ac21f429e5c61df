import FairnessModel

/// The work of one ``GivenStateCheck``: partitions per state, then transitions.
struct GivenStateRun {
    let session: any PrizeDrawSession
    let machine: DrawMachine
    let longRun: [Double]?
    /// Labels the game gave outside the table, in order of first seeing them (picks index them after the table).
    var outside: [String] = []
    /// The draws u that lead from the start to each state reached so far.
    var paths: [Int: [Double]] = [0: []]
    /// The draws (state, item) those are.
    var pathEdges: [Int: [Edge]] = [0: []]
    /// Each partitioned state's table, in order of partitioning.
    var partitions: [Int: IndexDrawTable] = [:]
    var order: [Int] = []
    var unstable: GivenStateCheck.Unstable?
    /// The state the game showed in each state reached, for a game that says.
    var shown: [Int: String] = [:]

    /// One draw: an item drawn in a state.
    struct Edge: Hashable {
        let state: Int, item: Int
    }

    init(session: any PrizeDrawSession, machine: DrawMachine, longRun: [Double]?) {
        self.session = session
        self.machine = machine
        self.longRun = longRun
    }

    mutating func index(of pick: DrawPick) -> IndexDrawTable.Pick {
        switch pick {
        case .trap: return .trap
        case .item(let label):
            if let index = machine.labels.firstIndex(of: label) { return .index(index) }
            if let index = outside.firstIndex(of: label) { return .index(machine.labels.count + index) }
            outside.append(label)
            return .index(machine.labels.count + outside.count - 1)
        }
    }

    func label(_ index: Int) -> String { index < machine.labels.count ? machine.labels[index] : outside[index - machine.labels.count] }

    /// Resets the session and plays `path`.
    func replay(_ path: [Double]) throws {
        try session.reset()
        if !path.isEmpty { _ = try session.draw(path) }
    }

    /// The game's picks for `draws` in the current state.
    mutating func peek(_ draws: [Double]) throws -> [IndexDrawTable.Pick] {
        try session.peek(draws).map { index(of: $0) }
    }

    /// Partitions every state the game reaches, breadth first from the start.
    mutating func partitionStates() throws {
        var queue = [0], position = 0
        while position < queue.count, unstable == nil {
            let state = queue[position]
            position += 1
            try replay(paths[state]!)
            if let name = try session.shownState() { shown[state] = name }
            let table = try partitionHere()
            partitions[state] = table
            order.append(state)
            // Asked again: random draws and some of the sweep.
            let again =
                DrawGrid.checkDraws(count: GivenStateCheck.confirmations, seed: UInt64(state))
                + (0..<16).map { UInt64($0) << 49 }
            let answers = try peek(again.map(DrawGrid.u))
            for (m, answer) in zip(again, answers) where answer != table.pick(at: m) {
                unstable = .init(
                    state: machine.states[state].name, draw: DrawGrid.u(m), first: pick(table.pick(at: m)), later: pick(answer))
                return
            }
            // The likeliest draws first: each state is reached as play most often reaches it.
            let odds = machine.states[state].odds
            for item in machine.labels.indices.sorted(by: { odds[$0] > odds[$1] }) where odds[item] > .zero {
                let next = machine.states[state].next[item]
                guard paths[next] == nil, let u = Self.draw(giving: item, in: table) else { continue }
                paths[next] = paths[state]! + [u]
                pathEdges[next] = pathEdges[state]! + [Edge(state: state, item: item)]
                queue.append(next)
            }
        }
    }

    func pick(_ pick: IndexDrawTable.Pick) -> DrawPick {
        switch pick {
        case .trap: .trap
        case .index(let index): .item(label(index))
        }
    }

    /// A draw u in the middle of the first run of draws that gives `item`, if any.
    static func draw(giving item: Int, in table: IndexDrawTable) -> Double? {
        guard let run = table.runs.first(where: { $0.pick == .index(item) }) else { return nil }
        return DrawGrid.u(run.draws.lowerBound + (run.draws.upperBound - run.draws.lowerBound) / 2)
    }

    /// The draws that confirm a state's partition: the first, middle and last draws of every run.
    static func edges(of table: IndexDrawTable) -> [UInt64] {
        table.runs.flatMap { run in
            [run.draws.lowerBound, run.draws.lowerBound + (run.draws.upperBound - run.draws.lowerBound) / 2, run.draws.upperBound - 1]
        }
    }
}
