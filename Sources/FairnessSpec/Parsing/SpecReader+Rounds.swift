import FairnessModel
import Foundation
import Yams

// A dice game's rounds of several rolls.
extension SpecReader {
    /// The rounds a dice game offers: each a name, its phases, and the figures it publishes. Each round is
    /// solved once here, so a round that may never end is refused with the phase it sticks in.
    func rounds(_ node: Node, _ path: String, dice: DiceSet, taken: [String]) throws -> [DiceRound] {
        guard case .sequence(let list) = node, !list.isEmpty, list.count <= 100 else {
            throw fail(node, path, "must be a list of 1 to 100 rounds")
        }
        var result: [DiceRound] = []
        for (index, item) in list.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let fields = try mapping(item, itemPath, allowed: ["name", "phases"] + DiceBet.Figure.allCases.map(\.rawValue))
            let (name, nameNode) = try probeName(fields, item, itemPath, what: "round")
            guard !taken.contains(name), !result.contains(where: { $0.name == name }) else {
                throw fail(nameNode, itemPath + ".name", "'\(name)' names another bet or round")
            }
            let phasesNode = try require(fields, "phases", in: item, itemPath)
            guard case .sequence(let phaseList) = phasesNode, !phaseList.isEmpty, phaseList.count <= 50 else {
                throw fail(phasesNode, itemPath + ".phases", "must be a list of 1 to 50 phases, the first where the round starts")
            }
            var names: [String] = []
            for (p, phase) in phaseList.enumerated() {
                let phaseFields = try mapping(phase, "\(itemPath).phases[\(p)]", allowed: ["name", "rules", "otherwise"])
                let phaseName = try string(
                    try require(phaseFields, "name", in: phase, "\(itemPath).phases[\(p)]"), "\(itemPath).phases[\(p)].name")
                guard !names.contains(phaseName) else {
                    throw fail(phaseFields["name"]!.value, "\(itemPath).phases[\(p)].name", "phase '\(phaseName)' is declared twice")
                }
                names.append(phaseName)
            }
            let phases = try phaseList.enumerated().map { p, phase in
                try self.phase(phase, "\(itemPath).phases[\(p)]", dice: dice, names: names)
            }
            var declared: [DiceBet.Figure: DiceBet.DeclaredFigure] = [:]
            for figure in DiceBet.Figure.allCases {
                guard let field = fields[figure.rawValue] else { continue }
                declared[figure] = try declaredFigure(field.value, itemPath + "." + figure.rawValue, figure: figure)
            }
            let round = DiceRound(name: name, phases: phases, declared: declared)
            do {
                _ = try DiceRoundOdds(round, dice: dice)
            } catch {
                throw fail(phasesNode, itemPath + ".phases", "\(error)")
            }
            result.append(round)
        }
        return result
    }

    private func phase(_ node: Node, _ path: String, dice: DiceSet, names: [String]) throws -> DiceRound.Phase {
        let fields = try mapping(node, path, allowed: ["name", "rules", "otherwise"])
        var rules: [DiceRound.Rule] = []
        if let rulesNode = fields["rules"]?.value {
            guard case .sequence(let list) = rulesNode, list.count <= 100 else {
                throw fail(rulesNode, path + ".rules", "must be a list of rules")
            }
            for (index, ruleNode) in list.enumerated() {
                let rulePath = "\(path).rules[\(index)]"
                let ruleFields = try mapping(ruleNode, rulePath, allowed: ["when", "pays", "to", "remember", "add", "keep", "reroll"])
                let condition = try condition(
                    try require(ruleFields, "when", in: ruleNode, rulePath), rulePath + ".when", dice: dice, allowsPoint: true)
                rules.append(DiceRound.Rule(when: condition, try outcome(ruleFields, ruleNode, rulePath, dice: dice, names: names)))
            }
        }
        var otherwise: DiceRound.Outcome?
        if let otherwiseNode = fields["otherwise"]?.value {
            let otherwiseFields = try mapping(
                otherwiseNode, path + ".otherwise", allowed: ["pays", "to", "remember", "add", "keep", "reroll"])
            otherwise = try outcome(otherwiseFields, otherwiseNode, path + ".otherwise", dice: dice, names: names)
        }
        return DiceRound.Phase(name: try string(fields["name"]!.value, path + ".name"), rules: rules, otherwise: otherwise)
    }

    /// Which dice a phase keeps for the next roll (or rerolls alone): `most of a kind`, `face F`,
    /// `at least T`, `longest run`.
    private func keep(_ node: Node, _ path: String, dice: DiceSet, what: String = "keep") throws -> DiceKeep {
        let words = try string(node, path).lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        switch (words.count, words.first) {
        case (4, "most") where words == ["most", "of", "a", "kind"]: return .mostOfAKind
        case (2, "longest") where words[1] == "run": return .longestRun
        case (2, "face"):
            if let face = Int(words[1]), (1...dice.faces).contains(face) { return .face(face) }
        case (3, "at") where words[1] == "least":
            if let target = Int(words[2]), (1...dice.faces).contains(target) { return .atLeast(target) }
        default: break
        }
        throw fail(
            node, path,
            "'\(words.joined(separator: " "))' is not a \(what); use most of a kind, face F, at least T or longest run (F, T in 1 ... \(dice.faces))"
        )
    }

    /// `pays: NET`, or `to: PHASE` with an optional `remember: VALUE` (the point) and `keep: STRATEGY` or
    /// `reroll: STRATEGY`.
    private func outcome(_ fields: Fields, _ node: Node, _ path: String, dice: DiceSet, names: [String]) throws -> DiceRound.Outcome {
        switch (fields["pays"], fields["to"]) {
        case (let pays?, nil):
            for name in ["remember", "add", "keep", "reroll"] {
                if let field = fields[name] { throw fail(field.key, path + "." + name, "goes with 'to'") }
            }
            return .settle(try net(pays.value, path + ".pays"))
        case (nil, let to?):
            let target = try string(to.value, path + ".to")
            guard let phase = names.firstIndex(of: target) else {
                throw fail(to.value, path + ".to", "'\(target)' is not a phase of this round; use one of: \(names.joined(separator: ", "))")
            }
            var remember: DiceValue?
            if let both = fields["add"], fields["remember"] != nil {
                throw fail(
                    both.key, path + ".add", "has both 'remember' (the point becomes a value) and 'add' (a value is added to it); give one")
            }
            if let (key, rememberNode) = [("remember", fields["remember"]), ("add", fields["add"])].compactMap({ name, field in
                field.map { (name, $0.value) }
            }).first {
                remember = try diceValue(rememberNode, path + "." + key, dice: dice)
            }
            let keep = try fields["keep"].map { try self.keep($0.value, path + ".keep", dice: dice) }
            // Reroll only some dice (a pool's exploding dice): the next roll rolls them alone.
            if let both = fields["reroll"], keep != nil {
                throw fail(
                    both.key, path + ".reroll", "has both 'keep' (the others are rolled) and 'reroll' (these are rolled alone); give one")
            }
            let rerolls = try fields["reroll"].map { try self.keep($0.value, path + ".reroll", dice: dice, what: "reroll") }
            return .moveTo(phase: phase, remember: remember, keep: keep, adds: fields["add"] != nil, rerolls: rerolls)
        case (nil, nil): throw fail(node, path, "needs 'pays' (the round ends) or 'to' (another phase)")
        case (_?, _?): throw fail(node, path, "has both 'pays' and 'to'; give one")
        }
    }
}
