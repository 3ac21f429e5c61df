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
}
