import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessStatistics
import Foundation

// Markdown.
extension ReportWriter {
    static func markdown(_ r: AuditReport) -> String {
        // A log audit reads recorded outcomes: no sampling, sessions or sweeps of its own.
        let isLog = r.counted == .logLines
        let families = Self.families(r.subjects.map(\.name))
        let folded = Set(families.flatMap(\.members))
        let single = r.subjects.filter { !folded.contains($0.name) }
        if r.counted == .bits { return randomnessMarkdown(r) }
        var out = markdownHeader(r, isLog: isLog)
        out += markdownProvenance(r)
        out += markdownContents(families: families, single: single)
        out += markdownSummary(r, isLog: isLog, families: families)
        for f in families { out += markdownFamily(f, r) }
        for s in single { out += markdownSubject(s, r) }
        out.append("")
        out.append(isLog ? (isPrizeDrawLog(r) ? prizeDrawLogMethods : logMethods) : gameMethods(r))
        return out.joined(separator: "\n") + "\n"
    }

    /// The title, the gate, the gating rules and the command that reproduces the report.
    static func markdownHeader(_ r: AuditReport, isLog: Bool) -> [String] {
        var out: [String] = []
        let failed = r.subjects.filter { $0.verdict == .fail }.count
        let inconclusive = r.subjects.filter { $0.verdict == .inconclusive }.count
        out.append("# Fairness audit report")
        out.append("")
        out.append(
            "**Gate: \(r.gate.rawValue)** — \(ReportNarrator.count(r.subjects.count, "subject")): \(r.subjects.count - failed - inconclusive) pass, \(failed) fail, \(inconclusive) inconclusive."
        )
        if isLog {
            out.append("")
            out.append(
                (isPrizeDrawLog(r)
                    ? "An audit of a production log of prize draws: \(r.count) recorded draw lines, each tested against the declared odds of the state its player was in (rebuilt from the declared rules); nothing was simulated."
                    : "An audit of a production log: \(r.count) recorded outcome lines tested against the game's declared odds and paytable; nothing was simulated.")
                    + " Gating on \(r.failOn.map(\.rawValue).joined(separator: ", ")) checks."
            )
            out.append("")
            out.append(
                reproduce(r.command)
                    + "Toolkit \(r.toolkitVersion), GSL \(r.gslVersion), family-wise α = \(number(r.alpha)) for each subject's p-values below (Holm within the subject)."
            )
        } else {
            out.append("")
            out.append(
                onlyPrizeDraws(r)
                    ? "Gating on \(r.failOn.map(\.rawValue).joined(separator: ", ")) checks; exact findings gate by class: invalid outcomes at any share, unfair odds and states shown as others above a materiality of \(number(r.materiality)) of draws\(r.strict ? "; **strict**: every finding gates" : "")."
                    : "Gating on \(r.failOn.map(\.rawValue).joined(separator: ", ")) checks; exact findings gate by class: invalid outcomes at any share, mislabels and unfair odds above a materiality of \(number(r.materiality)) of plays\(r.strict ? "; **strict**: every finding gates, rounding and latent included" : "; rounding at a line and latent findings are NOTEs (strict mode gates them)"). A session is \(r.sessionSpins) spins."
            )
            out.append("")
            out.append(
                reproduce(r.command)
                    + "Toolkit \(r.toolkitVersion), GSL \(r.gslVersion), generator `\(r.generator)`\(r.reproducible ? "" : " (not reproducible)"), seed \(r.seed), \(r.count) trials per subject, family-wise α = \(number(r.alpha)) for each subject's p-values below (Holm within the subject: its verdict is the same alone or in any run), blocks of \(r.blockSize) trials"
                    + (onlyPrizeDraws(r) ? "." : ", consistency sweep of \(r.sweepSteps) steps per turn.")
            )
        }
        return out
    }

    /// The table of contents: the summary, each family, each subject of its own, the methods.
    static func markdownContents(families: [Family], single: [SubjectVerdict]) -> [String] {
        var out: [String] = []
        out.append("")
        out.append("## Contents")
        out.append("")
        out.append("- [Executive summary](#executive-summary)")
        for f in families { out.append("- [Family \(f.title)](#\(anchor("family " + f.title)))") }
        if !single.isEmpty {
            out.append("- Subjects: " + single.map { "[\($0.name)](#\(anchor($0.name)))" }.joined(separator: " · "))
        }
        out.append("- [Methods and finding classes](#methods-and-finding-classes)")
        out.append(
            "- Every figure in CSV: `checks.csv`, `outcomes.csv`, `tables.csv`, `mislabelled_arcs.csv`, `counterexamples.csv`; all of it in `audit.json`."
        )
        return out
    }

    /// The executive summary: one row per subject with its verdict and its worst finding.
    static func markdownSummary(_ r: AuditReport, isLog: Bool, families: [Family]) -> [String] {
        let folded = Set(families.flatMap(\.members))
        var out: [String] = []
        out.append("")
        out.append("## Executive summary")
        out.append("")
        out.append(
            isLog
                ? "Figures are counted from the log's lines."
                : onlyPrizeDraws(r)
                    ? "Shares are exact, in play: over every draw u of the game's own draw in every state, each state weighed by its share of draws."
                    : "Shares are exact, in play: under each wheel's own spin, over the indices a targeted wheel draws, over every roll for dice."
        )
        out.append("")
        // The RTP column appears when some subject has a paytable.
        let paying = r.subjects.contains { $0.returnToPlayer != nil }
        out.append(
            "| subject | verdict | worst finding | class | share of plays invalid or mislabelled | invalid per million plays | largest odds difference |"
                + (paying ? (isLog ? " RTP (logged) |" : " RTP (exact) |") : ""))
        out.append("|---|---|---|---|---|---|---|" + (paying ? "---|" : ""))
        for s in r.subjects {
            let worst = ReportNarrator.worstFinding(of: s.name, in: r)
            out.append(
                "| [\(s.name)](#\(anchor(folded.contains(s.name) ? "family " + (families.first { $0.members.contains(s.name) }?.title ?? "") : s.name))) | **\(s.verdict.rawValue)** | \(markdownCell(worst.text)) | \(worst.label) | \(share(s.affectedShare)) | \(s.invalidPerMillion.map { $0 == 0 ? "0" : String(format: "%.3g", $0) } ?? "") | \(share(s.largestOddsDifference)) |"
                    + (paying ? " \(s.returnToPlayer.map { String(format: "%.6g", $0) } ?? "") |" : ""))
        }
        return out
    }

    /// A family of one design at many sizes: a row per subject, a column per exact check.
    static func markdownFamily(_ f: Family, _ r: AuditReport) -> [String] {
        var out: [String] = []
        out.append("")
        out.append("## Family \(f.title)")
        out.append("")
        out.append(
            "\(f.members.count) subjects of one design at different sizes, one row each; every check's figures are in `checks.csv`.")
        out.append("")
        let columns = orderedUnique(r.checks.filter { f.members.contains($0.subject) && $0.pValue == nil }.map(\.check))
        out.append(
            "| subject | verdict | " + columns.map { markdownCell(ReportNarrator.name(of: $0)) }.joined(separator: " | ")
                + " | sampled tests failing | pictures |")
        out.append("|---|---|" + String(repeating: "---|", count: columns.count) + "---|---|")
        for name in f.members {
            guard let s = r.subjects.first(where: { $0.name == name }) else { continue }
            let checks = r.checks.filter { $0.subject == name }
            let cells = columns.map { check -> String in
                guard let c = checks.first(where: { $0.check == check }) else { return "" }
                return c.status.rawValue + (c.findingClass.map { " " + $0.title } ?? "")
            }
            let sampled = checks.filter { $0.pValue != nil && $0.status == .fail }.map(\.checkName)
            out.append(
                "| \(name) | **\(s.verdict.rawValue)** | " + cells.joined(separator: " | ")
                    + " | \(markdownCell(sampled.joined(separator: "; "))) | \(pictureLinks(name, r)) |")
        }
        return out
    }

    /// A subject's own section: its facts, its checks, its largest mislabelled arcs and its outcomes.
    static func markdownSubject(_ s: SubjectVerdict, _ r: AuditReport) -> [String] {
        var out: [String] = []
        out.append("")
        out.append("## \(s.name)")
        out.append("")
        out.append("**\(s.verdict.rawValue)** — \(markdownCell(s.summary)).")
        for finding in s.findings { out.append("- " + markdownCell(finding)) }
        let links = pictureLinks(s.name, r)
        if !links.isEmpty { out.append("- Pictures: " + links) }
        out.append("")
        out.append("| check | kind | status | class | finding or detail | statistic | df | p | Holm p | detectable (90% power) |")
        out.append("|---|---|---|---|---|---|---|---|---|---|")
        for c in r.checks where c.subject == s.name {
            let text = c.finding.map { "\($0). \(c.detail)" } ?? c.detail
            out.append(
                "| \(markdownCell(c.checkName)) | \(c.kind.rawValue) | \(c.status.rawValue) | \(c.findingClass?.title ?? "") | \(markdownCell(text)) | \(number(c.statistic)) | \(number(c.degreesOfFreedom)) | \(ReportNarrator.statedPValue(of: c)) | \(c.holmPValue.map { ReportNarrator.pValue($0, log10: c.holmLog10PValue, of: c) } ?? "") | \(markdownCell(c.detectable ?? "")) |"
            )
        }
        let arcs = r.mislabelledArcs.filter { $0.subject == s.name }
        if !arcs.isEmpty {
            out.append("")
            out.append("Mislabelled arcs (\(arcs.count); the largest \(min(arcs.count, 5)) shown, all in `mislabelled_arcs.csv`):")
            out.append("")
            out.append("| from | to | share of circle | reported | truth |")
            out.append("|---|---|---|---|---|")
            for a in arcs.sorted(by: { ($0.shareOfCircle, $1.from) > ($1.shareOfCircle, $0.from) }).prefix(5) {
                out.append(
                    "| \(String(format: "%.17g", a.from)) | \(String(format: "%.17g", a.to)) | \(String(format: "%.9g", a.shareOfCircle)) | \(a.reported) | \(markdownCell(ReportNarrator.text(a.truth))) |"
                )
            }
            out.append("")
            out.append("Arcs are in \(ReportNarrator.unitName(arcs[0].unit)) of rotation.")
        }
        let listed = r.counterexamples.filter { $0.subject == s.name }
        if !listed.isEmpty {
            out.append("")
            out.append("\(listed.count) counterexamples are listed in `counterexamples.csv`.")
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
        return out
    }

    /// A group of subjects named `<stem>-<number>` with at least three members, folded into one table.
    struct Family {
        var stem: String
        var members: [String]
        var title: String {
            let numbers = members.compactMap { Int($0.split(separator: "-").last ?? "") }
            return "\(stem)-\(numbers.min() ?? 0)…\(numbers.max() ?? 0)"
        }
    }

    /// The families among `names`, in order of first appearance.
    static func families(_ names: [String]) -> [Family] {
        var order: [String] = []
        var members: [String: [String]] = [:]
        for name in names {
            guard let dash = name.lastIndex(of: "-"), Int(name[name.index(after: dash)...]) != nil else { continue }
            let stem = String(name[..<dash])
            if members[stem] == nil { order.append(stem) }
            members[stem, default: []].append(name)
        }
        return order.filter { members[$0]!.count >= 3 }.map { Family(stem: $0, members: members[$0]!) }
    }

    static func share(_ x: Double?) -> String {
        guard let x else { return "" }
        return x == 0 ? "0" : ReportNarrator.share(x)
    }

    static func orderedUnique<Element: Hashable>(_ names: [Element]) -> [Element] {
        var seen = Set<Element>()
        return names.filter { seen.insert($0).inserted }
    }

    /// A GitHub-style heading anchor: lower case, spaces to hyphens, punctuation dropped.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { c -> Character? in
                if c == " " { return "-" }
                if c.isLetter || c.isNumber || c == "-" || c == "_" { return c }
                return nil
            })
    }

    /// "Reproduce with" and the command line as Markdown code, exactly as it is to be pasted: an inline code
    /// span, or — when it holds a backtick or a line break (a quoted file name may) — a fenced block on lines
    /// of its own, its fence longer than any run of backticks inside, so the command never ends the code
    /// early or becomes Markdown.
    /// What produced the report and what it read: the source revision and platform, and each input with its
    /// SHA-256 digest (`SHA256SUMS` seals the report files themselves).
    static func markdownProvenance(_ r: AuditReport) -> [String] {
        let p = r.provenance
        var out = [
            "",
            "Provenance: toolkit \(p.toolkitVersion), source revision `\(p.sourceRevision ?? "unknown")`, GSL \(p.gslVersion), FFTW \(markdownCell(p.fftwVersion)), \(markdownCell(p.platform))"
                + (p.inputs.isEmpty ? "; no input files (built-in subjects)." : "; inputs read:"),
        ]
        guard !p.inputs.isEmpty else { return out }
        out += ["", "| input | name | SHA-256 | bytes |", "|---|---|---|---|"]
        for input in p.inputs {
            out.append("| \(input.kind.rawValue) | \(markdownCell(input.name)) | `\(input.sha256)` | \(input.bytes) |")
        }
        return out
    }

    /// The command that reproduces the report, as code: in a span, or in a fence longer than any run of
    /// backticks it holds when it has one or a line break. A control character other than a line break
    /// (an escape sequence in a file's name) is written `\u{1B}`, as ``TextEscaping`` writes it elsewhere.
    static func reproduce(_ rawCommand: String) -> String {
        var command = ""
        for scalar in rawCommand.unicodeScalars {
            if scalar != "\n", TextEscaping.isHidden(scalar) {
                command += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                command.unicodeScalars.append(scalar)
            }
        }
        guard command.contains(where: { $0 == "`" || $0.isNewline }) else { return "Reproduce with `\(command)`. " }
        var longest = 0, run = 0
        for character in command {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return "Reproduce with:\n\n\(fence)sh\n\(command)\n\(fence)\n\n"
    }

    static func pictureLinks(_ subject: String, _ r: AuditReport) -> String {
        var pictures: [String] = []
        if r.wheels.contains(where: { $0.subject == subject }) {
            pictures.append("[wheel](\(pictureName(subject, "wheel", tagged: clashingNames(r).contains(subject))))")
        }
        if r.outcomes.contains(where: { $0.subject == subject && ($0.table == "reported outcome" || $0.table == "final category") }) {
            pictures.append("[observed vs expected](\(pictureName(subject, "outcomes", tagged: clashingNames(r).contains(subject))))")
        }
        return pictures.joined(separator: " · ")
    }

    static let methods = """
        ## Methods and finding classes

        - **Exact checks** use no sampling. The geometric truth (which sector is under the pointer) is computed in
          turns with 106-bit arithmetic, so lines are located exactly. *Boundary*: every line tried at its nearest
          representable rotation, 1–3 adjacent values each side, 2^8/2^16/2^24 ulps and 1e-9/1e-6/1e-3 turn away, in
          the subject's own type and unit; on a line either neighbour passes. *Wraparound*: the same test rotations shifted
          by ±1, ±2, ±3, ±1000, ±10^6 turns (a failure counts only where the unshifted test rotation passes), exactly one
          turn, 0 and −0.0, and sector middles at ±2^k turns. *Consistency*: a dense sweep of one turn plus every
          line and its neighbours, each change of the reported result narrowed to adjacent floating-point values;
          slivers narrower than the sweep step are found only where they touch a line. *Designed odds*: the exact
          share of each reported result under a uniform rest angle and under the subject's own spin (the same exact
          partition, over the drawn value). *Dice*: detectors compared with the reference on every ordered roll
          (or every multiset, weighted by its orderings); final odds under the reroll policy as exact fractions.
        - **Finding classes.** Every exact finding has a class and a magnitude; the gate decides from both.
          *Invalid outcome*: a result no sector carries, no result, a trap, or a wheel that stops on one sector and
          reports another, shown in play — material at any positive share. *Unfair odds*: an outcome's exact
          probability in play differs from what the game claims (its sector's share, one fair roll) — material
          above the materiality threshold; magnitude the largest difference. *Mislabel*: a valid but wrong label
          more than 16 ulps from every line — material above the threshold; magnitude its share of plays under the
          game's own spin. *Rounding at a line*: a wrong label or periodicity break within 16 ulps of a line, ulps
          of the subject's own type at the larger of one turn and the rotation — reported as NOTE. *Latent*: only
          inputs play never produces show it — rest rotations no session of the stated length reaches with the
          game's own spin rule (iterated from its initial rotation with the smallest and largest draw), indices
          outside those the game draws, a dice detector called with the game's state holding another roll —
          reported as NOTE. Strict mode makes every finding gate.
        - **In play** means: the subject's own spin from its initial rotation (the exact partition over the drawn
          value), and for periodicity the range of rotations a session reaches. A rest-angle finding is in play if
          a session reaches its rotation or the own spin shows its class.
        - **Sampled checks** run the subject on the toolkit's generator. Pearson's X² and the G-test assume
          independent trials and expected counts of at least 5 (rarer outcomes are pooled with a neighbour;
          too few trials for the outcomes that matter gives INCONCLUSIVE with the trials needed). Pearson's X²
          takes the exact multinomial p-value, every table near the observed X² enumerated, where that fits
          10⁶ steps (32 times as many below a chi-square p-value of 10⁻³; few cells, or small expected counts,
          where the chi-square approximation is least accurate in the far tail), marked "(exact)"; the
          chi-square approximation elsewhere. Independence
          tests are Pearson's X² on contingency tables. The straight probability uses the exact two-sided
          binomial test with a Clopper–Pearson interval. Each subject's p-values form one family corrected by
          Holm's method at α, so a subject's verdict is the same alone or in any run; a check fails when its
          Holm-adjusted p-value is at most α. Each hypothesis enters the family once: Pearson's X² gates, and
          the G-test of the same table is information beside it (it never gates); a test of the same counts
          against the same odds as an earlier one (designed odds equal to the claimed ones, say) is reported as
          the same test, without a second p-value. "p = 0 exactly" means an outcome of designed probability 0
          was observed; a p-value too small for a double keeps its size through its log₁₀ ("2e-6482").
          "Detectable" gives the deviation each test would catch with 90% power at Holm's strictest level α/m
          for the subject's family of m p-values (for a goodness-of-fit X², the statistic's own distribution
          with one outcome moved up or down, the larger of the two; the noncentral chi-square for
          independence; the exact binomial rejection region for the straight test), relative and in absolute
          percentage points.
        - **Invalid results** observed while sampling (labels no sector carries, no result, traps) fail whenever
          they are observed.
        """
}
