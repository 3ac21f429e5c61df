import FairnessModel
import Foundation
import Yams

// A dice game's declaration.
extension SpecReader {
    func dice(_ node: Node, _ path: String) throws -> DiceSpec {
        let fields = try mapping(
            node, path,
            allowed: [
                "count", "faces", "reroll", "claims", "hands", "claims-rounded-to", "payout", "sees", "bets", "rounds", "shows", "values",
            ])
        let count = try integer(try require(fields, "count", in: node, path), join(path, "count"), in: 1...DiceSet.maximumCount)
        let faces = try integer(try require(fields, "faces", in: node, path), join(path, "faces"), in: 1...DiceSet.maximumFaces)
        let dice: DiceSet
        do {
            dice = try DiceSet(count: count, faces: faces)
        } catch {
            throw fail(fields["faces"]?.value, join(path, "faces"), "\(error)")
        }
        var reroll = RerollPolicy.never
        if let node = fields["reroll"]?.value {
            switch try string(node, join(path, "reroll")) {
            case "never": reroll = .never
            case "once-after-straight": reroll = .rerollOnceAfterDetectedStraight
            case let other: throw fail(node, join(path, "reroll"), "'\(other)' is not one of: never, once-after-straight")
            }
        }
        var claims: [DiceSpec.Claim] = []
        if let claimsNode = fields["claims"]?.value {
            let claimsPath = join(path, "claims")
            let claimFields = try mapping(claimsNode, claimsPath, allowed: PokerCategory.allCases.map(\.name))
            for category in PokerCategory.allCases {
                guard let claim = claimFields[category.name] else { continue }
                guard PokerCategory.isDefined(category, forDice: count) else {
                    throw fail(claim.key, claimsPath + "." + category.name, "\(category.name) is not a category of \(count) dice")
                }
                claims.append(
                    DiceSpec.Claim(category: category, probability: try probability(claim.value, claimsPath + "." + category.name)))
            }
        }
        var spec = DiceSpec(dice: dice, reroll: reroll, claims: claims)
        if let handsNode = fields["hands"]?.value { spec.hands = try hands(handsNode, join(path, "hands"), dice: dice) }
        spec.claimsRoundedTo = try roundingUnit(fields["claims-rounded-to"], join(path, "claims-rounded-to"))
        spec.payout = try fields["payout"].map { try payout($0.value, join(path, "payout")) }
        spec.seesSortedDice = try either(fields["sees"]?.value, join(path, "sees"), no: "as-rolled", yes: "sorted") ?? false
        spec.bets = try fields["bets"].map { try bets($0.value, join(path, "bets"), dice: dice) } ?? []
        spec.showsFaces = !(try either(fields["shows"]?.value, join(path, "shows"), no: "faces", yes: "values") ?? false)
        spec.values = try fields["values"].map { try drawnValues($0.value, join(path, "values"), dice: dice) } ?? []
        spec.rounds =
            try fields["rounds"].map { try rounds($0.value, join(path, "rounds"), dice: dice, taken: spec.bets.map(\.name)) } ?? []
        return spec
    }

    /// One of two words: true for `yes`, false for `no`, nil when the field is absent.
    func either(_ node: Node?, _ path: String, no: String, yes: String) throws -> Bool? {
        guard let node else { return nil }
        switch try string(node, path) {
        case yes: return true
        case no: return false
        case let other: throw fail(node, path, "'\(other)' is not one of: \(no), \(yes)")
        }
    }

    func hands(_ node: Node, _ path: String, dice: DiceSet) throws -> [DiceSpec.Hand] {
        guard case .sequence(let list) = node, !list.isEmpty else { throw fail(node, path, "must be a non-empty list of hands") }
        var result: [DiceSpec.Hand] = []
        for (index, item) in list.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let fields = try mapping(item, itemPath, allowed: ["name", "rule", "claimed", "prize"])
            let (name, nameNode) = try probeName(fields, item, itemPath, what: "hand")
            guard !result.contains(where: { $0.name == name }) else {
                throw fail(nameNode, itemPath + ".name", "hand '\(name)' is declared twice")
            }
            let ruleNode = try require(fields, "rule", in: item, itemPath)
            let rule = try handRule(ruleNode, itemPath + ".rule", dice: dice)
            let claimed = try fields["claimed"].map { try probability($0.value, itemPath + ".claimed") }
            let prize = try fields["prize"].map { try number($0.value, itemPath + ".prize") }
            result.append(DiceSpec.Hand(name: name, rule: rule, claimed: claimed, prize: prize))
        }
        return result
    }

    /// The rules a spec may name: `small straight`, `large straight`, `run of N`, `N of a kind`,
    /// `full house`, `two pair`.
    func handRule(_ node: Node, _ path: String, dice: DiceSet) throws -> DiceHand.Rule {
        // Number words as the categories spell them ("three of a kind") read as digits.
        let numberWords = [
            "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
        ]
        let written = try string(node, path).split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        // "two pair" keeps its word; elsewhere number words read as digits.
        let text = written == ["two", "pair"] ? "two pair" : written.map { numberWords[$0] ?? $0 }.joined(separator: " ")
        let k = dice.count
        let words = text.split(separator: " ")
        var rule: DiceHand.Rule?
        switch text {
        case "small straight":
            guard k >= 3 else { throw fail(node, path, "a small straight (a run of K − 1) needs at least 3 dice") }
            rule = .run(length: k - 1)
        case "large straight": rule = .run(length: k)
        case "full house":
            guard k >= 5 else { throw fail(node, path, "a full house (three and two of a kind) needs at least 5 dice") }
            rule = .fullHouse
        case "two pair":
            guard k >= 4 else { throw fail(node, path, "two pair needs at least 4 dice") }
            rule = .twoPair
        default:
            if words.count == 3, words[0] == "run", words[1] == "of", let n = Int(words[2]) {
                guard n >= 2 && n <= k else {
                    throw fail(
                        node, path,
                        k < 2
                            ? "a run needs at least 2 dice; this game rolls \(k)"
                            : "a run of \(n) is not possible with \(k) dice; use 2 ... \(k)")
                }
                rule = .run(length: n)
            } else if words.count == 4, words[1...] == ["of", "a", "kind"], let n = Int(words[0]) {
                guard n >= 2 && n <= k else {
                    throw fail(
                        node, path,
                        k < 2
                            ? "\(n) of a kind needs at least 2 dice; this game rolls \(k)"
                            : "\(n) of a kind is not possible with \(k) dice; use 2 ... \(k)")
                }
                rule = .ofAKind(count: n)
            }
        }
        guard let rule else {
            var parser = DiceConditionParser(try string(node, path), dice: dice)
            let condition: DiceCondition
            do {
                condition = try parser.parse()
            } catch {
                throw fail(
                    node, path,
                    "'\(text)' is not a rule: \(error.message); use one of: \(Self.handRules), or a rule over the roll (docs/dice.md)")
            }
            try requireSomeRoll(condition, node, path, dice: dice)
            return .condition(condition)
        }
        if case .run(let length) = rule, length > dice.faces {
            throw fail(node, path, "a run of \(length) needs at least \(length) faces; these dice have \(dice.faces)")
        }
        return rule
    }
}
