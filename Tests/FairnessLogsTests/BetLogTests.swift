import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import TestSupport
import Testing
import _FairnessAuditSupport

/// Logs of bets and rounds of a dice game: each line settled by the declared rules, each bet's return with
/// its interval against the exact return. The logs are written here by rules coded by hand (not the
/// toolkit's), correct and with bugs planted; every share a finding states is counted here apart.
@Suite("Logs of bets and rounds")
struct BetLogTests {
    static let sicBo = """
        version: 1
        name: sic-bo
        dice:
          count: 3
          faces: 6
          bets:
            - name: small
              cases:
                - { when: all equal, pays: -1 }
                - { when: total in 4..10, pays: 1 }
            - name: big
              cases:
                - { when: all equal, pays: -1 }
                - { when: total in 11..17, pays: 1 }
            - { name: any-triple, wins: all equal, pays: 30 }
            - name: single-4
              cases:
                - { when: count of 4 = 3, pays: 3 }
                - { when: count of 4 = 2, pays: 2 }
                - { when: count of 4 = 1, pays: 1 }
        """

    /// What each bet pays back per unit staked on `dice`, by sic bo's rules written out (`smallUpTo`: the
    /// largest total small wins on; 10 by the rules).
    static func sicBoPayout(_ bet: String, _ dice: [Int], smallUpTo: Int = 10) -> Int {
        let total = dice.reduce(0, +)
        let triple = dice[0] == dice[1] && dice[1] == dice[2]
        switch bet {
        case "small": return !triple && total >= 4 && total <= smallUpTo ? 2 : 0
        case "big": return !triple && total >= 11 && total <= 17 ? 2 : 0
        case "any-triple": return triple ? 31 : 0
        default:
            let fours = dice.filter { $0 == 4 }.count
            return fours == 0 ? 0 : 1 + fours
        }
    }

    /// A die: faces 1 ... 6 fair, or 6 with probability `six` and the others sharing the rest.
    static func die(_ random: inout SplitMix64, six: Double) -> Int {
        let u = random.unit()
        return u < six ? 6 : 1 + Int((u - six) / (1 - six) * 5)
    }

    /// A sic bo log of `rounds` rounds, each with every bet on one roll (one `round` value), stakes 1 to 5.
    static func sicBoLog(rounds: Int, seed: UInt64, six: Double = 1.0 / 6, smallUpTo: Int = 10) -> String {
        var random = SplitMix64(seed: seed)
        var text = "round,bet,outcome,stake,payout\n"
        for round in 1...rounds {
            let dice = six == 1.0 / 6 ? (0..<3).map { _ in 1 + Int(random.unit() * 6) } : (0..<3).map { _ in die(&random, six: six) }
            for bet in ["small", "big", "any-triple", "single-4"] {
                let stake = 1 + Int(random.unit() * 5)
                let payout = stake * sicBoPayout(bet, dice, smallUpTo: smallUpTo)
                text += "r\(round),\(bet),\(dice.map(String.init).joined(separator: "-")),\(stake),\(payout)\n"
            }
        }
        return text
    }

    static func audit(_ text: String, spec: GameSpec, name: String) throws -> AuditReport {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var options = LogOptions()
        options.file = name
        return try OutcomeLog.audit(
            descriptor: descriptor, model: try spec.logModel(), options: options,
            settings: AuditSettings(run: RunSettings(trials: 1, seed: 0)))
    }

    static func check(_ report: AuditReport, _ id: CheckIdentifier) throws -> CheckRecord {
        try #require(report.checks.first { $0.check == id }, "\(id) missing")
    }

    @Test func aFairSicBoLogPassesEveryBetAndItsRolls() throws {
        let report = try Self.audit(Self.sicBoLog(rounds: 20_000, seed: 1), spec: try SpecParser.parse(Self.sicBo), name: "fair.csv")
        #expect(report.gate == .pass, "\(report.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.detail)" })")
        for bet in ["small", "big", "any-triple", "single-4"] {
            #expect(try Self.check(report, .betLogSettlement(bet: bet)).status == .pass)
            let returned = try Self.check(report, .betLogReturn(bet: bet))
            guard case .logReturn(let figures) = returned.detailFacts else {
                Issue.record("\(bet): \(returned.detailFacts)")
                continue
            }
            // 20,000 lines each; the exact returns: small and big 35/36 (the house edge 1/36), any triple
            // 186/216, single 4 1 − 17/216.
            let exact = ["small": 35.0 / 36, "big": 35.0 / 36, "any-triple": 186.0 / 216, "single-4": 199.0 / 216][bet]!
            #expect(figures.lines == 20_000 && figures.expected?.value == exact, "\(bet): \(figures)")
            #expect(figures.lower <= exact && exact <= figures.upper, "\(bet): \(figures)")
        }
        // Stakes of 1 to 5: each bet's stake-weighted return is tested too, and passes.
        for bet in ["small", "big", "any-triple", "single-4"] {
            #expect(try Self.check(report, .betLogStakeWeightedReturn(bet: bet)).status == .pass)
        }
        #expect(report.subjects[0].notes.contains(.betLinesRead(betLines: 80_000, rollsTested: 20_000, repeatedWithoutRound: 0)))
        // Every round's roll counted once in the roll tests: 20,000 of 80,000 lines.
        #expect(report.checks.contains { $0.check == .outcomes(versus: .declared, statistic: .pearson) })
        #expect(report.count == 80_000)
    }

    /// Without its round column, the same log counts each bet's roll apart, and its note says how many bet
    /// lines repeat the previous one's roll (three of every round's four).
    @Test func betsOnOneRollWithoutARoundColumnAreNamedInANote() throws {
        let text = Self.sicBoLog(rounds: 2_000, seed: 1).split(separator: "\n").map { $0.split(separator: ",", maxSplits: 1).last! }
            .joined(separator: "\n")
        let report = try Self.audit(text + "\n", spec: try SpecParser.parse(Self.sicBo), name: "noround.csv")
        let note = report.subjects[0].notes.first { if case .betLinesRead = $0 { true } else { false } }
        guard case .betLinesRead(let lines, let rolls, let repeated)? = note else {
            Issue.record("\(report.subjects[0].notes)")
            return
        }
        #expect(lines == 8_000 && rolls == 8_000 && repeated >= 6_000, "\(repeated)")
    }

    /// Two dice, the second loaded 1/6, 1/12, 1/12, 1/4, 1/4, 1/6 (pairs and sevens keep odds close to
    /// fair), paid by the rules: the faces of the rolls fail against equal odds.
    @Test func aLoadedDieFailsTheFacesOfTheLog() throws {
        let spec = try SpecParser.parse(
            "version: 1\nname: seven\ndice:\n  count: 2\n  faces: 6\n  bets:\n    - { name: seven, wins: total = 7, pays: 4 }\n")
        var random = SplitMix64(seed: 9)
        let cumulative = [2.0, 3, 4, 7, 10, 12].map { $0 / 12 }
        var text = "bet,outcome,payout\n"
        for _ in 0..<100_000 {
            let first = 1 + Int(random.unit() * 6)
            let u = random.unit()
            let second = 1 + cumulative.firstIndex { u < $0 }!
            text += "seven,\(first)-\(second),\(first + second == 7 ? 5 : 0)\n"
        }
        let report = try Self.audit(text, spec: spec, name: "loaded-die.csv")
        #expect(try Self.check(report, .betLogSettlement(bet: "seven")).status == .pass)
        #expect(try Self.check(report, .logFaces).status == .fail)
        let fair = try Self.audit(Self.sicBoLog(rounds: 5_000, seed: 8), spec: try SpecParser.parse(Self.sicBo), name: "fair.csv")
        #expect(try Self.check(fair, .logFaces).status == .pass)
    }

    /// Small settled as a win on totals up to 9 only: every small line of a total 10 that is not a triple is
    /// paid 0 instead of twice its stake; the check's share is that count over the small lines.
    @Test func smallSettledOnTheWrongTotalsFailsAtTheShareOfItsLines() throws {
        let text = Self.sicBoLog(rounds: 20_000, seed: 2, smallUpTo: 9)
        let report = try Self.audit(text, spec: try SpecParser.parse(Self.sicBo), name: "small.csv")
        let wrong = text.split(separator: "\n").filter { line in
            let fields = line.split(separator: ",")
            guard fields.count == 5, fields[1] == "small" else { return false }
            let dice = fields[2].split(separator: "-").compactMap { Int($0) }
            return dice.reduce(0, +) == 10 && Set(dice).count > 1
        }.count
        let settlement = try Self.check(report, .betLogSettlement(bet: "small"))
        #expect(settlement.status == .fail && settlement.magnitude == Double(wrong) / 20_000, "\(settlement.detail)")
        guard case .betLogSettlement(let facts) = settlement.detailFacts, let first = facts.first else {
            Issue.record("\(settlement.detailFacts)")
            return
        }
        #expect(facts.paidOtherwise == UInt64(wrong) && facts.notSettled == 0 && first.paid == 0 && (first.expected ?? 0) > 0)
        // Total 10 (27 of 216 rolls): its small bets pay 0, so small's return falls by about 2 · 27/216.
        #expect(try Self.check(report, .betLogReturn(bet: "small")).status == .fail)
        #expect(try Self.check(report, .betLogSettlement(bet: "big")).status == .pass)
        #expect(report.gate == .fail)
    }

    /// Dice that show 6 one time in four, paid by the rules: every line is settled right, and the returns
    /// the dice give are off the exact ones.
    @Test func loadedDicePaidByTheRulesFailTheirReturns() throws {
        let report = try Self.audit(
            Self.sicBoLog(rounds: 20_000, seed: 3, six: 0.25), spec: try SpecParser.parse(Self.sicBo), name: "loaded.csv")
        for bet in ["small", "big", "any-triple", "single-4"] {
            #expect(try Self.check(report, .betLogSettlement(bet: bet)).status == .pass)
        }
        #expect(try Self.check(report, .betLogReturn(bet: "big")).status == .fail)
        #expect(try Self.check(report, .betLogReturn(bet: "small")).status == .fail)
    }

    /// Craps rounds by the rules written out: the pass line and don't pass on one shooter's rolls, a line
    /// each, every roll of the round in the line (`elevenIsAPoint`: the pass line rolls on after an 11).
    static func crapsLog(rounds: Int, seed: UInt64, elevenIsAPoint: Bool = false) -> (text: String, elevens: Int) {
        var random = SplitMix64(seed: seed)
        var text = "", elevens = 0
        func roll() -> [Int] { (0..<2).map { _ in 1 + Int(random.unit() * 6) } }
        for round in 1...rounds {
            var rolls = [roll()]
            let first = rolls[0].reduce(0, +)
            var pass = 0, dontPass = 0
            if first == 11 { elevens += 1 }
            if first == 7 || (first == 11 && !elevenIsAPoint) {
                (pass, dontPass) = (2, 0)
            } else if first == 2 || first == 3 {
                (pass, dontPass) = (0, 2)
            } else if first == 12 {
                (pass, dontPass) = (0, 1)
            } else {
                while true {
                    rolls.append(roll())
                    let total = rolls.last!.reduce(0, +)
                    if total == first { (pass, dontPass) = (2, 0); break }
                    if total == 7 { (pass, dontPass) = (0, 2); break }
                }
            }
            let shown = "\"" + rolls.map { $0.map(String.init).joined(separator: "-") }.joined(separator: " / ") + "\""
            text += "{\"round\": \(round), \"bet\": \"pass-line\", \"outcome\": \(shown), \"stake\": 10, \"payout\": \(10 * pass)}\n"
            if !elevenIsAPoint || first != 11 {
                text +=
                    "{\"round\": \(round), \"bet\": \"dont-pass\", \"outcome\": \(shown), \"stake\": 10, \"payout\": \(10 * dontPass)}\n"
            }
        }
        return (text, elevens)
    }

    static func craps() throws -> GameSpec {
        try SpecParser.parse(contentsOf: packageRoot.appendingPathComponent("Examples/probes/python/craps.yaml"))
    }

    /// A log of rounds alone: its bets' checks are its audit (no roll is a single fair roll of the dice).
    @Test func aFairCrapsLogOfRoundsPasses() throws {
        let report = try Self.audit(Self.crapsLog(rounds: 20_000, seed: 4).text, spec: try Self.craps(), name: "craps.jsonl")
        #expect(report.gate == .pass, "\(report.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.detail)" })")
        // The exact returns: pass line 1 − 7/495, don't pass 1 − 3/220.
        for (bet, exact) in [("pass-line", 488.0 / 495), ("dont-pass", 217.0 / 220)] {
            #expect(try Self.check(report, .betLogSettlement(bet: bet)).status == .pass)
            let returned = try Self.check(report, .betLogReturn(bet: bet))
            guard case .logReturn(let figures) = returned.detailFacts else { continue }
            #expect(
                returned.status == .pass && abs((figures.expected?.value ?? 0) - exact) < 1e-15 && figures.lower <= exact
                    && exact <= figures.upper, "\(bet): \(returned.status) \(String(describing: figures.expected)) \(returned.detail)")
        }
        #expect(!report.checks.contains { $0.check == .invalidResults }, "no roll tests on rounds")
    }

    /// A game whose large stakes lose: one round in a hundred stakes 10,000 and is dealt a losing pass
    /// line (every line settled by its rules). The mean payout per stake barely moves; the return weighted
    /// by stake collapses, and its test fails with z as computed here from the lines.
    @Test func largeStakesThatLoseFailTheStakeWeightedReturn() throws {
        var random = SplitMix64(seed: 6)
        var text = "", payouts = 0.0, stakes = 0.0, squares = 0.0
        let exact = 488.0 / 495
        for round in 1...20_000 {
            let whale = round % 100 == 0
            var log: (text: String, elevens: Int)
            var pass: Int
            repeat {
                log = Self.crapsLog(rounds: 1, seed: random.next())
                pass = log.text.contains("\"bet\": \"pass-line\"") && log.text.split(separator: "\n")[0].contains("\"payout\": 20") ? 2 : 0
            } while whale && pass != 0
            let line = String(log.text.split(separator: "\n")[0])
            let stake = whale ? 10_000.0 : 10
            let payout = Double(pass) * stake
            text +=
                line.replacingOccurrences(of: "\"stake\": 10", with: "\"stake\": \(Int(stake))")
                .replacingOccurrences(of: "\"payout\": \(pass * 10)}", with: "\"payout\": \(Int(payout))}") + "\n"
            payouts += payout
            stakes += stake
            squares += (payout - exact * stake) * (payout - exact * stake)
        }
        let report = try Self.audit(text, spec: try Self.craps(), name: "whales.jsonl")
        #expect(try Self.check(report, .betLogSettlement(bet: "pass-line")).status == .pass)
        let weighted = try Self.check(report, .betLogStakeWeightedReturn(bet: "pass-line"))
        let z = (payouts - exact * stakes) / squares.squareRoot()
        #expect(weighted.status == .fail && abs(weighted.statistic! - z) <= 1e-9 * abs(z) && z < -10, "\(weighted.detail) z \(z)")
        guard case .stakeWeightedReturn(let figures) = weighted.detailFacts else { return }
        #expect(abs(figures.returnToPlayer - payouts / stakes) < 1e-12 && figures.upper < exact, "\(figures)")
    }

    /// A game that makes 11 a point on the come-out: its pass-line lines of a first roll of 11 go on where
    /// the rules end the round; the share is their count over the pass-line lines.
    @Test func aRoundThatGoesOnWhereTheRulesEndItFails() throws {
        let log = Self.crapsLog(rounds: 20_000, seed: 5, elevenIsAPoint: true)
        let report = try Self.audit(log.text, spec: try Self.craps(), name: "eleven.jsonl")
        let settlement = try Self.check(report, .betLogSettlement(bet: "pass-line"))
        #expect(settlement.status == .fail && settlement.magnitude == Double(log.elevens) / 20_000, "\(settlement.detail)")
        guard case .betLogSettlement(let facts) = settlement.detailFacts, let first = facts.first else { return }
        #expect(facts.notSettled == UInt64(log.elevens) && first.settlement == .endsEarlier(at: 1), "\(facts)")
        #expect(settlement.detail.contains("goes on after roll 1, where the rules end the round"), "\(settlement.detail)")
        #expect(try Self.check(report, .betLogSettlement(bet: "dont-pass")).status == .pass)
    }

    /// Lines the audit cannot read as bets are bad rows that say why.
    @Test func linesThatAreNotBetsSayWhy() throws {
        let spec = try SpecParser.parse(Self.sicBo)
        let cases: [(log: String, message: String)] = [
            (
                "bet,outcome\nsmal,1-2-3\n",
                "bet: 'smal' is not a bet or round of the spec (it declares 'small', 'big', 'any-triple', 'single-4')"
            ),
            ("outcome\n1-2-3 / 4-5-6\n", "outcome: 2 rolls on a line that names no round"),
            ("round,bet,outcome\n7,small,1-2-3\n7,big,1-2-4\n", "outcome: this line's round showed 1-2-3 at line 2"),
            ("bet,outcome,stake\nsmall,1-2-3,0\n", "stake: must be positive"),
            ("bet,outcome,payout\nsmall,1-2-3,-4\n", "payout: -4.0 is negative"),
        ]
        for (log, message) in cases {
            do {
                _ = try Self.audit(log, spec: spec, name: "bad.csv")
                Issue.record("\(log) must be refused")
            } catch let error as LogError {
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }
        // An empty round value is no round, in JSON as in CSV: two such lines are two rolls.
        _ = try Self.audit(
            "{\"outcome\": \"1-2-3\", \"round\": \"\"}\n{\"outcome\": \"4-5-6\", \"round\": \" \"}\n", spec: spec, name: "r.jsonl")
        // Several rolls on a bet's line, or a roll the dice cannot show, are lines settled otherwise.
        let report = try Self.audit("bet,outcome,payout\nsmall,1-2-3 / 1-2-3,2\nbig,4-5-9,0\n", spec: spec, name: "odd.csv")
        #expect(try Self.check(report, .betLogSettlement(bet: "small")).detail.contains("shows several rolls for a bet settled on one"))
        #expect(try Self.check(report, .betLogSettlement(bet: "big")).detail.contains("has roll 1, which the dice cannot show"))
    }

    /// A pool's exploding dice in a log: the rolls after the first show the dice rerolled alone.
    @Test func aPoolsRerolledDiceAreReadAsTheRoundRollsThem() throws {
        let spec = try SpecParser.parse(
            """
            version: 1
            name: pool
            dice:
              count: 3
              faces: 6
              rounds:
                - name: pool
                  phases:
                    - name: roll
                      rules:
                        - { when: count of 6 >= 1, to: again, add: total, reroll: face 6 }
                        - { when: total + point >= 15, pays: 1 }
                      otherwise: { pays: -1 }
                    - name: again
                      rules:
                        - { when: total + point >= 15, pays: 1 }
                      otherwise: { pays: -1 }
            """)
        // 6+6+2 then 5+3 = 22 wins; 6+1+1 then 4 = 12 loses; two dice rerolled where one showed 6; a roll of
        // three dice where the round rolls one; a round that stops where its 6 is rolled again.
        let log = "bet,outcome,payout\npool,6-6-2 / 5-3,2\npool,6-1-1 / 4,0\npool,6-1-1 / 4-4,0\npool,6-1-1 / 4-4-4,0\npool,6-1-1,0\n"
        let report = try Self.audit(log, spec: spec, name: "pool.csv")
        let check = try Self.check(report, .betLogSettlement(bet: "pool"))
        guard case .betLogSettlement(let facts) = check.detailFacts else { return }
        #expect(facts.lines == 5 && facts.notSettled == 3 && facts.paidOtherwise == 0, "\(check.detail)")
        #expect(facts.first?.line == 4 && facts.first?.settlement == .invalidRoll(index: 2), "\(check.detail)")
    }
}
