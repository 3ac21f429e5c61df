import FairnessStatistics
import Foundation

extension RandomnessBattery {
    /// The battery's result as an audit report of one subject, the random source `name`: its checks
    /// Holm-adjusted as one family at `settings.alpha`, `inputs` (the output read, fingerprinted) in its
    /// provenance after `settings.inputs`.
    /// - Throws: ``StatisticsError`` from a second-level tail; ``AuditError`` for bad settings.
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
    /// The facts of a row's tally.
    func facts(_ tally: SP80022Tally) -> RandomnessFacts {
        RandomnessFacts(
            sequences: tally.sequences, sequencesTested: sequences, sequenceLength: sequenceLength, failures: tally.failures,
            bins: tally.bins, shortfall: tally.shortfall)
    }

    /// One check per test part and level (``RandomnessCheck``), the templates folded into one.
    func subjectResult(name: String) throws -> SubjectResult {
        var checks: [PendingCheck] = []
        let templates = rows.filter { $0.row.test == .nonOverlappingTemplate }.map { ($0.row.part, $0.tally) }
        for (row, tally) in rows {
            if row.test != .nonOverlappingTemplate {
                checks += try self.checks(subject: name, test: row.test, part: row.part, tallies: [(row.part, tally)])
            } else if row.part == templates.first?.0 {
                checks += try self.checks(subject: name, test: row.test, part: .whole, tallies: templates)
            }
        }
        let input = RandomnessInput(
            format: format, itemsRead: itemsRead, bits: bits, sequenceLength: sequenceLength, sequences: sequences,
            untestedBits: untestedBits, integersDropped: integersDropped, trailingBytes: trailingBytes)
        let verdict = SubjectVerdict(
            name: name, summary: "random source: \(bits) bits (\(format.argument))", kind: .randomSource, verdict: .pass,
            notes: [.randomInput(input)])
        return SubjectResult(verdict: verdict, checks: checks, outcomes: [], arcs: [], counterexamples: [])
    }

    /// The checks of one test part, or of the templates folded: with one sequence its P-value; with more
    /// the proportion passing and, from 55 sequences, the uniformity. A folded family's P-value is the
    /// smallest times the number of its members (Bonferroni), its facts those of that member.
    private func checks(
        subject: String, test: SP80022Test, part: SP80022Part, tallies: [(SP80022Part, SP80022Tally)]
    ) throws
        -> [PendingCheck]
    {
        let folded = tallies.count > 1
        func record(_ level: RandomnessCheck.Level, _ tally: SP80022Tally, worst: SP80022Part) -> CheckRecord {
            var facts = facts(tally)
            if folded { (facts.templates, facts.worstTemplate) = (tallies.count, worst) }
            return CheckRecord(
                subject: subject, check: .randomness(RandomnessCheck(test: test, part: part, level: level)), kind: .sampling,
                status: .pass, detailFacts: .randomness(facts))
        }
        func tested(
            _ level: RandomnessCheck.Level, _ pValue: (SP80022Tally) throws -> Double?, method: PValueMethod
        ) throws -> PendingCheck? {
            let values = try tallies.compactMap { part, tally in try pValue(tally).map { (part, tally, $0) } }
            guard let worst = values.min(by: { $0.2 < $1.2 }) else { return nil }
            var check = record(level, worst.1, worst: worst.0)
            switch level {
            case .sequence: break
            case .proportion: check.statistic = Double(worst.1.failures)
            case .uniformity: (check.statistic, check.degreesOfFreedom) = (try worst.1.uniformity()?.statistic, 9)
            }
            let p = min(1, Double(values.count) * worst.2)
            check.setPValue(
                p, log10: p > 0 ? log10(p) : log10(Double(values.count)) + log10(max(worst.2, .leastNonzeroMagnitude)), method: method)
            return PendingCheck(record: check, power: nil)
        }
        let first = tallies[0]
        if tallies.allSatisfy({ $0.1.sequences == 0 }) {
            var check = record(sequences == 1 ? .sequence : .proportion, first.1, worst: first.0)
            check.status = .inconclusive
            return [PendingCheck(record: check, power: nil)]
        }
        if sequences == 1 {
            return [try tested(.sequence, { $0.sequences == 1 ? $0.smallestPValue : nil }, method: .asymptotic)].compactMap { $0 }
        }
        let proportion = try tested(.proportion, { $0.sequences > 0 ? try $0.proportionPValue() : nil }, method: .exact)
        let uniformity = try tested(.uniformity, { try $0.uniformity()?.pValue }, method: .chiSquare)
        return [proportion, uniformity].compactMap { $0 }
    }
}
