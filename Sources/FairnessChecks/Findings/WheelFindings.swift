import FairnessModel

/// The classes and magnitudes of what the exact checks of one wheel found (see ``FindingClass``); nil
/// for a check that found nothing.
///
/// Whether a defect is in play is read from two places: the subject's own spin (``OwnSpinPlay``: the
/// share of spins that show each class of wrong result) and the rotations a session reaches
/// (``SessionReach``). A defect of the rest-angle checks (boundary, consistency, range) is in play when a
/// session reaches its rotation or the own spin shows the same class; a periodicity break of the
/// wraparound check only when a session reaches its rotation. A spin that snaps reaches only its stops
/// (``SessionReach/stops``), at any turn within the session's range. Everything else is latent.
public struct WheelFindings: Sendable {
    /// The boundary check's finding.
    public let boundary: Finding?
    /// The wraparound check's finding.
    public let wraparound: Finding?
    /// The consistency check's finding.
    public let consistency: Finding?
    /// The range check's finding.
    public let range: Finding?
    /// The finding of the comparison of the designed odds with the claimed odds.
    public let designedOdds: Finding?

    /// Classifies what the exact checks of `subject` found.
    /// - Parameters:
    ///   - subject: The wheel.
    ///   - boundary: Its boundary check.
    ///   - wraparound: Its wraparound check.
    ///   - consistency: Its consistency check.
    ///   - range: Its range check.
    ///   - play: Its own spin, partitioned.
    ///   - reach: The rotations a session of its spins reaches.
    ///   - oddsDifference: The largest difference between the exact odds of its reported results under its
    ///     own spin and the odds it claims (each sector's share of the painted circle).
    /// - Complexity: O((f + a) log L) for f counterexamples, a mislabelled arcs and L lines.
    public init<Subject: WheelSubject>(
        _ subject: Subject, boundary: BoundaryCheck, wraparound: WraparoundCheck, consistency: ConsistencyCheck,
        range: RangeCheck, play: OwnSpinPlay, reach: SessionReach, oddsDifference: Double
    ) {
        let classifier = Classifier(subject: subject, play: play, reach: reach)
        self.boundary = classifier.finding(
            boundary.failures.map { classifier.classify($0, restAngle: true) }, what: .testRotationsNextToLines)
        var wrap = (wraparound.shifts.flatMap(\.periodicityBreaks) + wraparound.specialFailures).map {
            classifier.classify($0, restAngle: false)
        }
        let turn = subject.rotationUnit.fullTurn
        // Where periodicity breaks, within 10⁶ turns: for a spin that rests anywhere, in play if a session
        // reaches the first break's turns; for a spin that snaps, if a session can come to rest at one of the
        // rotations where a sector's middle breaks (every power of two tried, so a break at a stop the
        // session reaches counts past a first one it does not).
        for (first, rotations, sign) in [
            (wraparound.firstBrokenTurnsForward, wraparound.brokenRotationsForward, 1.0),
            (wraparound.firstBrokenTurnsBackward, wraparound.brokenRotationsBackward, -1.0),
        ] {
            guard let first, first <= 1_000_000 else { continue }
            let reached =
                reach.stops == nil
                ? reach.contains(sign * first * turn) : rotations.contains { $0.magnitude <= 1_000_001 * turn && reach.contains($0) }
            wrap.append(reached ? .mislabel : .latent)
        }
        self.wraparound = classifier.finding(wrap, what: .rotationsManyTurnsAway, measuredInPlay: false)
        let valid = Set(subject.geometry.labels)
        // Stops exactly on a line in play (a stop rule landing on dividers) show at no rest angle as wrong:
        // the pointer sits on a divider on their share of spins.
        let onLineStops: [FindingClass] = play.roundingShare > play.wrongLabelRoundingShare ? [.rounding] : []
        self.consistency = classifier.finding(
            onLineStops
                + consistency.mislabelled.map { arc in
                    let isValid = arc.reported.label.map { valid.contains($0) } ?? false
                    let found: FindingClass =
                        !isValid
                        ? .invalid
                        : classifier.lines.withinBand(from: Subject.Rotation(arc.from), to: Subject.Rotation(arc.to))
                            ? .rounding : .mislabel
                    return classifier.inPlay(found, from: arc.from, to: arc.to, restAngle: true)
                }, what: .arcsOfTheCircle, shareOfCircle: consistency.mislabelledFraction)
        // Play itself may show what no rest angle does: a spin rule that traps (or gives no rotation) shows
        // no result on its exact share of spins.
        let restInvalid = range.invalid.map { classifier.inPlay(.invalid, rotation: $0.example, restAngle: true) }
        self.range = classifier.finding(
            restInvalid + (play.invalidShare > 0 && !restInvalid.contains(.invalid) ? [.invalid] : []), what: .resultsNoSectorCarries,
            shareOfCircle: range.invalid.reduce(0) { $0 + $1.shareOfCircle })
        if oddsDifference > DesignedOdds.tolerance(claimed: subject.claimedOdds != nil, claimTolerance: subject.claimTolerance) {
            // Rounding explains the difference only if wrong labels next to the lines cover at least as many
            // spins as the odds move and nothing else is wrong; otherwise the spin rule or the labels make
            // the odds unfair.
            let explainedByRounding =
                play.invalidShare + play.mislabelShare == 0 && oddsDifference <= play.wrongLabelRoundingShare * (1 + 1e-9) + 1e-15
            designedOdds =
                explainedByRounding
                ? Finding(.rounding, magnitude: play.wrongLabelRoundingShare, fact: .oddsDifferByRounding(difference: oddsDifference))
                : Finding(.odds, magnitude: oddsDifference, fact: .oddsInPlayDiffer(difference: oddsDifference))
        } else {
            designedOdds = nil
        }
    }

    /// The rules shared by every wheel check.
    struct Classifier<Subject: WheelSubject> {
        let subject: Subject
        let play: OwnSpinPlay
        let reach: SessionReach
        let lines: LineDistances
        let valid: Set<Int>

        init(subject: Subject, play: OwnSpinPlay, reach: SessionReach) {
            self.subject = subject
            self.play = play
            self.reach = reach
            lines = LineDistances(subject.geometry, unit: subject.rotationUnit)
            valid = Set(subject.geometry.labels)
        }

        /// `found`, or latent when play cannot show it: a rest-angle defect is in play if a session
        /// reaches its rotation or the own spin shows its class; any other only if a session reaches it.
        func inPlay(_ found: FindingClass, rotation: Double, restAngle: Bool) -> FindingClass {
            if reach.contains(rotation) { return found }
            if restAngle && play.share(of: found) > 0 { return found }
            return .latent
        }

        /// `found` on the arc of rotations [from, to], or latent: as ``inPlay(_:rotation:restAngle:)``, the arc
        /// in play if a session can come to rest anywhere on it.
        func inPlay(_ found: FindingClass, from: Double, to: Double, restAngle: Bool) -> FindingClass {
            if reach.reaches(from: from, to: to) { return found }
            if restAngle && play.share(of: found) > 0 { return found }
            return .latent
        }

        /// The class of one counterexample: invalid for a result no sector carries, rounding for a wrong
        /// label within the band of a line, mislabel otherwise; latent when play cannot show it.
        func classify(_ failure: Counterexample, restAngle: Bool) -> FindingClass {
            let rotation = Subject.Rotation(failure.rotation)
            let isValid = failure.reported.label.map { valid.contains($0) } ?? false
            let found: FindingClass
            if !isValid {
                found = .invalid
            } else {
                let band = RoundingBand.halfWidth(at: rotation, unit: subject.rotationUnit)
                found = lines.distance(rotation: failure.rotation) <= band ? .rounding : .mislabel
            }
            return inPlay(found, rotation: failure.rotation, restAngle: restAngle)
        }

        /// The finding of a check from the classes of its defects: the worst class, its share in play.
        func finding(
            _ classes: [FindingClass], what: WheelDefects.Evidence, shareOfCircle: Double? = nil, measuredInPlay: Bool = true
        ) -> Finding? {
            guard let worst = classes.min() else { return nil }
            var counts: [FindingClass: Int] = [:]
            for found in classes { counts[found, default: 0] += 1 }
            let share = play.share(of: worst)
            let magnitude: Double? = worst == .latent ? 0 : (measuredInPlay || worst == .rounding) && share > 0 ? share : nil
            let reported = Set(play.wrongArcs.filter { $0.findingClass == .invalid }.map(\.reported))
            let defects = WheelDefects(
                evidence: what, worst: worst, shareOfSpins: share, measured: magnitude != nil,
                shownInvalid: worst == .invalid ? reported.subtracting([.trap]).sorted().map(\.description) : [],
                traps: worst == .invalid && reported.contains(.trap), reach: reach,
                others: counts.keys.filter { $0 != worst }.sorted().map { .init(findingClass: $0, count: counts[$0]!, share: nil) })
            return Finding(worst, magnitude: magnitude, shareOfCircle: shareOfCircle, fact: .wheelDefects(defects))
        }
    }
}

extension WheelFindings {
    /// Runs every exact check of `subject` (boundary, wraparound, consistency, range, its own spin and a
    /// session's reach) and classifies what they found — the exact half of an audit, without sampling.
    /// - Parameters:
    ///   - subject: The wheel.
    ///   - steps: Dense-sweep steps of the partitions; `ConsistencyCheck.defaultSteps` by default.
    ///   - sessionSpins: The session length that decides which rotations play reaches.
    /// - Complexity: that of the checks: see ``ConsistencyCheck``, ``OwnSpinPlay`` and ``WraparoundCheck``.
    public init<Subject: WheelSubject>(
        auditing subject: Subject, steps: Int = ConsistencyCheck.defaultSteps, sessionSpins: Int = SessionReach.defaultSpins
    ) {
        let consistency = ConsistencyCheck(subject, steps: steps)
        let boundary = BoundaryCheck(subject)
        let wraparound = WraparoundCheck(subject)
        let range = RangeCheck(subject, consistency: consistency, boundary: boundary, wraparound: wraparound)
        let (play, lateOdds) = OwnSpinPlay.session(subject, steps: steps, sessionSpins: sessionSpins)
        let claimed = subject.claimedOdds ?? DesignedOdds.sectorShares(of: subject.geometry)
        let largest = max(
            DesignedOdds.largestDifference(play.odds, claimed), lateOdds.map { DesignedOdds.largestDifference($0, claimed) } ?? 0)
        self.init(
            subject, boundary: boundary, wraparound: wraparound, consistency: consistency, range: range, play: play,
            reach: SessionReach(subject, spins: sessionSpins), oddsDifference: largest)
    }

    /// Every finding, in the order of the properties (boundary, wraparound, consistency, range, designed odds).
    public var all: [Finding] { [boundary, wraparound, consistency, range, designedOdds].compactMap { $0 } }

    /// The findings that gate under these settings (``Finding/isMaterial(materiality:strict:)``).
    public func material(materiality: Double = Finding.defaultMateriality, strict: Bool = false) -> [Finding] {
        all.filter { $0.isMaterial(materiality: materiality, strict: strict) }
    }
}
