/// What a sampled test could detect with 90% power, at the level Holm's method tests its smallest p-value
/// at (α/m): the figures behind a report's "detectable" column, which the reports layer puts into words.
public struct DetectableEffect: Sendable, Hashable, Codable {
    /// A deviation of one outcome's probability, relative to it and in absolute terms.
    public struct Deviation: Sendable, Hashable, Codable {
        /// The deviation relative to the outcome's probability (0.1 for 10%).
        public var relative: Double
        /// The same deviation as a difference of probabilities (0.001 for 0.1 percentage points).
        public var absolute: Double

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(relative: Double, absolute: Double) {
            self.relative = relative
            self.absolute = absolute
        }
    }

    /// The smallest effect the test detects, by the kind of test.
    public enum Size: Sendable, Hashable, Codable {
        /// Goodness of fit: one outcome off by this much, for the most likely and for the least likely
        /// outcome (with the others scaled to compensate).
        case outcome(mostLikely: Deviation, leastLikely: Deviation)
        /// Independence: dependence of this effect size (Cohen's w = √(λ / N)).
        case dependence(cohensW: Double)
        /// A binomial test: a probability off by this much either way (a difference of probabilities);
        /// nil when no difference is detectable at this number of trials.
        case probability(difference: Double?)
    }

    /// The effect.
    public var size: Size
    /// The level the statement assumes: the run's α divided by the family size.
    public var level: Double
    /// The number of p-values in the family Holm's method corrects over.
    public var family: Int

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(size: Size, level: Double, family: Int) {
        self.size = size
        self.level = level
        self.family = family
    }
}
