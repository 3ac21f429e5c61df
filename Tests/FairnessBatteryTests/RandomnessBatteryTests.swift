import FairnessStatistics
import FairnessSubjects
import Foundation
import TestSupport
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

/// The battery as a stream: sequences, formats, shortfalls, threads, and the report it makes.
@Suite("Randomness battery")
struct RandomnessBatteryTests {
    /// `count` bytes of SplitMix64 output.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(count + 8)
        while out.count < count { withUnsafeBytes(of: generator.next().bigEndian) { out += $0 } }
        return Array(out.prefix(count))
    }

    /// The battery run on `data` written to a pipe, as `audit rng -` reads it.
    static func run(_ battery: RandomnessBattery, _ data: [UInt8], format: RandomInputFormat) throws -> RandomnessBatteryResult {
        var pipe: [Int32] = [0, 0]
        #expect(Foundation.pipe(&pipe) == 0)
        let writeEnd = pipe[1]
        let writer = Thread {
            data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(writeEnd, raw.baseAddress! + offset, raw.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(pipe[0]) }
        return try battery.run(descriptor: pipe[0], format: format)
    }

    func tally(_ result: RandomnessBatteryResult, _ test: SP80022Test, _ part: SP80022Part = .whole) -> SP80022Tally? {
        result.rows.first { $0.row == .init(test: test, part: part) }?.tally
    }

    @Test func aStreamIsCutIntoSequencesAndEachTestRunsOnEach() throws {
        var battery = RandomnessBattery()
        battery.sequenceLength = 100_000
        let data = Self.bytes(12_500 * 3 + 1001, seed: 7)
        let result = try Self.run(battery, data, format: .bytes)
        #expect(result.sequences == 3 && result.sequenceLength == 100_000)
        #expect(result.bits == UInt64(data.count * 8) && result.untestedBits == 8008 && result.draws == UInt64(data.count / 4))
        // The lowest bit and the lowest 8 bits of each 32-bit draw are streams of their own.
        #expect(result.streams.map(\.bits) == [UInt64(data.count * 8), result.draws, result.draws * 8])
        #expect(result.drawResults.map(\.check).contains(.lowestBitAutocorrelation))
        // The frequency test's P-values are those of the three sequences, tested one by one.
        let bits = BitSequence(bytes: data)
        var expected = SP80022Tally()
        for index in 0..<3 {
            expected.add(try #require(SP80022.frequency(bits.slice(from: index * 100_000, length: 100_000)).results.first).pValue)
        }
        #expect(tally(result, .frequency) == expected)
        // Too short for Maurer's test (387,840 bits): every sequence says so.
        #expect(tally(result, .universal)?.shortfall == .needsMoreBits(needed: 387_840, given: 100_000))
        #expect(tally(result, .universal)?.shortfalls == 3)
    }

    /// The longest run, overlapping template and linear complexity rows are tallied again from the
    /// reference program's constants: the same tallies a battery with those constants gives, stated in
    /// those checks' facts at each check's level and nowhere else, leaving every verdict as it was.
    @Test func theReferenceProgramsPValuesAreTalliedBesideTheExactOnes() throws {
        var battery = RandomnessBattery()
        battery.sequenceLength = 100_000
        let bits = BitSequence(bytes: Self.bytes(12_500 * 3, seed: 21))
        let result = try battery.run(bits: bits)
        battery.parameters.constants = .referenceProgram
        let program = try battery.run(bits: bits)
        let compared: [SP80022Test] = [.longestRun, .overlappingTemplate, .linearComplexity]
        // Every bit in three sequences; the derived streams, shorter than one, as one sequence each where
        // long enough (linear complexity needs 100,000 bits, the overlapping template 74,304).
        #expect(
            result.referenceProgramRows.map { [$0.row.stream: $0.row.test] } == [
                [.all: .longestRun], [.all: .overlappingTemplate], [.all: .linearComplexity], [.lowestBits(1): .longestRun],
                [.lowestBits(8): .longestRun], [.lowestBits(8): .overlappingTemplate],
            ])
        #expect(program.referenceProgramRows.isEmpty)
        for (row, tally) in result.referenceProgramRows {
            #expect(row.constants == .referenceProgram && tally.sequences == (row.stream == .all ? 3 : 1))
            let same = { (other: RandomnessBattery.Row) in (other.stream, other.test) == (row.stream, row.test) }
            #expect(program.rows.first { same($0.row) }?.tally == tally, "\(row)")
            #expect(tally != result.rows.first { same($0.row) }?.tally, "\(row): the constants differ, so do the P-values")
        }
        let settings = AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: 1), alpha: 1e-6, command: "test")
        let report = try RandomnessBattery.report(result, name: "splitmix", settings: settings)
        for check in report.checks {
            guard case .randomness(let which) = check.check, case .randomness(let facts) = check.detailFacts else { continue }
            let same = { (row: RandomnessBattery.Row) in (row.stream, row.test) == (which.stream, which.test) }
            guard let reference = result.referenceProgramRows.first(where: { same($0.row) })?.tally else {
                #expect(facts.referenceProgram == nil, "\(which)")
                continue
            }
            let own = try #require(result.rows.first { same($0.row) }?.tally)
            let figures = try #require(facts.referenceProgram, "\(which)")
            #expect(compared.contains(which.test))
            #expect(figures.failures == reference.failures && figures.bins == reference.bins)
            switch which.level {
            case .sequence:
                #expect(figures.pValue == reference.smallestPValue && check.pValue == own.smallestPValue)
            case .proportion:
                #expect(figures.pValue == (try reference.proportionPValue()))
                #expect(check.pValue == (try own.proportionPValue()))
            case .mostExtremeSequence:
                #expect(figures.pValue == min(1, 3 * reference.smallestPValue))
                #expect(check.pValue == min(1, 3 * own.smallestPValue))
            case .uniformity: Issue.record("three sequences give no uniformity check")
            }
        }
        // The figures are the report's data: read back from audit.json, the set renders the same bytes.
        let files = try ReportWriter.renderSet(report, threads: 1)
        let json = try #require(files.first { $0.name == "audit.json" })
        let again = try ReportWriter.renderSet(AuditReport(json: Data(json.contents.utf8)), threads: 1)
        #expect(files.map(\.name) == again.map(\.name))
        for (a, b) in zip(files, again) { #expect(a.contents == b.contents, "\(a.name)") }
    }

    /// A declared sample: every k-th whole sequence of each stream tested, the others cut and counted;
    /// the tallies are those of the tested sequences alone, the whole-input and draw tests still read
    /// every bit, and the report states the sample.
    @Test func aDeclaredSampleTestsEveryKthSequenceAndCountsTheRest() throws {
        var battery = RandomnessBattery()
        battery.sequenceLength = 50_000
        let data = Self.bytes(6250 * 7 + 300, seed: 31)
        let bits = BitSequence(bytes: data)
        let every = try battery.run(bits: bits)
        battery.testEvery = 3
        battery.threads = 2
        let sampled = try Self.run(battery, data, format: .bytes)
        #expect(sampled.all.sequences == 3 && sampled.all.sequencesSampledOut == 4 && sampled.all.untestedBits == 2400)
        #expect(every.all.sequencesSampledOut == nil && every.all.sequences == 7 && sampled.testEvery == 3)
        var expected: [RandomnessBattery.Row: SP80022Tally] = [:]
        for index in [0, 3, 6] {
            for (row, tally) in try battery.tallies(of: bits.slice(from: index * 50_000, length: 50_000), stream: .all) {
                expected[row, default: .init()].merge(tally)
            }
        }
        let tested = sampled.rows.filter { $0.row.stream == .all }
        #expect(tested.count == expected.filter { $0.key.constants == .exact }.count)
        for (row, tally) in tested { #expect(expected[row] == tally, "\(row)") }
        #expect(sampled.wholeInputResults.map(\.facts) == every.wholeInputResults.map(\.facts))
        #expect(sampled.drawResults.map(\.facts) == every.drawResults.map(\.facts))
        let settings = AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: 1), alpha: 1e-6, command: "test")
        let report = try RandomnessBattery.report(sampled, name: "sampled", settings: settings)
        guard case .randomInput(let input) = report.subjects[0].notes.first else {
            Issue.record("no input note")
            return
        }
        #expect(input.testedEvery == 3 && input.streams[0].sequencesSampledOut == 4)
        let unsampled = try RandomnessBattery.report(every, name: "every", settings: settings)
        guard case .randomInput(let whole) = unsampled.subjects[0].notes.first else {
            Issue.record("no input note")
            return
        }
        #expect(whole.testedEvery == nil && whole.streams[0].sequencesSampledOut == nil)
    }

    @Test func theResultDoesNotDependOnTheThreads() throws {
        var battery = RandomnessBattery()
        battery.sequenceLength = 50_000
        let data = Self.bytes(6250 * 5, seed: 11)
        battery.threads = 1
        let one = try battery.run(bits: BitSequence(bytes: data))
        battery.threads = 3
        let three = try Self.run(battery, data, format: .bytes)
        #expect(one.rows.elementsEqual(three.rows) { $0.row == $1.row && $0.tally == $1.tally })
        #expect(one.sequences == 5 && three.sequences == 5)
    }

    @Test func wordsFollowTheirByteOrder() throws {
        var battery = RandomnessBattery()
        battery.sequenceLength = 1000
        let data = Self.bytes(2000, seed: 3)
        var swapped: [UInt8] = []
        for start in stride(from: 0, to: data.count, by: 4) { swapped += data[start..<(start + 4)].reversed() }
        let big = try Self.run(battery, data, format: .bytes)
        let little = try Self.run(battery, swapped, format: .words32(.little))
        #expect(big.rows.elementsEqual(little.rows) { $0.row == $1.row && $0.tally == $1.tally })
        let odd = try Self.run(battery, Self.bytes(2003, seed: 3), format: .words64(.big))
        #expect(odd.trailingBytes == 3, "\(odd.trailingBytes)")
        #expect(odd.bits == 2000 * 8, "\(odd.bits)")
    }

    @Test func textGivesTheBitsAGameUses() throws {
        var battery = RandomnessBattery()
        battery.sequenceLength = 160
        // Doubles on a grid of 2^-3: three bits each, no low-bit streams.
        let doubles = "0.5\n0.25\n\n0.75\n0.125\n0.0\n"
        let fromDoubles = try Self.run(battery, Array(doubles.utf8), format: .doubles)
        #expect(fromDoubles.doubleResolution == 3 && fromDoubles.bits == 15 && fromDoubles.itemsRead == 5 && fromDoubles.sequences == 1)
        #expect(fromDoubles.streams.map(\.stream) == [.all])
        // Doubles of 52 random bits (V8's Math.random since 2016): 32 bits each tested, 52 for the low bits.
        var generator = SplitMix64(seed: 4)
        let fine = (0..<5000).map { _ in String(Double(generator.next() >> 12) / 0x1p52) }.joined(separator: "\n")
        let fromFine = try Self.run(battery, Array(fine.utf8), format: .doubles)
        #expect(fromFine.doubleResolution == 52 && fromFine.bits == 5000 * 32 && fromFine.draws == 5000)
        #expect(fromFine.streams.map(\.stream) == [.all, .lowestBits(1), .lowestBits(8)])
        #expect(fromFine.streams[1].bits == 5000 && fromFine.streams[2].bits == 40_000)
        // Integers 1 ... 6: two bits of the offset, offsets 4 and 5 dropped.
        let dice = (0..<100).map { "\($0 % 6 + 1)" }.joined(separator: "\n")
        let fromDice = try Self.run(battery, Array(dice.utf8), format: .integers(1...6))
        #expect(fromDice.integersDropped == 32 && fromDice.bits == 68 * 2)
        #expect(RandomInputFormat.bitsPerInteger(0...1) == 1 && RandomInputFormat.bitsPerInteger(0...255) == 8)
        #expect(RandomInputFormat.bitsPerInteger(Int64.min...Int64.max) == 63)
    }

    @Test func aBadLineIsAnErrorWithItsLine() throws {
        let battery = RandomnessBattery()
        for (text, format) in [("0.5\n1.0\n", RandomInputFormat.doubles), ("0.5\nnan\n", .doubles), ("3\n7\n", .integers(1...6))] {
            do {
                _ = try Self.run(battery, Array(text.utf8), format: format)
                Issue.record("\(text) was accepted")
            } catch let error as LogError {
                #expect(error.line == 2)
            }
        }
        #expect(RandomInputFormat(argument: "integers:6..1") == nil && RandomInputFormat(argument: "integers:1..6") == .integers(1...6))
        #expect(RandomInputFormat(argument: "u16") == nil)
    }

    /// `%.6f` and `toFixed(6)` write a double just below 1 as `1.000000`: counted and not tested, not
    /// refused; where the doubles are not written with a fixed number of decimals, a 1 is refused at its
    /// line, held for the resolution or not.
    @Test func aDoubleRoundedUpToOneIsCountedNotRefused() throws {
        var battery = RandomnessBattery()
        battery.sequenceLength = 1000
        var generator = SplitMix64(seed: 8)
        var fixed = (0..<6000).map { _ in String(format: "%.6f", Double(generator.next() >> 11) / 0x1p53) }
        (fixed[10], fixed[5000]) = ("1.000000", "1.000000")  // one held for the resolution, one after
        let ones = fixed.filter { $0 == "1.000000" }.count
        let result = try Self.run(battery, Array((fixed.joined(separator: "\n") + "\n").utf8), format: .doubles)
        #expect(result.doubleDecimals == 6 && result.doublesWrittenAsOne == UInt64(ones) && ones >= 2)
        #expect(result.draws + result.integersDropped == UInt64(6000 - ones))
        // Fewer doubles than are held for the resolution: refused once the input ends, named by its file.
        var pipe: [Int32] = [0, 0]
        #expect(Foundation.pipe(&pipe) == 0)
        let text = Array("0.12345678901234567\n1.0\n".utf8)
        #expect(text.withUnsafeBytes { write(pipe[1], $0.baseAddress!, $0.count) } == text.count)
        close(pipe[1])
        defer { close(pipe[0]) }
        do {
            _ = try battery.run(descriptor: pipe[0], format: .doubles, name: "short.txt")
            Issue.record("a 1 in a short input was accepted")
        } catch let error as LogError {
            #expect(error.line == 2 && error.file == "short.txt")
        }
        let fine = (0..<5000).map { _ in String(Double(generator.next() >> 11) / 0x1p53) }
        for index in [3, 4900] {
            var lines = fine
            lines[index] = "1.0"
            do {
                _ = try Self.run(battery, Array(lines.joined(separator: "\n").utf8), format: .doubles)
                Issue.record("a 1 at line \(index + 1) was accepted")
            } catch let error as LogError {
                #expect(error.line == index + 1)
            }
        }
    }

    /// One sequence of 10⁶ ones: its P-values underflow, and the report states their log₁₀ (the frequency
    /// test's is log₁₀ erfc(1000/√2) = −217,150.3), not the smallest double.
    @Test func aSingleSequenceKeepsItsFarTail() throws {
        var ones = BitSequence()
        for _ in 0..<15_625 { ones.append(~0, bitCount: 64) }
        let settings = AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: 1), alpha: 1e-6, command: "test")
        let report = try RandomnessBattery.report(RandomnessBattery().run(bits: ones), name: "ones", settings: settings)
        let frequency = try #require(
            report.checks.first { $0.check == .randomness(.init(test: .frequency, part: .whole, level: .sequence)) })
        #expect(frequency.status == .fail && frequency.pValue == 0)
        #expect(abs((frequency.log10PValue ?? 0) - -217_150.3) < 0.05)
    }

    /// A source whose lowest bit alternates, with three sequences of that bit: each fails by far, which
    /// the proportion (3 of 3, P = 10⁻⁶) cannot show against the family; the most extreme sequence does.
    @Test func threeSequencesThatFailByFarFailTheGate() throws {
        var generator = SplitMix64(seed: 11)
        var parity: UInt64 = 0
        var battery = RandomnessBattery()
        battery.sequenceLength = 100_000
        let result = try battery.run(draws: 300_000, bitsPerDraw: 32) {
            parity ^= 1
            return generator.next() >> 32 & ~1 | parity
        }
        let settings = AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: 1), alpha: 1e-6, command: "test")
        let report = try RandomnessBattery.report(result, name: "alternating", settings: settings)
        let runs = { (level: RandomnessCheck.Level) in
            report.checks.first { $0.check == .randomness(.init(test: .runs, part: .whole, level: level, stream: .lowestBits(1))) }
        }
        #expect(runs(.proportion)?.status == .pass && runs(.proportion)?.detail.contains("3 of 3 sequences") == true)
        #expect(runs(.mostExtremeSequence)?.status == .fail && (runs(.mostExtremeSequence)?.log10PValue ?? 0) < -1000)
        #expect(report.gate == .fail)
    }

    /// With a most number of sequences, reading stops once every stream has them, so a generator piped in
    /// without end is tested and the run ends: of 12 MB, about the 4 MB that give the lowest bit its
    /// sequence are read.
    @Test func readingStopsOnceEveryStreamHasItsSequences() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("battery-stop-\(getpid()).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(Self.bytes(12_000_000, seed: 21)).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var battery = RandomnessBattery()
        battery.maximumSequences = 1
        let result = try battery.run(descriptor: descriptor, format: .words32(.little))
        #expect(result.itemsRead >= 4_000_000 && result.itemsRead <= 4_000_000 + (1 << 20))
        #expect(result.streams.allSatisfy { $0.sequences == 1 })
    }

    @Test func theMostSequencesAreTestedAndTheRestCounted() throws {
        var battery = RandomnessBattery()
        battery.sequenceLength = 10_000
        battery.maximumSequences = 2
        let result = try battery.run(bits: BitSequence(bytes: Self.bytes(5000, seed: 5)))
        #expect(result.sequences == 2 && result.untestedBits == 20_000)
    }

    /// One short sequence: every test it cannot support is INCONCLUSIVE with the length it needs, and
    /// the report's gate says so; a biased source fails.
    @Test func theReportGatesOnTheBattery() throws {
        let settings = AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: 1), alpha: 1e-6, command: "test")
        let short = try RandomnessBattery().run(bits: BitSequence(bytes: Self.bytes(20_000, seed: 9)))
        let report = try RandomnessBattery.report(short, name: "short", settings: settings)
        #expect(report.gate == .inconclusive && report.counted == .bits && report.count == 160_000)
        let universal = try #require(
            report.checks.first { $0.check == .randomness(.init(test: .universal, part: .whole, level: .sequence)) })
        #expect(universal.status == .inconclusive && universal.detail.contains("387840 bits"))
        #expect(report.checks.first { $0.check == .randomness(.init(test: .frequency, part: .whole, level: .sequence)) }?.status == .pass)
        var biased = BitSequence()
        var generator = SplitMix64(seed: 1)
        for _ in 0..<400_000 { biased.append(generator.unit() < 0.51 ? 1 : 0, bitCount: 1) }
        var battery = RandomnessBattery()
        battery.sequenceLength = 100_000
        let failing = try RandomnessBattery.report(battery.run(bits: biased), name: "biased", settings: settings)
        #expect(failing.gate == .fail)
        let draws = failing.checks.filter { if case .randomDraws = $0.check { true } else { false } }
        #expect(draws.count == 10)
        let frequency = try #require(
            failing.checks.first { $0.check == .randomness(.init(test: .frequency, part: .whole, level: .proportion)) })
        #expect(
            frequency.status == .fail,
            "\(frequency.detail) \(String(describing: frequency.pValue)) \(String(describing: frequency.holmPValue))")
    }
}

/// `Audit.run` takes random sources beside the games: each tested by the battery as a subject of its own
/// after them, one it cannot read failing as a subject that could not be run, one with nothing to test
/// left out, and none in a shard.
@Suite("Random sources in the audit")
struct RandomSourcesInTheAuditTests {
    static let settings = AuditSettings(run: RunSettings(trials: 2_000, seed: 3, threads: 2, blockSize: 1024), sweepSteps: 1024)

    static let sources: [RandomSourceSubject] = [
        RandomSourceSubject(name: "good random source") { battery in
            var battery = battery
            battery.sequenceLength = 100_000
            var generator = SplitMix64(seed: 5)
            return try battery.run(draws: 40_000, bitsPerDraw: 32) { generator.next() >> 32 }
        },
        RandomSourceSubject(name: "silent random source") { _ in nil },
        RandomSourceSubject(name: "broken random source") { _ in throw RandomSourceSubject.Unreadable("the probe died") },
    ]

    @Test func eachSourceIsASubjectAfterTheGames() throws {
        let wheel = try #require(Catalogue.builtIn.first { $0.name == "reference-wheel-37" })
        let report = try Audit.run([wheel], randomSources: Self.sources, settings: Self.settings)
        #expect(report.subjects.map(\.name) == ["reference-wheel-37", "good random source", "broken random source"])
        #expect(report.subjects.map(\.kind) == [.wheel, .randomSource, .randomSource])
        #expect(report.checks.contains { $0.subject == "good random source" && $0.pValue != nil })
        let broken = report.checks.filter { $0.subject == "broken random source" }
        #expect(broken.count == 1 && broken[0].check == .subjectCouldNotBeRun && broken[0].status == .fail)
        #expect(broken[0].detailFacts == .fault("the probe died") && report.subjects[2].verdict == .fail)
        // The same battery added to the games' report by hand gives the same report.
        var alone = try Audit.run([wheel], settings: Self.settings)
        var battery = RandomnessBattery()
        battery.threads = 2
        alone = try alone.adding(
            randomSource: try #require(try Self.sources[0].test(battery)), name: "good random source", settings: Self.settings)
        #expect(alone.checks.filter { $0.subject == "good random source" } == report.checks.filter { $0.subject == "good random source" })
    }

    @Test func aShardTestsNoRandomSource() throws {
        var settings = Self.settings
        settings.sampling = .shard(index: 0, count: 2, store: TallyStore())
        let wheel = try #require(Catalogue.builtIn.first { $0.name == "reference-wheel-37" })
        let report = try Audit.run([wheel], randomSources: Self.sources, settings: settings)
        #expect(report.subjects.map(\.name) == ["reference-wheel-37"])
    }
}
