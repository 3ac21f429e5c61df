import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessReportRendering
import Testing

/// A check its own module defines is named and narrated from its typed figures; figures this version has
/// no narration for are said to be so, never guessed at.
@Suite struct KeyedCheckNarrationTests {
    /// The streak bonus of `ItemsDrawableCheckTests`, misrouted: its bonus state is never entered.
    static let misrouted: ItemsDrawableCheck = {
        let table = PrizeTable(items: [
            .init(label: "golden-key", weight: .zero), .init(label: "gem", weight: .init(10)), .init(label: "nothing", weight: .init(90)),
        ])
        let miss: [ExactFraction] = [.zero, .init(10), .init(90)]
        let states: [DrawMemory.State] = [
            .init(name: "miss-0", weights: miss, next: [1: 0, 2: 1]), .init(name: "miss-1", weights: miss, next: [1: 0, 2: 1]),
            .init(name: "miss-2", weights: miss, next: [1: 0, 2: 3]),
            .init(name: "bonus", weights: [.init(50), .init(10), .init(40)], next: [0: 0, 1: 0, 2: 0]),
        ]
        let machine = try! DrawMachine(table: table, memory: DrawMemory(states: states))
        return ItemsDrawableCheck(
            PrizeDrawDeclaration(machine: machine, disclosed: .init(itemOdds: [ExactFraction(text: "1%"), nil, nil])))
    }()

    @Test func theItemsDrawableCheckIsWrittenFromItsFigures() throws {
        let figures = try AnyCheckFigures(Self.misrouted)
        #expect(ReportNarrator.name(of: .keyed(CheckKey(ItemsDrawableCheck.self))) == "every offered item can be drawn (exact)")
        #expect(
            ReportNarrator.detail(.figures(figures))
                == "3 items offered, over 2 reachable states of 4; never drawable: golden-key (odds only in 'bonus', never entered)")
        #expect(
            ReportNarrator.sentence(.figures(figures))
                == "no player can draw golden-key (odds only in 'bonus', never entered); listed or published at odds up to 1%, its odds in play are 0"
        )
    }

    @Test func lateAndListedItemsAreNamed() throws {
        // A daily chest that only the third draw of a session gives, and a retired prize kept in the table.
        let table = PrizeTable(items: [
            .init(label: "chest", weight: .zero), .init(label: "coins", weight: .one), .init(label: "retired", weight: .zero),
        ])
        let schedule = DrawMemory.Schedule(period: .session, entries: [.init(draws: 3...3, weights: [.one, .init(3), .zero])])
        let machine = try DrawMachine(table: table, memory: DrawMemory(schedule: schedule))
        let figures = try AnyCheckFigures(ItemsDrawableCheck(PrizeDrawDeclaration(machine: machine)))
        #expect(
            ReportNarrator.detail(.figures(figures))
                == "2 items offered, over 4 reachable states of 4; first drawable after the first draw (latest first): chest at draw 3 in '\(machine.states[2].name)' (odds up to 25%); listed at odds 0 in the table and every state, published at none above 0 (not offered): retired"
        )
    }

    @Test func figuresWithoutANarrationSaySo() throws {
        struct Unknown: CheckFigures {
            static let key = "unknown-check"
            var count: Int
        }
        let figures = try AnyCheckFigures(Unknown(count: 3))
        #expect(ReportNarrator.detail(.figures(figures)) == "figures of a check this version does not narrate (unknown-check)")
        #expect(ReportNarrator.sentence(.figures(figures)) == "a finding of a check this version does not narrate (unknown-check)")
        #expect(ReportNarrator.name(of: .keyed(CheckKey(name: "unknown-check", arguments: ["x", "y"]))) == "unknown-check x y")
        // A known key whose figures do not read as its type (a field renamed, a file edited) says that.
        struct Mistyped: CheckFigures {
            static let key = ItemsDrawableCheck.key
            var items: String
        }
        let mistyped = try AnyCheckFigures(Mistyped(items: "none"))
        #expect(ReportNarrator.detail(.figures(mistyped)) == "figures of items-drawable that do not read as this version's")
    }
}
