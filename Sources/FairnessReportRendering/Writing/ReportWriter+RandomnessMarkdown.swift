import FairnessReport

// Markdown of a randomness battery's report (`audit rng`).
extension ReportWriter {
    static func randomnessMarkdown(_ r: AuditReport) -> String {
        var out = randomnessHeader(r)
        out += markdownProvenance(r)
        out += [
            "", "## Contents", "",
            "- [Executive summary](#executive-summary)",
            "- Random sources: " + r.subjects.map { "[\($0.name)](#\(anchor($0.name)))" }.joined(separator: " · "),
            "- [Methods](#methods)",
            "- Every figure in CSV: `checks.csv`; all of it in `audit.json`.",
            "", "## Executive summary", "",
            "| random source | verdict | worst finding | checks failing | checks inconclusive |",
            "|---|---|---|---|---|",
        ]
        for s in r.subjects {
            let checks = r.checks.filter { $0.subject == s.name }
            let worst = ReportNarrator.worstFinding(of: s.name, in: r)
            out.append(
                "| [\(s.name)](#\(anchor(s.name))) | **\(s.verdict.rawValue)** | \(markdownCell(worst.text)) | \(checks.filter { $0.status == .fail }.count) of \(checks.count) | \(checks.filter { $0.status == .inconclusive }.count) |"
            )
        }
        for s in r.subjects { out += markdownSubject(s, r) }
        out += ["", randomnessMethods]
        return out.joined(separator: "\n") + "\n"
    }

    /// The title, the gate, what was read and the command that reproduces the report.
    static func randomnessHeader(_ r: AuditReport) -> [String] {
        let failed = r.subjects.filter { $0.verdict == .fail }.count
        let inconclusive = r.subjects.filter { $0.verdict == .inconclusive }.count
        return [
            "# Randomness audit report",
            "",
            "**Gate: \(r.gate.rawValue)** — \(ReportNarrator.count(r.subjects.count, "random source")): \(r.subjects.count - failed - inconclusive) pass, \(failed) fail, \(inconclusive) inconclusive.",
            "",
            "An audit of a random source's raw output: \(r.count) bits read, tested by the 15 tests of NIST SP 800-22 rev. 1a and by tests of the draws (each source's input line says how many bits each stream tested); nothing was simulated. Gating on \(r.failOn.map(\.rawValue).joined(separator: ", ")) checks.",
            "",
            reproduce(r.command)
                + "Toolkit \(r.toolkitVersion), GSL \(r.gslVersion), family-wise α = \(number(r.alpha)) over each source's tests (Holm).",
        ]
    }

    static let randomnessMethods = """
        ## Methods

        - **The tests** are the 15 of NIST SP 800-22 rev. 1a with the publication's parameters for sequences
          of 10⁶ bits (block frequency M = 128; non-overlapping templates: the 148 aperiodic templates of 9
          bits in 8 blocks; overlapping template m = 9, M = 1032; linear complexity M = 500; serial m = 16;
          approximate entropy m = 10; Maurer's L and Q by the sequence length). The class probabilities of
          the longest-run, overlapping-template and linear-complexity tests are exact, not the rounded
          tables of the publication; each of their checks also states, not gating, what the tables of
          NIST's reference program (sts 2.1.2) give on the same counts. Every P-value is an upper tail from GSL (Q(a, x), erfc), so a far-tail
          P-value keeps its digits.
        - **Two levels** (section 4.2). The input is cut into sequences of n bits. With one sequence, each
          test's P-value is the check's. With more, each test's P-values give three checks: the proportion
          of sequences below 0.01, as the exact binomial probability of that many failures or more; the
          most extreme sequence, its P-value times the number of sequences (Bonferroni); and, from 55
          sequences, the uniformity of the P-values over ten bins (χ², 9 degrees of freedom). The 148
          templates are one check each way, Bonferroni over the templates. With `--test-every k` (a
          declared sample, stated in the input line) the tests run on every k-th whole sequence; the tests
          of the whole input and of the draws read every bit.
        - **The whole input.** Three tests over every bit read, not cut into sequences, so a defect too
          small for any one sequence shows over all of them: the ones among every bit (exact two-sided
          binomial against ½), the longest run of equal bits (p ≤ (n − r + 2) · 2⁻ʳ, a proven bound: a union
          over where a run of r can start), and equal consecutive bytes over non-overlapping pairs at each
          of the two alignments (exact two-sided binomial against 1/256, Bonferroni over the alignments).
        - **Never on recycled data.** A sequence shorter than a test needs gives that test no P-value: the
          check is INCONCLUSIVE and says the length it needs — or N/A (not applicable, not gating) when the
          input's own bit stream was tested in whole sequences and the test is of a stream derived from the
          draws, of the draws themselves, or the random excursions of a walk with too few cycles. Bits after
          the last whole sequence are counted, not tested.
        - **One verdict per source**: its checks are one family, Holm-adjusted at α; FAIL when an adjusted
          P-value is at most α.
        """
}
