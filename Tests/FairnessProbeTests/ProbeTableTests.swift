import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessModel
import FairnessProbe
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

/// The example banner in Python, behind the probe: its own draw checked in every state and transition.
@Suite("prize draws through probes", .serialized, .fullTierOnly)
struct ProbeTableTests {
    static func audit(bug: Bool, flag: String = "--bug") throws -> AuditReport {
        let spec = try SpecParser.parse(contentsOf: packageRoot.appendingPathComponent("Examples/probes/python/star_banner.yaml"))
        let probe = "python3 " + packageRoot.appendingPathComponent("Examples/probes/python/star_banner.py").path + (bug ? " " + flag : "")
        let subject = try spec.probeSubject(command: probe, timeout: 20)
        return try Audit.run([subject], settings: AuditSettings(run: RunSettings(trials: 50_000, seed: 7, threads: 2)))
    }

    @Test func theCorrectBannerPassesEveryState() throws {
        let report = try Self.audit(bug: false)
        #expect(report.gate == .pass, "\(report.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.detail)" })")
        let given = try #require(report.checks.first { $0.check == .drawOddsGivenState })
        guard case .givenState(let check) = given.detailFacts else {
            Issue.record("no figures")
            return
        }
        #expect(check.statesChecked == 180 && check.gaps.isEmpty && check.wrongTransitions.isEmpty)
        // The probe speaks version 5: every state it shows the player is the declared one.
        #expect(check.statesShown == 180 && check.misshown.isEmpty)
        #expect(report.checks.first { $0.check == .stateShown }?.status == .pass)
    }

    /// A banner that draws right but whose screen does not show the guarantee a lost 50/50 gives: every
    /// guaranteed state is shown as the plain counter. Cycles between five-stars have one length law
    /// whatever the guarantee, and a cycle is guaranteed exactly after a non-guaranteed one lost its 50/50,
    /// so a third of cycles, and a third of draws, are guaranteed: the share is 1/3 exactly, found apart
    /// from the toolkit's figures.
    @Test func aScreenThatHidesTheGuaranteeFailsWithAThirdOfDraws() throws {
        let report = try Self.audit(bug: true, flag: "--bug-shown")
        #expect(report.checks.first { $0.check == .drawOddsGivenState }?.status == .pass)
        #expect(report.checks.first { $0.check == .stateTransitions }?.status == .pass)
        let shown = try #require(report.checks.first { $0.check == .stateShown })
        #expect(shown.status == .fail && shown.findingClass == .mislabel)
        guard case .statesShown(let check) = shown.detailFacts else {
            Issue.record("no figures")
            return
        }
        #expect(check.misshown.count == 90 && check.misshown.allSatisfy { "guaranteed, " + $0.shown == $0.state })
        #expect(abs((check.misshownShare ?? -1) - 1.0 / 3) < 1e-12)
        // The summary's share of plays invalid or mislabelled is that third; nothing is invalid.
        let banner = try #require(report.subjects.first { $0.kind == .prizeDraw })
        #expect(abs((banner.affectedShare ?? -1) - 1.0 / 3) < 1e-12 && banner.invalidPerMillion == 0, "\(banner)")
    }

    @Test func aLostFiftyFiftyThatKeepsThePityRunningFails() throws {
        let report = try Self.audit(bug: true)
        #expect(report.gate == .fail)
        let transitions = try #require(report.checks.first { $0.check == .stateTransitions })
        #expect(transitions.status == .fail && transitions.findingClass == .odds)
        guard case .transitions(let check) = transitions.detailFacts else {
            Issue.record("no figures")
            return
        }
        // Every standard five-star drawn while not guaranteed (but from a fresh player, the path to the
        // guaranteed states) leaves the counter running; their long-run share is the standard five-star's
        // rate less what pity 0 contributes, from the declared machine alone.
        #expect(Set(check.wrongTransitions.map(\.item)) == ["standard-5"])
        #expect(check.wrongTransitions.count == 89)
        let machine = try #require(
            {
                if case .table(let table) = try SpecParser.parse(
                    contentsOf: packageRoot.appendingPathComponent("Examples/probes/python/star_banner.yaml")
                ).game {
                    table.machine
                } else {
                    nil
                }
            }())
        let figures = DrawMachineFigures(machine)
        let shares = try #require(figures.stateShares)
        let expected = (1..<90).reduce(0.0) { $0 + shares[$1] * machine.states[$1].odds[1].double }
        #expect(abs((check.transitionShare ?? -1) - expected) < 1e-10)
    }
}

/// Public loot tables and gacha draws ported as probes (`Fixtures/tables/SOURCES.md`), with and without
/// memory: every correct game and twin passes; every defect fails with the exact share `make_expected.py`
/// computes apart — by enumerating rolls for tables, and from the declared chain solved in fractions for
/// draws with memory.
@Suite("public prize tables", .serialized, .fullTierOnly)
struct PublicTableTests {
    static let folder = packageRoot.appendingPathComponent("Tests/FairnessProbeTests/Fixtures/tables")

    struct Expected: Decodable {
        /// Each item's exact share of a draw (tables without memory).
        let shares: [String: String]?
        /// The total variation from the declared table; "0" for a correct game.
        let variation: String?
        /// The share of draws in play giving an item the declared state forbids.
        let forbidden: String?
        /// The share of draws in play made with wrong odds.
        let odds: String?
        /// "fail": the game's state moves elsewhere than declared.
        let transitions: String?
    }

    static func fraction(_ text: String) -> Double { ExactFraction(text: text)!.double }

    @Test(arguments: [
        "scout507-dungeon-loot", "eduardmirzoyan-drop", "eduardmirzoyan-drop --planted", "genasim-random-loot",
        "genasim-random-loot --twin", "andreimaroiu-weighted",
        "andreimaroiu-weighted --twin", "vishnuk-gacha", "traveling-lumine-wish", "traveling-lumine-wish --planted", "midori-gacha-system",
        "mikah13-no-repeat", "mikah13-no-repeat --regression", "hanswillem-pick-random", "daredev256-diverse-pick",
        "daredev256-diverse-pick --planted", "mt-jin-lucky-draw", "aaartyomsss-shuffle-bag", "pietergmail-seven-bag", "ruleta-prize-wheel",
        "ruleta-prize-wheel --old", "node-luck", "kristofer-mem",
    ])
    func eachGameIsJudgedByItsOwnDraw(game: String) throws {
        let expected = try JSONDecoder().decode(
            [String: Expected].self, from: Data(contentsOf: Self.folder.appendingPathComponent("expected.json")))[game]!
        let words = game.split(separator: " ").map(String.init)
        // A variant with a declaration of its own (`--old`: an older table) has its own spec file.
        let own = Self.folder.appendingPathComponent("\(words[0])-\(words.dropFirst().first?.dropFirst(2) ?? "").yaml")
        let file =
            words.count > 1 && FileManager.default.fileExists(atPath: own.path)
            ? own : Self.folder.appendingPathComponent("\(words[0]).yaml")
        let spec = try SpecParser.parse(contentsOf: file)
        let probe = "python3 " + Self.folder.appendingPathComponent("public_tables.py").path + " " + game
        let report = try Audit.run(
            [try spec.probeSubject(command: probe, timeout: 20)],
            settings: AuditSettings(run: RunSettings(trials: 20_000, seed: 5, threads: 2)))
        let given = try #require(report.checks.first { $0.check == .drawOddsGivenState })
        let transitions = try #require(report.checks.first { $0.check == .stateTransitions })
        guard case .givenState(let check) = given.detailFacts else {
            Issue.record("no figures")
            return
        }
        if let forbidden = expected.forbidden {
            #expect(given.status == .fail && given.findingClass == .invalid)
            #expect(abs((check.forbiddenShare ?? 0) - Self.fraction(forbidden)) < 1e-12, "\(check.forbiddenShare ?? -1) vs \(forbidden)")
        } else if let odds = expected.odds {
            #expect(given.status == .fail && given.findingClass == .odds)
            #expect(abs((check.oddsShare ?? 0) - Self.fraction(odds)) < 1e-12, "\(check.oddsShare ?? -1) vs \(odds)")
        } else if expected.transitions != nil {
            #expect(transitions.status == .fail && !check.wrongTransitions.isEmpty)
        } else if let variation = expected.variation.map(Self.fraction), variation > 0 {
            #expect(given.status == .fail && given.findingClass == .odds)
            #expect(abs((check.oddsShare ?? 0) - variation) < 1e-12, "\(check.oddsShare ?? -1) vs \(variation)")
            for item in check.gaps[0].items {
                #expect(abs(item.game - Self.fraction(expected.shares?[item.label] ?? "0")) < 1e-12, "\(item)")
            }
        } else {
            let gated = report.checks.filter { $0.subject == spec.name && $0.status == .fail }
            #expect(gated.isEmpty, "\(gated.map { "\($0.checkName): \($0.detail)" })")
            #expect(check.gaps.isEmpty && check.wrongTransitions.isEmpty)
        }
    }
}
