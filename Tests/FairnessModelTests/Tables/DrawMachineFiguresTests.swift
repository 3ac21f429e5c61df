import BigInt
import Foundation
import Testing

@testable import FairnessModel

/// The three reference draws with memory against `make_table_reference.py` (Python fractions, other
/// methods: survival products, convolution, Cramer's rule, enumeration of every order of a stock cycle).
@Suite("Exact figures of draws with memory")
struct DrawMachineFiguresTests {
    struct Reference: Decodable {
        struct Banner: Decodable {
            let baseRate, consolidatedTopRate, featuredRate, topMean, featuredMean, topPmf90: String
            let topMedian, topP90, topP99, topWorst, featuredMedian, featuredP99, featuredWorst: Int
            let topPmfFirst3: [String]
        }
        struct NoRepeat: Decodable { let items, longRunRates, firstDraw: [String] }
        struct Stock: Decodable { let longRunRates, grandPosition: [String]; let grandMean: String }
        let banner: Banner
        let noRepeat: NoRepeat
        let stock: Stock
    }

    static func reference() throws -> Reference {
        let url = try #require(Bundle.module.url(forResource: "table_reference", withExtension: "json", subdirectory: "Fixtures"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Reference.self, from: Data(contentsOf: url))
    }

    static func f(_ text: String) -> ExactFraction { ExactFraction(text: text)! }

    /// The 0.6% / 1.6% / 90 banner with a featured 50/50.
    static let banner = try! DrawMachine(
        table: PrizeTable(items: [
            .init(label: "featured-5", weight: f("0.3%")), .init(label: "standard-5", weight: f("0.3%")),
            .init(label: "four-star", weight: f("5.1%")), .init(label: "three-star", weight: f("94.3%")),
        ]),
        memory: DrawMemory(
            pity: .init(top: [0, 1], softFrom: 74, step: f("6%"), hard: 90), guarantee: .init(featured: 0, chance: f("1/2"))))

    @Test func theBannersFiguresEqualTheIndependentFractions() throws {
        let reference = try Self.reference().banner
        let machine = Self.banner
        #expect(machine.states.count == 180)
        #expect(ExactFraction.sum([0, 1].map { machine.states[0].odds[$0] }) == Self.f(reference.baseRate))
        let figures = DrawMachineFigures(machine)
        #expect(figures.method == .renewal)
        let rates = try #require(figures.longRunRates)
        #expect(rates[0] + rates[1] == Self.f(reference.consolidatedTopRate))
        #expect(rates[0] == Self.f(reference.featuredRate))
        #expect(ExactFraction.sum(rates) == .one)
        let top = try #require(figures.untilTop)
        #expect(top.mean == Self.f(reference.topMean))
        #expect(top.median == reference.topMedian && top.percentile90 == reference.topP90 && top.percentile99 == reference.topP99)
        #expect(top.worst == reference.topWorst)
        #expect(top.probabilities.prefix(3).map(\.description) == reference.topPmfFirst3.map { Self.f($0).description })
        let featured = try #require(figures.untilFeatured)
        #expect(featured.mean == Self.f(reference.featuredMean))
        #expect(featured.median == reference.featuredMedian && featured.percentile99 == reference.featuredP99)
        #expect(featured.worst == reference.featuredWorst)
        // Published: 1.6% consolidated, to the 0.1% it is printed to.
        #expect(abs((rates[0] + rates[1]).double - 0.016) < 0.0005)
    }

    @Test func aNoRepeatTablesLongRunEqualsTheIndependentFractions() throws {
        let reference = try Self.reference().noRepeat
        let machine = try DrawMachine(
            table: PrizeTable(items: reference.items.enumerated().map { .init(label: $1, weight: ExactFraction([5, 3, 2][$0])) }),
            memory: DrawMemory(noRepeat: 1))
        #expect(machine.states.count == 4)
        #expect(machine.states[0].odds == reference.firstDraw.map(Self.f))
        // Never the same item twice: the state "last drew gold" gives gold probability 0.
        #expect(machine.states[machine.states[0].next[0]].odds[0] == .zero)
        let figures = DrawMachineFigures(machine)
        #expect(figures.method == .exactSolve)
        #expect(figures.longRunRates == reference.longRunRates.map(Self.f))
    }

    @Test func aStockDrawsFiguresEqualTheIndependentFractions() throws {
        let reference = try Self.reference().stock
        var memory = DrawMemory(stock: .init(weighting: .byWeight, refillWhenEmpty: true))
        memory.pity = nil
        var machine = try DrawMachine(
            table: PrizeTable(items: [
                .init(label: "grand", weight: ExactFraction(1), stock: 1), .init(label: "mid", weight: ExactFraction(3), stock: 2),
                .init(label: "small", weight: ExactFraction(6), stock: 5),
            ]), memory: memory)
        machine.top = [0]
        let figures = DrawMachineFigures(machine)
        #expect(figures.method == .renewal)
        #expect(figures.longRunRates == reference.longRunRates.map(Self.f))
        let grand = try #require(figures.untilTop)
        #expect(grand.worst == 8)
        #expect(grand.probabilities == reference.grandPosition.map(Self.f))
        #expect(grand.mean == Self.f(reference.grandMean))
    }

    @Test func aTableWithoutMemoryIsGeometric() throws {
        var machine = try DrawMachine(
            table: PrizeTable(items: [.init(label: "rare", weight: Self.f("1/100")), .init(label: "common", weight: Self.f("99/100"))]))
        machine.top = [0]
        let figures = DrawMachineFigures(machine)
        let rare = try #require(figures.untilTop)
        #expect(rare.mean == ExactFraction(100))
        #expect(rare.worst == nil)
        // P(N ≤ n) = 1 − 0.99ⁿ: the median 69, the 90th percentile 230, the 99th 459.
        #expect(rare.median == 69 && rare.percentile90 == 230 && rare.percentile99 == 459)
    }

    /// A daily chest: draw 1 of the day gives the gem 1/10, draws 2–3 1/20, later draws 1/50. Draws until the
    /// gem from a new day: E[N] = Σₙ P(N > n) = 1 + 9/10 + 9/10·19/20 + 9/10·(19/20)²·50 = 17347/400.
    @Test func aDailyScheduleCountsDrawsOfTheDay() throws {
        let table = PrizeTable(items: [.init(label: "gem", weight: ExactFraction(1)), .init(label: "dust", weight: ExactFraction(49))])
        let schedule = DrawMemory.Schedule(
            period: .day,
            entries: [
                .init(draws: 2...3, weights: [ExactFraction(1), ExactFraction(19)]),
                .init(draws: 1...1, weights: [ExactFraction(1), ExactFraction(9)]),
            ])
        var machine = try DrawMachine(table: table, memory: DrawMemory(schedule: schedule))
        #expect(machine.states.map(\.name) == ["day draw 1", "day draw 2", "day draw 3", "day draw 4+"])
        #expect(machine.states.map(\.next) == [[1, 1], [2, 2], [3, 3], [3, 3]])
        #expect(machine.states[0].odds[0] == ExactFraction(1, 10) && machine.states[3].odds[0] == ExactFraction(1, 50))
        machine.top = [0]
        #expect(DrawMachineFigures(machine).untilTop?.mean == ExactFraction(17347, 400))
        let overlapping = DrawMemory.Schedule(
            period: .session, entries: [.init(draws: 1...3, weights: [.one, .one]), .init(draws: 3...3, weights: [.one, .one])])
        #expect(throws: DrawMachineError("memory.schedule.draws[1].draws", "overlaps the draws of entry 0")) {
            try DrawMachine(table: table, memory: DrawMemory(schedule: overlapping))
        }
        #expect(throws: DrawMachineError.self) {
            try DrawMachine(table: table, memory: DrawMemory(noRepeat: 1, schedule: schedule))
        }
    }

    /// A state play leaves for good weighs its share of a session's draws: under no-repeat the fresh state is
    /// the first draw only (1/N of a session of N draws); the others keep their long-run shares. For the daily
    /// chest, draws 1, 2 and 3 of the day are 1/N each, and every later draw is the last state's.
    @Test func statesPlayLeavesWeighTheirShareOfASession() throws {
        let fruit = try DrawMachine(
            table: PrizeTable(items: ["apple", "pear", "banana"].map { .init(label: $0, weight: .one) }), memory: DrawMemory(noRepeat: 1))
        let weights = try #require(DrawMachineFigures(fruit).sessionWeights(fruit, sessionDraws: 10))
        #expect(weights[0] == 0.1)
        #expect(weights.dropFirst().allSatisfy { abs($0 - 1.0 / 3) < 1e-15 })
        let table = PrizeTable(items: [.init(label: "gem", weight: ExactFraction(1)), .init(label: "dust", weight: ExactFraction(49))])
        let daily = try DrawMachine(
            table: table,
            memory: DrawMemory(
                schedule: .init(period: .day, entries: [.init(draws: 1...3, weights: [ExactFraction(1), ExactFraction(9)])])))
        let days = try #require(DrawMachineFigures(daily).sessionWeights(daily, sessionDraws: 1_000))
        #expect(days.prefix(3).allSatisfy { abs($0 - 0.001) < 1e-18 } && days[3] == 1, "\(days)")
    }

    /// A ramp written as a table: the listed draws take its rates, the hard limit its certainty.
    @Test func aPityRampWrittenAsATable() throws {
        let table = PrizeTable(items: [.init(label: "top", weight: ExactFraction(1)), .init(label: "rest", weight: ExactFraction(99))])
        let machine = try DrawMachine(
            table: table, memory: DrawMemory(pity: .init(top: [0], hard: 5, rates: [3: ExactFraction(1, 4), 4: ExactFraction(1, 2)])))
        #expect(
            machine.states.map { $0.odds[0] } == [
                ExactFraction(1, 100), ExactFraction(1, 100), ExactFraction(1, 4), ExactFraction(1, 2), .one,
            ])
        #expect(throws: DrawMachineError.self) {
            try DrawMachine(table: table, memory: DrawMemory(pity: .init(top: [0], hard: 5, rates: [3: ExactFraction(3, 2)])))
        }
    }

    /// A sold-out prize's weight goes to "no prize": the prizes left keep their odds.
    @Test func aSoldOutPrizesOddsGoToNoPrize() throws {
        let table = PrizeTable(items: [
            .init(label: "bag", weight: ExactFraction(1), stock: 1), .init(label: "fan", weight: ExactFraction(1), stock: 1),
            .init(label: "none", weight: ExactFraction(2)),
        ])
        let machine = try DrawMachine(table: table, memory: DrawMemory(stock: .init(refillWhenEmpty: true, soldOutTo: 2)))
        // After the bag: the fan keeps 1/4, no prize takes the bag's 1/4.
        let bagGone = machine.states[machine.states[0].next[0]]
        #expect(bagGone.odds == [.zero, ExactFraction(1, 4), ExactFraction(3, 4)])
        #expect(throws: DrawMachineError.self) {
            try DrawMachine(table: table, memory: DrawMemory(stock: .init(weighting: .byUnits, soldOutTo: 2)))
        }
        #expect(throws: DrawMachineError.self) { try DrawMachine(table: table, memory: DrawMemory(stock: .init(soldOutTo: 0))) }
    }

    @Test func fractionsReadAsWritten() {
        #expect(ExactFraction(text: "0.006") == ExactFraction(3, 500))
        #expect(ExactFraction(text: "0.6%") == ExactFraction(3, 500))
        #expect(ExactFraction(text: "3/500") == ExactFraction(3, 500))
        #expect(ExactFraction(text: "1e-3") == ExactFraction(1, 1000))
        #expect(ExactFraction(text: "abc") == nil && ExactFraction(text: "1/0") == nil && ExactFraction(text: "") == nil)
        #expect(ExactFraction(exactly: 0.1).denominator == 36_028_797_018_963_968)
        #expect(ExactFraction(3, 500).double == 0.006)
        #expect(ExactFraction(exactly: -2.5e-300).double == -2.5e-300)
    }

    @Test func memoryThatMakesNoMachineIsRefusedNamingTheField() {
        let table = PrizeTable(items: [.init(label: "a", weight: .one), .init(label: "b", weight: .one)])
        #expect(throws: DrawMachineError("memory.no-repeat", "must be from 1 to 1: the items left must never run out")) {
            try DrawMachine(table: table, memory: DrawMemory(noRepeat: 2))
        }
        #expect(throws: DrawMachineError.self) { try DrawMachine(table: table, memory: DrawMemory(guarantee: .init(featured: 0))) }
        #expect(throws: DrawMachineError.self) { try DrawMachine(table: table, memory: DrawMemory(pity: .init(top: [0]))) }
        #expect(throws: DrawMachineError.self) {
            try DrawMachine(table: table, memory: DrawMemory(pity: .init(top: [0], hard: 3), noRepeat: 1))
        }
    }
}

/// Hostile tables: a memory whose machine would hold too many exact odds is refused at once, naming the
/// field, however large its numbers.
@Suite("Draw machines too large to hold")
struct DrawMachineLimitTests {
    @Test func largeTablesWithMemoryAreRefusedNotBuilt() throws {
        let many = PrizeTable(items: (0..<10_000).map { .init(label: "item-\($0)", weight: .one) })
        #expect(throws: DrawMachineError.self) { try DrawMachine(table: many, memory: DrawMemory(noRepeat: 1)) }
        #expect(throws: DrawMachineError.self) { try DrawMachine(table: many, memory: DrawMemory(pity: .init(top: [0], hard: 200))) }
        let stocked = PrizeTable(items: (0..<10_000).map { .init(label: "item-\($0)", weight: .one, stock: 1_000_000) })
        #expect(throws: DrawMachineError.self) { try DrawMachine(table: stocked, memory: DrawMemory(stock: .init())) }
        // A large table without memory is one state.
        #expect(try DrawMachine(table: many).states.count == 1)
    }
}

/// A fraction's `Double` is the nearest one: IEEE division of two integers below 2⁵³ is correctly rounded,
/// so it is the reference; beyond, ties, the ends of a double's range, every double's exact value read back,
/// and one value from Python's `fractions` (in its comment).
@Suite("An exact fraction's nearest double")
struct ExactFractionRoundingTests {
    @Test func smallQuotientsEqualIEEEDivision() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for _ in 0..<20_000 {
            let n = Int64(next() >> (11 + next() % 40)), d = Int64(max(1, next() >> (11 + next() % 40)))
            let exact = ExactFraction.ratio(BigInt(n), BigInt(d))
            #expect(exact == Double(n) / Double(d), "\(n)/\(d)")
            #expect(ExactFraction.ratio(BigInt(-n), BigInt(d)) == -(Double(n) / Double(d)))
        }
        #expect(ExactFraction(text: "2%")!.double == 0.02)
        #expect(ExactFraction(text: "0.6%")!.double == 0.006)
    }

    @Test func largeQuotientsRoundOnce() {
        // (2⁶⁰ + 1) / 2⁶⁰ lies just above 1: its nearest double is 1 (the next is 1 + 2⁻⁵²).
        #expect(ExactFraction.ratio(BigInt(1) << 60 + 1, BigInt(1) << 60) == 1)
        // (2⁵³ + 1) / 2⁵³ is a tie between 1 and 1 + 2⁻⁵²: to even, 1; one part in 2¹⁰⁰ more rounds up.
        #expect(ExactFraction.ratio(BigInt(1) << 53 + 1, BigInt(1) << 53) == 1)
        #expect(ExactFraction.ratio((BigInt(1) << 153) + (BigInt(1) << 100) + 1, BigInt(1) << 153) == 1 + 0x1p-52)
        // 1/3 at any scale: 0.333… rounds down to 0x1.5555555555555p-2.
        #expect(ExactFraction.ratio(BigInt(1) << 400, BigInt(3) << 400) == 1.0 / 3.0)
        // The least subnormal, a tie below it (to even: 0), and past the largest double.
        #expect(ExactFraction.ratio(1, BigInt(1) << 1074) == 0x1p-1074)
        #expect(ExactFraction.ratio(1, BigInt(1) << 1075) == 0)
        #expect(ExactFraction.ratio(BigInt(1) << 1024, 1) == .infinity && ExactFraction.ratio(-(BigInt(1) << 1024), 1) == -.infinity)
        #expect(ExactFraction.ratio(-(BigInt(1) << 400), BigInt(3) << 400) == -1.0 / 3.0)
        // 500⁹⁰ in the denominator (a pity ramp's survival): 1/500⁹⁰ = 2⁻⁹⁰ · 250⁻⁹⁰, far below 1e-242.
        // Python: float(Fraction(1, 500**90)) == 1.2379400392853803e-243.
        #expect(ExactFraction.ratio(1, BigInt(500).power(90)) == 1.2379400392853803e-243)
    }

    @Test func everyNormalDoubleReadsBackAsItself() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Any normal exponent (1 ... 2046), any significand.
            let x = Double(bitPattern: (1 + (state >> 52) % 2046) << 52 | (state & 0x000F_FFFF_FFFF_FFFF))
            #expect(ExactFraction(exactly: x).double == x, "\(x)")
            #expect(ExactFraction(exactly: -x).double == -x)
        }
    }
}

/// An exact fraction read from a file: brought to lowest terms with a positive denominator, as
/// `ExactFraction.init(_:_:)` builds it, and a denominator of 0 refused with a decoding error rather than a
/// trap (a report's `audit.json` is input a verification must survive).
@Suite("An exact fraction read from a file")
struct ExactFractionDecodingTests {
    /// The fields as a file holds them, unchecked.
    struct Written: Encodable {
        var numerator: BigInt
        var denominator: BigInt
    }

    static func read(_ numerator: BigInt, _ denominator: BigInt) throws -> ExactFraction {
        try JSONDecoder().decode(ExactFraction.self, from: JSONEncoder().encode(Written(numerator: numerator, denominator: denominator)))
    }

    @Test func readsInLowestTermsAndRefusesAZeroDenominator() throws {
        #expect(try Self.read(2, -4) == ExactFraction(-1, 2))
        #expect(try Self.read(2, -4).denominator == 2)
        #expect(try Self.read(0, 7) == .zero)
        #expect(try Self.read(19, 20).description == "19/20")
        #expect(throws: DecodingError.self) { try Self.read(1, 0) }
        // What a fraction writes reads back as itself.
        let value = ExactFraction(BigInt(-355), 113)
        #expect(try JSONDecoder().decode(ExactFraction.self, from: JSONEncoder().encode(value)) == value)
    }
}
