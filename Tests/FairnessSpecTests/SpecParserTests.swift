import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import TestSupport
import Testing
import Yams
import _FairnessAuditSupport

/// Spec files: the examples parse into what they say; every bad fixture is refused with the line, column,
/// field and message its first line states; the declared designs audit as expected.
@Suite("spec files")
struct SpecParserTests {
    static func fixtures(_ folder: String) -> [URL] {
        let directory = Bundle.module.url(forResource: folder, withExtension: nil, subdirectory: "Fixtures")!
        return (try! FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil))
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: fixtures("bad"))
    func badSpecsNameTheirPlaceAndField(file: URL) throws {
        // First line: "# error: LINE:COLUMN FIELD: MESSAGE-START".
        let text = try String(contentsOf: file, encoding: .utf8)
        let expected = String(text.split(separator: "\n")[0].dropFirst("# error: ".count))
        let place = expected.split(separator: " ", maxSplits: 1)
        let rest = String(place[1])
        let field = String(rest[..<rest.range(of: ": ")!.lowerBound])
        let message = String(rest[rest.range(of: ": ")!.upperBound...])
        do {
            _ = try SpecParser.parse(text, file: file.lastPathComponent)
            Issue.record("\(file.lastPathComponent) was accepted")
        } catch let error as SpecError {
            #expect("\(error.line):\(error.column)" == String(place[0]), "\(error)")
            #expect(error.field == (field == "(document)" ? "" : field), "\(error)")
            #expect(error.message.hasPrefix(message) || error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("\(file.lastPathComponent):\(place[0]): "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func theExamplesParseIntoWhatTheySay() throws {
        let specs = Dictionary(
            uniqueKeysWithValues: try Self.fixtures("good").map { ($0.lastPathComponent, try SpecParser.parse(contentsOf: $0)) })
        guard case .wheel(let prize) = specs["prize-wheel.yaml"]!.game else { Issue.record("not a wheel"); return }
        #expect(prize.sectors.map(\.size) == [30, 20, 15, 10, 10, 8, 5, 2])
        #expect(prize.sectors.map(\.prize) == [5, 10, 20, 50, 50, 100, 250, 1000])
        #expect(prize.turns == 5 && prize.rotation == .accumulated && prize.zero == .top)
        // Zero at the top growing clockwise: spec angle 0 is the toolkit's 270° (UIKit screen angles).
        let geometry = try prize.geometry()
        #expect(abs(geometry.pointerTurns.value - 0.75) < 1e-15)
        #expect(abs(geometry.sectors[0].startTurns.value - 0.75) < 1e-15 && abs(geometry.sectors[0].widthTurns.value - 0.3) < 1e-15)
        guard case .dice(let dice) = specs["poker-dice.json"]!.game else { Issue.record("not dice"); return }
        #expect(dice.dice.count == 5 && dice.claims.first { $0.category == .straight }?.probability == 240.0 / 7776)
        // Radians from the top growing counter-clockwise: spec π is the toolkit's 90° (the bottom); the
        // first sector runs counter-clockwise on screen from the top for half a turn.
        guard case .wheel(let radians) = specs["radians-top-counterclockwise.yaml"]!.game else { return }
        let g = try radians.geometry()
        #expect(abs(g.pointerTurns.fractionalPart.value - 0.25) < 1e-15)
        #expect(g.sectors.map(\.label) == [10, 20, 30])
        #expect(abs(g.sectors[0].startTurns.value - 0.25) < 1e-12, "counter-clockwise from the top for half a turn ends at the bottom")
        #expect(radians.sectors.map(\.claimed) == [0.5, 0.25, 0.25])
        // Drawn arcs keep their gap: seven 51° slices from the top leave 3° unpainted before the top.
        guard case .wheel(let drawn) = specs["drawn-integer-slices.yaml"]!.game else { Issue.record("not a wheel"); return }
        #expect(drawn.drawn && drawn.sectors.map(\.arc?.end) == [51, 102, 153, 204, 255, 306, 357])
        let painted = try drawn.geometry()
        #expect(abs(painted.sectors.reduce(0) { $0 + $1.widthTurns.value } - 357.0 / 360) < 1e-12)
        #expect(painted.truth(rotation: 1.5, unit: .degrees) == .blank, "1.5° before the top is unpainted")
    }

    @Test func declaredDesignsAudit() throws {
        let specs = try Self.fixtures("good").map { try SpecParser.parse(contentsOf: $0) }
        let report = try Audit.run(try specs.map { try $0.subject() }, settings: AuditSettings(run: RunSettings(trials: 200_000, seed: 9)))
        func verdict(_ name: String) -> CheckStatus { report.subjects.first { $0.name == name }!.verdict }
        #expect(verdict("prize-wheel") == .pass)
        #expect(verdict("poker-dice") == .pass)
        #expect(verdict("radians-ccw") == .pass)
        // Hands: their exact odds equal the claims (1200/7776 small straights, ...); no detector to judge.
        #expect(verdict("yacht") == .pass)
        let yachtClaims = report.checks.first { $0.subject == "yacht" && $0.checkName == "claimed odds equal exact odds" }!
        #expect(yachtClaims.status == .pass && yachtClaims.detail.contains("small-straight: claimed 0.154320988, exact 0.154320988"))
        #expect(
            report.checks.contains {
                $0.subject == "yacht" && $0.checkName == "three-alike probability (exact binomial)" && $0.status == .pass
            }
        )
        // A targeted wheel drawing its index 4:3:2:1 and claiming those odds: landing, odds and sampling pass.
        #expect(verdict("targeted-weighted") == .pass)
        #expect(report.subjects.first { $0.name == "targeted-weighted" }?.kind == .targetedWheel)
        // The same kind of wheel turning on from where its last spin left it: every spin of a session checked
        // lands mid-slice.
        #expect(verdict("targeted-accumulated") == .pass)
        let accumulated = report.checks.first { $0.subject == "targeted-accumulated" && $0.check == .landing }!
        #expect(accumulated.status == .pass && accumulated.detail.contains("depends on where the previous spin left"), "\(accumulated)")
        // Whole-degree stops on seven slices: 52 stops for one slice, 51 for the others — the first slice's
        // odds are 52/360 against a claimed 1/7, off by 52/360 − 1/7 = 1/630.
        #expect(verdict("seven-slices-integer-stops") == .fail)
        let odds = report.checks.first { $0.subject == "seven-slices-integer-stops" && $0.checkName == "designed odds equal claimed odds" }!
        #expect(odds.findingClass == .odds && abs(odds.magnitude! - 1.0 / 630) < 1e-12, "\(odds)")
        // ... and the stop at 0° sits on the first slice's line: 1/360 of spins, rounding above materiality.
        let sevenOnLine = report.checks.first { $0.subject == "seven-slices-integer-stops" && $0.checkName == "consistency" }!
        #expect(sevenOnLine.status == .fail && sevenOnLine.findingClass == .rounding, "\(sevenOnLine)")
        #expect(abs(sevenOnLine.magnitude! - 1.0 / 360) < 1e-12)
        // Whole-degree stops on four quarters: the pointer on a divider on 4 of 360 stops. Nothing else is
        // wrong (each quarter keeps 90 stops), yet the player cannot read 1/90 of the results.
        #expect(verdict("four-slices-integer-stops") == .fail)
        let quarters = report.checks.filter { $0.subject == "four-slices-integer-stops" && $0.status == .fail }
        #expect(quarters.map(\.checkName) == ["consistency"], "\(quarters.map(\.checkName))")
        #expect(quarters.first?.findingClass == .rounding && abs((quarters.first?.magnitude ?? 0) - 1.0 / 90) < 1e-12)
        // Seven slices drawn 51° wide: no result on the 3° never painted, 1/120 of spins, an invalid outcome.
        let drawn = report.checks.first { $0.subject == "drawn-integer-slices" && $0.checkName == "range" }!
        #expect(drawn.status == .fail && drawn.findingClass == .invalid && abs(drawn.magnitude! - 1.0 / 120) < 1e-12, "\(drawn)")
    }

    @Test func aFalseClaimFailsAsUnfairOdds() throws {
        let spec = try SpecParser.parse(
            """
            version: 1
            name: boastful-dice
            dice: { count: 5, faces: 6, claims: { straight: 0.05 } }
            """)
        let report = try Audit.run([try spec.subject()], settings: AuditSettings(run: RunSettings(trials: 20_000, seed: 1)))
        let claim = report.checks.first { $0.checkName == "claimed odds equal exact odds" }!
        #expect(claim.status == .fail && claim.findingClass == .odds)
        #expect(abs(claim.magnitude! - (0.05 - 240.0 / 7776)) < 1e-12)
        #expect(claim.detail.contains("straight: claimed 0.05, exact 0.0308641975"))
    }

    /// Claims that do not match the declared design fail as unfair odds: a targeted wheel whose rules page
    /// shows equal odds while it draws 4:3:2:1, and a small straight claimed at the large straight's odds.
    @Test func falseHandAndIndexClaimsFail() throws {
        let wheel = try SpecParser.parse(
            """
            version: 1
            name: unequal
            wheel:
              pointer: 0
              sectors: [ { label: 1, weight: 1 }, { label: 2, weight: 1 }, { label: 3, weight: 1 }, { label: 4, weight: 1 } ]
              spin: { draw: target, index-weights: [4, 3, 2, 1] }
            """)
        let dice = try SpecParser.parse(
            """
            version: 1
            name: small-claim
            dice: { count: 5, faces: 6, hands: [ { name: small, rule: small straight, claimed: 240/7776 } ] }
            """)
        let report = try Audit.run(
            [try wheel.subject(), try dice.subject()], settings: AuditSettings(run: RunSettings(trials: 20_000, seed: 2)))
        let odds = report.checks.first { $0.subject == "unequal" && $0.checkName == "designed odds equal claimed odds" }!
        #expect(odds.status == .fail && odds.findingClass == .odds && abs(odds.magnitude! - 0.15) < 1e-12)
        let claim = report.checks.first { $0.subject == "small-claim" && $0.checkName == "claimed odds equal exact odds" }!
        #expect(claim.status == .fail && claim.findingClass == .odds && abs(claim.magnitude! - 960.0 / 7776) < 1e-12)
    }

    /// Rules as users write them: "two pair" (a word the number reading must leave alone), "three of a
    /// kind", "Run of 4".
    @Test func handRulesReadAsWritten() throws {
        let spec = try SpecParser.parse(
            """
            version: 1
            name: words
            dice:
              count: 5
              faces: 6
              hands:
                - { name: a, rule: two pair }
                - { name: b, rule: Two  Pair }
                - { name: c, rule: three of a kind }
                - { name: d, rule: Run of 4 }
            """)
        guard case .dice(let dice) = spec.game else { Issue.record("not dice"); return }
        #expect(dice.hands.map(\.rule) == [.twoPair, .twoPair, .ofAKind(count: 3), .run(length: 4)])
    }

    /// The sharding examples (a GitHub Actions matrix, a Kubernetes Indexed Job) are valid YAML whose shard
    /// arguments cover 0 ..< K exactly once, K matching the matrix or the completions, with a merge step.
    @Test func shardingExamplesCoverEveryShard() throws {
        let root = packageRoot
        let actions =
            try Yams.load(yaml: String(contentsOf: root.appendingPathComponent("Examples/sharding/github-actions.yml"), encoding: .utf8))
            as! [String: Any]
        let jobs = actions["jobs"] as! [String: Any]
        let shard = jobs["shard"] as! [String: Any]
        let matrix = ((shard["strategy"] as! [String: Any])["matrix"] as! [String: Any])["shard"] as! [Int]
        let steps = (shard["steps"] as! [[String: Any]]).compactMap { $0["run"] as? String }
        let audit = try #require(steps.first { $0.contains("--shard") })
        let k = matrix.count
        #expect(matrix == Array(0..<k))
        #expect(audit.contains("--shard ${{ matrix.shard }}/\(k) --tallies tallies"))
        let merge = (jobs["merge"] as! [String: Any])["steps"] as! [[String: Any]]
        #expect(merge.contains { ($0["run"] as? String)?.contains("audit merge tallies") == true })
        #expect((jobs["merge"] as! [String: Any])["needs"] as? String == "shard")

        let shards =
            try Yams.load(
                yaml: String(contentsOf: root.appendingPathComponent("Examples/sharding/kubernetes-indexed-job.yaml"), encoding: .utf8))
            as! [String: Any]
        let job = shards["spec"] as! [String: Any]
        #expect(job["completionMode"] as? String == "Indexed")
        let completions = job["completions"] as! Int
        let container = (((job["template"] as! [String: Any])["spec"] as! [String: Any])["containers"] as! [[String: Any]])[0]
        let arguments = (container["args"] as! [String]).joined(separator: " ")
        #expect(arguments.contains("--shard \"$JOB_COMPLETION_INDEX/\(completions)\" --tallies /tallies"))
        #expect(arguments.contains("--seed "))
        let mergeJob =
            try Yams.load(
                yaml: String(contentsOf: root.appendingPathComponent("Examples/sharding/kubernetes-merge-job.yaml"), encoding: .utf8))
            as! [String: Any]
        let mergeSpec = mergeJob["spec"] as! [String: Any]
        #expect(mergeSpec["backoffLimit"] as? Int == 0)
        let mergeContainer = (((mergeSpec["template"] as! [String: Any])["spec"] as! [String: Any])["containers"] as! [[String: Any]])[0]
        #expect((mergeContainer["command"] as! [String]).starts(with: [".build/release/audit", "merge", "/tallies"]))
        #expect(mergeContainer["image"] as? String == container["image"] as? String, "one image for shards and merge")
    }

    @Test func emptyAndUnreadableFiles() {
        #expect(throws: SpecError.self) { try SpecParser.parse("", file: "empty.yaml") }
        // Each says why in plain words; a device reads as the empty file it is.
        let cases = [
            ("/nonexistent/spec.yaml", "/nonexistent/spec.yaml:0:0: (document): cannot read the file: no such file"),
            (NSTemporaryDirectory(), "(document): cannot read the file: it is a directory, not a spec file"),
            ("/dev/null", "/dev/null:1:1: (document): the file is empty"),
            // A device that never ends is read up to the cap, then refused (it once read until out of memory).
            ("/dev/zero", "/dev/zero:0:0: (document): cannot read the file: it is larger than 1048576 bytes"),
        ]
        for (path, message) in cases {
            do {
                _ = try SpecParser.parse(contentsOf: URL(fileURLWithPath: path))
                Issue.record("\(path) parsed")
            } catch let error as SpecError {
                #expect(error.description.contains(message), "\(error.description)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
