import FairnessModel
import FairnessStatistics
import FairnessSubjects
import Foundation
import Synchronization
import Testing

@testable import FairnessAudit
@testable import FairnessBattery
@testable import FairnessLogs
@testable import FairnessReport
@testable import FairnessReportRendering
@testable import FairnessRunner
@testable import FairnessSubjectAudit
@testable import FairnessVerification
@testable import _FairnessAuditSupport

/// A wheel whose spin is planted with a bias: a quarter of the spins are pushed into sector 1.
/// The exact checks cannot see it (reports match the geometry); the sampled tests must.
struct PlantedBiasWheel: WheelSubject {
    typealias Rotation = Double
    let reference = try! ReferenceWheel(equalSectors: 10)
    var name: String { "planted-bias-wheel" }
    var summary: String { "test subject: 10 equal sectors, spins biased towards sector 1" }
    var geometry: WheelGeometry { reference.geometry }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }
    func rotation(afterDrawing u: Double, from previous: Double) -> Double {
        // u uniform in [0, 360): a further 2% of the circle lands in sector 1 (rotations (342°, 360°)).
        let biased = u < 7.2 ? 342 + u * 2.5 : u
        return biased
    }
    func report(_ rotation: Double) -> WheelOutcome { reference.report(rotation) }
}

@Suite("Runner and audit")
struct RunnerTests {
    static func settings(trials: UInt64, threads: Int, seed: UInt64 = 7, generator: GeneratorChoice = .xoshiro) -> AuditSettings {
        AuditSettings(
            run: RunSettings(trials: trials, seed: seed, generator: generator, threads: threads, blockSize: 4096),
            sweepSteps: 4096)
    }

    @Test func talliesAreBitIdenticalWhateverTheThreadCount() throws {
        let wheel = try SliderRoulette(sectorCount: 7)
        let one = try MonteCarloRunner.run(WheelDriver(wheel), settings: Self.settings(trials: 100_003, threads: 1).run)
        let four = try MonteCarloRunner.run(WheelDriver(wheel), settings: Self.settings(trials: 100_003, threads: 4).run)
        let seven = try MonteCarloRunner.run(WheelDriver(wheel), settings: Self.settings(trials: 100_003, threads: 7).run)
        #expect(one.counts == four.counts && one.counts == seven.counts)
        #expect(one.pairs == four.pairs && one.invalidLabels == seven.invalidLabels)
        #expect(one.trials == 100_003)
        let dice1 = try MonteCarloRunner.run(
            DiceDriver(DrinkingDiceGame(rerollSwitchOn: true)), settings: Self.settings(trials: 50_000, threads: 1).run)
        let dice3 = try MonteCarloRunner.run(
            DiceDriver(DrinkingDiceGame(rerollSwitchOn: true)), settings: Self.settings(trials: 50_000, threads: 3).run)
        #expect(dice1.faces == dice3.faces && dice1.categories == dice3.categories && dice1.diePairs == dice3.diePairs)
        // Philox with one counter per trial, and GSL generators seeded per block, are thread-independent too.
        let philox1 = try MonteCarloRunner.run(
            WheelDriver(wheel), settings: Self.settings(trials: 20_000, threads: 1, generator: .philox).run)
        let philox3 = try MonteCarloRunner.run(
            WheelDriver(wheel), settings: Self.settings(trials: 20_000, threads: 3, generator: .philox).run)
        #expect(philox1.counts == philox3.counts && philox1.pairs == philox3.pairs)
        let gsl1 = try MonteCarloRunner.run(
            WheelDriver(wheel), settings: Self.settings(trials: 20_000, threads: 1, generator: .gsl("mt19937")).run)
        let gsl2 = try MonteCarloRunner.run(
            WheelDriver(wheel), settings: Self.settings(trials: 20_000, threads: 2, generator: .gsl("mt19937")).run)
        #expect(gsl1.counts == gsl2.counts)
        // A different seed gives different tallies.
        let other = try MonteCarloRunner.run(WheelDriver(wheel), settings: Self.settings(trials: 100_003, threads: 1, seed: 8).run)
        #expect(other.counts != one.counts)
    }

    @Test func aRunningTotalCountsLateSmallerReportsOnce() {
        // Two workers report 100 and 50; the 50 arrives second (its worker was preempted), then 150 and so on.
        let total = RunningTotal()
        let excesses = [100, 50, 150, 150, 120, 200, 0].map { total.advance(to: UInt64($0)) }
        #expect(excesses == [100, 0, 50, 0, 0, 50, 0] && excesses.reduce(0, +) == 200)
    }

    @Test func progressCountsEveryTrialOnceWhateverOrderWorkersReportIn() throws {
        // Blocks of 64 trials on 4 threads: workers report running totals out of order, often.
        let subjects = try Catalogue.select(["slider-roulette-7", "reference-wheel-37", "reference-targeted-wheel-8"])
        let largest = Mutex<UInt64>(0)
        let calls = Atomic<Int>(0)
        for _ in 0..<3 {
            largest.withLock { $0 = 0 }
            var settings = Self.settings(trials: 200_000, threads: 4)
            settings.run.blockSize = 64
            settings.run.progress = { done in
                calls.wrappingAdd(1, ordering: .relaxed)
                largest.withLock { $0 = max($0, done) }
            }
            _ = try Audit.run(subjects, settings: settings)
            #expect(largest.withLock { $0 } == 600_000)
        }
        #expect(calls.load(ordering: .relaxed) > 1_000)
    }

    struct Breakdown: Error {}

    @Test func aFailingSubjectStopsTheSubjectsAfterItAndItsErrorIsThrown() throws {
        // The first subject's audit throws after two seconds. The wheel after it, started beside it, would
        // take about a minute for its 10^10 trials; it is stopped once the first fails, and the first
        // one's error thrown.
        let broken = AuditSubject(
            name: "broken", summary: "test subject", kind: .wheel,
            audit: { _ in
                Thread.sleep(forTimeInterval: 2)
                throw Breakdown()
            })
        let wheel = AuditSubject(wheel: try ReferenceWheel(equalSectors: 37))
        let largest = Mutex<UInt64>(0)
        var settings = Self.settings(trials: 10_000_000_000, threads: 2)
        settings.run.progress = { done in largest.withLock { $0 = max($0, done) } }
        #expect(throws: Breakdown.self) { try Audit.run([broken, wheel], settings: settings) }
        #expect(largest.withLock { $0 } > 0 && largest.withLock { $0 } < 1_000_000_000)
        // Only the subjects after it were stopped, not the run.
        #expect(!settings.run.cancellation.isCancelled)
    }

    @Test func reportsAreByteIdenticalAcrossThreadCounts() throws {
        let subjects = try Catalogue.select(["slider-roulette-7", "drinking-dice-switch-on", "reference-targeted-wheel-8"])
        let a = try ReportWriter.render(Audit.run(subjects, settings: Self.settings(trials: 30_000, threads: 1)), threads: 1)
        let b = try ReportWriter.render(Audit.run(subjects, settings: Self.settings(trials: 30_000, threads: 5)), threads: 5)
        #expect(a.map(\.name) == b.map(\.name))
        for (x, y) in zip(a, b) { #expect(x.contents == y.contents, "\(x.name) differs between thread counts") }
    }

    @Test func theGateCatchesAPlantedBiasWhileTheReferencePasses() throws {
        let subjects = [AuditSubject(wheel: PlantedBiasWheel()), AuditSubject(wheel: try ReferenceWheel(equalSectors: 10))]
        let report = try Audit.run(subjects, settings: Self.settings(trials: 200_000, threads: 2))
        let biased = report.subjects.first { $0.name == "planted-bias-wheel" }!
        let reference = report.subjects.first { $0.name == "reference-wheel-10" }!
        #expect(biased.verdict == .fail)
        #expect(reference.verdict == .pass)
        // Exact checks pass for the biased wheel: only sampling sees the bias.
        let biasedChecks = report.checks.filter { $0.subject == "planted-bias-wheel" }
        #expect(biasedChecks.filter { $0.kind == .exact }.allSatisfy { $0.status != .fail })
        #expect(biasedChecks.contains { $0.checkName == "outcomes vs designed odds (Pearson)" && $0.status == .pass })
        #expect(biasedChecks.contains { $0.checkName == "outcomes vs claimed fair odds (Pearson)" && $0.status == .fail })
        #expect(report.gate == .fail)
    }

    @Test func tooFewTrialsIsInconclusiveWithTheTrialsNeeded() throws {
        let report = try Audit.run(
            [AuditSubject(wheel: try ReferenceWheel(equalSectors: 37))], settings: Self.settings(trials: 50, threads: 1))
        let fit = report.checks.first { $0.checkName == "outcomes vs designed odds (Pearson)" }!
        #expect(fit.status == .inconclusive && fit.pValue == nil)
        #expect(fit.detail.contains("needs at least 185 trials"))
        #expect(report.subjects[0].verdict == .inconclusive)
        #expect(report.gate == .inconclusive)
    }

    @Test func cancellationStopsTheRun() throws {
        let flag = CancellationFlag()
        flag.cancel()
        let settings = RunSettings(trials: 1_000_000, seed: 1, threads: 2, cancellation: flag)
        #expect(throws: AuditError.interrupted) {
            try MonteCarloRunner.run(WheelDriver(try ReferenceWheel(equalSectors: 5)), settings: settings)
        }
    }

    @Test func badGeneratorAndSubjectNamesAreOneLineErrors() {
        #expect(throws: AuditError.self) { try GeneratorChoice(parsing: "mersenne") }
        #expect(throws: AuditError.self) { try GeneratorChoice(parsing: "gsl:nope") }
        #expect(throws: AuditError.self) { try Catalogue.select(["no-such-wheel"]) }
        #expect(throws: Never.self) { try GeneratorChoice(parsing: "gsl:randu") }
    }

    @Test func reportsAreWrittenAtomicallyAndCSVIsQuoted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fairness-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try Audit.run(try Catalogue.select(["twelve-slice-wheel"]), settings: Self.settings(trials: 20_000, threads: 2))
        try ReportWriter.write(report, to: directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(
            names == [
                "audit.json", "audit.md", "checks.csv", "counterexamples.csv", "mislabelled_arcs.csv", "outcomes.csv", "pictures",
                "provenance.csv",
                "tables.csv",
            ])
        let checks = try String(contentsOf: directory.appendingPathComponent("checks.csv"), encoding: .utf8)
        #expect(checks.hasPrefix("subject,check,kind,status,"))
        #expect(checks.contains("\r\n"))
        #expect(ReportWriter.csvField("a,\"b\"") == "\"a,\"\"b\"\"\"")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("audit.json"))) as? [String: Any])
        let subjects = try #require(json["subjects"] as? [[String: Any]])
        #expect(subjects.map { $0["name"] as? String } == ["twelve-slice-wheel"])
        #expect((json["checks"] as? [[String: Any]])?.first?["check"] as? String == ReportNarrator.name(of: report.checks[0].check))
        // A directory that cannot be written is a clean error, and no temporary files are left behind.
        let blocker = directory.appendingPathComponent("audit.md")
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path) }
        if getuid() != 0 {
            #expect(throws: AuditError.self) { try ReportWriter.write(report, to: directory) }
            #expect(FileManager.default.fileExists(atPath: blocker.path))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    /// `--out` names a directory the user owns: writing the set keeps its mode (set-gid and 0700 included),
    /// owner and group, and the files beside the reports.
    @Test func theOutputDirectoryKeepsItsModeAndOwner() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fairness-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        #expect(chmod(directory.path, 0o2710) == 0)
        try Data("mine".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        // Files that only look like a killed run's staging (no UUID) are the user's: kept.
        try Data("mine".utf8).write(to: directory.appendingPathComponent(".tmp-42"))
        try Data("mine".utf8).write(
            to: directory.deletingLastPathComponent().appendingPathComponent(".\(directory.lastPathComponent).tmp-7"))
        defer {
            try? FileManager.default.removeItem(
                at: directory.deletingLastPathComponent().appendingPathComponent(".\(directory.lastPathComponent).tmp-7"))
        }
        let report = try Audit.run(try Catalogue.select(["reference-wheel-37"]), settings: Self.settings(trials: 2_000, threads: 1))
        for _ in 0..<2 {
            try ReportWriter.write(report, to: directory)
            var info = stat()
            #expect(stat(directory.path, &info) == 0)
            #expect(info.st_mode & 0o7777 == 0o2710, "mode \(String(info.st_mode & 0o7777, radix: 8))")
            #expect(info.st_uid == getuid())
            #expect(try String(contentsOf: directory.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("audit.md").path))
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(".tmp-42").path))
            #expect(
                FileManager.default.fileExists(
                    atPath: directory.deletingLastPathComponent().appendingPathComponent(".\(directory.lastPathComponent).tmp-7").path))
        }
    }

    /// Every GSL generator, seeded per block, draws dice through `gsl_rng_uniform_int` and a wheel through
    /// `gsl_rng_uniform` without hanging (64-bit seeds once left minstd's state outside its range, and
    /// `gsl_rng_uniform_int` then never returned), and a GSL run is reproducible.
    @Test func everyGSLGeneratorDrawsThroughItsOwnMappings() throws {
        for name in GSLGenerator.availableNames {
            let settings = RunSettings(trials: 3_000, seed: 11, generator: .gsl(name), threads: 2, blockSize: 500)
            let dice = try MonteCarloRunner.run(DiceDriver(ReferenceDiceGame()), settings: settings)
            #expect(dice.rolls == 3_000 && dice.faces.reduce(0, +) == 15_000, "gsl:\(name)")
            let wheel = try MonteCarloRunner.run(WheelDriver(try ReferenceWheel(equalSectors: 7)), settings: settings)
            #expect(wheel.counts.prefix(7).reduce(0, +) == 3_000, "gsl:\(name)")
            let again = try MonteCarloRunner.run(WheelDriver(try ReferenceWheel(equalSectors: 7)), settings: settings)
            #expect(again.counts == wheel.counts, "gsl:\(name) reproducible")
        }
    }

    /// `gsl_rng_uniform` of mt19937 is a 32-bit draw over 2^32: every value the audit draws from it is a
    /// multiple of 2^-32, as a game calling GSL sees it.
    @Test func gslUnitIntervalIsGSLsOwn() throws {
        var generator = try GSLGenerator(name: "mt19937", seed: 5)
        for _ in 0..<1000 {
            let u = Sampling.unitInterval(using: &generator)
            #expect(u >= 0 && u < 1 && (u * 0x1p32).rounded() == u * 0x1p32)
        }
        var integers = try GSLGenerator(name: "mt19937", seed: 5)
        let reference = try GSLGenerator(name: "mt19937", seed: 5)
        for _ in 0..<1000 { #expect(Sampling.uniformInteger(below: 6, using: &integers) == reference.uniformInteger(below: 6)) }
    }

    /// Each subject draws from its own stream (keyed by its name): two identical wheels under different
    /// names give different samples, and a subject's checks are the same audited alone or with others.
    @Test func subjectsHaveIndependentStreams() throws {
        let geometry = try ReferenceWheel(equalSectors: 37).geometry
        let a = AuditSubject(wheel: ReferenceWheel(geometry: geometry, name: "wheel-a"))
        let b = AuditSubject(wheel: ReferenceWheel(geometry: geometry, name: "wheel-b"))
        #expect(a.stream != b.stream && a.stream == AuditSubject.stream(named: "wheel-a"))
        let settings = AuditSettings(run: RunSettings(trials: 20_000, seed: 9), sweepSteps: 1024)
        let together = try Audit.run([a, b], settings: settings)
        let pValues = { (name: String) in together.checks.filter { $0.subject == name && $0.kind == .sampling }.compactMap(\.pValue) }
        #expect(pValues("wheel-a") != pValues("wheel-b"))
        let alone = try Audit.run([b], settings: settings)
        #expect(
            alone.checks.map(\.pValue) == together.checks.filter { $0.subject == "wheel-b" }.map(\.pValue)
                || alone.checks.map(\.statistic) == together.checks.filter { $0.subject == "wheel-b" }.map(\.statistic))
        #expect(alone.outcomes == together.outcomes.filter { $0.subject == "wheel-b" })
    }
}
