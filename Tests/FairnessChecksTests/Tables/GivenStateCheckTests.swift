import FairnessChecks
import FairnessModel
import Testing

/// Prize draws written as a game's developer would write them (not from the toolkit's machine), correct
/// and with the bugs such code ships, checked state by state against their declarations.
@Suite("A game's own draw given its declared state")
struct GivenStateCheckTests {
    static func f(_ text: String) -> ExactFraction { ExactFraction(text: text)! }

    /// The 0.6% / soft 74 / hard 90 banner with a featured 50/50, as a developer writes it: one roll per
    /// draw, a five-star below the pity-adjusted rate (the featured one in its lower half unless
    /// guaranteed), the rest shared by weight.
    final class Banner: PrizeDrawSession {
        enum Bug { case none, pityNeverReset, fourStarResetsPity, guaranteeForgotten }
        let bug: Bug
        var pity = 0, guaranteed = false
        init(_ bug: Bug = .none) { self.bug = bug }

        func reset() { (pity, guaranteed) = (0, false) }
        func rate() -> Double {
            let n = pity + 1
            if n >= 90 { return 1 }
            return n >= 74 ? min(1, 0.006 + 0.06 * Double(n - 73)) : 0.006
        }
        func roll(_ u: Double) -> (String, pity: Int, guaranteed: Bool) {
            let p = rate()
            if u < p {
                let featured = guaranteed || u < p / 2
                let next = bug == .pityNeverReset ? pity + 1 : 0
                let keep = bug == .guaranteeForgotten ? false : !featured
                return (featured ? "featured-5" : "standard-5", next, keep)
            }
            let rest = (u - p) / (1 - p)
            if rest < 51.0 / 994 { return ("four-star", bug == .fourStarResetsPity ? 0 : pity + 1, guaranteed) }
            return ("three-star", pity + 1, guaranteed)
        }
        func draw(_ draws: [Double]) -> [DrawPick] {
            draws.map { u in
                let (item, pity, guaranteed) = roll(u)
                (self.pity, self.guaranteed) = (min(pity, 89), guaranteed)
                return .item(item)
            }
        }
        func peek(_ draws: [Double]) -> [DrawPick] { draws.map { .item(roll($0).0) } }
    }

    static let bannerMachine = try! DrawMachine(
        table: PrizeTable(items: [
            .init(label: "featured-5", weight: f("0.3%")), .init(label: "standard-5", weight: f("0.3%")),
            .init(label: "four-star", weight: f("5.1%")), .init(label: "three-star", weight: f("94.3%")),
        ]),
        memory: DrawMemory(
            pity: .init(top: [0, 1], softFrom: 74, step: f("6%"), hard: 90), guarantee: .init(featured: 0, chance: f("1/2"))))

    static func check(_ session: any PrizeDrawSession, _ machine: DrawMachine) throws -> GivenStateCheck {
        try GivenStateCheck(session, machine: machine, longRun: DrawMachineFigures(machine).stateShares)
    }

    @Test func aCorrectBannerMatchesEveryStateAndTransition() throws {
        let check = try Self.check(Banner(), Self.bannerMachine)
        #expect(check.unstable == nil)
        #expect(check.statesChecked == 180 && check.unreached.isEmpty)
        #expect(check.gaps.isEmpty, "\(check.gaps.prefix(2))")
        #expect(check.wrongTransitions.isEmpty, "\(check.wrongTransitions.prefix(2))")
        // Four items in 89 states of each half, less standard-5 once guaranteed; five-stars alone at the hard limit.
        #expect(check.transitionsChecked == 89 * 4 + 2 + 89 * 3 + 1)
        #expect(check.oddsShare == 0 && check.transitionShare == 0)
    }

    @Test func aBannerThatForgetsItsGuaranteeDrawsWrongOddsInTheGuaranteedStates() throws {
        let check = try Self.check(Banner(.guaranteeForgotten), Self.bannerMachine)
        // Reached by losing the 50/50, the guaranteed states show the standard five-star on half the top draws.
        #expect(check.gaps.count == 90 && check.gaps.allSatisfy { $0.state.hasPrefix("guaranteed") })
        let worst = try #require(check.gaps.first { $0.state == "guaranteed, pity 0" })
        #expect(Set(worst.items.map(\.label)) == ["featured-5", "standard-5"])
        #expect(abs(worst.totalVariation - 0.003) < 1e-12)
        // Each standard five-star it draws there is one the state forbids: in the long run, half the top draws
        // of the guaranteed states, and those are as many as the lost 50/50s, the standard five-star's rate.
        let rates = try #require(DrawMachineFigures(Self.bannerMachine).longRunRates)
        #expect(abs((check.forbiddenShare ?? 0) - rates[1].double / 2) < 1e-12, "\(check.forbiddenShare ?? -1)")
    }

    /// "Never the same image twice in a row" whose memory is dead (a refactor assigned the last index to a
    /// parameter): every draw is uniform over the four, so a quarter of the draws repeat what the state forbids.
    @Test func aNoRepeatWhoseMemoryIsDeadDrawsWhatItsStateForbids() throws {
        final class Images: PrizeDrawSession {
            func reset() {}
            func draw(_ draws: [Double]) -> [DrawPick] { peek(draws) }
            func peek(_ draws: [Double]) -> [DrawPick] { draws.map { .item("img\(min(3, Int($0 * 4)))") } }
        }
        let machine = try DrawMachine(
            table: PrizeTable(items: (0..<4).map { .init(label: "img\($0)", weight: .one) }), memory: DrawMemory(noRepeat: 1))
        let check = try Self.check(Images(), machine)
        #expect(check.gaps.count == 4 && check.invalidShare == 0)
        #expect(abs((check.forbiddenShare ?? 0) - 0.25) < 1e-12, "\(check.forbiddenShare ?? -1)")
    }

    @Test(arguments: [Banner.Bug.pityNeverReset, .fourStarResetsPity])
    func aBannerWhoseMemoryIsWrongFailsItsTransitions(_ bug: Banner.Bug) throws {
        let check = try Self.check(Banner(bug), Self.bannerMachine)
        let machine = Self.bannerMachine
        let figures = DrawMachineFigures(machine)
        let shares = try #require(figures.stateShares)
        let guaranteed = Set(machine.states.indices.filter { machine.states[$0].name.hasPrefix("guaranteed") })
        // The draws that go wrong, and so their long-run share, from the bug's own rule and the machine alone.
        var wrong: [(state: Int, item: Int)] = []
        switch bug {
        case .pityNeverReset:
            // Every five-star leaves the counter running. A lost 50/50 leads to the guaranteed states, which are
            // measured through it (so the walk from it agrees with them): they show the fault as their own odds
            // from the 72nd draw on, where the game's counter reaches the soft pity one draw early; from them,
            // the featured item that should reset the counter is a wrong draw.
            // The lost 50/50 from a fresh player is the path to the guaranteed states, so nothing checks it
            // against them; the last guaranteed state is never reached (the game's counter is one ahead).
            wrong =
                machine.states.indices.filter { !guaranteed.contains($0) }.flatMap { [($0, 0), ($0, 1)] }.filter { $0 != (0, 1) }
                + guaranteed.sorted().dropLast().map { ($0, 0) }
            #expect(Set(check.gaps.map(\.state)) == Set((72..<90).map { "guaranteed, pity \($0)" }).subtracting(["guaranteed, pity 89"]))
        case .fourStarResetsPity:
            wrong = machine.states.indices.filter { machine.states[$0].odds[2] > .zero }.map { ($0, 2) }
            #expect(check.gaps.isEmpty, "\(check.gaps.prefix(2))")
        case .none, .guaranteeForgotten: break
        }
        let found = Set(check.wrongTransitions.map { "\($0.state)|\($0.item)" })
        let declared = Set(wrong.map { "\(machine.states[$0.state].name)|\(machine.labels[$0.item])" })
        #expect(
            found == declared,
            "found only: \(found.subtracting(declared).sorted().prefix(5)); missed: \(declared.subtracting(found).sorted().prefix(5))")
        if bug == .fourStarResetsPity {
            // Every four-star resets the counter: the share of draws that go wrong is the four-star's long-run
            // rate, exactly (each state's share adds an error of a few 2⁻⁵³).
            let expected = wrong.reduce(0.0) { $0 + shares[$1.state] * machine.states[$1.state].odds[$1.item].double }
            #expect(abs((check.transitionShare ?? -1) - expected) < 1e-10)
            #expect(abs((check.transitionShare ?? -1) - figures.longRunRates![2].double) < 1e-10)
        }
    }

    /// A loot table of integer weights 50/30/15/5 searched by cumulative weight.
    final class Loot: PrizeDrawSession {
        let lessOrEqual: Bool
        init(lessOrEqual: Bool) { self.lessOrEqual = lessOrEqual }
        func reset() {}
        func pick(_ u: Double) -> DrawPick {
            let weights = [("sword", 50), ("shield", 30), ("gem", 15), ("crown", 5)]
            let r = Int(u * 100)
            var total = 0
            for (label, weight) in weights {
                total += weight
                if lessOrEqual ? r <= total : r < total { return .item(label) }
            }
            return .trap
        }
        func draw(_ draws: [Double]) -> [DrawPick] { draws.map(pick) }
        func peek(_ draws: [Double]) -> [DrawPick] { draws.map(pick) }
    }

    static let lootMachine = try! DrawMachine(
        table: PrizeTable(
            items: [("sword", 50), ("shield", 30), ("gem", 15), ("crown", 5)].map { .init(label: $0, weight: ExactFraction($1)) }))

    @Test func aCumulativeSearchWithLessOrEqualIsOffByExactlyOnePercent() throws {
        #expect(try Self.check(Loot(lessOrEqual: false), Self.lootMachine).gaps.isEmpty)
        let check = try Self.check(Loot(lessOrEqual: true), Self.lootMachine)
        // r = ⌊100u⌋ ≤ 50 gives a sword on 51 of 100 values, shields on 30, gems on 15, crowns on 4.
        let gap = try #require(check.gaps.first)
        #expect(gap.items.map(\.label) == ["sword", "crown"])
        #expect(abs((check.oddsShare ?? 0) - 0.01) < 1e-12)
    }

    /// Five prizes drawn uniformly with `Random.Range(0, n - 1)`, whose upper bound is exclusive.
    final class ExclusiveBound: PrizeDrawSession {
        func reset() {}
        func pick(_ u: Double) -> DrawPick { .item("prize-\(Int(u * Double(5 - 1)))") }
        func draw(_ draws: [Double]) -> [DrawPick] { draws.map(pick) }
        func peek(_ draws: [Double]) -> [DrawPick] { draws.map(pick) }
    }

    @Test func anExclusiveBoundNeverDrawsTheLastItem() throws {
        let machine = try DrawMachine(table: PrizeTable(items: (0..<5).map { .init(label: "prize-\($0)", weight: .one) }))
        let check = try Self.check(ExclusiveBound(), machine)
        #expect(check.itemsNeverDrawn == ["prize-4"])
        // Four items at 1/4 instead of 1/5 and one at 0: half of 4 · 1/20 + 1/5.
        #expect(abs((check.oddsShare ?? 0) - 0.2) < 1e-12)
    }

    /// "Never the same prize twice": the prizes without the last one, weighed by the full list's weights
    /// when `wrongList` (the weights no longer line up with the prizes).
    final class NoRepeat: PrizeDrawSession {
        let wrongList: Bool
        var last: String?
        let prizes = [("gold", 5.0), ("silver", 3.0), ("bronze", 2.0)]
        init(wrongList: Bool) { self.wrongList = wrongList }
        func reset() { last = nil }
        func pick(_ u: Double) -> String {
            let left = prizes.filter { $0.0 != last }
            let weights = wrongList ? Array(prizes.prefix(left.count).map(\.1)) : left.map(\.1)
            var r = u * weights.reduce(0, +)
            for (prize, weight) in zip(left.map(\.0), weights) {
                if r < weight { return prize }
                r -= weight
            }
            return left.last!.0
        }
        func draw(_ draws: [Double]) -> [DrawPick] {
            draws.map {
                last = pick($0)
                return .item(last!)
            }
        }
        func peek(_ draws: [Double]) -> [DrawPick] { draws.map { .item(pick($0)) } }
    }

    @Test func aNoRepeatRerollFromTheWrongListFails() throws {
        let machine = try DrawMachine(
            table: PrizeTable(items: [("gold", 5), ("silver", 3), ("bronze", 2)].map { .init(label: $0, weight: ExactFraction($1)) }),
            memory: DrawMemory(noRepeat: 1))
        let correct = try Self.check(NoRepeat(wrongList: false), machine)
        #expect(correct.gaps.isEmpty && correct.wrongTransitions.isEmpty && correct.statesChecked == 4)
        let wrong = try Self.check(NoRepeat(wrongList: true), machine)
        // After silver: gold and bronze weighed 5 and 3 (not 5 and 2): gold 5/8 instead of 5/7.
        let gap = try #require(wrong.gaps.first { $0.state == "last drew silver" })
        let gold = try #require(gap.items.first { $0.label == "gold" })
        #expect(abs(gold.game - 5.0 / 8) < 1e-12 && abs(gold.declared - 5.0 / 7) < 1e-12)
    }

    /// The no-repeat game with a screen saying what was drawn last; `bronzeShownAsGold` shows the wrong
    /// prize after bronze (a lookup one place off).
    final class ShownNoRepeat: PrizeDrawSession {
        let game = NoRepeat(wrongList: false)
        let bronzeShownAsGold: Bool
        init(bronzeShownAsGold: Bool) { self.bronzeShownAsGold = bronzeShownAsGold }
        func reset() { game.reset() }
        func draw(_ draws: [Double]) -> [DrawPick] { game.draw(draws) }
        func peek(_ draws: [Double]) -> [DrawPick] { game.peek(draws) }
        func shownState() -> String? {
            guard let last = game.last else { return "fresh" }
            return "last drew " + (bronzeShownAsGold && last == "bronze" ? "gold" : last)
        }
    }

    /// What the game shows is checked in every state: shown right, nothing is found; bronze shown as gold
    /// is one state misshown, on the long-run share of draws made after bronze, bronze's rate 8/31 (by hand:
    /// the chain's stationary law for weights 5, 3, 2 without repeats).
    @Test func aScreenShowingTheWrongLastPrizeIsFoundWithItsShare() throws {
        let machine = try DrawMachine(
            table: PrizeTable(items: [("gold", 5), ("silver", 3), ("bronze", 2)].map { .init(label: $0, weight: ExactFraction($1)) }),
            memory: DrawMemory(noRepeat: 1))
        let right = try Self.check(ShownNoRepeat(bronzeShownAsGold: false), machine)
        #expect(right.statesShown == 4 && right.misshown.isEmpty && right.misshownShare == 0, "\(machine.states.map(\.name))")
        let wrong = try Self.check(ShownNoRepeat(bronzeShownAsGold: true), machine)
        #expect(wrong.misshown.map { [$0.state, $0.shown] } == [["last drew bronze", "last drew gold"]])
        #expect(abs((wrong.misshownShare ?? -1) - 8.0 / 31) < 1e-12)
        // A game that does not say which state it shows is not asked.
        #expect(try Self.check(NoRepeat(wrongList: false), machine).statesShown == 0)
    }

    /// A game that draws from a random source of its own, not the u it is given.
    final class OwnRandom: PrizeDrawSession {
        var generator = SystemRandomNumberGenerator()
        func reset() {}
        func draw(_ draws: [Double]) -> [DrawPick] { peek(draws) }
        func peek(_ draws: [Double]) -> [DrawPick] { draws.map { _ in .item(Bool.random(using: &generator) ? "sword" : "shield") } }
    }

    @Test func aDrawThatIgnoresItsUIsNotPartitioned() throws {
        let check = try Self.check(OwnRandom(), Self.lootMachine)
        #expect(check.unstable != nil)
    }
}
