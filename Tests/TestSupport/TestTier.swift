import Foundation
import Testing

/// Which tier of the suite runs. Plain `swift test` is the fast tier: no end-to-end runs of the `audit`
/// binary and no probes that need Node or a JDK (under half a minute on a 2-core machine).
/// `bash Scripts/test.sh`, the gate CI runs, sets `FAIRNESS_AUDIT_FULL_TESTS=1` and runs every test.
public enum TestTier {
    /// The environment variable that turns the full tier on (value `1`).
    public static let variable = "FAIRNESS_AUDIT_FULL_TESTS"

    /// Whether the full tier runs: end-to-end command tests and probes in every language.
    public static var isFull: Bool { ProcessInfo.processInfo.environment[variable] == "1" }
}

extension Trait where Self == ConditionTrait {
    /// Runs the suite only in the full tier (``TestTier``); `swift test` alone skips it and says why.
    public static var fullTierOnly: Self {
        .enabled(if: TestTier.isFull, "full tier only: bash Scripts/test.sh, or FAIRNESS_AUDIT_FULL_TESTS=1 swift test")
    }
}
