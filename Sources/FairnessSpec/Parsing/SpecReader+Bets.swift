import FairnessModel
import Foundation
import Yams

// A dice game's bets and its rules over a roll.
extension SpecReader {
    /// The name of a hand, bet, round or value (`what`) in reports and in the probe's requests: 1 to 60 ASCII
    /// letters, digits, `-`, `_` or `.`.
    func probeName(_ fields: Fields, _ item: Node, _ itemPath: String, what: String) throws -> (name: String, node: Node) {
        let nameNode = try require(fields, "name", in: item, itemPath)
        let name = try string(nameNode, itemPath + ".name")
        guard !name.isEmpty, name.count <= 60, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw fail(
                nameNode, itemPath + ".name",
                "must be 1 to 60 ASCII letters, digits, '-', '_' or '.' (it names the \(what) in probe requests)")
        }
        return (name, nameNode)
    }

    /// A value over one roll as a spec writes it (`total`, `highest 3`, `count of 6`).
    func diceValue(_ node: Node, _ path: String, dice: DiceSet) throws -> DiceValue {
        let text = try string(node, path)
        var parser = DiceConditionParser("\(text) = 0", dice: dice)
        guard case .compare(let value, _, _)? = try? parser.parse() else {
            throw fail(node, path, "'\(text)' is not a value; use total, highest [k], lowest [k], count of FACE, ...")
        }
        return value
    }

    /// A rule over one roll (see ``DiceConditionParser``). A rule without a point that holds on no roll of
    /// the dice (`total = 19` on 3d6) is refused: it settles nothing, and is a typo more often than a design.
    func condition(_ node: Node, _ path: String, dice: DiceSet, allowsPoint: Bool = false) throws -> DiceCondition {
        var parser = DiceConditionParser(try string(node, path), dice: dice, allowsPoint: allowsPoint)
        let condition: DiceCondition
        do {
            condition = try parser.parse()
        } catch {
            // The rule as one line, however it was written (a block scalar may hold line breaks).
            let text = try string(node, path).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            throw fail(node, path, "'\(text.count > 200 ? text.prefix(200) + "…" : text)' \(error.message)")
        }
        if !allowsPoint { try requireSomeRoll(condition, node, path, dice: dice) }
        return condition
    }

    /// Refuses a rule that holds on no roll of `dice` (read over every multiset of faces, up to
    /// `DiceRoundOdds.multisetLimit` of them).
    func requireSomeRoll(_ condition: DiceCondition, _ node: Node, _ path: String, dice: DiceSet) throws {
        guard DiceRoundOdds.multisets(dice) <= DiceRoundOdds.multisetLimit,
            !DiceRoundOdds.patterns(dice).contains(where: { condition.holds(in: $0.0) })
        else { return }
        let text = try string(node, path).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        throw fail(
            node, path,
            "'\(text.count > 200 ? text.prefix(200) + "…" : text)' holds on no roll of \(dice); a rule that never holds settles nothing")
    }

    /// The bets a dice game offers: each a name, then either `wins` and `pays` or `cases`, an optional
    /// `otherwise`, and the figures it publishes.
    func bets(_ node: Node, _ path: String, dice: DiceSet) throws -> [DiceBet] {
        guard case .sequence(let list) = node, !list.isEmpty, list.count <= 1_000 else {
            throw fail(node, path, "must be a list of 1 to 1000 bets")
        }
        var result: [DiceBet] = []
        for (index, item) in list.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let fields = try mapping(
                item, itemPath, allowed: ["name", "wins", "pays", "cases", "otherwise"] + DiceBet.Figure.ofABet.map(\.rawValue))
            let (name, nameNode) = try probeName(fields, item, itemPath, what: "bet")
            guard !result.contains(where: { $0.name == name }) else {
                throw fail(nameNode, itemPath + ".name", "bet '\(name)' is declared twice")
            }
            let cases = try betCases(fields, item, itemPath, dice: dice)
            let otherwise = try fields["otherwise"].map { try net($0.value, itemPath + ".otherwise") } ?? ExactFraction(-1)
            var declared: [DiceBet.Figure: DiceBet.DeclaredFigure] = [:]
            for figure in DiceBet.Figure.ofABet {
                guard let field = fields[figure.rawValue] else { continue }
                declared[figure] = try declaredFigure(field.value, itemPath + "." + figure.rawValue, figure: figure)
            }
            result.append(DiceBet(name: name, cases: cases, otherwise: otherwise, declared: declared))
        }
        return result
    }

    private func betCases(_ fields: Fields, _ item: Node, _ path: String, dice: DiceSet) throws -> [DiceBet.Case] {
        switch (fields["wins"], fields["cases"]) {
        case (let wins?, nil):
            let pays = try require(fields, "pays", in: item, path)
            return [DiceBet.Case(when: try condition(wins.value, path + ".wins", dice: dice), net: try net(pays, path + ".pays"))]
        case (nil, let cases?):
            if let pays = fields["pays"] { throw fail(pays.key, path + ".pays", "goes with 'wins'; give each case its own 'pays'") }
            guard case .sequence(let list) = cases.value, !list.isEmpty, list.count <= 100 else {
                throw fail(cases.value, path + ".cases", "must be a list of 1 to 100 cases, each 'when' and 'pays'")
            }
            return try list.enumerated().map { index, caseNode in
                let casePath = "\(path).cases[\(index)]"
                let caseFields = try mapping(caseNode, casePath, allowed: ["when", "pays"])
                return DiceBet.Case(
                    when: try condition(try require(caseFields, "when", in: caseNode, casePath), casePath + ".when", dice: dice),
                    net: try net(try require(caseFields, "pays", in: caseNode, casePath), casePath + ".pays"))
            }
        case (nil, nil): throw fail(item, path, "needs 'wins' and 'pays', or 'cases'")
        case (_?, _?): throw fail(item, path, "has both 'wins' and 'cases'; give one")
        }
    }

    /// The values a game reports from its draws: each a name and the value it is over fair dice.
    func drawnValues(_ node: Node, _ path: String, dice: DiceSet) throws -> [DrawnValue] {
        guard case .sequence(let list) = node, !list.isEmpty, list.count <= 20 else {
            throw fail(node, path, "must be a list of 1 to 20 values")
        }
        var result: [DrawnValue] = []
        for (index, item) in list.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let fields = try mapping(item, itemPath, allowed: ["name", "value"])
            let (name, nameNode) = try probeName(fields, item, itemPath, what: "value")
            guard !result.contains(where: { $0.name == name }) else {
                throw fail(nameNode, itemPath + ".name", "value '\(name)' is declared twice")
            }
            let value = try diceValue(try require(fields, "value", in: item, itemPath), itemPath + ".value", dice: dice)
            result.append(DrawnValue(name: name, value: value))
        }
        return result
    }

    /// A net payout per unit staked, exactly: `1` (even money), `35`, `0.95`, `-1` (the stake lost), `19/20`.
    func net(_ node: Node, _ path: String) throws -> ExactFraction {
        guard case .scalar(let scalar) = node, let value = ExactFraction(text: scalar.string), !(value < ExactFraction(-1)),
            value < ExactFraction(1_000_000_000)
        else {
            throw fail(node, path, "must be a net payout per unit staked from -1 (the stake lost) up, written 1, 35, 0.95 or 19/20")
        }
        return value
    }

    /// A published figure, with the tolerance its printing gives: half a unit of its last decimal digit
    /// (`2.78%` agrees within 0.005%, `.9` within 0.05, `2.78e-2` within 0.00005), exact for a fraction of
    /// whole numbers (`1/36`).
    func declaredFigure(_ node: Node, _ path: String, figure: DiceBet.Figure) throws -> DiceBet.DeclaredFigure {
        let rolls = figure == .expectedRolls
        // A share from 0 to 2 (a percentage allowed), or a number of rolls from 1.
        let range = rolls ? (ExactFraction.one, ExactFraction(1_000_000)) : (ExactFraction.zero, ExactFraction(2))
        guard case .scalar(let scalar) = node, !(rolls && scalar.string.contains("%")), let value = ExactFraction(text: scalar.string),
            !(value < range.0), !(range.1 < value)
        else {
            throw fail(
                node, path,
                rolls
                    ? "must be a number of rolls from 1 to 1000000, written 3.38 or 557/165"
                    : "must be a share from 0 to 2, written 0.0278, 2.78% or 1/36 (a percentage needs its '%')")
        }
        var text = scalar.string.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "").lowercased()
        guard !text.contains("/") else { return DiceBet.DeclaredFigure(value) }
        let percent = text.hasSuffix("%")
        if percent { text.removeLast() }
        // The last printed digit's place: the digits after the point, less the exponent.
        let parts = text.split(separator: "e", omittingEmptySubsequences: false)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let pieces = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        let digits = (pieces.count == 2 ? pieces[1].count : 0) - exponent
        guard var unit = ExactFraction(text: "1e\(-digits)") else { return DiceBet.DeclaredFigure(value) }
        if percent { unit = unit / ExactFraction(100) }
        return DiceBet.DeclaredFigure(value, tolerance: unit / ExactFraction(2))
    }
}
