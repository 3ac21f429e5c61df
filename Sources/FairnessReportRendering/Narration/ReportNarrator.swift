import FairnessReport
import Foundation

/// The words of a report built from typed figures, written once for every output (Markdown, CSV, JSON,
/// JUnit): a figure is rounded here, in one way, wherever it is shown.
public enum ReportNarrator {
    /// The "detectable" sentence of a sampled test: the smallest effect it detects with 90% power, and
    /// the level and family size that statement assumes.
    public static func detectable(_ effect: DetectableEffect) -> String {
        let assumption = String(format: " (at α/m = %.3g, m = %d p-values)", effect.level, effect.family)
        switch effect.size {
        case .outcome(let mostLikely, let leastLikely):
            return String(
                format:
                    "90%% power against one outcome off by %.3g%% relative (%.3g points) if most likely, %.3g%% (%.3g points) if least likely",
                100 * mostLikely.relative, 100 * mostLikely.absolute, 100 * leastLikely.relative, 100 * leastLikely.absolute)
                + assumption
        case .dependence(let cohensW):
            return String(format: "90%% power against dependence of effect size w = %.3g (Cohen's w)", cohensW) + assumption
        case .probability(let difference?):
            return String(format: "90%% power against a probability off by ±%.3g points", 100 * difference) + assumption
        case .probability(nil):
            return "no difference detectable at this number of trials"
        }
    }

    /// A count with its noun, plural unless it is one: "1 subject", "55 subjects".
    public static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// A p-value in words: "0 exactly (an outcome of probability 0 was observed)" when the test saw an
    /// impossible outcome; below 1e-300 (or underflowed) its mantissa and exponent from its log₁₀ ("2e-6482"),
    /// "< 1e-300" without one; `%.4g` otherwise.
    public static func pValue(_ x: Double, log10 log10P: Double?, of check: CheckRecord) -> String {
        if x == 0 && check.impossibleObserved { return "0 exactly (an outcome of probability 0 was observed)" }
        return pValue(x, log10: log10P)
    }

    /// A p-value to four digits, or from its log₁₀ where it is below 10⁻³⁰⁰ ("2e-6482").
    static func pValue(_ x: Double, log10 log10P: Double?) -> String {
        if x < 1e-300 {
            guard let log10P else { return "< 1e-300" }
            // Beyond a double: the mantissa and exponent of 10^log10P ("2e-6482").
            let exponent = (log10P).rounded(.down)
            return String(format: "%.3g", Foundation.pow(10, log10P - exponent)) + "e" + String(format: "%.0f", exponent)
        }
        return String(format: "%.4g", x)
    }

    /// A check's own p-value as the checks table shows it: ``pValue(_:log10:of:)``, then "(exact)" where it
    /// comes from the exact distribution rather than the chi-square approximation, or "≤ … (exact bound)"
    /// where it is a proven upper bound on the exact p-value.
    public static func statedPValue(of check: CheckRecord) -> String {
        guard let p = check.pValue else { return "" }
        let stated = pValue(p, log10: check.log10PValue, of: check)
        switch check.pValueMethod {
        case .exact where !check.impossibleObserved: return stated + " (exact)"
        case .exactUpperBound: return "≤ " + stated + " (exact bound)"
        default: return stated
        }
    }

    /// The subject's worst finding in words and its class label: the most severe gating one, else the most
    /// extreme failing test (the smallest Holm-adjusted P-value, by its log₁₀ where it underflows; the
    /// first in the report's order among equals and those without one), else the first inconclusive test,
    /// else the most severe noted one.
    public static func worstFinding(of subject: String, in r: AuditReport) -> (text: String, label: String) {
        let checks = r.checks.filter { $0.subject == subject }
        let classified = checks.filter { $0.findingClass != nil }
        // Among findings of one class, the checks that say it most plainly first: counterexample lists last.
        func plainness(_ check: CheckRecord) -> Int { check.check == .boundary ? 1 : check.check == .wraparound ? 2 : 0 }
        let ranked = classified.sorted {
            ($0.status == .fail ? 0 : 1, $0.findingClass!, plainness($0)) < ($1.status == .fail ? 0 : 1, $1.findingClass!, plainness($1))
        }
        if let worst = ranked.first(where: { $0.status == .fail }) {
            return ("\(worst.checkName): \(worst.finding ?? worst.detail)", worst.findingClass!.title)
        }
        func extremity(_ check: CheckRecord) -> Double {
            check.holmLog10PValue ?? check.holmPValue.map { $0 > 0 ? log10($0) : -.infinity } ?? 0
        }
        if let sampled = checks.filter({ $0.status == .fail }).min(by: { extremity($0) < extremity($1) }) {
            let p = sampled.holmPValue.map { "; Holm p = " + pValue($0, log10: sampled.holmLog10PValue, of: sampled) } ?? ""
            return (
                "\(sampled.checkName): \(sampled.detail)\(p)", "\(sampled.kind.rawValue) (\(sampled.pValue == nil ? "counted" : "sampled"))"
            )
        }
        if let inconclusive = checks.first(where: { $0.status == .inconclusive }) {
            return ("\(inconclusive.checkName): \(inconclusive.detail)", "inconclusive")
        }
        if let note = ranked.first {
            return ("\(note.checkName): \(note.finding ?? note.detail) (not material)", note.findingClass!.title)
        }
        return ("none", "")
    }
}
