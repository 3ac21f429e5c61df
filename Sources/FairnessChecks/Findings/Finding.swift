/// What an exact check found: its class, how much of play it affects, and the figures behind it.
///
/// A check that finds defects of several classes reports the most severe class present; ``fact`` counts
/// the others. The reports layer turns ``fact`` into a sentence.
public struct Finding: Sendable, Hashable {
    /// The class of the most severe defect the check found.
    public let findingClass: FindingClass
    /// How much it matters, a number in [0, 1]:
    /// - ``FindingClass/invalid``, ``FindingClass/mislabel``, ``FindingClass/rounding``: the share of
    ///   plays (spins, rolls, indices drawn) that show the defect under the game's own spin or draw;
    /// - ``FindingClass/odds``: the largest difference between one outcome's probability in play and the
    ///   probability the game claims for it;
    /// - ``FindingClass/latent``: 0 (play never shows it).
    ///
    /// nil when play shows the defect but its share cannot be measured exactly (a periodicity break later
    /// in a session, say); such a finding counts as material.
    public let magnitude: Double?
    /// The share of the circle of rest angles that shows the defect, for wheel findings that have one.
    public let shareOfCircle: Double?
    /// What was found, as figures (the report says "shows 8, which no sector carries, on 0.833% of spins").
    public let fact: FindingFact

    /// A finding.
    /// - Parameters:
    ///   - findingClass: The class of the most severe defect found.
    ///   - magnitude: Its size, as ``magnitude`` defines it for the class; nil if not measurable.
    ///   - shareOfCircle: The share of the circle of rest angles that shows it, if any.
    ///   - fact: What was found, as figures.
    public init(_ findingClass: FindingClass, magnitude: Double?, shareOfCircle: Double? = nil, fact: FindingFact) {
        self.findingClass = findingClass
        self.magnitude = findingClass == .latent ? 0 : magnitude
        self.shareOfCircle = shareOfCircle
        self.fact = fact
    }

    /// The default materiality: 10⁻⁶ of plays (see `AuditSettings.defaultMateriality` for why).
    public static let defaultMateriality = 1e-6

    /// Whether the finding gates: in strict mode every finding does; otherwise an invalid outcome at any
    /// positive share, unfair odds, a mislabel or rounding at a line whose magnitude exceeds `materiality`,
    /// and any invalid, odds or mislabel finding whose magnitude could not be measured. Rounding at a line
    /// is floating point's own slip while it stays that rare; on more plays than `materiality` (a pointer
    /// that stops on a divider on every spin, a stop rule landing on lines) it is a result the player
    /// cannot read, and gates. Latent findings never do.
    /// - Parameters:
    ///   - materiality: The threshold for ``FindingClass/odds``, ``FindingClass/mislabel`` and
    ///     ``FindingClass/rounding``, in [0, 1).
    ///   - strict: Whether every finding gates.
    public func isMaterial(materiality: Double, strict: Bool) -> Bool {
        Self.isMaterial(findingClass, magnitude: magnitude, materiality: materiality, strict: strict)
    }

    /// Whether a finding of `findingClass` and `magnitude` gates (see ``isMaterial(materiality:strict:)``):
    /// the rule a report's reader applies to the class and magnitude it states.
    public static func isMaterial(_ findingClass: FindingClass, magnitude: Double?, materiality: Double, strict: Bool) -> Bool {
        if strict { return true }
        guard let magnitude else { return findingClass.gatesByDefault }
        switch findingClass {
        case .invalid: return magnitude > 0
        case .odds, .mislabel, .rounding: return magnitude > materiality
        case .latent: return false
        }
    }
}
