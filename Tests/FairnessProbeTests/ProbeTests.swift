import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessProbe
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessSubjects
import FairnessVerification
import Foundation
import TestSupport
import Testing
import _FairnessAuditSupport

/// Probes end to end: the example probes in four languages (a correct wheel passes the default gate, its
/// planted bug fails with the right class), and every fault of the protocol.
@Suite("probes", .serialized, .fullTierOnly)
struct ProbeTests {
    static let root = packageRoot

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static func audit(
        spec: String, probe: String, trials: UInt64 = 20_000, timeout: Double = 10, deadline: Double? = nil
    ) throws -> AuditReport {
        let parsed = try SpecParser.parse(contentsOf: URL(fileURLWithPath: path(spec)))
        let subject: AuditSubject
        do {
            subject = try parsed.probeSubject(command: probe, timeout: timeout, deadline: deadline)
        } catch let fault as ProbeError {
            subject = AuditSubject(name: parsed.name, summary: parsed.summary, kind: .wheel, failing: fault)
        }
        return try Audit.run([subject], settings: AuditSettings(run: RunSettings(trials: trials, seed: 11, threads: 2)))
    }

    /// The classes of the failing exact checks.
    static func failingClasses(_ report: AuditReport) -> Set<FindingClass> {
        Set(report.checks.filter { $0.status == .fail }.compactMap(\.findingClass))
    }

    static func compiledJava() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-java-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try run("javac", ["-d", directory, path("Examples/probes/java/SixWheel.java")])
        return directory
    }

    static func compiledSwift() throws -> String {
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("probe-swift-\(UUID().uuidString)").path
        try run("swiftc", ["-O", "-o", binary, path("Examples/probes/swift/WeightedWheel.swift")])
        return binary
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw ProbeError.didNotStart(command: tool, reason: "exit \(process.terminationStatus)") }
    }

    @Test(arguments: [
        ("Examples/probes/python/prize_wheel.yaml", "python3 \(path("Examples/probes/python/prize_wheel.py"))", FindingClass.mislabel),
        ("Examples/probes/javascript/twelve_wheel.yaml", "node \(path("Examples/probes/javascript/twelve_wheel.js"))", .invalid),
        ("Examples/probes/python/poker_dice.yaml", "python3 \(path("Examples/probes/python/poker_dice.py"))", .mislabel),
        ("Examples/probes/javascript/yacht_dice.yaml", "node \(path("Examples/probes/javascript/yacht_dice.js"))", .mislabel),
        // Stopping on one slice and showing the prize of another: the player is shown a result the wheel
        // does not show (invalid, as for every targeted wheel).
        ("Examples/probes/javascript/lucky_wheel.yaml", "node \(path("Examples/probes/javascript/lucky_wheel.js"))", .invalid),
    ])
    func scriptedExamples(spec: String, probe: String, bugClass: FindingClass) throws {
        let correct = try Self.audit(spec: spec, probe: probe)
        #expect(
            correct.gate == .pass, "\(correct.checks.filter { $0.status == .fail }.map { "\($0.checkName): \($0.finding ?? $0.detail)" })")
        let planted = try Self.audit(spec: spec, probe: probe + " --bug")
        #expect(planted.gate == .fail)
        #expect(Self.failingClasses(planted).contains(bugClass), "\(Self.failingClasses(planted))")
    }

    @Test func compiledExamples() throws {
        let java = try Self.compiledJava()
        defer { try? FileManager.default.removeItem(atPath: java) }
        let javaCommand = "java -cp \(java) SixWheel"
        #expect(try Self.audit(spec: "Examples/probes/java/six_wheel.yaml", probe: javaCommand).gate == .pass)
        let javaBug = try Self.audit(spec: "Examples/probes/java/six_wheel.yaml", probe: javaCommand + " --bug")
        #expect(javaBug.gate == .fail && Self.failingClasses(javaBug).contains(.mislabel))
        // The Java probe declares float: the subject's values are floats.
        #expect(javaBug.subjects[0].findings.contains { $0.contains("Answered by the probe") })
        let swift = try Self.compiledSwift()
        defer { try? FileManager.default.removeItem(atPath: swift) }
        // A 1% prize: serial pairs need about 50,000 spins to be tested.
        let swiftCorrect = try Self.audit(spec: "Examples/probes/swift/weighted_wheel.yaml", probe: swift, trials: 60_000)
        #expect(
            swiftCorrect.gate == .pass,
            "\(swiftCorrect.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.status) \($0.detail)" })")
        let swiftBug = try Self.audit(spec: "Examples/probes/swift/weighted_wheel.yaml", probe: swift + " --bug")
        #expect(swiftBug.gate == .fail && Self.failingClasses(swiftBug).contains(.mislabel))
    }

    /// The iOS-app pattern: the app's WheelLogic package, built for this machine, audited through its probe.
    @Test func iosAppTemplate() throws {
        let template = Self.path("Examples/ios-wheel-template")
        try Self.run("swift", ["build", "-c", "release", "--package-path", template, "--product", "wheel-probe"])
        let probe = template + "/.build/release/wheel-probe"
        let correct = try Self.audit(spec: "Examples/ios-wheel-template/wheel.yaml", probe: probe, trials: 60_000)
        #expect(correct.gate == .pass, "\(correct.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.detail)" })")
        let planted = try Self.audit(spec: "Examples/ios-wheel-template/wheel.yaml", probe: probe + " --bug", trials: 60_000)
        #expect(planted.gate == .fail && Self.failingClasses(planted).contains(.mislabel))
    }

    /// Seven ten-sided dice: 10^7 ordered rolls, judged through their 11,440 multisets (up to 16
    /// orderings each) asked of the probe; a detector that reads the dice in the order given misses
    /// straights rolled in another order.
    @Test func diceBeyondAMillionRollsAreJudgedThroughMultisets() throws {
        let spec = "Tests/FairnessProbeTests/Fixtures/probes/seven_d10.yaml"
        let probe = "python3 \(Self.path("Tests/FairnessProbeTests/Fixtures/probes/many_dice.py"))"
        let correct = try Self.audit(spec: spec, probe: probe, trials: 10_000)
        #expect(correct.gate == .pass, "\(correct.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.detail)" })")
        let detector = try #require(correct.checks.first { $0.checkName == "straight detector (exhaustive)" })
        #expect(detector.detail.contains("all 11440 multisets of faces (10000000 ordered rolls)"))
        let hand = try #require(correct.checks.first { $0.checkName == "run-3 detector (exhaustive)" })
        #expect(hand.status == .pass)
        let planted = try Self.audit(spec: spec, probe: probe + " --bug", trials: 10_000)
        #expect(planted.gate == .fail && Self.failingClasses(planted) == [.mislabel])
    }

    /// The game's own mapping from draws to faces, exactly: `ceil(u * 6)` shows face 0 at u = 0 (one draw
    /// in 2^53 per die: invalid, however rare), `round(u * 5) + 1` and a d8 folded with `%` give unfair
    /// odds; `int(u * 6) + 1` gives every face 1/6 within the grid.
    @Test(arguments: [
        ("floor", nil as FindingClass?, 0.0), ("ceil", .invalid, 5 * 0x1p-53), ("round", .odds, 1.0 / 15), ("d8", .odds, 1.0 / 12),
    ])
    func aDiceRollMappingIsCheckedExactly(mode: String, expected: FindingClass?, magnitude: Double) throws {
        let probe = "python3 \(Self.path("Tests/FairnessProbeTests/Fixtures/probes/dice_mappings.py")) \(mode)"
        let report = try Self.audit(spec: "Examples/specs/poker-dice.json", probe: probe, trials: 5_000)
        let mapping = try #require(report.checks.first { $0.checkName == "roll mapping (exact)" })
        #expect(mapping.findingClass == expected, "\(mapping)")
        if expected != nil {
            #expect(mapping.status == .fail)
            #expect(abs(mapping.magnitude! - magnitude) <= 1e-12 * max(magnitude, 1e-300) + 1e-30, "\(mapping.magnitude!)")
        } else {
            #expect(mapping.status == .pass)
        }
    }

    /// A detector's miss share is the share of plays in play, under the game's own die mapping: a straight
    /// check that misses 2-3-4-5-6 misses 5/324 of rolls on fair dice, 12/625 when the game's dice are
    /// `round(u * 5) + 1` and 15/2048 when they are `int(u * 8) % 6 + 1` (Python fractions over every roll,
    /// Tests/FairnessProbeTests/Fixtures/probes/make_dice_play_shares.py).
    @Test(arguments: ["floor", "round", "d8"])
    func aDetectorsShareIsWeighedByTheGamesOwnDice(mode: String) throws {
        struct Share: Decodable {
            let shareValue: Double
            enum CodingKeys: String, CodingKey { case shareValue = "share_value" }
        }
        let figures = try JSONDecoder().decode(
            [String: Share].self,
            from: Data(contentsOf: URL(fileURLWithPath: Self.path("Tests/FairnessProbeTests/Fixtures/probes/dice_play_shares.json"))))
        let expected = try #require(figures[mode]).shareValue
        let probe = "python3 \(Self.path("Tests/FairnessProbeTests/Fixtures/probes/dice_mappings.py")) \(mode) --miss-high"
        let report = try Self.audit(spec: "Examples/specs/poker-dice.json", probe: probe, trials: 5_000)
        let detector = try #require(report.checks.first { $0.checkName == "straight detector (exhaustive)" })
        #expect(detector.status == .fail && detector.findingClass == .mislabel, "\(detector)")
        #expect(abs((detector.magnitude ?? 0) - expected) <= 1e-12, "\(detector.magnitude ?? -1) against \(expected)")
    }

    /// A stop at a random point of the slice: within ±40% it always lands inside; spread over ±60% of the
    /// slice, the stop rests on a neighbour for |u − ½| > 5/12, one draw in six — found exactly by
    /// bisection on the game's own draw, not by sampling.
    @Test func aTargetedStopThatDependsOnItsOwnDrawIsCheckedOverTheDraws() throws {
        let spec = "Examples/probes/javascript/lucky_wheel.yaml"
        let probe = "node \(Self.path("Examples/probes/javascript/lucky_wheel.js"))"
        let wide = try Self.audit(spec: spec, probe: probe + " --wide", trials: 20_000)
        let landing = try #require(wide.checks.first { $0.checkName == "landing" })
        #expect(landing.status == .fail && landing.findingClass == .invalid)
        #expect(abs(landing.magnitude! - 1.0 / 6) < 1e-9, "\(landing.magnitude!)")
        let sampled = try #require(wide.checks.first { $0.checkName == "shown sector equals reported result" })
        #expect(sampled.status == .fail, "sampling asks the probe for every spin")
    }

    /// The lucky wheel keeps its rotation between spins (protocol version 3): correct, every spin of a
    /// session checked lands inside its slice; with `--forget-rotation` the first spin lands right and every
    /// second spin shows the prize decided while the pointer rests elsewhere (all of them: no index's slice
    /// is a whole turn away from another's), and sampling, which plays sessions, sees it on 7 spins in 8
    /// or so.
    @Test func aWheelThatForgetsItsRotationFailsOnItsSecondSpin() throws {
        let spec = "Examples/probes/javascript/lucky_wheel.yaml"
        let probe = "node \(Self.path("Examples/probes/javascript/lucky_wheel.js"))"
        let correct = try Self.audit(spec: spec, probe: probe, trials: 20_000)
        let kept = try #require(correct.checks.first { $0.check == .landing })
        #expect(kept.status == .pass && kept.detail.contains("depends on where the previous spin left"), "\(kept.detail)")
        let forgetful = try Self.audit(spec: spec, probe: probe + " --forget-rotation", trials: 20_000)
        let landing = try #require(forgetful.checks.first { $0.check == .landing })
        #expect(landing.status == .fail && landing.findingClass == .invalid && landing.magnitude == 1, "\(landing)")
        guard case .landingDefects(let defects)? = landing.findingFact, let spin = defects.spin else {
            Issue.record("\(String(describing: landing.findingFact))")
            return
        }
        guard case .second = spin.kind else {
            Issue.record("\(spin)")
            return
        }
        let sampled = try #require(forgetful.checks.first { $0.check == .shownSectorEqualsReportedResult })
        #expect(sampled.status == .fail && (sampled.statistic ?? 0) > 0.8 * 20_000, "\(sampled.detail)")
    }

    /// A yacht detector that gives no answer, or crashes, on exactly the six yacht rolls misses them: a
    /// mislabel of 6 in 7,776 rolls (a crash of the probe itself is also named as a trap). The game has no
    /// straight detector ('none' everywhere): nothing to judge there. The claim, printed as 0.08%, agrees with
    /// 6/7776 = 0.0772% at the declared rounding.
    @Test(arguments: ["", "none", "trap", "crash"])
    func aDetectorThatFailsOnItsOwnHandIsWrong(fault: String) throws {
        let probe = "python3 \(Self.path("Tests/FairnessProbeTests/Fixtures/probes/yacht_faults.py")) \(fault)"
        let report = try Self.audit(spec: "Tests/FairnessProbeTests/Fixtures/probes/yacht.yaml", probe: probe, trials: 5_000)
        let yacht = try #require(report.checks.first { $0.checkName == "yacht detector (exhaustive)" })
        #expect(report.checks.first { $0.checkName == "straight detector (exhaustive)" }?.status == .pass)
        #expect(report.checks.first { $0.checkName == "claimed odds equal exact odds" }?.status == .pass)
        if fault.isEmpty {
            #expect(yacht.status == .pass, "\(yacht)")
        } else {
            #expect(yacht.status == .fail && yacht.findingClass == .mislabel, "\(yacht)")
            #expect(abs(yacht.magnitude! - 6.0 / 7776) < 1e-15)
        }
        if fault == "crash" { #expect(report.subjects[0].findings.contains { $0.contains("died on 6 requests") }) }
    }

    /// A probe that catches the game's crash and answers 'trap' costs no restart: the crashes at negative
    /// rotations (never reached in play) are latent NOTEs and the audit passes.
    @Test func aProbeThatAnswersTrapIsFastAndLatent() throws {
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " trap")
        #expect(report.gate == .pass, "\(report.checks.filter { $0.status == .fail }.map { "\($0.checkName): \($0.detail)" })")
        let wraparound = try #require(report.checks.first { $0.checkName == "wraparound" })
        #expect(wraparound.status == .note && wraparound.findingClass == .latent, "\(wraparound)")
        #expect(!report.subjects[0].findings.contains { $0.contains("died") })
    }

    static let faulty = "python3 \(path("Tests/FairnessProbeTests/Fixtures/probes/faulty.py"))"
    static let fourSectors = "Tests/FairnessProbeTests/Fixtures/probes/four_sectors.yaml"

    /// The one check of a subject that could not be run.
    static func couldNotRun(_ report: AuditReport) -> String? {
        report.checks.first { $0.checkName == "subject could not be run" && $0.status == .fail }?.detail
    }

    /// A dice probe's rolls go through the game's own mapping: one that folds a d8 onto six faces with `%`
    /// (faces 1 and 2 twice as likely) fails the sampled fairness tests; its detector answers are exact.
    @Test func aDiceProbeWithABiasedRollFailsSampling() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-dice-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = try String(contentsOfFile: Self.path("Examples/probes/python/poker_dice.py"), encoding: .utf8)
        let biased = source.replacingOccurrences(of: "int(u * 6) + 1", with: "int(u * 8) % 6 + 1")
        #expect(biased != source)
        try biased.write(toFile: directory + "/biased.py", atomically: true, encoding: .utf8)
        let report = try Self.audit(spec: "Examples/probes/python/poker_dice.yaml", probe: "python3 \(directory)/biased.py")
        #expect(report.gate == .fail)
        #expect(report.checks.contains { $0.checkName == "die 1 uniformity" && $0.status == .fail })
        #expect(report.checks.first { $0.checkName == "straight detector (exhaustive)" }?.status == .pass)
    }

    @Test func theFaultlessProbePasses() throws {
        #expect(try Self.audit(spec: Self.fourSectors, probe: Self.faulty).gate == .pass)
    }

    @Test func aProbeThatDoesNotStartFailsItsSubjectOnly() throws {
        let parsed = try SpecParser.parse(contentsOf: URL(fileURLWithPath: Self.path(Self.fourSectors)))
        #expect(throws: ProbeError.self) { try parsed.probeSubject(command: "/nonexistent/probe", timeout: 5) }
        let report = try Self.audit(spec: Self.fourSectors, probe: "/nonexistent/probe")
        #expect(report.gate == .fail)
        #expect(Self.couldNotRun(report)?.hasPrefix("probe '/nonexistent/probe' did not start: exited with status 127") == true)
        // Other subjects in the same run are audited as usual.
        let both = try Audit.run(
            [
                AuditSubject(
                    name: "broken", summary: "", kind: .wheel,
                    failing: ProbeError.didNotStart(command: "x", reason: "exited with status 127 before the handshake")),
                AuditSubject(dice: ReferenceDiceGame()),
            ], settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 1)))
        #expect(both.subjects.map(\.verdict) == [.fail, .pass])
        #expect(both.checks.count > 5)
    }

    @Test func aWrongHandshakeIsNamed() throws {
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " handshake")
        #expect(
            Self.couldNotRun(report)?.contains("answered the handshake with 'hello', expected 'ok 1|2|3|4|5|6 wheel double|float'") == true)
    }

    @Test func aHangingProbeTimesOut() throws {
        let started = Date()
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " hang", timeout: 1)
        #expect(Self.couldNotRun(report)?.contains("gave no answer within 1.0 s (waiting for the answer to '") == true, "\(report.checks)")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test(arguments: ["die", "die-batched"])
    func aProbeThatDiesOnAnInputIsRestartedAndTheInputIsATrap(fault: String) throws {
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " " + fault)
        #expect(Self.couldNotRun(report) == nil, "\(Self.couldNotRun(report) ?? "")")
        let notes = report.subjects[0].findings.joined()
        #expect(notes.contains("which died on") && notes.contains("(first: 'report 100.0"), "\(notes)")
        // The report quotes what the start that died wrote last to its standard error.
        #expect(notes.contains("Before it died on 'report 100.0") && notes.contains("'ValueError: no sector at 100.0"), "\(notes)")
        // Rotations in [100, 100.05) show no result: an invalid outcome in play, on 0.05/360 of spins —
        // found at the right inputs even when the probe answers a batch only at its end.
        let range = report.checks.first { $0.checkName == "range" }!
        #expect(range.status == .fail && range.findingClass == .invalid)
        #expect(abs((range.magnitude ?? 0) - 0.05 / 360) < 1e-9, "\(range)")
    }

    /// A probe that hangs after its handshake costs one timeout, not one per block of trials: 2·10⁶ trials
    /// are 31 blocks, 31 s of timeouts if each paid its own, so the bound leaves room for a loaded machine.
    @Test func aHangIsPaidForOnce() throws {
        let started = Date()
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " hang", trials: 2_000_000, timeout: 1)
        #expect(Self.couldNotRun(report) != nil)
        #expect(Date().timeIntervalSince(started) < 15, "\(Date().timeIntervalSince(started)) s")
    }

    /// A probe command that leaves a helper in the background holding the probe's pipes (a wrapper script,
    /// `helper & exec game`) once hung the audit forever when the probe was closed: its process group is
    /// ended with it.
    @Test func aProbeThatLeavesAHelperBehindDoesNotHang() throws {
        let started = Date()
        let report = try Self.audit(spec: Self.fourSectors, probe: "sleep 371 & " + Self.faulty, trials: 2_000)
        #expect(Self.couldNotRun(report) == nil, "\(Self.couldNotRun(report) ?? "")")
        #expect(Date().timeIntervalSince(started) < 30, "\(Date().timeIntervalSince(started)) s")
        let helpers = Process()
        helpers.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        helpers.arguments = ["pgrep", "-f", "sleep 371"]
        helpers.standardOutput = FileHandle.nullDevice
        try helpers.run()
        helpers.waitUntilExit()
        #expect(helpers.terminationStatus == 1, "a helper the probe started is still running")
    }

    /// A probe that writes forever without ending its line is stopped at 1 MiB with a one-line fault,
    /// in about the time it takes to write that much (it never triggers the silence timeout).
    @Test func anEndlessLineIsCutShort() throws {
        let started = Date()
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " endless", trials: 2_000)
        #expect(Self.couldNotRun(report)?.contains("without ending its line") == true, "\(Self.couldNotRun(report) ?? "")")
        #expect(Date().timeIntervalSince(started) < 20, "\(Date().timeIntervalSince(started)) s")
    }

    /// A probe whose game crashes on every request is given up after 20 requests that each killed it,
    /// not after 1,000 restarts (two minutes and more).
    @Test func aProbeThatDiesOnEveryRequestFailsFast() throws {
        let started = Date()
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " die-always", trials: 2_000)
        #expect(Self.couldNotRun(report)?.contains("died 40 times") == true, "\(Self.couldNotRun(report) ?? "")")
        // The fault quotes what the last start that died wrote to its standard error.
        #expect(
            Self.couldNotRun(report)?.contains("; its standard error ended: 'fatal: the game crashed'") == true,
            "\(Self.couldNotRun(report) ?? "")")
        #expect(Date().timeIntervalSince(started) < 30, "\(Date().timeIntervalSince(started)) s")
    }

    /// A probe that answers one request after each start and dies on the next is given up once it has
    /// restarted 40 times with fewer than 10 answers per restart, in seconds (it took 1,001 restarts and
    /// 95 s before).
    @Test func aProbeThatDiesOnNearlyEveryRequestFailsFast() throws {
        let started = Date()
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " die-after-one", trials: 2_000)
        #expect(Self.couldNotRun(report)?.contains("died 40 times") == true, "\(Self.couldNotRun(report) ?? "")")
        #expect(Date().timeIntervalSince(started) < 30, "\(Date().timeIntervalSince(started)) s")
    }

    /// A probe that answers every batch just within the timeout cannot keep a game's audit going for ever:
    /// past `--probe-deadline` the game fails as one that could not be run, at once.
    @Test func aSlowProbeMeetsItsDeadline() throws {
        let started = Date()
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " slow", trials: 200_000, deadline: 2)
        #expect(
            Self.couldNotRun(report)?.contains("did not finish the game's audit within its deadline of 2.0 s") == true,
            "\(Self.couldNotRun(report) ?? "")")
        #expect(Date().timeIntervalSince(started) < 30, "\(Date().timeIntervalSince(started)) s")
    }

    /// A probe too slow for the trials asked is refused early, from its pace, long before its deadline: at
    /// 200 answers a second a million trials need over 40 minutes on two connections, so a deadline of 10
    /// minutes cannot be met, and the game fails within seconds with the pace and the projection named.
    @Test func aHopelessProbeIsRefusedEarly() throws {
        let started = Date()
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " crawl", trials: 1_000_000, deadline: 600)
        let reason = Self.couldNotRun(report) ?? ""
        #expect(reason.contains("stopped early") && reason.contains("past its deadline of 600 s"), "\(reason)")
        #expect(Date().timeIntervalSince(started) < 60, "\(Date().timeIntervalSince(started)) s")
    }

    /// The estimate never refuses a probe that keeps pace: the correct probe, with a deadline that its
    /// audit meets, passes.
    @Test func aProbeThatKeepsPaceIsNotRefused() throws {
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty, trials: 200_000, deadline: 300)
        #expect(Self.couldNotRun(report) == nil, "\(Self.couldNotRun(report) ?? "")")
        #expect(report.gate == .pass, "\(report.checks.filter { $0.status == .fail }.map { "\($0.checkName): \($0.detail)" })")
    }

    @Test func garbageAndSurplusAndMissingLinesAreNamed() throws {
        let garbage = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " garbage")
        #expect(Self.couldNotRun(garbage)?.contains("with 'banana'; expected a whole-number label, 'none' or 'trap'") == true)
        let surplus = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " surplus")
        #expect(Self.couldNotRun(surplus)?.contains("surplus") == true, "\(surplus.checks.map(\.detail))")
        let short = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " short", timeout: 1)
        #expect(Self.couldNotRun(short) != nil, "a missing answer is found (as a misplaced answer or a timeout)")
    }

    static let recording = "Tests/FairnessProbeTests/Fixtures/probes/recording.py"

    /// Every draw the toolkit sends, across every check and sampling, is in its documented range: `spin U P`
    /// and `play U` in [0, one turn) (never −0.0, never a negative U, never one turn itself, in the probe's
    /// number type), `target I U`, `pick U` and `roll U…` in [0, 1). A correct plain-JavaScript game that rejects a
    /// draw outside [0, one turn) would otherwise not be auditable at all.
    @Test(arguments: [
        ("four_sectors_top.yaml", "wheel", 360.0), ("four_sectors_top.yaml", "wheel-float", 360.0),
        ("four_sectors_target.yaml", "target", 1.0), ("four_sectors_target.yaml", "target2", 1.0),
        ("four_sectors_target.yaml", "target3", 1.0), ("five_d6.yaml", "dice", 1.0),
    ])
    func everyDrawSentIsInItsDocumentedRange(spec: String, kind: String, turn: Double) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("requests-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let report = try Self.audit(
            spec: "Tests/FairnessProbeTests/Fixtures/probes/" + spec, probe: "python3 \(Self.path(Self.recording)) \(kind) \(log)")
        #expect(report.gate == .pass, "\(report.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.detail)" })")
        var drawsSeen = 0
        var outside: Set<String> = []
        for line in try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            let draws: [String]
            switch words.first {
            case "play" where kind == "target3": draws = [words[2]]
            case "spin", "play": draws = [words[1]]
            case "target":
                draws = [words[2]]
                // Version 3: the rotation the previous spin left, a finite number in the probe's type.
                if words.count == 4, !(Double(words[3])?.isFinite ?? false) { outside.insert(String(line)) }
            case "pick": draws = [words[1]]
            case "roll": draws = Array(words.dropFirst())
            default: draws = []
            }
            for text in draws {
                drawsSeen += 1
                let value = Double(text)!
                // A float probe reads the text as a float: it must still be below one turn there.
                let inType = kind == "wheel-float" ? Float(text).map { $0 >= 0 && $0 < Float(turn) } ?? false : true
                if !(value >= 0 && value < turn) || text.hasPrefix("-") || !inType { outside.insert(String(line)) }
            }
            if words.first == "spin", words[2].hasPrefix("-0") && Double(words[2]) == 0 { outside.insert(String(line)) }
        }
        #expect(drawsSeen > 1000, "\(drawsSeen) draws")
        #expect(outside.isEmpty, "\(outside.sorted().prefix(5))")
    }

    /// A game that throws on every spin shows no result on every spin: an invalid outcome on its exact share
    /// (all of them), not a wheel that did not move; the same for a targeted game that traps on every stop.
    @Test(arguments: [("four_sectors_top.yaml", "wheel", "range"), ("four_sectors_target.yaml", "target", "landing")])
    func aGameThatTrapsOnEverySpinIsInvalidOnEverySpin(spec: String, kind: String, check: String) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("requests-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let report = try Self.audit(
            spec: "Tests/FairnessProbeTests/Fixtures/probes/" + spec,
            probe: "python3 \(Self.path(Self.recording)) \(kind) \(log) trap-spin")
        #expect(report.gate == .fail)
        let record = try #require(report.checks.first { $0.checkName == check })
        #expect(record.status == .fail && record.findingClass == .invalid, "\(record)")
        #expect(record.magnitude == 1, "\(String(describing: record.magnitude))")
        #expect(report.subjects[0].affectedShare == 1, "\(report.subjects[0])")
    }

    struct PickFigures: Decodable {
        let `class`: String?
        let shareValue: Double
        let oddsGapValue: Double

        enum CodingKeys: String, CodingKey {
            case `class`
            case shareValue = "share_value"
            case oddsGapValue = "odds_gap_value"
        }
    }

    /// Probe protocol version 2: the game's own prize-table draw (`pick U`) is partitioned exactly and is
    /// what sampling and every share use; the declared index weights are the claim it is judged against.
    /// Each mode's figures equal Python fractions' (Tests/FairnessSubjectAuditTests/Fixtures/make_targeted_shares.py).
    @Test(arguments: ["correct", "off-by-one", "past-the-end", "throws"])
    func theGamesOwnIndexDrawIsAuditedExactly(mode: String) throws {
        let figures = try JSONDecoder().decode(
            [String: PickFigures].self,
            from: Data(contentsOf: URL(fileURLWithPath: Self.path("Tests/FairnessProbeTests/Fixtures/probes/prize_table_shares.json"))))
        let expected = try #require(figures["js-prize-table-\(mode)"])
        let report = try Self.audit(
            spec: "Tests/FairnessProbeTests/Fixtures/probes/prize_table.yaml",
            probe: "node \(Self.path("Tests/FairnessProbeTests/Fixtures/probes/prize_table.js")) \(mode)")
        #expect(Self.couldNotRun(report) == nil, "\(Self.couldNotRun(report) ?? "")")
        #expect(report.gate == (mode == "correct" ? .pass : .fail), "\(report.checks.filter { $0.status == .fail }.map(\.checkName))")
        let draw = try #require(report.checks.first { $0.checkName == "index draw equals declared draw" })
        #expect(abs((draw.magnitude ?? 0) - expected.oddsGapValue) <= 1e-12, "\(draw.magnitude ?? -1) against \(expected.oddsGapValue)")
        #expect((draw.status == .fail) == (expected.oddsGapValue > 0))
        let landing = try #require(report.checks.first { $0.checkName == "landing" })
        if expected.class == "invalid" {
            #expect(landing.status == .fail && landing.findingClass == .invalid, "\(landing)")
            #expect(
                abs((landing.magnitude ?? 0) - expected.shareValue) <= 1e-12, "\(landing.magnitude ?? -1) against \(expected.shareValue)")
        } else {
            #expect(landing.status == .pass, "\(landing.detail)")
        }
        // Int.min is asked like any out-of-range index (a trapped pick is marked apart, not by that index).
        let outside = try #require(report.checks.first { $0.checkName == "out-of-range indices" })
        #expect(!outside.detail.contains("index draw traps"), "\(outside.detail)")
        // Sampling draws through the game's own pick: what it samples agrees with the exact odds.
        let sampled = report.checks.filter { $0.kind == .sampling && $0.checkName.hasPrefix("outcomes vs designed odds") }
        #expect(!sampled.isEmpty && sampled.allSatisfy { $0.status == .pass }, "\(sampled.map(\.detail))")
    }

    /// The targeted corpus written as a Python game (the same games as the Swift corpus in
    /// FairnessSubjectAuditTests): each correct twin passes the default gate; each bug fails with the class and the
    /// exact share Python fractions give (Tests/FairnessSubjectAuditTests/Fixtures/targeted_shares.json).
    @Test(arguments: [
        ("divider-36", "equal-36", "equal-36"), ("jitter-8", "equal-8", "equal-8"), ("read-back-7", "equal-7", "equal-7"),
        ("replaced-index-8", "equal-8", "equal-8"), ("throwing-5", "equal-5", "equal-5"),
        ("negative-spin-12", "equal-12", "equal-12"), ("integer-width-7", "equal-7", "drawn-7"),
        ("accumulating-8", "equal-8", "equal-8"), ("rounded-current-8", "equal-8", "equal-8"),
    ])
    func aTargetedGameInPythonHasTheExactSharesOfItsSwiftTwin(game: String, correctSpec: String, bugSpec: String) throws {
        let figures = try JSONDecoder().decode(
            [String: PickFigures].self,
            from: Data(contentsOf: URL(fileURLWithPath: Self.path("Tests/FairnessSubjectAuditTests/Fixtures/targeted_shares.json"))))
        let expected = try #require(figures["targeted-\(game)-bug"])
        let probe = "python3 \(Self.path("Tests/FairnessProbeTests/Fixtures/probes/targeted_corpus.py")) \(game)"
        let folder = "Tests/FairnessProbeTests/Fixtures/probes/targeted/"
        let correct = try Self.audit(spec: folder + correctSpec + ".yaml", probe: probe)
        #expect(correct.gate == .pass, "\(game): \(correct.checks.filter { $0.status == .fail }.map { "\($0.checkName): \($0.detail)" })")
        let bug = try Self.audit(spec: folder + bugSpec + ".yaml", probe: probe + " --bug")
        #expect(bug.gate == .fail, "\(game) --bug passes")
        let landing = try #require(bug.checks.first { $0.checkName == "landing" })
        if let expectedClass = expected.class {
            #expect(landing.findingClass?.rawValue == expectedClass && landing.status == .fail, "\(game): \(landing)")
            #expect(
                abs((landing.magnitude ?? -1) - expected.shareValue) <= 1e-12,
                "\(game): \(landing.magnitude ?? -1) against \(expected.shareValue)")
        }
        let odds = try #require(bug.checks.first { $0.checkName == "designed odds equal claimed odds" })
        #expect(abs((odds.magnitude ?? 0) - expected.oddsGapValue) <= 1e-12, "\(game): gap \(odds.magnitude ?? 0)")
    }

    /// A version 1 probe that keeps its game's rotation itself (`target I U` continues from wherever the
    /// previous request left the wheel): the correct game passes (every play judged the same whatever came
    /// before, its own state named in the detail); the game that forgets to take the current rotation off
    /// fails as a play that changed between identical requests, with no share (none can be measured).
    @Test func aProbeThatKeepsItsOwnStateIsJudgedOnlyWhereItsVerdictsAreStable() throws {
        let probe = "python3 \(Self.path("Tests/FairnessProbeTests/Fixtures/probes/targeted_corpus.py")) accumulating-8 --hidden-state"
        let spec = "Tests/FairnessProbeTests/Fixtures/probes/targeted/equal-8.yaml"
        let correct = try Self.audit(spec: spec, probe: probe)
        #expect(correct.gate == .pass, "\(correct.checks.filter { $0.status == .fail }.map { "\($0.checkName): \($0.detail)" })")
        let stable = try #require(correct.checks.first { $0.check == .landing })
        #expect(stable.detail.contains("keeps a state of its own"), "\(stable.detail)")
        let bug = try Self.audit(spec: spec, probe: probe + " --bug")
        let landing = try #require(bug.checks.first { $0.check == .landing })
        #expect(bug.gate == .fail && landing.status == .fail && landing.findingClass == .invalid, "\(landing)")
        #expect(landing.magnitude == nil && bug.subjects[0].affectedShare == nil)
        guard case .playNotPartitioned(let change)? = landing.findingFact else {
            Issue.record("\(String(describing: landing.findingFact))")
            return
        }
        #expect(change.firstVerdict != change.laterVerdict)
    }

    /// A game whose spins turn the wheel the negative way, with a lookup that breaks only for positive
    /// rotations (which its spins never produce): wraparound, boundary, consistency and range find only
    /// latent defects, by the same session model, and the game passes the default gate.
    @Test(arguments: ["reset", "acc"])
    func defectsAtRotationsTheSpinNeverProducesAreLatent(mode: String) throws {
        let report = try Self.audit(
            spec: "Tests/FairnessProbeTests/Fixtures/probes/four_sectors_top.yaml",
            probe: "python3 \(Self.path("Tests/FairnessProbeTests/Fixtures/probes/negative_spin.py")) \(mode)")
        #expect(
            report.gate == .pass, "\(report.checks.filter { $0.status == .fail }.map { "\($0.checkName): \($0.finding ?? $0.detail)" })")
        for name in ["wraparound", "boundary", "consistency", "range"] {
            let record = try #require(report.checks.first { $0.checkName == name })
            #expect(record.status == .note && record.findingClass == .latent, "\(name): \(record.status) \(record.finding ?? "")")
        }
        #expect(report.subjects[0].affectedShare == 0)
    }

    /// A probe that writes to standard error without end (itself on every request, and a child it started)
    /// while answering correctly: the audit passes in bounded time, the stream is drained without blocking
    /// the probe, and only its last 64 KiB are kept.
    @Test func aProbeThatFloodsItsStandardErrorIsDrainedNotPassedOn() throws {
        let started = Date()
        let report = try Self.audit(spec: Self.fourSectors, probe: Self.faulty + " flood", trials: 2_000)
        #expect(report.gate == .pass, "\(report.checks.filter { $0.status == .fail }.map(\.detail))")
        #expect(Date().timeIntervalSince(started) < 120, "\(Date().timeIntervalSince(started)) s")
    }

    /// A probe that dies before its handshake: the fault quotes the last lines it wrote to standard error.
    @Test func aProbeThatDiesBeforeItsHandshakeIsQuoted() throws {
        let report = try Self.audit(
            spec: Self.fourSectors, probe: "sh -c 'echo first >&2; echo \"import error: no module named wheel\" >&2; exit 2'")
        let fault = try #require(Self.couldNotRun(report))
        #expect(
            fault.contains(
                "exited with status 2 before the handshake; its standard error ended: 'first' | 'import error: no module named wheel'"),
            "\(fault)")
    }

    /// A wheel that snaps to the centre of a sector, spun either way, whose lookup past the first turn is
    /// wrong only between its stops: the wraparound check's breaks lie where no spin rests, every defect is
    /// latent, and the game passes; the same lookup wrong at its stops fails.
    @Test(arguments: ["anticlockwise", "clockwise"])
    func aSnappingWheelIsJudgedByItsStops(direction: String) throws {
        let spec = "Tests/FairnessProbeTests/Fixtures/probes/four_sectors_top.yaml"
        let probe = "python3 \(Self.path("Tests/FairnessProbeTests/Fixtures/probes/snapping_wheel.py")) \(direction)"
        let report = try Self.audit(spec: spec, probe: probe)
        #expect(
            report.gate == .pass, "\(report.checks.filter { $0.status == .fail }.map { "\($0.checkName): \($0.finding ?? $0.detail)" })")
        let wraparound = try #require(report.checks.first { $0.checkName == "wraparound" })
        #expect(wraparound.status == .note && wraparound.findingClass == .latent, "\(wraparound.finding ?? wraparound.detail)")
        let bug = try Self.audit(spec: spec, probe: probe + " bug")
        #expect(bug.gate == .fail)
        #expect(bug.checks.first { $0.checkName == "wraparound" }?.findingClass == .mislabel)
    }
}
