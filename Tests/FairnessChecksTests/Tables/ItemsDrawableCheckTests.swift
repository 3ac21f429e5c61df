import FairnessChecks
import FairnessModel
import Foundation
import Testing

/// Every item a prize draw offers can be drawn in a state a player reaches: machines written as a studio
/// declares them, each item's first draw and largest odds worked out by hand.
@Suite("Every offered item can be drawn")
struct ItemsDrawableCheckTests {
    static func f(_ text: String) -> ExactFraction { ExactFraction(text: text)! }

    /// A streak bonus: three misses in a row enter `bonus`, the one state where the golden key drops (1/2).
    /// `misrouted`: the second miss leads back to itself (a typo in `next`), so `bonus` is never entered.
    static func streak(misrouted: Bool) throws -> PrizeDrawDeclaration {
        let table = PrizeTable(items: [
            .init(label: "golden-key", weight: .zero), .init(label: "gem", weight: .init(10)), .init(label: "nothing", weight: .init(90)),
        ])
        let miss: [ExactFraction] = [.zero, .init(10), .init(90)]
        let states: [DrawMemory.State] = [
            .init(name: "miss-0", weights: miss, next: [1: 0, 2: 1]),
            .init(name: "miss-1", weights: miss, next: [1: 0, 2: misrouted ? 1 : 2]),
            .init(name: "miss-2", weights: miss, next: [1: 0, 2: 3]),
            .init(name: "bonus", weights: [.init(50), .init(10), .init(40)], next: [0: 0, 1: 0, 2: 0]),
        ]
        return PrizeDrawDeclaration(machine: try DrawMachine(table: table, memory: DrawMemory(states: states)))
    }

    @Test func aStreakBonusUnlocksItsItemOnTheFourthDraw() throws {
        let check = ItemsDrawableCheck(try Self.streak(misrouted: false))
        #expect(check.passed && check.reachableStates == 4 && check.states == 4)
        let key = try #require(check.items.first { $0.label == "golden-key" })
        // miss-0 → miss-1 → miss-2 → bonus: three misses, then the fourth draw can give it, at 50/100.
        #expect(key.offered && key.firstDraw == 4 && key.firstState == "bonus" && key.largestOdds == Self.f("1/2"))
        let gem = try #require(check.items.first { $0.label == "gem" })
        #expect(gem.firstDraw == 1 && gem.firstState == "miss-0" && gem.largestOdds == Self.f("1/10"))
    }

    @Test func aMisroutedStreakNeverDrawsItsBonusItem() throws {
        let check = ItemsDrawableCheck(try Self.streak(misrouted: true))
        #expect(!check.passed)
        #expect(check.reachableStates == 2 && check.states == 4)
        #expect(check.neverDrawable.map(\.label) == ["golden-key"])
        let key = try #require(check.neverDrawable.first)
        #expect(key.firstDraw == nil && key.firstState == nil && key.largestOdds == nil)
        // The one state that would drop it, never entered; neither listed nor published above 0.
        #expect(key.unreachedStates == ["bonus"])
        #expect(check.largestPromisedNeverDrawn == nil)
    }

    @Test func anItemListedAtOddsZeroIsNotOfferedUnlessItIsDisclosed() throws {
        let items: [PrizeTable.Item] = [.init(label: "retired", weight: .zero), .init(label: "coins", weight: .one)]
        let machine = try DrawMachine(table: PrizeTable(items: items))
        let listed = ItemsDrawableCheck(PrizeDrawDeclaration(machine: machine))
        #expect(listed.passed && listed.items.map(\.offered) == [false, true])
        // Published at 2%: offered, and never drawable at the 2% the player reads.
        let disclosed = ItemsDrawableCheck(
            PrizeDrawDeclaration(machine: machine, disclosed: .init(itemOdds: [Self.f("2%"), nil])))
        #expect(!disclosed.passed && disclosed.neverDrawable.map(\.label) == ["retired"])
        #expect(disclosed.largestPromisedNeverDrawn == 0.02 && disclosed.neverDrawable[0].unreachedStates.isEmpty)
    }

    @Test func aTableWeightNoStateUsesIsOffered() throws {
        // The table lists bonus-gem at 5 of 100; the general machine's states never give it.
        let table = PrizeTable(items: [
            .init(label: "bonus-gem", weight: .init(5)), .init(label: "gem", weight: .init(10)), .init(label: "nothing", weight: .init(85)),
        ])
        let states: [DrawMemory.State] = [
            .init(name: "s0", weights: [.zero, .init(10), .init(90)], next: [1: 1]),
            .init(name: "s1", weights: [.zero, .init(20), .init(80)], next: [2: 0]),
        ]
        let check = ItemsDrawableCheck(PrizeDrawDeclaration(machine: try DrawMachine(table: table, memory: DrawMemory(states: states))))
        #expect(!check.passed && check.neverDrawable.map(\.label) == ["bonus-gem"])
        #expect(check.neverDrawable[0].tableOdds == Self.f("1/20") && check.largestPromisedNeverDrawn == 0.05)
    }

    @Test func aSoldOutFallbackIsDrawableOnceAPrizeIsGone() throws {
        // Two prizes of one unit each, refilled when both are gone; a sold-out prize's weight goes to "nothing",
        // which the full stock never draws: the first draw sells one out, so "nothing" can first come on draw 2.
        let items: [PrizeTable.Item] = [
            .init(label: "bike", weight: .one, stock: 1), .init(label: "cap", weight: .one, stock: 1),
            .init(label: "nothing", weight: .zero),
        ]
        let memory = DrawMemory(stock: .init(weighting: .byWeight, refillWhenEmpty: true, soldOutTo: 2))
        let check = ItemsDrawableCheck(PrizeDrawDeclaration(machine: try DrawMachine(table: PrizeTable(items: items), memory: memory)))
        #expect(check.passed)
        let nothing = try #require(check.items.last)
        #expect(nothing.offered && nothing.firstDraw == 2)
        // With one prize left "nothing" holds the sold-out one's weight, 1 of 2; none left is a refill.
        #expect(nothing.largestOdds == ExactFraction(text: "1/2"))
    }

    @Test func aSoldOutFallbackWithoutARefillTakesEveryDrawOnceAllIsGone() throws {
        // No refill: once the grand prize and the three smalls are gone, "no-prize" (listed at weight 0) holds
        // every sold-out weight and draws go on. Mixes of units left: 2 × 4 = 8 states.
        let items: [PrizeTable.Item] = [
            .init(label: "grand", weight: .one, stock: 1), .init(label: "small", weight: .init(9), stock: 3),
            .init(label: "no-prize", weight: .zero),
        ]
        let memory = DrawMemory(stock: .init(weighting: .byWeight, refillWhenEmpty: false, soldOutTo: 2))
        let machine = try DrawMachine(table: PrizeTable(items: items), memory: memory)
        #expect(machine.states.count == 8)
        let check = ItemsDrawableCheck(PrizeDrawDeclaration(machine: machine))
        #expect(check.passed && check.items[2].firstDraw == 2 && check.items[2].largestOdds == .one)
        // Without a refill, an unlimited item or a sold-out item: nothing to draw once all is gone, refused.
        let byUnits = DrawMemory(stock: .init(weighting: .byUnits, refillWhenEmpty: false))
        #expect(throws: DrawMachineError.self) { try DrawMachine(table: PrizeTable(items: Array(items.prefix(2))), memory: byUnits) }
    }

    @Test func aBannerOffersEveryItemOnTheFirstDraw() throws {
        let items: [PrizeTable.Item] = [
            .init(label: "featured-5", weight: Self.f("0.3%")), .init(label: "standard-5", weight: Self.f("0.3%")),
            .init(label: "four-star", weight: Self.f("5.1%")), .init(label: "three-star", weight: Self.f("94.3%")),
        ]
        let memory = DrawMemory(
            pity: .init(top: [0, 1], softFrom: 74, step: Self.f("6%"), hard: 90), guarantee: .init(featured: 0, chance: Self.f("1/2")))
        let check = ItemsDrawableCheck(PrizeDrawDeclaration(machine: try DrawMachine(table: PrizeTable(items: items), memory: memory)))
        #expect(check.passed && check.reachableStates == 180)
        #expect(check.items.allSatisfy { $0.firstDraw == 1 })
        // At the hard limit a top item is certain: the featured one when guaranteed, half the time otherwise.
        #expect(check.items[0].largestOdds == .one && check.items[1].largestOdds == Self.f("1/2"))
    }

    @Test func itsFiguresAreDataThatReadBackAsThemselves() throws {
        let check = ItemsDrawableCheck(try Self.streak(misrouted: true))
        let figures = try AnyCheckFigures(check)
        #expect(figures.key == "items-drawable")
        #expect(figures.decode(ItemsDrawableCheck.self) == check)
        // Through JSON and back: the same tree, the same bytes.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let bytes = try encoder.encode(figures)
        let read = try JSONDecoder().decode(AnyCheckFigures.self, from: bytes)
        #expect(read == figures)
        #expect(try encoder.encode(read) == bytes)
        #expect(read.decode(ItemsDrawableCheck.self) == check)
    }
}

/// The tree figures travel as: every number kind, text, lists and fields survive JSON unchanged, and
/// figures of another key never decode.
@Suite("Check figures as data")
struct CheckFiguresTests {
    struct Sample: CheckFigures {
        static let key = "sample"
        var counts: [UInt64]
        var offset: Int
        var share: Double
        var ratio: Double
        var tiny: Double
        var label: String
        var flag: Bool
        var missing: Int?
    }
    struct Other: CheckFigures {
        static let key = "other"
        var counts: [UInt64]
    }

    @Test(arguments: [
        Sample(
            counts: [0, 1, .max], offset: -3, share: 0.1, ratio: 3, tiny: .leastNonzeroMagnitude, label: "é \"q\"", flag: true, missing: nil
        ),
        Sample(counts: [], offset: .min, share: .infinity, ratio: -.infinity, tiny: 1e300, label: "", flag: false, missing: 7),
        Sample(counts: [2], offset: 0, share: -0.0, ratio: 1e20, tiny: 0x1p-53, label: "x", flag: true, missing: -1),
    ])
    func everyValueReadsBackExactly(sample: Sample) throws {
        let figures = try AnyCheckFigures(sample)
        #expect(figures.decode(Sample.self) == sample)
        #expect(figures.decode(Other.self) == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let bytes = try encoder.encode(figures)
        let read = try JSONDecoder().decode(AnyCheckFigures.self, from: bytes)
        #expect(read == figures)
        #expect(try encoder.encode(read) == bytes)
    }

    @Test func textThatAReportReadsAsANumberStaysText() throws {
        // A report's decoder reads "NaN" and "Infinity" strings as numbers; a label spelt so is still a label.
        let sample = Sample(
            counts: [1], offset: 1, share: .nan, ratio: .infinity, tiny: 1, label: "NaN", flag: true, missing: nil)
        let figures = try AnyCheckFigures(sample)
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        encoder.outputFormatting = .sortedKeys
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        for label in ["NaN", "Infinity", "-Infinity", "inf", "nan"] {
            var labelled = sample
            labelled.label = label
            let bytes = try encoder.encode(try AnyCheckFigures(labelled))
            let read = try decoder.decode(AnyCheckFigures.self, from: bytes)
            #expect(read.decode(Sample.self)?.label == label)
            #expect(try encoder.encode(read) == bytes)
        }
        #expect(figures.decode(Sample.self)?.share.isNaN == true && figures.decode(Sample.self)?.ratio == .infinity)
    }

    @Test func figuresOfAnotherShapeUnderTheSameKeyDoNotDecode() throws {
        struct Renamed: CheckFigures {
            static let key = "other"
            var total: UInt64
        }
        let figures = try AnyCheckFigures(Other(counts: [1, 2]))
        #expect(figures.decode(Renamed.self) == nil)
        #expect(figures.decode(Other.self) == Other(counts: [1, 2]))
    }

    @Test func aKeyNamesItsFiguresAndArguments() {
        let key = CheckKey(ItemsDrawableCheck.self, arguments: ["banner"])
        #expect(key == CheckKey(name: "items-drawable", arguments: ["banner"]))
        #expect(key != CheckKey(ItemsDrawableCheck.self))
    }
}
