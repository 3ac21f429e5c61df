import FairnessModel
import Foundation
import Testing

/// Bets over one roll: the toolkit's rules give the exact figures an independent enumeration of the rules
/// cards gives (`Fixtures/make_dice_bets_reference.py`).
@Suite struct DiceBetTests {
    static func dice(_ count: Int, _ faces: Int) -> DiceSet { try! DiceSet(count: count, faces: faces) }
    static func net(_ value: Int) -> ExactFraction { ExactFraction(value) }

    /// The fixture's bets, declared in the toolkit's rule language.
    static let bets: [String: (DiceSet, DiceBet)] = [
        "sic-bo-small": (
            dice(3, 6),
            DiceBet(name: "small", cases: [.init(when: .allEqual, net: net(-1)), .init(when: .among(.total, [4...10]), net: net(1))])
        ),
        "sic-bo-big": (
            dice(3, 6),
            DiceBet(name: "big", cases: [.init(when: .allEqual, net: net(-1)), .init(when: .among(.total, [11...17]), net: net(1))])
        ),
        "chuck-a-luck-4": (
            dice(3, 6),
            DiceBet(name: "4", cases: (1...3).reversed().map { .init(when: .compare(.count(of: 4), .equal, $0), net: net($0)) })
        ),
        "craps-field": (
            dice(2, 6),
            DiceBet(
                name: "field",
                cases: [
                    .init(when: .compare(.total, .equal, 2), net: net(2)), .init(when: .compare(.total, .equal, 12), net: net(3)),
                    .init(when: .among(.total, [3...4, 9...11]), net: net(1)),
                ])
        ),
        "under-7": (dice(2, 6), DiceBet(name: "under", wins: .compare(.total, .less, 7), pays: net(1))),
        "exactly-7": (dice(2, 6), DiceBet(name: "seven", wins: .compare(.total, .equal, 7), pays: net(4))),
        "advantage-15": (dice(2, 20), DiceBet(name: "hit", wins: .compare(.highest, .greaterOrEqual, 15), pays: net(1))),
        "4d6-drop-lowest-15": (dice(4, 6), DiceBet(name: "stat", wins: .compare(.sumOfHighest(3), .greaterOrEqual, 15), pays: net(1))),
        "yahtzee": (dice(5, 6), DiceBet(name: "yahtzee", wins: .allEqual, pays: net(50))),
        "pool-5d10": (
            dice(5, 10),
            DiceBet(
                name: "pool",
                cases: [
                    .init(when: .compare(.countAtLeast(8), .equal, 0), net: net(0)),
                    .init(when: .compare(.countAtLeast(8), .greaterOrEqual, 3), net: net(3)),
                    .init(when: .compare(.countAtLeast(8), .equal, 2), net: net(1)),
                ])
        ),
    ]

    struct Reference: Decodable {
        let name: String
        let count: Int
        let faces: Int
        let win: String
        let push: String
        let lose: String
        let `return`: String
        let houseEdge: String

        enum CodingKeys: String, CodingKey {
            case name, count, faces, win, push, lose, `return`
            case houseEdge = "house_edge"
        }
    }

    @Test func everyBetHasTheIndependentlyEnumeratedFigures() throws {
        let url = try #require(Bundle.module.url(forResource: "dice_bets_reference", withExtension: "json", subdirectory: "Fixtures"))
        let references = try JSONDecoder().decode([Reference].self, from: Data(contentsOf: url))
        #expect(references.count == Self.bets.count)
        for reference in references {
            let (dice, bet) = try #require(Self.bets[reference.name], "\(reference.name)")
            #expect(dice.count == reference.count && dice.faces == reference.faces)
            let odds = DiceBetOdds(bet, dice: dice)
            #expect(odds.winProbability == ExactFraction(text: reference.win), "\(reference.name)")
            #expect(odds.pushProbability == ExactFraction(text: reference.push), "\(reference.name)")
            #expect(odds.loseProbability == ExactFraction(text: reference.lose), "\(reference.name)")
            #expect(odds.returnToPlayer == ExactFraction(text: reference.return), "\(reference.name)")
            #expect(odds.houseEdge == ExactFraction(text: reference.houseEdge), "\(reference.name)")
        }
    }

    /// The published house edges of the standard paytables (sic bo small and big 2.78%, chuck-a-luck 7.87%,
    /// the field with 12 paying triple 2.78%) agree as printed; a figure one digit off does not.
    @Test func publishedFiguresAgreeAsPrinted() throws {
        let small = try #require(Self.bets["sic-bo-small"])
        let edge = DiceBetOdds(small.1, dice: small.0).houseEdge
        #expect(edge == ExactFraction(1, 36))
        let printed = DiceBet.DeclaredFigure(
            try #require(ExactFraction(text: "2.78%")), tolerance: try #require(ExactFraction(text: "0.005%")))
        #expect(printed.agrees(with: edge))
        let wrong = DiceBet.DeclaredFigure(
            try #require(ExactFraction(text: "2.77%")), tolerance: try #require(ExactFraction(text: "0.005%")))
        #expect(!wrong.agrees(with: edge))
        #expect(!DiceBet.DeclaredFigure(try #require(ExactFraction(text: "2.78%"))).agrees(with: edge))
        #expect(DiceBet.DeclaredFigure(ExactFraction(1, 36)).agrees(with: edge))
    }

    /// Values and conditions read the faces, not their order, and agree with a plain computation on every
    /// roll of 4d6.
    @Test func valuesAgreeWithAPlainComputationOnEveryRoll() {
        DiceOdds.forEachOrderedRoll(Self.dice(4, 6)) { roll in
            let faces = roll.faces, sorted = faces.sorted()
            #expect(DiceValue.total.value(of: roll) == faces.reduce(0, +))
            #expect(DiceValue.highest.value(of: roll) == sorted.last!)
            #expect(DiceValue.lowest.value(of: roll) == sorted.first!)
            #expect(DiceValue.sumOfHighest(3).value(of: roll) == sorted.dropFirst().reduce(0, +))
            #expect(DiceValue.sumOfLowest(2).value(of: roll) == sorted.prefix(2).reduce(0, +))
            #expect(DiceValue.count(of: 6).value(of: roll) == faces.filter { $0 == 6 }.count)
            #expect(DiceValue.countAtLeast(5).value(of: roll) == faces.filter { $0 >= 5 }.count)
            let multiplicities = Dictionary(grouping: faces, by: { $0 }).values.map(\.count).sorted(by: >)
            #expect(DiceValue.mostOfAKind.value(of: roll) == multiplicities[0])
            #expect(DiceValue.secondMostOfAKind.value(of: roll) == (multiplicities.count > 1 ? multiplicities[1] : 0))
            #expect(DiceValue.distinctFaces.value(of: roll) == Set(faces).count)
            #expect(DiceCondition.allEqual.holds(in: roll) == (Set(faces).count == 1))
            let notAllEqualSmall = DiceCondition.and(.not(.allEqual), .among(.total, [4...10, 12...12]))
            let total = faces.reduce(0, +)
            #expect(notAllEqualSmall.holds(in: roll) == (Set(faces).count > 1 && ((4...10).contains(total) || total == 12)))
        }
    }

    @Test func conditionsReadBackAsTheyAreWritten() {
        let condition = DiceCondition.and(.or(.allEqual, .compare(.total, .greaterOrEqual, 8)), .not(.among(.total, [3...3, 5...6])))
        #expect(condition.description == "(all equal or total >= 8) and not total in 3, 5..6")
        let bet = DiceBet(name: "x", wins: .compare(.highest, .equal, 6), pays: ExactFraction(19, 20))
        #expect(bet.description == "highest = 6: 19/20; otherwise: -1")
    }
}
