import FairnessModel

/// The class and magnitude of what the landing check of a wheel told its result up front found.
///
/// The game draws its index from the subject's `indices` (uniformly, or by its `indexWeights`), so every
/// index it can draw is in play and every other index (outside, or given weight 0) is latent; shares weigh
/// each index by the game's draw. For an index in play: refusing it, trapping, reporting no result, or
/// stopping on one sector and reporting another is ``FindingClass/invalid``; stopping within the rounding
/// band of a line and reporting one of its two sectors is ``FindingClass/rounding``; stopping in another
/// sector than the index's and reporting that sector is a ``FindingClass/mislabel`` of the index drawn (the
/// player gets another prize than the game decided).
public struct TargetedWheelFindings: Sendable {
    /// The finding for the indices the game draws, nil if every one was handled correctly.
    public let landing: Finding?
    /// The finding for indices outside those the game draws (always ``FindingClass/latent``), nil if every
    /// one was refused or reported as no result.
    public let outOfRange: Finding?
    /// The share of the indices drawn that end in an invalid result (refused, trapped, no result, or a
    /// label other than the sector stopped on).
    public let invalidShare: Double
    /// The share of the indices drawn that stop on another sector than theirs and report it.
    public let mislabelShare: Double

    /// Classifies what `landing` found for `subject`.
    /// - Complexity: O(n log L) for n indices and L lines.
    public init<Subject: TargetedWheelSubject>(_ subject: Subject, landing check: LandingCheck) {
        let geometry = subject.geometry
        let unit = subject.rotationUnit
        let lines = LineDistances(geometry, unit: unit)
        var counts: [FindingClass: Int] = [:]
        var shares: [FindingClass: Double] = [:]
        let probability = Dictionary(uniqueKeysWithValues: zip(subject.indices, subject.indexProbabilities))
        for wrong in check.landings where !wrong.correct {
            var found = FindingClass.invalid
            if let rotation = wrong.rotation, !wrong.reported.hasPrefix("traps"), let label = Int(wrong.reported) {
                let band = RoundingBand.halfWidth(at: Subject.Rotation(rotation), unit: unit)
                switch geometry.truth(rotation: rotation, unit: unit) {
                case .inside(let sector):
                    if geometry.sectors[sector].label == label {
                        found = lines.distance(rotation: rotation) <= band ? .rounding : .mislabel
                    }
                case .onLine(let touching):
                    if touching.contains(where: { geometry.sectors[$0].label == label }) { found = .rounding }
                case .blank:
                    found = .invalid
                }
            }
            // An index the game's weights never draw is not in play.
            let p = probability[wrong.index] ?? 0
            if p == 0 { found = .latent }
            counts[found, default: 0] += 1
            // Weighted by the index's probability and by the share of the game's own draws that go wrong.
            shares[found, default: 0] += p * wrong.wrongShareOfDraws
        }
        let drawn = max(1, subject.indices.count)
        invalidShare = shares[.invalid] ?? 0
        mislabelShare = shares[.mislabel] ?? 0
        let latent = check.outOfRange.filter { !$0.correct }.count
        outOfRange =
            latent == 0
            ? nil
            : Finding(
                .latent, magnitude: 0,
                summary:
                    "\(latent) indices the game never draws (outside \(subject.indices.lowerBound)..<\(subject.indices.upperBound)) are mishandled"
            )
        guard let worst = counts.keys.min() else {
            self.landing = nil
            return
        }
        let share = worst == .latent ? 0 : shares[worst] ?? 0
        var summary: String
        switch worst {
        case .invalid:
            summary =
                "\(counts[worst]!) of the \(drawn) indices the game draws end in a wrong or missing result (\(Finding.describeShare(share)) of spins)"
        case .mislabel:
            summary =
                "\(counts[worst]!) of the \(drawn) indices the game draws stop on another sector (\(Finding.describeShare(share)) of spins)"
        case .rounding:
            summary = "\(counts[worst]!) of the \(drawn) indices stop within \(RoundingBand.ulps) ulps of a line"
        case .latent:
            summary = "only indices the game's weights never draw are mishandled (\(counts[worst]!))"
        case .odds:
            summary = "\(counts[worst]!) of the \(drawn) indices the game draws are mishandled"
        }
        let others = counts.keys.filter { $0 != worst }.sorted()
        if !others.isEmpty { summary += "; also " + others.map { "\(counts[$0]!) \($0.title)" }.joined(separator: ", ") }
        self.landing = Finding(worst, magnitude: share, summary: summary)
    }
}
