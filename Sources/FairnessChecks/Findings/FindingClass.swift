/// What kind of defect an exact finding is, which decides whether it gates by default.
///
/// The classes order from most to least severe (`invalid` < `odds` < `mislabel` < `rounding` < `latent`
/// in `Comparable` order, so the worst of several is their `min()`):
/// - ``invalid``: the game shows, in play, a result that is not a valid outcome — a label no sector
///   carries, no result, a trap, or a wheel that stops on one sector and reports another. Material at
///   any positive share.
/// - ``odds``: the exact odds of what the game reports in play differ from the odds it claims (the
///   sectors' shares of the circle, one fair roll, the index drawn). Material above the materiality
///   threshold; magnitude: the largest difference in one outcome's probability.
/// - ``mislabel``: the game shows a valid label that the truth does not allow (a neighbour's label, a
///   label over an unpainted arc, a wrong dice category) more than ``RoundingBand/ulps`` units in the last
///   place from any sector line. Material above the materiality threshold; magnitude: the share of plays
///   it affects under the game's own spin or roll.
/// - ``rounding``: a mislabel or periodicity break confined to within ``RoundingBand/ulps`` units in the
///   last place of the game's own floating-point type from a sector line, or a stop on a line (the
///   pointer on a divider). Reported with its measure; gates above the materiality threshold (a stop rule
///   that lands on lines, not floating point's rare slip), and in strict mode.
/// - ``latent``: happens only for inputs play never produces — a rotation outside what a session of the
///   game's own spins reaches (``SessionReach``), an index the game never draws, a detector called on
///   game state that is not the roll. Reported; gates only in strict mode.
public enum FindingClass: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// An invalid outcome reachable in play.
    case invalid
    /// Odds in play that differ from the odds the game claims.
    case odds
    /// A valid but wrong label in play, away from the lines.
    case mislabel
    /// A wrong label within a few units in the last place of a sector line.
    case rounding
    /// A defect only inputs outside play can show.
    case latent

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Whether the class gates by default (when material): ``invalid``, ``odds`` and ``mislabel``.
    public var gatesByDefault: Bool { self <= .mislabel }

    /// The class in words, for reports: "invalid outcome", "unfair odds", "mislabel", "rounding at a line",
    /// "latent".
    public var title: String {
        switch self {
        case .invalid: return "invalid outcome"
        case .odds: return "unfair odds"
        case .mislabel: return "mislabel"
        case .rounding: return "rounding at a line"
        case .latent: return "latent"
        }
    }
}
