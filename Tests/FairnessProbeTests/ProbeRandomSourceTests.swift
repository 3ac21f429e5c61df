import FairnessAudit
import FairnessBattery
import FairnessLogs
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

/// Protocol version 4's `random N`: a game's own random source through its probe, tested by the battery.
@Suite("probes: the game's random source", .serialized, .fullTierOnly)
struct ProbeRandomSourceTests {
    static func battery() -> RandomnessBattery {
        var battery = RandomnessBattery()
        battery.threads = 2
        return battery
    }

    static func test(_ probe: String, kind: String = "wheel", draws: Int = 1 << 20) throws -> RandomnessBatteryResult? {
        try ProbeRandomSource.test(command: probe, timeout: 10, kind: kind, draws: draws, battery: battery())
    }

    static func report(_ result: RandomnessBatteryResult) throws -> AuditReport {
        try RandomnessBattery.report(result, name: "game", settings: AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: 2)))
    }

    /// JavaScript's Math.random passes; the MWC1616 Math.random V8 shipped before 2016 fails, on the pairs
    /// of consecutive draws that never collide.
    @Test func javaScriptsMathRandomIsAuditedThroughItsProbe() throws {
        let script = ProbeTests.path("Examples/probes/javascript/twelve_wheel.js")
        let good = try #require(try Self.test("node \(script)"))
        #expect(good.format == .doubles && good.draws == 1 << 20 && good.doubleResolution.map { $0 >= 52 } == true)
        #expect(try Self.report(good).gate == .pass)
        let weak = try #require(try Self.test("node \(script) --weak-random"))
        #expect(weak.doubleResolution == 32)
        let failing = try Self.report(weak).checks.filter { $0.status == .fail }.map(\.check)
        #expect(failing.contains(.randomDraws(.pairCollisions)), "\(failing)")
    }

    /// Python's random.random and Java's SplittableRandom pass; a version 3 probe has no random source.
    @Test func pythonAndJavaAnswerWithTheirGenerators() throws {
        let python = try #require(try Self.test("python3 \(ProbeTests.path("Examples/probes/python/prize_wheel.py"))", draws: 300_000))
        #expect(python.doubleResolution == 53 && python.draws == 300_000)
        let java = try #require(try Self.test("java -cp \(try ProbeTests.compiledJava()) SixWheel", draws: 300_000))
        #expect(java.doubleResolution == 53)
        #expect(try Self.report(java).gate != .fail && Self.report(python).gate != .fail)
        #expect(try Self.test("node \(ProbeTests.path("Examples/probes/javascript/lucky_wheel.js"))", kind: "target") == nil)
    }

    /// A wrong answer, a changed type, a number out of range: the probe's random source is an error
    /// naming the request.
    @Test func badAnswersAreFaults() throws {
        let answers = [
            "echo 'ok 4 wheel double'; echo 'double 0.5 1.5'", "echo 'ok 4 wheel double'; echo 'bytes 1 2'",
            "echo 'ok 4 wheel double'; echo 'int 6 1 3 4'", "echo 'ok 4 wheel double'; echo 'double 0.5 1.0'",
        ]
        for body in answers {
            let probe = "sh -c \"\(body)\""
            #expect(throws: ProbeError.self, "\(body)") { _ = try Self.test(probe, draws: 2) }
        }
        // A die's draws give 2 bits each (offsets 4 and 5 dropped): more are asked for, until eight
        // sequences' bits.
        let die =
            "python3 -c \"import sys\nfor line in sys.stdin:\n    n = int(line.split()[1]) if line.startswith('random') else 0\n    print('ok 4 dice double' if n == 0 else 'int 1 6 ' + ' '.join(str(i % 6 + 1) for i in range(n)), flush=True)\""
        let integers = try #require(try Self.test(die, kind: "dice", draws: 6))
        #expect(integers.format == .integers(1...6) && integers.bits >= ProbeRandomSource.bitsWanted)
        #expect(integers.integersDropped * 3 >= integers.draws && integers.draws <= UInt64(ProbeRandomSource.maximumDraws))
        // Doubles written with six decimals (`%.6f`): one just below 1 written 1.000000 is counted, not a fault.
        let sixDecimals =
            "python3 -c \"import sys, random\nr = random.Random(3)\nfor line in sys.stdin:\n    n = int(line.split()[1]) if line.startswith('random') else 0\n    print('ok 4 wheel double' if n == 0 else 'double 1.000000 ' + ' '.join('%.6f' % r.random() for _ in range(n - 1)), flush=True)\""
        let decimals = try #require(try Self.test(sixDecimals, draws: 10_000))
        #expect(decimals.doubleDecimals == 6 && decimals.doublesWrittenAsOne >= 1)
    }
}
