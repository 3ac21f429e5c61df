import FairnessReport
import FairnessStatistics
import FairnessSubjectAudit
import Foundation

extension RandomnessBattery {
    /// The battery's result as an audit report of one subject, the random source `name`: its checks
    /// Holm-adjusted as one family at `settings.alpha`, `inputs` (the output read, fingerprinted) in its
    /// provenance after `settings.inputs`.
    /// - Throws: `StatisticsError` from a second-level tail; `AuditError` for bad settings.
    public static func report(
        _ result: RandomnessBatteryResult, name: String, settings: AuditSettings, inputs: [Provenance.Input] = []
    ) throws -> AuditReport {
        var settings = settings
        settings.inputs += inputs
        let subject = try result.subjectResult(name: name)
        return try Audit.assemble([subject], settings: settings, counted: (result.bits, .bits))
    }
}

extension RandomnessBatteryResult {
    /// The battery's checks as one subject: stream by stream the SP 800-22 checks (`RandomnessCheck`,
    /// the templates folded into one), then the draw tests (`DrawCheck`).
    func subjectResult(name: String) throws -> SubjectResult {
        var checks: [PendingCheck] = []
        for summary in streams {
            let rows = self.rows.filter { $0.row.stream == summary.stream }
            let templates = rows.filter { $0.row.test == .nonOverlappingTemplate }.map { ($0.row.part, $0.tally) }
            for (row, tally) in rows {
                let folded = row.test == .nonOverlappingTemplate
                guard !folded || row.part == templates.first?.0 else { continue }
                var group = RowGroup(
                    summary: summary, test: row.test, part: folded ? .whole : row.part, tallies: folded ? templates : [(row.part, tally)],
                    inputTestedInFull: inputTestedInFull)
                group.referenceProgram =
                    referenceProgramRows.first {
                        ($0.row.stream, $0.row.test, $0.row.part) == (row.stream, row.test, row.part)
                    }?.tally
                checks += try group.checks(subject: name)
            }
        }
        for whole in wholeInputResults {
            var record = CheckRecord(
                subject: name, check: .wholeInput(whole.test), kind: .sampling, status: .pass, statistic: Double(whole.facts.observed),
                detailFacts: .wholeInput(whole.facts))
            if let p = whole.pValue {
                record.setPValue(p, log10: whole.log10PValue ?? log10(p), method: whole.method)
            } else {
                record.status = .inconclusive
            }
            checks.append(PendingCheck(record: record, power: nil))
        }
        for draw in drawResults {
            var record = CheckRecord(
                subject: name, check: .randomDraws(draw.check), kind: .sampling, status: .pass, detailFacts: .randomDraws(draw.facts))
            record.statistic = draw.facts.observed
            if let p = draw.pValue {
                record.setPValue(p, log10: draw.log10PValue ?? log10(p), method: draw.method)
            } else if inputTestedInFull {
                record.status = .notApplicable
                record.detailFacts = .notApplicable(.randomDraws(draw.facts))
            } else {
                record.status = .inconclusive
            }
            checks.append(PendingCheck(record: record, power: nil))
        }
        var input = RandomnessInput(
            format: format, itemsRead: itemsRead, draws: draws, doubleResolution: doubleResolution, streams: streams,
            integersDropped: integersDropped, trailingBytes: trailingBytes)
        input.doubleDecimals = doubleDecimals
        if testEvery > 1 { input.testedEvery = testEvery }
        if doublesWrittenAsOne > 0 { input.doublesWrittenAsOne = doublesWrittenAsOne }
        if looksLikeASCIIBits { input.looksLikeASCIIBits = true }
        let verdict = SubjectVerdict(
            name: name, summary: "random source: \(bits) bits (\(format.argument))", kind: .randomSource, verdict: .pass,
            notes: [.randomInput(input)])
        return SubjectResult(verdict: verdict, checks: checks, outcomes: [], arcs: [], counterexamples: [])
    }
}

/// A test part on one stream, or the templates folded, and the checks it gives.
struct RowGroup {
    let summary: StreamSummary
    let test: SP80022Test
    let part: SP80022Part
    let tallies: [(SP80022Part, SP80022Tally)]
    /// Whether the input's own bit stream was tested in whole sequences.
    let inputTestedInFull: Bool
    /// The same part's P-values from the reference program's constants, for a single (unfolded) part.
    var referenceProgram: SP80022Tally? = nil

    func facts(_ tally: SP80022Tally, worst: SP80022Part) -> RandomnessFacts {
        var facts = RandomnessFacts(
            sequences: tally.sequences, sequencesTested: summary.sequences, sequenceLength: summary.sequenceLength,
            failures: tally.failures,
            bins: tally.bins, shortfall: tally.shortfall)
        if tallies.count > 1 { (facts.templates, facts.worstTemplate) = (tallies.count, worst) }
        return facts
    }

    func record(_ level: RandomnessCheck.Level, _ tally: SP80022Tally, worst: SP80022Part, subject: String) -> CheckRecord {
        CheckRecord(
            subject: subject, check: .randomness(RandomnessCheck(test: test, part: part, level: level, stream: summary.stream)),
            kind: .sampling, status: .pass, detailFacts: .randomness(facts(tally, worst: worst)))
    }

    /// With one sequence the test's P-value; with more the proportion passing, the most extreme sequence
    /// (its P-value times the sequences) and, from 55 sequences, the uniformity. A folded family's P-value is the smallest times the number of its members
    /// (Bonferroni), its facts those of that member.
    func checks(subject: String) throws -> [PendingCheck] {
        /// The check at `level` from each member's (P, log₁₀ P), the smallest times the members.
        func tested(
            _ level: RandomnessCheck.Level, _ pValue: (SP80022Tally) throws -> (Double, Double)?, method: PValueMethod
        ) throws
            -> PendingCheck?
        {
            let values = try tallies.compactMap { part, tally in try pValue(tally).map { (part, tally, $0.0, $0.1) } }
            guard let worst = values.min(by: { $0.3 < $1.3 }) else { return nil }
            var check = record(level, worst.1, worst: worst.0, subject: subject)
            switch level {
            case .sequence, .mostExtremeSequence: break
            case .proportion: check.statistic = Double(worst.1.failures)
            case .uniformity: (check.statistic, check.degreesOfFreedom) = (try worst.1.uniformity()?.statistic, 9)
            }
            let log10P = min(0, worst.3 + log10(Double(values.count)))
            check.setPValue(min(1, Double(values.count) * worst.2), log10: log10P, method: method)
            if let reference = referenceProgram, let pValue = try pValue(reference), case .randomness(var facts) = check.detailFacts {
                facts.referenceProgram = .init(
                    failures: reference.failures, bins: reference.bins, pValue: pValue.0, log10PValue: pValue.1)
                check.detailFacts = .randomness(facts)
            }
            return PendingCheck(record: check, power: nil)
        }
        let first = tallies[0]
        if tallies.allSatisfy({ $0.1.sequences == 0 }) {
            var check = record(summary.sequences == 1 ? .sequence : .proportion, first.1, worst: first.0, subject: subject)
            check.status = .inconclusive
            // A derived stream too short for the test, or a walk with too few cycles for the random excursions
            // (the test's own condition), while the input's own bits were tested in full: not applicable.
            var tooFewCycles = false
            if case .tooFewCycles = first.1.shortfall { tooFewCycles = true }
            if inputTestedInFull && (summary.stream != .all || tooFewCycles) {
                check.status = .notApplicable
                check.detailFacts = .notApplicable(check.detailFacts)
            }
            return [PendingCheck(record: check, power: nil)]
        }
        if summary.sequences == 1 {
            // A single sequence's P-value, with its log₁₀ where it underflows.
            let single = { (tally: SP80022Tally) -> (Double, Double)? in
                tally.sequences == 1 ? (tally.smallestPValue, tally.smallestLog10PValue) : nil
            }
            return [try tested(.sequence, single, method: .asymptotic)].compactMap { $0 }
        }
        let proportion = try tested(
            .proportion, { $0.sequences > 0 ? (try $0.proportionPValue(), try $0.proportionLog10PValue()) : nil }, method: .exact)
        let uniformity = try tested(
            .uniformity, { tally in try tally.uniformity().map { ($0.pValue, try tally.uniformityLog10PValue()!) } }, method: .chiSquare)
        let extreme = try tested(
            .mostExtremeSequence,
            { tally in
                let s = Double(tally.sequences)
                return tally.sequences > 0 ? (min(1, s * tally.smallestPValue), min(0, tally.smallestLog10PValue + log10(s))) : nil
            }, method: .asymptotic)
        return [proportion, uniformity, extreme].compactMap { $0 }
    }
}

extension AuditReport {
    /// The report with a random source's battery added as a subject of its own (its own family and
    /// verdict), after the others: what `audit run` does for a game whose probe answers `random N`.
    /// - Throws: `StatisticsError` from a second-level tail.
    public func adding(randomSource result: RandomnessBatteryResult, name: String, settings: AuditSettings) throws -> AuditReport {
        var settings = settings
        settings.inputs = []
        let battery = try Audit.assemble([try result.subjectResult(name: name)], settings: settings, counted: (result.bits, .bits))
        var report = self
        report.subjects += battery.subjects
        report.checks += battery.checks
        return report
    }
}

extension AuditReport {
    /// The report with a random source that could not be read (its probe died or answered wrongly) as a
    /// failing subject of its own.
    public func adding(randomSource name: String, couldNotBeRun fault: String) -> AuditReport {
        var report = self
        report.subjects.append(
            SubjectVerdict(name: name, summary: "random source: could not be read", kind: .randomSource, verdict: .fail, notes: []))
        report.checks.append(
            CheckRecord(subject: name, check: .subjectCouldNotBeRun, kind: .exact, status: .fail, detailFacts: .fault(fault)))
        return report
    }
}
