extension DrawMachine {
    /// Compiles `table` and its `memory` into one machine.
    ///
    /// Forms that combine: pity with a guarantee. Each of no-repeat, stock, a schedule and a general machine
    /// stands alone (a combination is refused, naming both; a general machine says anything they do).
    /// - Throws: ``DrawMachineError`` naming the field at fault: no item with positive weight, a guarantee
    ///   without pity, a featured item that is not top, a pity that never reaches 1, no-repeat excluding
    ///   every item, a machine of more than ``stateLimit(items:)`` states.
    public init(table: PrizeTable, memory: DrawMemory = .none) throws {
        guard table.items.contains(where: { $0.weight > .zero }) else { throw DrawMachineError("items", "no item has a positive weight") }
        guard table.items.allSatisfy({ $0.weight >= .zero }) else { throw DrawMachineError("items", "a weight must not be negative") }
        let forms = [
            memory.pity != nil ? "pity" : nil, memory.noRepeat != nil ? "no-repeat" : nil, memory.stock != nil ? "stock" : nil,
            memory.states != nil ? "states" : nil, memory.schedule != nil ? "schedule" : nil,
        ].compactMap { $0 }
        if forms.count > 1 {
            throw DrawMachineError(
                "memory." + forms[1], "\(forms[0]) and \(forms[1]) cannot be combined; declare the machine with 'states' instead")
        }
        if memory.guarantee != nil, memory.pity == nil {
            throw DrawMachineError("memory.guarantee", "a guarantee needs a pity counter ('pity') naming the top items")
        }
        labels = table.labels
        values = table.items.map(\.value)
        tableOdds = table.probabilities
        top = memory.pity?.top ?? []
        featured = memory.guarantee?.featured
        if let pity = memory.pity {
            states = try Self.pityStates(table, pity, memory.guarantee)
        } else if let last = memory.noRepeat {
            states = try Self.noRepeatStates(table, last: last)
        } else if let stock = memory.stock {
            states = try Self.stockStates(table, stock)
        } else if let general = memory.states {
            states = try Self.generalStates(table, general)
        } else if let schedule = memory.schedule {
            states = try Self.scheduleStates(table, schedule)
        } else {
            let odds = table.probabilities
            states = [State(name: "any draw", odds: odds, next: odds.map { _ in 0 })]
        }
    }

    /// Top items' probability on the k-th draw since the last top item (k from 1).
    static func pityRate(_ k: Int, base: ExactFraction, _ pity: DrawMemory.Pity) -> ExactFraction {
        if let hard = pity.hard, k >= hard { return .one }
        if let rate = pity.rates[k] { return min(rate, .one) }
        guard let soft = pity.softFrom, k >= soft else { return min(base, .one) }
        return min(base + pity.step * ExactFraction(k - soft + 1), .one)
    }

    static func pityStates(_ table: PrizeTable, _ pity: DrawMemory.Pity, _ guarantee: DrawMemory.Guarantee?) throws -> [State] {
        let n = table.items.count
        guard !pity.top.isEmpty, pity.top.allSatisfy(table.items.indices.contains) else {
            throw DrawMachineError("memory.pity.top", "must name at least one item of the table")
        }
        let top = Set(pity.top)
        guard top.count < n else { throw DrawMachineError("memory.pity.top", "must leave some items that are not top") }
        let probabilities = table.probabilities
        let base = ExactFraction.sum(pity.top.map { probabilities[$0] })
        guard base > .zero else { throw DrawMachineError("memory.pity.top", "the top items have no weight") }
        // The counter's length: the hard limit, or the first draw at which the rates or the ramp reach 1.
        guard pity.rates.allSatisfy({ $0.key >= 1 && $0.value >= .zero && $0.value <= .one }) else {
            throw DrawMachineError("memory.pity.rates", "must give draws from 1 a probability from 0 to 1")
        }
        var length = pity.hard ?? pity.rates.filter { $0.value == .one }.keys.min()
        if length == nil, let soft = pity.softFrom, pity.step > .zero {
            var k = soft
            while pityRate(k, base: base, pity) < .one && k < DrawMachine.stateLimit { k += 1 }
            length = k
        }
        if let soft = pity.softFrom, let hard = pity.hard, soft > hard {
            throw DrawMachineError("memory.pity.soft-from", "is after the hard limit (\(hard)): the ramp would never apply")
        }
        guard let length, length >= 1 else {
            throw DrawMachineError(
                "memory.pity", "needs a hard limit ('hard') or a ramp ('soft-from' and a positive 'step') that reaches 1")
        }
        let guarantees = guarantee == nil ? 1 : 2
        let limit = DrawMachine.stateLimit(items: n)
        guard length * guarantees <= limit else {
            throw DrawMachineError("memory.pity.hard", "makes \(length * guarantees) states of \(n) items; at most \(limit)")
        }
        if let guarantee {
            guard top.contains(guarantee.featured) else {
                throw DrawMachineError(
                    "memory.guarantee.featured",
                    "must be one of the top items: \(pity.top.map { table.items[$0].label }.joined(separator: ", "))")
            }
            if let chance = guarantee.chance, chance <= .zero || chance > .one {
                throw DrawMachineError("memory.guarantee.chance", "must be a probability in (0, 1]")
            }
        }
        let topWeights = pity.top.map { table.items[$0].weight }
        let otherIndices = (0..<n).filter { !top.contains($0) }
        let otherShares = PrizeTable.normalised(otherIndices.map { table.items[$0].weight })
        var states: [State] = []
        for guaranteed in 0..<guarantees {
            for misses in 0..<length {
                let p = pityRate(misses + 1, base: base, pity)
                var odds = [ExactFraction](repeating: .zero, count: n)
                for (index, share) in zip(otherIndices, otherShares) { odds[index] = (.one - p) * share }
                let topShares = topSplit(pity.top, weights: topWeights, guarantee: guarantee, guaranteed: guaranteed == 1)
                for (index, share) in zip(pity.top, topShares) { odds[index] = p * share }
                let next = (0..<n).map { item -> Int in
                    guard top.contains(item) else { return guaranteed * length + min(misses + 1, length - 1) }
                    if let guarantee, item != guarantee.featured { return length }
                    return 0
                }
                let counter = "pity \(misses)"
                states.append(State(name: guaranteed == 1 ? "guaranteed, \(counter)" : counter, odds: odds, next: next))
            }
        }
        return states
    }

    /// How a top draw splits among the top items: by weight, or the guarantee's featured item its chance
    /// (all of it when guaranteed) and the others the rest by weight.
    static func topSplit(_ top: [Int], weights: [ExactFraction], guarantee: DrawMemory.Guarantee?, guaranteed: Bool) -> [ExactFraction] {
        let byWeight = PrizeTable.normalised(weights)
        guard let guarantee, let featuredPosition = top.firstIndex(of: guarantee.featured) else { return byWeight }
        if guaranteed { return top.indices.map { $0 == featuredPosition ? .one : .zero } }
        let chance = guarantee.chance ?? byWeight[featuredPosition]
        let others = PrizeTable.normalised(top.indices.map { $0 == featuredPosition ? .zero : weights[$0] })
        return top.indices.map { $0 == featuredPosition ? chance : (.one - chance) * others[$0] }
    }

    static func noRepeatStates(_ table: PrizeTable, last: Int) throws -> [State] {
        let n = table.items.count
        let drawable = table.items.indices.filter { table.items[$0].weight > .zero }
        guard last >= 1, last < drawable.count else {
            throw DrawMachineError("memory.no-repeat", "must be from 1 to \(drawable.count - 1): the items left must never run out")
        }
        // A state is the last (up to `last`) items drawn, oldest first.
        var index: [[Int]: Int] = [[]: 0]
        var histories: [[Int]] = [[]]
        var states: [State] = []
        var position = 0
        while position < histories.count {
            let history = histories[position]
            position += 1
            let excluded = Set(history)
            let odds = PrizeTable.normalised((0..<n).map { excluded.contains($0) ? .zero : table.items[$0].weight })
            var next: [Int] = []
            for item in 0..<n {
                let following = Array((history + [item]).suffix(last))
                if index[following] == nil {
                    guard histories.count < DrawMachine.stateLimit(items: n) else {
                        throw DrawMachineError(
                            "memory.no-repeat", "makes more than \(DrawMachine.stateLimit(items: n)) states of \(n) items")
                    }
                    index[following] = histories.count
                    histories.append(following)
                }
                next.append(index[following]!)
            }
            let name = history.isEmpty ? "fresh" : "last drew " + history.reversed().map { table.items[$0].label }.joined(separator: ", ")
            states.append(State(name: name, odds: odds, next: next))
        }
        return states
    }

    static func stockStates(_ table: PrizeTable, _ stock: DrawMemory.Stock) throws -> [State] {
        let n = table.items.count
        let limited = table.items.indices.filter { table.items[$0].stock != nil }
        guard !limited.isEmpty else { throw DrawMachineError("memory.stock", "needs 'stock' on at least one item") }
        let full = table.items.map { $0.stock ?? 0 }
        // The states are every mix of units left: Π (stock + 1), counted only as far as the limit.
        var count = 1
        for item in limited where count <= DrawMachine.stateLimit(items: n) {
            let (product, overflow) = count.multipliedReportingOverflow(by: full[item] + 1)
            count = overflow ? Int.max : product
        }
        guard limited.allSatisfy({ full[$0] >= 1 }), count <= DrawMachine.stateLimit(items: n) else {
            throw DrawMachineError(
                "items.stock",
                "every stock must be at least 1, and the stock makes at most \(DrawMachine.stateLimit(items: n)) states of \(n) items")
        }
        let unlimited = table.items.indices.filter { table.items[$0].stock == nil && table.items[$0].weight > .zero }
        // Once every limited item is gone, draws go on among the unlimited items with a weight, or from the
        // `sold-out` item, which then holds every sold-out weight (listed at weight 0 or not).
        if !stock.refillWhenEmpty, unlimited.isEmpty, stock.soldOutTo == nil {
            throw DrawMachineError(
                "memory.stock.refill",
                "without a refill, some item must take the sold-out items' weight ('sold-out'), or be unlimited (no 'stock') with a positive weight when drawing by weight, for draws to go on"
            )
        }
        if let target = stock.soldOutTo {
            guard table.items.indices.contains(target), table.items[target].stock == nil, stock.weighting == .byWeight else {
                throw DrawMachineError("memory.stock.sold-out", "must name an item without stock, and the draw must be by weight")
            }
        }
        var index: [[Int]: Int] = [full: 0]
        var remaining: [[Int]] = [full]
        var states: [State] = []
        var position = 0
        while position < remaining.count {
            let left = remaining[position]
            position += 1
            var weights = (0..<n).map { item -> ExactFraction in
                guard table.items[item].stock != nil else { return stock.weighting == .byWeight ? table.items[item].weight : .zero }
                guard left[item] > 0 else { return .zero }
                return stock.weighting == .byWeight ? table.items[item].weight : ExactFraction(left[item])
            }
            if let target = stock.soldOutTo {
                for item in limited where left[item] == 0 { weights[target] += table.items[item].weight }
            }
            guard weights.contains(where: { $0 > .zero }) else {
                throw DrawMachineError("items", "the items in stock have no weight left to draw by")
            }
            var next: [Int] = []
            for item in 0..<n {
                var after = left
                if table.items[item].stock != nil, after[item] > 0 { after[item] -= 1 }
                if stock.refillWhenEmpty, limited.allSatisfy({ after[$0] == 0 }) { after = full }
                if index[after] == nil {
                    index[after] = remaining.count
                    remaining.append(after)
                }
                next.append(index[after]!)
            }
            let name =
                position == 1 ? "full stock" : "left " + limited.map { "\(table.items[$0].label) \(left[$0])" }.joined(separator: ", ")
            states.append(State(name: name, odds: PrizeTable.normalised(weights), next: next))
        }
        return states
    }

    static func generalStates(_ table: PrizeTable, _ general: [DrawMemory.State]) throws -> [State] {
        guard !general.isEmpty else { throw DrawMachineError("memory.states", "must list at least one state") }
        guard general.count <= DrawMachine.stateLimit(items: table.items.count) else {
            throw DrawMachineError(
                "memory.states", "lists more than \(DrawMachine.stateLimit(items: table.items.count)) states of \(table.items.count) items")
        }
        return try general.enumerated().map { position, state in
            guard state.weights.count == table.items.count, state.weights.allSatisfy({ $0 >= .zero }),
                state.weights.contains(where: { $0 > .zero })
            else {
                throw DrawMachineError("memory.states[\(position)].weights", "must give every item a weight, not all 0 and none negative")
            }
            guard state.next.allSatisfy({ general.indices.contains($0.value) }) else {
                throw DrawMachineError("memory.states[\(position)].next", "names a state that is not listed")
            }
            return State(
                name: state.name, odds: PrizeTable.normalised(state.weights),
                next: table.items.indices.map { state.next[$0] ?? position })
        }
    }

    /// A schedule's states: draw 1, 2, … of the period up to the last with weights of its own, then one
    /// state for every later draw (the table's weights); each draw leads to the next.
    static func scheduleStates(_ table: PrizeTable, _ schedule: DrawMemory.Schedule) throws -> [State] {
        let n = table.items.count
        guard !schedule.entries.isEmpty else { throw DrawMachineError("memory.schedule.draws", "must list at least one entry") }
        let limit = DrawMachine.stateLimit(items: n)
        for (position, entry) in schedule.entries.enumerated() {
            let path = "memory.schedule.draws[\(position)]"
            guard entry.draws.lowerBound >= 1, entry.draws.upperBound < limit else {
                throw DrawMachineError(path + ".draws", "must be draws 1 to \(limit - 1) of the \(schedule.period.rawValue)")
            }
            guard entry.weights.count == n, entry.weights.allSatisfy({ $0 >= .zero }), entry.weights.contains(where: { $0 > .zero }) else {
                throw DrawMachineError(path + ".weights", "must give every item a weight, not all 0 and none negative")
            }
            if let other = schedule.entries.prefix(position).firstIndex(where: { $0.draws.overlaps(entry.draws) }) {
                throw DrawMachineError(path + ".draws", "overlaps the draws of entry \(other)")
            }
        }
        let last = schedule.entries.map(\.draws.upperBound).max()!
        let period = schedule.period.rawValue
        return (1...last + 1).map { draw in
            let weights = schedule.entries.first { $0.draws.contains(draw) }?.weights ?? table.items.map(\.weight)
            return State(
                name: draw > last ? "\(period) draw \(draw)+" : "\(period) draw \(draw)", odds: PrizeTable.normalised(weights),
                next: Array(repeating: min(draw, last), count: n))
        }
    }
}
