import FairnessModel
import Foundation
import Yams

// A prize table's declaration.
extension SpecReader {
    func table(_ node: Node, _ path: String) throws -> PrizeDrawDeclaration {
        let fields = try mapping(node, path, allowed: ["items", "top", "memory", "disclosed", "cost-per-draw"])
        let itemsNode = try require(fields, "items", in: node, path)
        var (table, itemOdds) = try items(itemsNode, join(path, "items"))
        let labels = table.labels
        func label(_ node: Node, _ path: String) throws -> Int {
            let text = try string(node, path)
            guard let index = labels.firstIndex(of: text) else {
                throw fail(node, path, "'\(text)' is not an item of the table; items: \(labels.prefix(8).joined(separator: ", "))")
            }
            return index
        }
        func labelList(_ node: Node, _ path: String) throws -> [Int] {
            guard case .sequence(let list) = node, !list.isEmpty else { throw fail(node, path, "must be a non-empty list of item labels") }
            return try list.enumerated().map { try label($1, "\(path)[\($0)]") }
        }
        var memory = DrawMemory.none
        if let memoryNode = fields["memory"]?.value {
            memory = try self.memory(memoryNode, join(path, "memory"), label: label, labelList: labelList, table: &table)
        }
        var machine: DrawMachine
        do {
            machine = try DrawMachine(table: table, memory: memory)
        } catch let error as DrawMachineError {
            let at = error.field.hasPrefix("memory") ? fields["memory"]?.value : itemsNode
            throw fail(at ?? node, join(path, error.field), error.message)
        }
        if let topNode = fields["top"]?.value { machine.top = try labelList(topNode, join(path, "top")) }
        var declaration = PrizeDrawDeclaration(machine: machine)
        declaration.disclosed.itemOdds = itemOdds
        if let disclosedNode = fields["disclosed"]?.value {
            try disclosed(disclosedNode, join(path, "disclosed"), into: &declaration)
            if declaration.disclosed.baseRate != nil || declaration.disclosed.consolidatedRate != nil
                || declaration.disclosed.hardLimit != nil, machine.top.isEmpty
            {
                throw fail(
                    disclosedNode, join(path, "disclosed"),
                    "a base rate, consolidated rate or hard limit needs top items ('top' or 'memory.pity.top')")
            }
            if declaration.disclosed.featuredRate != nil, machine.featured == nil {
                throw fail(
                    disclosedNode, join(path, "disclosed.featured-rate"), "needs a guarantee ('memory.guarantee') naming the featured item")
            }
        }
        if let cost = fields["cost-per-draw"] {
            let value = try fraction(cost.value, join(path, "cost-per-draw"))
            guard value > .zero else { throw fail(cost.value, join(path, "cost-per-draw"), "must be positive") }
            declaration.costPerDraw = value
        }
        return declaration
    }

    /// A number written exactly: `0.006`, `0.6%`, `3/500`.
    func fraction(_ node: Node, _ path: String) throws -> ExactFraction {
        guard case .scalar(let scalar) = node, let value = ExactFraction(text: scalar.string), value >= .zero else {
            throw fail(node, path, "must be a number that is not negative, written 0.006, 0.6% or 3/500")
        }
        return value
    }

    func items(_ node: Node, _ path: String) throws -> (PrizeTable, [ExactFraction?]) {
        guard case .sequence(let list) = node, !list.isEmpty, list.count <= 10_000 else {
            throw fail(node, path, "must be a list of 1 to 10000 items")
        }
        var items: [PrizeTable.Item] = []
        var disclosed: [ExactFraction?] = []
        for (index, itemNode) in list.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let fields = try mapping(itemNode, itemPath, allowed: ["label", "weight", "value", "stock", "disclosed"])
            let labelNode = try require(fields, "label", in: itemNode, itemPath)
            let label = try string(labelNode, itemPath + ".label")
            guard GameSpec.isValidName(label), label.allSatisfy(\.isASCII) else {
                throw fail(
                    labelNode, itemPath + ".label",
                    "must be 1 to 100 ASCII letters, digits, '-', '_' or '.' (it names the item in probe answers and logs)")
            }
            guard !items.contains(where: { $0.label == label }) else {
                throw fail(labelNode, itemPath + ".label", "item '\(label)' is listed twice")
            }
            let weight = try fraction(try require(fields, "weight", in: itemNode, itemPath), itemPath + ".weight")
            var item = PrizeTable.Item(label: label, weight: weight)
            item.value = try fields["value"].map { try fraction($0.value, itemPath + ".value") }
            item.stock = try fields["stock"].map { try integer($0.value, itemPath + ".stock", in: 1...1_000_000) }
            items.append(item)
            disclosed.append(try fields["disclosed"].map { try probabilityFraction($0.value, itemPath + ".disclosed") })
        }
        return (PrizeTable(items: items), disclosed)
    }

    /// A probability written exactly, in [0, 1].
    func probabilityFraction(_ node: Node, _ path: String) throws -> ExactFraction {
        guard case .scalar(let scalar) = node, let value = ExactFraction(text: scalar.string), value >= .zero, value <= .one else {
            throw fail(node, path, "must be a probability in [0, 1], written 0.006, 0.6% or 3/500")
        }
        return value
    }

    func disclosed(_ node: Node, _ path: String, into declaration: inout PrizeDrawDeclaration) throws {
        let fields = try mapping(node, path, allowed: ["base-rate", "consolidated-rate", "featured-rate", "hard-limit", "rounded-to"])
        func rate(_ name: String) throws -> ExactFraction? { try fields[name].map { try probabilityFraction($0.value, join(path, name)) } }
        declaration.disclosed.baseRate = try rate("base-rate")
        declaration.disclosed.consolidatedRate = try rate("consolidated-rate")
        declaration.disclosed.featuredRate = try rate("featured-rate")
        declaration.disclosed.hardLimit = try fields["hard-limit"].map {
            try integer($0.value, join(path, "hard-limit"), in: 1...1_000_000)
        }
        if let rounded = fields["rounded-to"] {
            let unit = try probabilityFraction(rounded.value, join(path, "rounded-to"))
            guard unit > .zero, unit <= ExactFraction(1, 10) else {
                throw fail(rounded.value, join(path, "rounded-to"), "must be the unit figures are rounded to, in (0, 0.1]: 0.1% for 1.6%")
            }
            declaration.roundedTo = unit
        }
    }
}
