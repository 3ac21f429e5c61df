import Foundation

// Markdown.
extension ReportWriter {
    static func markdown(_ r: AuditReport) -> String {
        var out: [String] = []
        let failed = r.subjects.filter { $0.verdict == .fail }.count
        let inconclusive = r.subjects.filter { $0.verdict == .inconclusive }.count
        out.append("# Fairness audit report")
        out.append("")
        out.append(
            "**Gate: \(r.gate.rawValue)** — \(r.subjects.count) subjects: \(r.subjects.count - failed - inconclusive) pass, \(failed) fail, \(inconclusive) inconclusive (gating on: \(r.failOn.map(\.rawValue).joined(separator: ", ")))."
        )
        out.append("")
        out.append(
            "Reproduce with `\(r.command)`. Toolkit \(r.toolkitVersion), GSL \(r.gslVersion), generator `\(r.generator)`\(r.reproducible ? "" : " (not reproducible)"), seed \(r.seed), \(r.trials) trials per subject, family-wise α = \(number(r.alpha)) (Holm over all \(r.checks.filter { $0.pValue != nil }.count) p-values), blocks of \(r.blockSize) trials, consistency sweep of \(r.sweepSteps) steps per turn."
        )
        out.append("")
        out.append("## Verdicts")
        out.append("")
        out.append("| subject | kind | verdict | failing checks |")
        out.append("|---|---|---|---|")
        for s in r.subjects {
            let failing = r.checks.filter { $0.subject == s.name && $0.status != .pass && r.failOn.contains($0.kind) }
                .map { "\($0.check) (\($0.status.rawValue))" }
            out.append("| \(s.name) | \(s.kind) | **\(s.verdict.rawValue)** | \(markdownCell(failing.joined(separator: ", "))) |")
        }
        out.append("")
        out.append("## Subjects")
        for s in r.subjects {
            out.append("")
            out.append("### \(s.name) — \(s.verdict.rawValue)")
            out.append("")
            out.append(s.summary + ".")
            for finding in s.findings { out.append("- " + finding) }
            var pictures: [String] = []
            if r.wheels.contains(where: { $0.subject == s.name }) {
                pictures.append("[the wheel as drawn](\(pictureName(s.name, "wheel")))")
            }
            if r.outcomes.contains(where: { $0.subject == s.name && ($0.table == "reported outcome" || $0.table == "final category") }) {
                pictures.append("[observed against expected](\(pictureName(s.name, "outcomes")))")
            }
            if !pictures.isEmpty { out.append("- Pictures: " + pictures.joined(separator: " · ")) }
            out.append("")
            out.append("| check | kind | status | statistic | df | p | Holm p | α | detectable (90% power) | detail |")
            out.append("|---|---|---|---|---|---|---|---|---|---|")
            for c in r.checks where c.subject == s.name {
                out.append(
                    "| \(c.check) | \(c.kind.rawValue) | \(c.status.rawValue) | \(number(c.statistic)) | \(number(c.degreesOfFreedom)) | \(pValue(c.pValue)) | \(pValue(c.holmPValue)) | \(number(c.threshold)) | \(markdownCell(c.detectable ?? "")) | \(markdownCell(c.detail)) |"
                )
            }
            let arcs = r.mislabelledArcs.filter { $0.subject == s.name }
            if !arcs.isEmpty {
                out.append("")
                out.append("Mislabelled arcs (\(arcs.count); the largest \(min(arcs.count, 12)) shown, all in `mislabelled_arcs.csv`):")
                out.append("")
                out.append("| from | to | unit | share of circle | reported | truth |")
                out.append("|---|---|---|---|---|---|")
                for a in arcs.sorted(by: { ($0.shareOfCircle, $1.from) > ($1.shareOfCircle, $0.from) }).prefix(12) {
                    out.append(
                        "| \(String(format: "%.17g", a.from)) | \(String(format: "%.17g", a.to)) | \(a.unit) | \(String(format: "%.9g", a.shareOfCircle)) | \(a.reported) | \(markdownCell(a.truth)) |"
                    )
                }
            }
            let probes = r.probeFailures.filter { $0.subject == s.name }
            if !probes.isEmpty {
                out.append("")
                out.append(
                    "Failing probes (the first \(min(probes.count, 8)) shown; `probe_failures.csv` lists up to \(Audit.probesListedPerCheck) per check, the check's detail gives the full count):"
                )
                out.append("")
                out.append("| check | input | where | reported | expected |")
                out.append("|---|---|---|---|---|")
                for p in probes.prefix(8) {
                    out.append(
                        "| \(p.check) | \(markdownCell(p.input)) | \(markdownCell(p.context)) | \(markdownCell(p.reported)) | \(markdownCell(p.expected)) |"
                    )
                }
            }
            let outcomes = r.outcomes.filter { $0.subject == s.name && ($0.table == "reported outcome" || $0.table == "final category") }
            if !outcomes.isEmpty {
                out.append("")
                out.append("| outcome | valid | observed | expected (designed) | expected (fair) | residual |")
                out.append("|---|---|---|---|---|---|")
                for o in outcomes {
                    out.append(
                        "| \(o.outcome) | \(o.valid ? "yes" : "**no**") | \(o.observed) | \(number(o.expectedDesigned)) | \(number(o.expectedFair)) | \(number(o.standardisedResidual)) |"
                    )
                }
            }
        }
        out.append("")
        out.append(methods)
        return out.joined(separator: "\n") + "\n"
    }

    static let methods = """
        ## Methods

        - **Exact checks** use no sampling. The geometric truth (which sector is under the pointer) is computed in
          turns with 106-bit arithmetic, so lines are located exactly. *Boundary*: every line probed at its nearest
          representable rotation, 1–3 adjacent values each side, 2^8/2^16/2^24 ulps and 1e-9/1e-6/1e-3 turn away, in
          the subject's own type and unit; on a line either neighbour passes. *Wraparound*: the same probes shifted
          by ±1, ±2, ±3, ±1000, ±10^6 turns (a failure counts only where the unshifted probe passes), exactly one
          turn, 0 and −0.0, and sector middles at ±2^k turns. *Consistency*: a dense sweep of one turn plus every
          line and its neighbours, each change of the reported result narrowed to adjacent floating-point values;
          slivers narrower than the sweep step are found only where they touch a line. *Designed odds*: the exact
          share of each reported result under a uniform rest angle and under the subject's own spin.
          *Dice*: detectors compared with the reference on every ordered roll; final odds under the reroll policy
          computed as exact fractions.
        - **Sampled checks** run the subject on the toolkit's generator. Pearson's X² and the G-test assume
          independent trials and expected counts of at least 5 (rarer outcomes are pooled with a neighbour;
          too few trials for the outcomes that matter gives INCONCLUSIVE with the trials needed). Independence
          tests are Pearson's X² on contingency tables. The straight probability uses the exact two-sided
          binomial test with a Clopper–Pearson interval. All p-values of the run form one family corrected
          by Holm's method at α; a check fails when its Holm-adjusted p-value is at most α. "Detectable" gives
          the deviation each test would catch with 90% power at Holm's strictest level α/m (noncentral
          chi-square for X² tests, the exact binomial rejection region for the straight test).
        - **Invalid results** (labels no sector carries, no result, traps) fail whenever they are observed.
        """
}
