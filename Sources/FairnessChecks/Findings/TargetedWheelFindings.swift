import FairnessModel

/// The class and magnitude of what the landing check of a wheel told its result up front found.
///
/// The game draws its index from the subject's `indices` (uniformly, or by its `indexWeights`), then its
/// own draw u; every play is one (index, u) of the landing check's exact partition (``LandingCheck/runs``),
/// so each share is the exact probability of the plays judged so: the index's probability times its runs'
/// shares of draws. An index the game never draws (outside, or given weight 0) is latent. For an index in
/// play (see ``LandingCheck/Verdict``): refusing it, trapping, reporting no result, or showing a result
/// other than a sector where the wheel stops is ``FindingClass/invalid``; stopping on a line of the index's
/// sector, or within the rounding band of one (the pointer on a divider), is ``FindingClass/rounding``;
/// stopping inside another sector and reporting it is a ``FindingClass/mislabel`` of the index drawn (the
/// player gets another prize than the game decided).
public struct TargetedWheelFindings: Sendable {
    /// The finding for the indices the game draws, nil if every one was handled correctly.
    public let landing: Finding?
    /// The finding for indices outside those the game draws (always ``FindingClass/latent``), nil if every
    /// one was refused or reported as no result.
    public let outOfRange: Finding?
    /// The share of plays that end in an invalid result (refused, trapped, no result, or a result other
    /// than a sector where the wheel stops).
    public let invalidShare: Double
    /// The share of plays that stop inside another sector than the index's and report it.
    public let mislabelShare: Double
    /// The share of plays that stop on, or within the rounding band of, a line of the index's sector.
    public let roundingShare: Double

    /// Classifies what `landing` found for `subject`, on the spin of a session `spin` (nil: a first spin).
    /// - Complexity: O(r) for r runs of the landing check.
    public init<Subject: TargetedWheelSubject>(_ subject: Subject, landing check: LandingCheck, spin: TargetedSessionCheck.Spin? = nil) {
        let probability = subject.indexDistribution
        var indices: [FindingClass: Set<Int>] = [:]
        var shares: [FindingClass: Double] = [:]
        for run in check.runs where run.verdict != .correct {
            let p = probability[run.index] ?? 0
            let found: FindingClass
            switch run.verdict {
            case _ where p == 0: found = .latent
            case .invalid: found = .invalid
            case .mislabel: found = .mislabel
            case .rounding, .correct: found = .rounding
            }
            indices[found, default: []].insert(run.index)
            shares[found, default: 0] += p * run.share
        }
        // A game whose own index draw traps shows nothing on that share of spins.
        if let trapped = subject.ownIndexDraw?.trapShare, trapped > 0 {
            indices[.invalid, default: []].insert(IndexDrawTable.trappedIndex)
            shares[.invalid, default: 0] += trapped
        }
        let drawn = max(1, probability.values.filter { $0 > 0 }.count)
        invalidShare = shares[.invalid] ?? 0
        mislabelShare = shares[.mislabel] ?? 0
        roundingShare = shares[.rounding] ?? 0
        let latent = check.outOfRange.filter { !$0.correct }.count
        outOfRange =
            latent == 0
            ? nil
            : Finding(.latent, magnitude: 0, fact: .undrawnIndicesMishandled(count: latent, drawn: subject.indices))
        guard let worst = indices.keys.min() else {
            self.landing = nil
            return
        }
        let share = worst == .latent ? 0 : shares[worst] ?? 0
        let trapsInDraw = indices[worst]!.contains(IndexDrawTable.trappedIndex)
        let count = indices[worst]!.subtracting([IndexDrawTable.trappedIndex]).count
        let others = indices.keys.filter { $0 != worst }.sorted().map {
            WheelDefects.ClassCount(
                findingClass: $0, count: indices[$0]!.subtracting([IndexDrawTable.trappedIndex]).count,
                share: $0 == .latent ? nil : shares[$0] ?? 0)
        }
        let defects = LandingDefects(
            worst: worst, count: count, drawn: drawn, drawTraps: trapsInDraw, share: share, others: others, spin: spin)
        self.landing = Finding(worst, magnitude: share, fact: .landingDefects(defects))
    }
}
