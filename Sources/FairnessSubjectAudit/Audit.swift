import FairnessModel
import FairnessReport
import FairnessStatistics
import Foundation

/// Runs audits and assembles their report: `Audit.run(_:randomSources:settings:onSubject:)` (in
/// FairnessAudit) audits every subject; what one subject's audit and the report's assembly need is here.
public enum Audit {
    /// One subject's audit; a ``SubjectFault`` (the implementation could not be run) becomes a failing
    /// check rather than an error.
    package static func audit(_ subject: AuditSubject, settings: AuditSettings) throws -> SubjectResult {
        var result: SubjectResult
        do {
            result = try subject.audit(settings)
        } catch let fault as SubjectFault {
            result = SubjectResult(
                verdict: SubjectVerdict(name: subject.name, summary: subject.summary, kind: subject.kind, verdict: .fail, notes: []),
                checks: [
                    PendingCheck(
                        record: CheckRecord(
                            subject: subject.name, check: .subjectCouldNotBeRun, kind: .exact, status: .fail,
                            detailFacts: .fault(fault.faultDescription)))
                ], outcomes: [], arcs: [], counterexamples: [])
        }
        result.verdict.kind = subject.kind
        return result
    }

    /// Each subject's family of p-values settled (``TestFamilies``: Holm within the subject), power at its
    /// strictest level α/m, statuses and verdicts.
    /// - Parameter counted: What the sampled checks counted and how many: the run's trials, unless a log's
    ///   lines are given.
    package static func assemble(
        _ results: [SubjectResult], settings: AuditSettings, counted: (count: UInt64, unit: CountedUnit)? = nil
    ) throws -> AuditReport {
        var pending = results.flatMap(\.checks)
        let families = try TestFamilies.settle(&pending, alpha: settings.alpha)
        // Each statement of power solves for a deviation, a noncentrality or a difference: the
        // report's largest serial cost, so they are worked out side by side.
        let powered = pending.indices.filter { pending[$0].power != nil }
        let effects = try powered.map { (pending[$0].power!, families[$0] ?? 1) }.concurrentMap(threads: settings.run.threads) {
            request, family in
            try detectableEffect(request, level: settings.alpha / Double(family), family: family)
        }
        for (index, effect) in zip(powered, effects) { pending[index].record.detectableEffect = effect }
        var verdicts: [SubjectVerdict] = []
        for result in results {
            var verdict = result.verdict
            verdict.verdict = CheckStatus.gating(
                pending.filter { $0.record.subject == verdict.name && settings.failOn.contains($0.record.kind) }.map(\.record.status))
            verdicts.append(verdict)
        }
        return AuditReport(
            toolkitVersion: Toolkit.version, gslVersion: GSL.version, command: settings.command, seed: settings.run.seed,
            generator: settings.run.generator.description, reproducible: settings.run.generator.isReproducible,
            count: counted?.count ?? settings.run.trials, counted: counted?.unit ?? .trials, alpha: settings.alpha,
            failOn: settings.failOn, materiality: settings.materiality,
            strict: settings.strict, sessionSpins: settings.sessionSpins, blockSize: settings.run.blockSize,
            sweepSteps: settings.sweepSteps, subjects: verdicts, checks: pending.map(\.record),
            outcomes: results.flatMap(\.outcomes), mislabelledArcs: results.flatMap(\.arcs),
            counterexamples: results.flatMap { capped($0.counterexamples) }, tables: pending.flatMap(\.table),
            wheels: results.compactMap(\.drawing),
            provenance: Provenance(sourceRevision: settings.sourceRevision, inputs: settings.inputs))
    }

    /// Failing counterexamples listed per subject and check: the first ``counterexamplesListedPerCheck`` (the check's detail
    /// gives the full count), so a badly broken wheel does not bury the report.
    public static let counterexamplesListedPerCheck = 25

    static func capped(_ counterexamples: [CounterexampleRow]) -> [CounterexampleRow] {
        var seen: [CheckIdentifier: Int] = [:]
        return counterexamples.filter { counterexample in
            seen[counterexample.check, default: 0] += 1
            return seen[counterexample.check]! <= counterexamplesListedPerCheck
        }
    }

    /// The smallest effect `request`'s test detects with 90% power at `level`, in a family of `family`.
    static func detectableEffect(_ request: PowerRequest, level: Double, family: Int) throws -> DetectableEffect {
        let size: DetectableEffect.Size
        switch request {
        case .goodnessOfFit(let probabilities, let trials):
            let power = try ChiSquarePower(
                probabilities: probabilities, trials: trials, alpha: level,
                criticalValueFactor: LatticeMultinomialTail.criticalValueFactor(level: level, total: trials, probabilities: probabilities))
            let likeliest = probabilities.indices.max { probabilities[$0] < probabilities[$1] } ?? 0
            let rarest = probabilities.indices.filter { probabilities[$0] > 0 }.min { probabilities[$0] < probabilities[$1] } ?? 0
            func deviation(_ index: Int) throws -> DetectableEffect.Deviation {
                let relative = try power.detectableRelativeDeviation(ofCell: index)
                return .init(relative: relative, absolute: relative * probabilities[index])
            }
            let mostLikely = try deviation(likeliest)
            let leastLikely = probabilities[rarest] == probabilities[likeliest] ? mostLikely : try deviation(rarest)
            size = .outcome(mostLikely: mostLikely, leastLikely: leastLikely)
        case .independence(let df, let trials):
            let critical = try ChiSquareDistribution(degreesOfFreedom: df).upperQuantile(level)
            let lambda = try ChiSquarePower.noncentrality(degreesOfFreedom: df, criticalValue: critical, power: 0.9)
            size = .dependence(cohensW: (lambda / trials).squareRoot())
        case .binomial(let trials, let probability):
            size = .probability(
                difference: try BinomialPower(trials: trials, hypothesised: probability, alpha: level).smallestDetectableDifference)
        }
        return DetectableEffect(size: size, level: level, family: family)
    }
}
