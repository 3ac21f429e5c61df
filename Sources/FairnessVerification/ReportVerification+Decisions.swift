import FairnessChecks
import FairnessReport
import FairnessStatistics
import Foundation

extension ReportVerification {
    /// Every status, verdict and the gate decided again from the report's figures and rules.
    static func checkDecisions(_ report: AuditReport, into result: inout VerificationResult) {
        var decided = report.checks.map(\.status)
        for (subject, indices) in Dictionary(grouping: report.checks.indices, by: { report.checks[$0].subject }) {
            decideFamily(report, subject: subject, indices: indices, into: &decided, result: &result)
        }
        for (index, check) in report.checks.enumerated() {
            if let findingClass = check.findingClass, check.pValue == nil {
                let material = Finding.isMaterial(
                    findingClass, magnitude: check.magnitude, materiality: report.materiality, strict: report.strict)
                decided[index] = material ? .fail : .note
            }
            result.decisions += 1
            if decided[index] != check.status {
                result.mismatches.append(
                    .status(subject: check.subject, check: check.check, reported: check.status, recomputed: decided[index]))
            }
        }
        var gate: [CheckStatus] = []
        for subject in report.subjects {
            let gating = report.checks.indices.filter {
                report.checks[$0].subject == subject.name && report.failOn.contains(report.checks[$0].kind)
            }
            let verdict = CheckStatus.gating(gating.map { decided[$0] })
            gate.append(verdict)
            result.decisions += 1
            if verdict != subject.verdict {
                result.mismatches.append(.verdict(subject: subject.name, reported: subject.verdict, recomputed: verdict))
            }
        }
        let recomputed = CheckStatus.gating(gate)
        result.decisions += 1
        if recomputed != report.gate { result.mismatches.append(.gate(reported: report.gate, recomputed: recomputed)) }
    }

    /// One subject's family: Holm on its members' log₁₀ p-values, then each member's status at its threshold,
    /// information beside a gate at the family's strictest level, and repeated tests as the test they repeat.
    static func decideFamily(
        _ report: AuditReport, subject: String, indices: [Int], into decided: inout [CheckStatus], result: inout VerificationResult
    ) {
        let members = indices.filter { report.checks[$0].holmPValue != nil }
        let logs = members.map { index -> Double in
            let check = report.checks[index]
            return check.log10PValue ?? (check.pValue == 0 ? -.infinity : Foundation.log10(check.pValue ?? 1))
        }
        guard let adjusted = try? HolmCorrection.adjustLog10(logs) else { return }
        for (index, value) in zip(members, adjusted) {
            let check = report.checks[index]
            let reported = check.holmLog10PValue ?? (check.holmPValue == 0 ? -.infinity : Foundation.log10(check.holmPValue ?? 1))
            if !(reported == value || agrees(reported, value)) {
                result.mismatches.append(.holm(subject: subject, check: check.check, reported: reported, recomputed: value))
            }
            decided[index] = value <= Foundation.log10(check.threshold ?? report.alpha) ? .fail : .pass
        }
        let strictest = report.alpha / Double(max(1, members.count))
        for index in indices {
            let check = report.checks[index]
            if check.isInformation, let p = check.pValue { decided[index] = p <= strictest ? .note : .pass }
            if let repeated = check.sameTestAs, let first = indices.first(where: { report.checks[$0].check == repeated }) {
                decided[index] = decided[first]
            }
        }
        // A drift that rejects while the windows do not differ from each other is a NOTE (TestFamilies.notADrift).
        if let windows = indices.first(where: { report.checks[$0].check == .homogeneityAcrossWindows }), decided[windows] == .pass {
            for index in indices where report.checks[index].check == .driftFirstDepartingWindow && decided[index] == .fail {
                decided[index] = .note
            }
        }
    }

    /// Each artefact given against the input the report's provenance records for it.
    static func checkArtefacts(_ report: AuditReport, _ artefacts: [Artefact], into result: inout VerificationResult) {
        for artefact in artefacts {
            let recorded = report.provenance.inputs.filter { $0.kind == artefact.kind || compatible($0.kind, artefact.kind) }
            let named = recorded.first { $0.name == artefact.name }
            // Named otherwise on this machine (another path to the same file): its digest must still be recorded.
            if named?.sha256 == artefact.sha256 || (named == nil && recorded.contains { $0.sha256 == artefact.sha256 }) {
                // Only an artefact that matches counts as matched.
                result.artefacts += 1
                continue
            }
            result.mismatches.append(.artefact(kind: artefact.kind, name: artefact.name, recorded: named?.sha256, actual: artefact.sha256))
        }
    }

    /// A log given as a file is what a report read from standard input, and the reverse.
    static func compatible(_ a: Provenance.Input.Kind, _ b: Provenance.Input.Kind) -> Bool {
        Set([a, b]) == Set([.log, .standardInput]) || Set([a, b]) == Set([.randomOutput, .standardInput])
    }
}
