import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessStatistics
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import TestSupport
import Testing
import _FairnessAuditSupport

/// Logs of prize draws: every player's state rebuilt from the declared rules, each draw tested against its
/// state's odds. The banner logs come from the game's own Python code (the star-banner probe, fair and with
/// three planted defects, `Examples/logs/make_banner_logs.py`); what each defect should show is computed
/// apart by dynamic programming over the game's and the declared state
/// (`Fixtures/make_banner_log_expected.py`, committed with its output).
@Suite("Prize draw logs")
struct PrizeDrawLogTests {
    struct Expected: Decodable {
        struct Game: Decodable {
            var impossible: Double
            var shareOff: Double
            /// Each item's expected share of the draws the game makes (items in the banner's order).
            var drawn: [Double]
            /// Each published state's share of its draws off its odds.
            var stateOff: [String: Double]
            /// Each of four windows of a quarter of the rounds: the share of its draws off.
            var windowOff: [Double]
            enum CodingKeys: String, CodingKey {
                case impossible, drawn
                case shareOff = "share_off"
                case stateOff = "state_off"
                case windowOff = "window_off"
            }
        }
        var drawsPerPlayer: Int
        var games: [String: Game]
        enum CodingKeys: String, CodingKey {
            case drawsPerPlayer = "draws_per_player"
            case games
        }
    }

    static let expected: Expected = {
        let url = Bundle.module.url(forResource: "banner_log_expected", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(Expected.self, from: Data(contentsOf: url))
    }()

    /// The four banner logs, written once: 400 players × 500 draws each.
    static let logs: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("banner-logs-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", packageRoot.appendingPathComponent("Examples/logs/make_banner_logs.py").path, folder.path, "--players", "400",
            "--draws", "\(expected.drawsPerPlayer)", "--seed", "7",
        ]
        try! process.run()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "make_banner_logs.py failed")
        return folder
    }()

    static func audit(_ path: String, _ model: LogModel, window: Int? = nil) throws -> AuditReport {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var options = LogOptions()
        options.file = path
        if let window { options.window = .lines(window) }
        return try OutcomeLog.audit(
            descriptor: descriptor, model: model, options: options, settings: AuditSettings(run: RunSettings(trials: 1, seed: 0)))
    }

    static func banner() throws -> LogModel {
        try SpecParser.parse(contentsOf: packageRoot.appendingPathComponent("Examples/specs/star-banner.yaml")).logModel()
    }

    static func shareOff(_ report: AuditReport) -> ShareOffInterval? {
        guard let fit = report.checks.first(where: { $0.check == .outcomes(versus: .eachDrawState, statistic: .pearson) }) else {
            return nil
        }
        var detail = fit.detailFacts
        if case .stateOff(_, let inner) = detail { detail = inner }
        guard case .shareOff(let interval, _, _) = detail else { return nil }
        return interval
    }

    static func stateOff(_ report: AuditReport) -> CheckDetail.StateOff? {
        guard let fit = report.checks.first(where: { $0.check == .outcomes(versus: .eachDrawState, statistic: .pearson) }),
            case .stateOff(let states, _) = fit.detailFacts
        else { return nil }
        return states
    }

    static func impossible(_ report: AuditReport) -> CheckDetail.ImpossibleDraws? {
        guard let check = report.checks.first(where: { $0.check == .impossibleDraws }), case .impossibleDraws(let facts) = check.detailFacts
        else { return nil }
        return facts
    }

    @Test func theFairBannerPassesWithNoImpossibleDraw() throws {
        let report = try Self.audit(Self.logs.appendingPathComponent("banner-fair.csv").path, try Self.banner())
        #expect(report.gate == .pass, "\(report.checks.map { "\($0.checkName): \($0.status) \($0.detail)" })")
        #expect(Self.impossible(report)?.count == 0)
        let interval = try #require(Self.shareOff(report))
        #expect(interval.lower == 0 && interval.upper < 0.005)
        // State by state: no state's draws are off beyond their simultaneous intervals.
        let states = try #require(Self.stateOff(report))
        #expect(states.farthest == nil && states.statesVisited > 90, "\(states)")
        // Memory declared: the draws are judged given their state; no serial-independence test.
        #expect(!report.checks.contains { $0.check == .serialIndependence(.withinSessions) })
        #expect(report.subjects[0].notes.contains(.prizeDrawLogRead(lines: 200_000, players: 400, jsonLines: false, sessionColumn: true)))
    }

    /// Each planted defect fails, and every magnitude's interval holds the figure computed apart.
    @Test(arguments: ["banner-pity-not-reset.csv", "banner-guarantee-lost.csv", "banner-pity-one-late.csv"])
    func aPlantedDefectFailsWithItsShare(_ name: String) throws {
        let report = try Self.audit(Self.logs.appendingPathComponent(name).path, try Self.banner())
        let figures = try #require(Self.expected.games[name])
        #expect(report.gate == .fail)
        let fit = try #require(report.checks.first { $0.check == .outcomes(versus: .eachDrawState, statistic: .pearson) })
        #expect(fit.status == .fail)
        let interval = try #require(Self.shareOff(report))
        #expect(interval.lower <= figures.shareOff && figures.shareOff <= interval.upper, "\(interval) vs \(figures.shareOff)")
        // State by state: the state most clearly off, its interval holding that state's own figure.
        let state = try #require(Self.stateOff(report)?.farthest)
        let truth = try #require(figures.stateOff[state.name], "\(state.name)")
        #expect(state.interval.lower <= truth && truth <= state.interval.upper && state.interval.lower > 0, "\(state) vs \(truth)")
        let impossible = try #require(Self.impossible(report))
        if figures.impossible > 1e-6 {
            #expect(impossible.count > 0)
            #expect(
                impossible.lower <= figures.impossible && figures.impossible <= impossible.upper, "\(impossible) vs \(figures.impossible)")
            #expect(impossible.items.map(\.item) == ["standard-5"])
            #expect(impossible.examples.allSatisfy { $0.state.hasPrefix("guaranteed") })
        } else {
            #expect(impossible.count == 0)
        }
    }

    /// The banner's odds cut in time: from round 251 of 500 the base five-star rate is a third of the
    /// published one. In four windows of 125 rounds (50,000 lines), drift fails naming window 3 (lines
    /// 100,001–150,000), where it was planted, its share off holding the 0.4% computed apart; the windows
    /// differ given their states (homogeneity fails), so it is a drift. The fair log passes both.
    @Test func oddsCutInTimeFailDriftInTheWindowWhereTheyChanged() throws {
        let quarter = 400 * Self.expected.drawsPerPlayer / 4
        let report = try Self.audit(Self.logs.appendingPathComponent("banner-rate-cut.csv").path, try Self.banner(), window: quarter)
        let drift = try #require(report.checks.first { $0.check == .driftFirstDepartingWindow })
        #expect(drift.status == .fail, "\(drift.detail)")
        guard case .drift(let facts) = drift.detailFacts, let departing = facts.departing, let shareOff = departing.shareOff else {
            Issue.record("no departing window: \(drift.detail)")
            return
        }
        #expect(departing.window == .lines(index: 2, first: 100_001, last: 150_000, fromLine: 100_002) && facts.givenState)
        let truth = try #require(Self.expected.games["banner-rate-cut.csv"]).windowOff[2]
        #expect(shareOff.lower <= truth && truth <= shareOff.upper, "\(shareOff) vs \(truth)")
        #expect(report.checks.first { $0.check == .homogeneityAcrossWindows }?.status == .fail)
        let fair = try Self.audit(Self.logs.appendingPathComponent("banner-fair.csv").path, try Self.banner(), window: quarter)
        #expect(fair.checks.first { $0.check == .driftFirstDepartingWindow }?.status == .pass)
        #expect(fair.checks.first { $0.check == .homogeneityAcrossWindows }?.status == .pass)
    }

    /// The banner with values and a cost per draw (the star-banner spec, values added).
    static func valuedBanner() throws -> LogModel {
        var text = try String(contentsOf: packageRoot.appendingPathComponent("Examples/specs/star-banner.yaml"), encoding: .utf8)
        for (label, value) in [("featured-5", 1000), ("standard-5", 600), ("four-star", 20), ("three-star", 1)] {
            text = text.replacingOccurrences(of: "{label: \(label),", with: "{label: \(label), value: \(value),")
        }
        text += "  cost-per-draw: 20\n"
        let spec = FileManager.default.temporaryDirectory.appendingPathComponent("valued-\(UUID().uuidString).yaml")
        try text.write(to: spec, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: spec) }
        return try SpecParser.parse(contentsOf: spec).logModel()
    }

    /// A `payout` column is compared line by line with the drawn item's value: the fair log paying every
    /// item its value passes; paying every 100th four-star 2 instead of 20 (a decimal shifted) fails with
    /// exactly that many lines, the first named; a payout that is not a number is a bad row.
    @Test func loggedPayoutsAreComparedWithTheItemsValues() throws {
        let values = ["featured-5": "1000", "standard-5": "600", "four-star": "20", "three-star": "1"]
        let lines = try String(contentsOf: Self.logs.appendingPathComponent("banner-fair.csv"), encoding: .utf8).split(separator: "\n")
        var right = "session,outcome,payout\n", shifted = right
        var fourStars = 0, wrong = 0, firstWrong = 0
        for (index, line) in lines.dropFirst().enumerated() {
            let item = String(line.split(separator: ",")[1])
            right += "\(line),\(values[item]!)\n"
            var paid = values[item]!
            if item == "four-star" {
                fourStars += 1
                if fourStars % 100 == 0 {
                    paid = "2"
                    wrong += 1
                    if firstWrong == 0 { firstWrong = index + 2 }
                }
            }
            shifted += "\(line),\(paid)\n"
        }
        func audit(_ text: String) throws -> AuditReport {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("paid-\(UUID().uuidString).csv").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            return try Self.audit(path, try Self.valuedBanner())
        }
        let fair = try #require(try audit(right).checks.first { $0.check == .payoutsMatchValues })
        #expect(fair.status == .pass && fair.statistic == 0, "\(fair.detail)")
        let check = try #require(try audit(shifted).checks.first { $0.check == .payoutsMatchValues })
        guard case .payoutsMatchValues(let paid) = check.detailFacts else {
            Issue.record("no figures")
            return
        }
        #expect(check.status == .fail && paid.mismatches == UInt64(wrong) && paid.logged == 200_000 && paid.notCompared == 0)
        let first = try #require(paid.first)
        #expect(first.line == firstWrong && first.item == "four-star" && first.paid == 2 && first.value == 20, "\(first)")
        #expect(check.magnitude == Double(wrong) / 200_000)
        for (field, message) in [("ten", "is not a decimal number"), ("0x1p3", "is not a decimal number"), ("1e400", "is too large")] {
            let error = #expect(throws: LogError.self) { try audit("session,outcome,payout\nann,three-star,\(field)\n") }
            #expect(error?.description.contains("payout: '\(field)' \(message)") == true, "\(String(describing: error))")
        }
    }

    /// With a payout on every draw, the return per draw is what the log paid over the cost, not the items'
    /// values; without values in the spec the payouts cannot be compared, and the check says so as a NOTE.
    @Test func theReturnComesFromLoggedPayoutsAndUncomparablePayoutsAreANote() throws {
        let lines = try String(contentsOf: Self.logs.appendingPathComponent("banner-fair.csv"), encoding: .utf8).split(separator: "\n")
        var text = "session,outcome,payout\n", paid = 0.0
        for (index, line) in lines.dropFirst().enumerated() {
            // Every 7th three-star pays 2 instead of 1 (a double payout).
            let item = String(line.split(separator: ",")[1])
            let value = ["featured-5": 1000.0, "standard-5": 600, "four-star": 20, "three-star": index % 7 == 0 ? 2 : 1][item]!
            paid += value
            text += "\(line),\(Int(value))\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paid-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = try Self.audit(path, try Self.valuedBanner())
        let check = try #require(report.checks.first { $0.check == .returnToPlayer(.log) })
        guard case .logReturn(let figures) = check.detailFacts else {
            Issue.record("no figures")
            return
        }
        #expect(figures.payoutsLogged == 200_000 && abs(figures.returnToPlayer - paid / 20 / 200_000) < 1e-12, "\(figures)")
        #expect(check.detail.contains("the logged payouts over the cost of a draw"), "\(check.detail)")
        let unvalued = try #require(try Self.audit(path, try Self.banner()).checks.first { $0.check == .payoutsMatchValues })
        #expect(unvalued.status == .note && unvalued.detail.hasPrefix("not checked"), "\(unvalued.detail)")
    }

    /// With values and a cost per draw, the log's return per draw is tested against the return of each draw's
    /// state, and its interval holds the game's own expected return (from the shares computed apart).
    @Test(arguments: ["banner-fair.csv", "banner-pity-not-reset.csv"])
    func theReturnPerDrawHoldsTheGamesOwn(_ name: String) throws {
        let report = try Self.audit(Self.logs.appendingPathComponent(name).path, try Self.valuedBanner())
        let check = try #require(report.checks.first { $0.check == .returnToPlayer(.log) })
        guard case .logReturn(let figures) = check.detailFacts else {
            Issue.record("no figures")
            return
        }
        let drawn = try #require(Self.expected.games[name]).drawn
        let own = zip(drawn, [1000.0, 600, 20, 1]).reduce(0) { $0 + $1.0 * $1.1 } / 20
        #expect(figures.lower <= own && own <= figures.upper, "\(figures) vs \(own)")
        #expect(check.status == (name == "banner-fair.csv" ? .pass : .fail))
    }

    /// The same draws as JSON Lines give the same figures as the CSV.
    @Test func jsonLinesAndCSVAgree() throws {
        let csv = try String(contentsOf: Self.logs.appendingPathComponent("banner-guarantee-lost.csv"), encoding: .utf8)
        let json = csv.split(separator: "\n").dropFirst().prefix(50_000).map { line -> String in
            let fields = line.split(separator: ",")
            return #"{"session": "\#(fields[0])", "Outcome": "\#(fields[1])", "stake": 1}"#
        }.joined(separator: "\n")
        let head = csv.split(separator: "\n").prefix(50_001).joined(separator: "\n")
        let folder = FileManager.default.temporaryDirectory
        let csvPath = folder.appendingPathComponent("head-\(UUID().uuidString).csv").path
        let jsonPath = folder.appendingPathComponent("head-\(UUID().uuidString).jsonl").path
        try head.write(toFile: csvPath, atomically: true, encoding: .utf8)
        try json.write(toFile: jsonPath, atomically: true, encoding: .utf8)
        defer {
            try? FileManager.default.removeItem(atPath: csvPath)
            try? FileManager.default.removeItem(atPath: jsonPath)
        }
        let a = try Self.audit(csvPath, try Self.banner()), b = try Self.audit(jsonPath, try Self.banner())
        // The same figures; the JSON lines have no header, so each line number is one less.
        #expect(
            a.checks.filter { $0.check != .impossibleDraws }.map(\.detail) == b.checks.filter { $0.check != .impossibleDraws }.map(\.detail)
        )
        let (first, second) = (try #require(Self.impossible(a)), try #require(Self.impossible(b)))
        #expect(first.count > 0 && first.count == second.count && first.examples.map { $0.line - 1 } == second.examples.map(\.line))
        #expect(a.outcomes == b.outcomes)
    }

    /// A no-repeat table: a repeat is impossible and named with its line and state; players are apart (one
    /// player's draw does not move another's state); an item the table lacks fails invalid results.
    @Test func aRepeatUnderNoRepeatIsAnImpossibleDraw() throws {
        let table = PrizeTable(items: ["gem", "coin", "key"].map { PrizeTable.Item(label: $0, weight: ExactFraction(1)) })
        let machine = try DrawMachine(table: table, memory: DrawMemory(noRepeat: 1))
        let model = LogModel(name: "daily", summary: "no repeat", prizeDraw: machine)
        let lines = ["session,outcome", "ann,gem", "bob,gem", "ann,coin", "bob,coin", "ann,coin", "bob,key", "ann,crown", "ann,gem"]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("norepeat-\(UUID().uuidString).csv").path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = try Self.audit(path, model)
        let impossible = try #require(Self.impossible(report))
        #expect(impossible.count == 1 && impossible.draws == 7 && impossible.runs == 1 && impossible.players == 1)
        #expect(impossible.examples.map(\.line) == [6] && impossible.examples.map(\.item) == ["coin"])
        #expect(impossible.examples.first?.state.contains("coin") == true, "\(impossible.examples)")
        let invalid = try #require(report.checks.first { $0.check == .invalidResults })
        #expect(invalid.status == .fail && invalid.statistic == 1)
    }

    /// A table without memory whose cumulative search uses `<=` on a roll of 0 ... 99 (weights 50, 30, 20):
    /// the first item gets 51 rolls, the last 19, a share of 1% off. The log fails and the interval holds
    /// 1%; consecutive draws are tested for independence, and pass.
    @Test func anOffByOneCumulativeSearchFailsWithItsShare() throws {
        let table = PrizeTable(
            items: [("common", 50), ("rare", 30), ("epic", 20)].map { PrizeTable.Item(label: $0.0, weight: ExactFraction($0.1)) })
        let model = LogModel(name: "loot", summary: "a loot table", prizeDraw: try DrawMachine(table: table))
        var random = SplitMix64(seed: 11)
        var text = "outcome,session\n"
        for line in 0..<200_000 {
            let roll = Int(random.unit() * 100)
            let item = roll <= 50 ? "common" : roll <= 80 ? "rare" : "epic"
            text += "\(item),p\(line % 97)\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loot-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = try Self.audit(path, model)
        let interval = try #require(Self.shareOff(report))
        #expect(interval.lower <= 0.01 && 0.01 <= interval.upper && interval.lower > 0.004, "\(interval)")
        #expect(report.checks.first { $0.check == .outcomes(versus: .eachDrawState, statistic: .pearson) }?.status == .fail)
        let serial = try #require(report.checks.first { $0.check == .serialIndependence(.withinSessions) })
        #expect(serial.status == .pass)
        // Its magnitude: consecutive draws are independent, and the interval starts at 0.
        guard case .mixOff(let mix, _) = serial.detailFacts else { Issue.record("no magnitude: \(serial.detail)"); return }
        #expect(mix.interval.lower == 0 && mix.interval.upper < 0.05, "\(mix.interval)")
    }

    /// A CSV without an outcome column is a one-line error naming what the log needs.
    @Test func aHeaderWithoutOutcomeIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).csv").path
        try "player,item\nann,gem\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: LogError.self) { try Self.audit(path, try Self.banner()) }
        #expect(error?.description.contains("no 'outcome' column") == true, "\(String(describing: error))")
    }
}
