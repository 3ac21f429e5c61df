import FairnessModel
import Foundation
import Yams

// A prize table's memory.
extension SpecReader {
    func memory(
        _ node: Node, _ path: String, label: (Node, String) throws -> Int, labelList: (Node, String) throws -> [Int],
        table: inout PrizeTable
    ) throws -> DrawMemory {
        let fields = try mapping(node, path, allowed: ["pity", "guarantee", "no-repeat", "stock", "states", "schedule"])
        var memory = DrawMemory.none
        if let pityNode = fields["pity"]?.value {
            let pityPath = join(path, "pity")
            let pity = try mapping(pityNode, pityPath, allowed: ["top", "soft-from", "step", "hard", "rates"])
            memory.pity = DrawMemory.Pity(
                top: try labelList(try require(pity, "top", in: pityNode, pityPath), join(pityPath, "top")),
                softFrom: try pity["soft-from"].map { try integer($0.value, join(pityPath, "soft-from"), in: 1...DrawMachine.stateLimit) },
                step: try pity["step"].map { try probabilityFraction($0.value, join(pityPath, "step")) } ?? .zero,
                hard: try pity["hard"].map { try integer($0.value, join(pityPath, "hard"), in: 1...DrawMachine.stateLimit) })
            if let ratesNode = pity["rates"]?.value {
                guard case .mapping(let entries) = ratesNode else {
                    throw fail(
                        ratesNode, join(pityPath, "rates"), "must map draws (counted from 1 after the last top item) to probabilities")
                }
                for (draw, rate) in entries {
                    let path = join(pityPath, "rates") + "." + (draw.string ?? "")
                    let k = try integer(draw, path, in: 1...DrawMachine.stateLimit)
                    memory.pity?.rates[k] = try probabilityFraction(rate, path)
                }
            }
            if pity["step"] != nil, pity["soft-from"] == nil {
                throw fail(pity["step"]?.key, join(pityPath, "step"), "a step needs 'soft-from', the draw the ramp starts at")
            }
        }
        if let guaranteeNode = fields["guarantee"]?.value {
            let guaranteePath = join(path, "guarantee")
            let guarantee = try mapping(guaranteeNode, guaranteePath, allowed: ["featured", "chance"])
            memory.guarantee = DrawMemory.Guarantee(
                featured: try label(try require(guarantee, "featured", in: guaranteeNode, guaranteePath), join(guaranteePath, "featured")),
                chance: try guarantee["chance"].map { try probabilityFraction($0.value, join(guaranteePath, "chance")) })
        }
        if let noRepeat = fields["no-repeat"] {
            memory.noRepeat = try integer(noRepeat.value, join(path, "no-repeat"), in: 1...1_000)
        }
        if let stockNode = fields["stock"]?.value {
            let stockPath = join(path, "stock")
            let stock = try mapping(stockNode, stockPath, allowed: ["draw", "refill", "sold-out"])
            var form = DrawMemory.Stock()
            if let draw = stock["draw"] {
                form.weighting = try choice(draw.value, join(stockPath, "draw"), DrawMemory.Stock.Weighting.self)
            }
            if let refill = stock["refill"] {
                switch try string(refill.value, join(stockPath, "refill")) {
                case "when-empty": form.refillWhenEmpty = true
                case "never": form.refillWhenEmpty = false
                case let other: throw fail(refill.value, join(stockPath, "refill"), "'\(other)' is not one of: when-empty, never")
                }
            }
            if let soldOut = stock["sold-out"] {
                form.soldOutTo = try label(soldOut.value, join(stockPath, "sold-out"))
            }
            memory.stock = form
        }
        if let statesNode = fields["states"]?.value {
            memory.states = try states(statesNode, join(path, "states"), label: label, table: table)
        }
        if let scheduleNode = fields["schedule"]?.value {
            memory.schedule = try schedule(scheduleNode, join(path, "schedule"), label: label, table: table)
        }
        return memory
    }

    /// `schedule: {per: session | day, draws: [{draws: 1 | "2-5", weights: {label: weight}}]}`: an item
    /// missing from `weights` has weight 0; draws past every entry use the table's weights.
    func schedule(_ node: Node, _ path: String, label: (Node, String) throws -> Int, table: PrizeTable) throws -> DrawMemory.Schedule {
        let fields = try mapping(node, path, allowed: ["per", "draws"])
        let period = try choice(try require(fields, "per", in: node, path), join(path, "per"), DrawMemory.Schedule.Period.self)
        let listNode = try require(fields, "draws", in: node, path)
        guard case .sequence(let list) = listNode, !list.isEmpty else {
            throw fail(listNode, join(path, "draws"), "must be a non-empty list of {draws, weights}")
        }
        let entries = try list.enumerated().map { index, entryNode in
            let entryPath = "\(join(path, "draws"))[\(index)]"
            let entry = try mapping(entryNode, entryPath, allowed: ["draws", "weights"])
            let drawsNode = try require(entry, "draws", in: entryNode, entryPath)
            let text = try string(drawsNode, entryPath + ".draws")
            let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard (1...2).contains(bounds.count), let first = bounds.first ?? nil, let last = bounds.last ?? nil, first >= 1, first <= last,
                last < DrawMachine.stateLimit
            else {
                throw fail(drawsNode, entryPath + ".draws", "must be a draw of the \(period.rawValue) (3) or a range of them (2-5), from 1")
            }
            let weightsNode = try require(entry, "weights", in: entryNode, entryPath)
            guard case .mapping(let weightEntries) = weightsNode else {
                throw fail(weightsNode, entryPath + ".weights", "must map item labels to weights")
            }
            var weights = [ExactFraction](repeating: .zero, count: table.items.count)
            for (item, weight) in weightEntries {
                let itemPath = entryPath + ".weights." + (item.string ?? "")
                weights[try label(item, itemPath)] = try fraction(weight, itemPath)
            }
            return DrawMemory.Schedule.Entry(draws: first...last, weights: weights)
        }
        return DrawMemory.Schedule(period: period, entries: entries)
    }

    /// `states: [{name, weights: {label: weight}, next: {label: state}}]`: the first state is the start;
    /// an item missing from `weights` has weight 0, one missing from `next` stays in the state.
    func states(_ node: Node, _ path: String, label: (Node, String) throws -> Int, table: PrizeTable) throws -> [DrawMemory.State] {
        guard case .sequence(let list) = node, !list.isEmpty else { throw fail(node, path, "must be a non-empty list of states") }
        var names: [String] = []
        for (index, stateNode) in list.enumerated() {
            let statePath = "\(path)[\(index)]"
            let fields = try mapping(stateNode, statePath, allowed: ["name", "weights", "next"])
            let nameNode = try require(fields, "name", in: stateNode, statePath)
            let name = try string(nameNode, statePath + ".name")
            guard GameSpec.isValidName(name), !names.contains(name) else {
                throw fail(nameNode, statePath + ".name", "must be a name of letters, digits, '-', '_' or '.' given to no other state")
            }
            names.append(name)
        }
        return try list.enumerated().map { index, stateNode in
            let statePath = "\(path)[\(index)]"
            guard case .mapping(let mapping) = stateNode else { throw fail(stateNode, statePath, "must be a mapping") }
            var weights = [ExactFraction](repeating: .zero, count: table.items.count)
            var next: [Int: Int] = [:]
            for (key, value) in mapping {
                switch key.string {
                case "weights":
                    guard case .mapping(let entries) = value else {
                        throw fail(value, statePath + ".weights", "must map item labels to weights")
                    }
                    for (item, weight) in entries {
                        let itemPath = statePath + ".weights." + (item.string ?? "")
                        weights[try label(item, itemPath)] = try fraction(weight, itemPath)
                    }
                case "next":
                    guard case .mapping(let entries) = value else {
                        throw fail(value, statePath + ".next", "must map item labels to state names")
                    }
                    for (item, target) in entries {
                        let itemPath = statePath + ".next." + (item.string ?? "")
                        let targetName = try string(target, itemPath)
                        guard let targetIndex = names.firstIndex(of: targetName) else {
                            throw fail(
                                target, itemPath, "'\(targetName)' is not a state; states: \(names.prefix(8).joined(separator: ", "))")
                        }
                        next[try label(item, itemPath)] = targetIndex
                    }
                default: break
                }
            }
            return DrawMemory.State(name: names[index], weights: weights, next: next)
        }
    }
}
