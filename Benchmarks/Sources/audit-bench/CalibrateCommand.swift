import ArgumentParser
import CommandLineOptions
import FairnessToolkit
import Foundation

/// `audit-bench calibrate` (`Scripts/reports/calibrate.sh` runs it at full scale): measures whether the
/// verdicts mean what they say.
///
/// 1. **Calibration under the null.** Fair subjects (the 37-sector reference wheel and the reference
///    dice) are audited with seeds 1 … S. Each sampled test's p-values must be uniform (Kolmogorov–Smirnov
///    p > 0.01), and the family-wise false-alarm rate — runs in which Holm rejects anything — must stay
///    within α, shown with its Clopper–Pearson interval, at the default α = 1e-6 and at α = 0.05 (where
///    it can actually be measured).
/// 2. **Power** (``PowerCalibration``). A wheel, a dice game and a production log with one outcome more
///    likely by exactly the relative deviation the report prints as detectable with 90% power, and a wheel
///    whose consecutive results are dependent by the printed Cohen's w, are audited with S seeds; the
///    check must fail in 90% ± 3% of them.
/// 3. **True size in the far tail** (``ExactSize``): the probability that a count test rejects a true
///    hypothesis at α = 1e-4, 1e-6 and 1e-8 on the smallest tables it tests, by enumerating every table.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Measure calibration (p-values uniform, family-wise false alarms within alpha) and power on fair and biased subjects.")

    @Option(help: ArgumentHelp("Seeds per measurement. (default: 1000)", valueName: "n"))
    var seeds = 1000

    @Option(parsing: .unconditional, help: ArgumentHelp("Trials per audit. (default: 100000)", valueName: "n"), transform: TrialCount.parse)
    var trials = TrialCount(100_000)

    @Option(help: ArgumentHelp("Markdown file for the results. (default: docs/figures/calibration.md)", valueName: "file"))
    var out = "docs/figures/calibration.md"

    @Option(help: ArgumentHelp("Worker threads (default: all cores).", valueName: "n"))
    var threads: Int?

    func validate() throws {
        guard seeds >= 2, seeds <= 1_000_000 else { throw ValidationError("--seeds must be in 2 ... 1000000, got \(seeds)") }
    }

    /// Every sampled p-value of the fair subjects over the seeds, by check, and the runs in which Holm
    /// rejected any p-value at the default α and at 0.05.
    struct NullMeasurement {
        var pValues: [String: [Double]] = [:]
        /// Audits, per subject, in which Holm rejected a member of its family at the default α and at 0.05.
        var rejectedAtDefault: [String: Int] = [:]
        var rejectedAtFivePercent: [String: Int] = [:]
        /// Each subject's family size (its members: the p-values with a Holm p-value).
        var familyMembers: [String: Int] = [:]
    }

    @Option(help: ArgumentHelp("Lines of each simulated production log for the power measurement. (default: 20000)", valueName: "n"))
    var logLines = 20_000

    @Option(
        help: ArgumentHelp(
            "Measure the mid-sized tables of at most this many counts (the largest take minutes: bounds found by bisection). (default: all)",
            valueName: "n"))
    var midSizedUpTo = Int.max

    @Option(
        help: ArgumentHelp(
            "Measure only the mid-sized tables of at least this many counts (and at most --mid-sized-up-to), and print their Markdown instead of writing the file.",
            valueName: "n"))
    var midSizedOnlyFrom: Int?

    func run() throws {
        if let from = midSizedOnlyFrom {
            print(MidSizedSize.markdown(try MidSizedSize.rows(from: from, upTo: midSizedUpTo)).joined(separator: "\n"))
            return
        }
        let null = try measureNull()
        let power = try PowerCalibration(seeds: seeds, settings: settings, logLines: logLines).measure()
        let sizes = try ExactSize.goodnessOfFitRows() + ExactSize.independenceRows()
        let (text, allUniform) = try markdown(null, power, sizes)
        let url = URL(fileURLWithPath: out)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else { throw ValidationError("cannot write \(out)") }
        print(
            "calibration: p-values uniform: \(allUniform ? "yes" : "no"); false alarms at 1e-6: \(null.rejectedAtDefault.values.reduce(0, +))/\(seeds * null.familyMembers.count), at 0.05: \(null.rejectedAtFivePercent.values.reduce(0, +))/\(seeds * null.familyMembers.count) game audits; power \(power.map { "\($0.caught)" }.joined(separator: ", "))/\(seeds) (\(power.allSatisfy(powerMet) ? "met" : "missed")); true size within α on the smallest tables: \(sizes.allSatisfy { $0.size <= $0.level } ? "yes" : "no"); wrote \(out)"
        )
    }

    /// The settings of the audit with `seed`.
    func settings(_ seed: Int) -> AuditSettings {
        let threadCount = threads ?? ProcessInfo.processInfo.activeProcessorCount
        return AuditSettings(run: RunSettings(trials: trials.value, seed: UInt64(seed), threads: threadCount), sweepSteps: 4096)
    }

    /// 1. The null: every sampled p-value, by check; family-wise rejections at two levels, each subject's
    /// family (its members: the p-values with a Holm p-value) corrected on its own, as the audit does.
    func measureNull() throws -> NullMeasurement {
        let fair = [AuditSubject(wheel: try ReferenceWheel(equalSectors: 37)), AuditSubject(dice: ReferenceDiceGame())]
        var null = NullMeasurement()
        for seed in 1...seeds {
            let report = try Audit.run(fair, settings: settings(seed))
            let tested = report.checks.filter { $0.pValue != nil && ($0.kind == .sampling || $0.kind == .fairness) }
            for check in tested { null.pValues["\(check.subject): \(check.checkName)", default: []].append(check.pValue!) }
            for (subject, members) in Dictionary(grouping: report.checks.filter { $0.holmPValue != nil }, by: \.subject) {
                let family = members.map(\.pValue!)
                null.familyMembers[subject] = family.count
                if try HolmCorrection.rejections(family, alpha: AuditSettings.defaultAlpha).contains(true) {
                    null.rejectedAtDefault[subject, default: 0] += 1
                }
                if try HolmCorrection.rejections(family, alpha: 0.05).contains(true) {
                    null.rejectedAtFivePercent[subject, default: 0] += 1
                }
            }
        }
        return null
    }

    /// Whether the planted deviation was caught 90% ± 3% of the time.
    func powerMet(_ power: PowerCalibration.Row) -> Bool { abs(Double(power.caught) / Double(seeds) - 0.9) <= 0.03 }

    /// "k of n = share (95% Clopper–Pearson [lower, upper])".
    func rate(_ k: Int, _ n: Int) throws -> String {
        let test = try BinomialTest(successes: Double(k), trials: Double(n), hypothesised: 0.5)
        return String(
            format: "%d of %d = %.4f (95%% Clopper–Pearson [%.4f, %.4f])", k, n, Double(k) / Double(n),
            test.clopperPearson.lower, test.clopperPearson.upper)
    }

    /// The Markdown of `docs/figures/calibration.md`, and whether every check's p-values are uniform.
    func markdown(
        _ null: NullMeasurement, _ power: [PowerCalibration.Row], _ sizes: [ExactSize.Row]
    ) throws -> (text: String, allUniform: Bool) {
        let pValues = null.pValues
        var lines = [
            "# Calibration and power",
            "",
            "Regenerated by `bash Scripts/reports/calibrate.sh` (here: `audit-bench calibrate --seeds \(seeds) --trials \(trials.value)`,",
            "toolkit \(Toolkit.version)). Fair subjects: `reference-wheel-37` and `reference-dice-5d6`, audited with",
            "seeds 1 … \(seeds) at \(trials.value) trials each (sweep of 4,096 steps; the exact checks are not what is measured).",
            "",
            "## Sampled p-values under the null",
            "",
            "Each sampled test's p-values over the seeds, against the uniform distribution (Kolmogorov–Smirnov),",
            "with the KS p-values of all checks Holm-adjusted as one family; required: adjusted p > 0.01. Discrete",
            "tests (exact binomial, small cells) are slightly conservative.",
            "",
            "| check | p-values | KS D | KS p | Holm-adjusted | uniform |",
            "|---|---|---|---|---|---|",
        ]
        // The KS p-values of all the checks form a family too: with two dozen checks one raw KS p below
        // 0.01 is expected about one time in five even when every test is calibrated, so uniformity is
        // judged on Holm-adjusted KS p-values.
        let sortedChecks = pValues.sorted(by: { $0.key < $1.key })
        let tests = try sortedChecks.map { try KolmogorovSmirnovTest(uniformSample: $0.value) }
        let raw = tests.map { $0.verdict.pValue ?? 0 }
        let adjusted = try HolmCorrection.adjust(raw)
        var allUniform = true
        for (index, (name, values)) in sortedChecks.enumerated() {
            let uniform = adjusted[index] > 0.01
            allUniform = allUniform && uniform
            lines.append(
                "| \(name) | \(values.count) | \(String(format: "%.4f", max(tests[index].dPlus, tests[index].dMinus))) | \(String(format: "%.3g", raw[index])) | \(String(format: "%.3g", adjusted[index])) | \(uniform ? "yes" : "**no**") |"
            )
        }
        lines += [
            "",
            "## Family-wise false alarms",
            "",
            "Audits in which Holm rejected a p-value of the game's family (each game's p-values are one family, corrected on",
            "its own; the G-tests beside Pearson and repeated tests are not members):",
            "",
            "| game (family size) | α | false alarms | within α |",
            "|---|---|---|---|",
        ]
        for (subject, members) in null.familyMembers.sorted(by: { $0.key < $1.key }) {
            for (alpha, label, count) in [
                (1e-6, "1e-6 (default)", null.rejectedAtDefault[subject] ?? 0), (0.05, "0.05", null.rejectedAtFivePercent[subject] ?? 0),
            ] {
                let interval = try BinomialTest(successes: Double(count), trials: Double(seeds), hypothesised: 0.5).clopperPearson
                lines.append(
                    "| \(subject) (\(members)) | \(label) | \(try rate(count, seeds)) | \(interval.lower <= alpha ? "yes (interval reaches α)" : "**no**") |"
                )
            }
        }
        lines += [
            "",
            "## Power at the printed detectable size",
            "",
            "Each game was audited once to read the relative deviation its report prints as detectable with 90% power",
            "(solved on the Pearson statistic's distribution under the moved outcome, up and down); then a game, or a log",
            "of \(logLines) lines, with that one outcome more likely by exactly the printed size (the others proportionally",
            "less) was audited with \(seeds) seeds. The wheel and the dice at \(trials.value) trials per audit. The wheel's",
            "serial-independence test likewise, against a wheel that stops on the sector it last showed more often, its",
            "consecutive pairs dependent by exactly the printed Cohen's w (noncentral chi-square).",
            "",
            "| game | check | report prints | planted | caught | target |",
            "|---|---|---|---|---|---|",
        ]
        for row in power {
            lines.append(
                "| \(row.game) | \(row.check) | \(row.printed) | \(row.planted) | \(try rate(row.caught, seeds)) | 90% ± 3%: \(powerMet(row) ? "met" : "**missed**") |"
            )
        }
        lines.append("")
        lines +=
            ExactSize.markdown(sizes) + MidSizedSize.markdown(try MidSizedSize.rows(upTo: midSizedUpTo))
            + ExactSize.payoutMarkdown(try ExactSize.payoutRows())
        return (lines.joined(separator: "\n"), allUniform)
    }

    /// A relative deviation as a percentage rounded to the three significant digits a report prints.
    static func printedPercentage(_ relative: Double) -> Double {
        // The same "%.3g" as ReportNarrator's, read back as a number: the decimal a reviewer reads.
        Double(String(format: "%.3g", 100 * relative)) ?? 100 * relative
    }
}
