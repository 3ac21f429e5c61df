import FairnessModel

/// What an exact check found, as figures: the reports layer writes the sentence (one narrator for every
/// output), and code reads the figures without parsing words.
public enum FindingFact: Sendable, Hashable, Codable {
    /// What a check identified by its own module found (``CheckFigures``): its figures, which its narration
    /// reads back as their own type.
    case figures(AnyCheckFigures)

    // Wheels.
    /// The defects one wheel check found, classified; see ``WheelDefects``.
    case wheelDefects(WheelDefects)
    /// A wheel's odds in play differ from its claimed odds by `difference`, and rounding at the lines
    /// explains all of it.
    case oddsDifferByRounding(difference: Double)
    /// An outcome's odds in play differ from the odds claimed for it by `difference` (the largest over
    /// outcomes).
    case oddsInPlayDiffer(difference: Double)

    // Wheels told their result.
    /// Indices outside `drawn`, which the game never draws, are mishandled (`count` of them).
    case undrawnIndicesMishandled(count: Int, drawn: Range<Int>)
    /// The indices a targeted wheel lands wrongly, classified; see ``LandingDefects``.
    case landingDefects(LandingDefects)
    /// A targeted wheel's play changed between two identical requests (see
    /// ``TargetedSessionCheck/UnstablePlay``): it keeps state its requests do not carry, so no share of
    /// its play can be measured.
    case playNotPartitioned(TargetedSessionCheck.UnstablePlay)
    /// An outcome's odds in play differ from the odds claimed for it (or, with no claim, from its sector's
    /// share) by `difference`.
    case targetedOddsDiffer(difference: Double, fromClaims: Bool)
    /// The game's own index draw differs from the declared draw by up to `difference`; it picks indices no
    /// sector has (the first few in `outside`) on `outsideShare` of spins, and traps on `trapShare`.
    case indexDrawDiffers(difference: Double, outside: [Int], outsideShare: Double, trapShare: Double)

    // Dice.
    /// A detector judges rolls wrongly in play: `falseAccepts` rolls it calls a hand that are not,
    /// `falseRejects` it misses; `share` of rolls (under the game's own dice when `underOwnDice`), nil when
    /// only `checked` rolls were judged (not every roll) and so no share was measured.
    case detectorWrong(
        DiceDetector, falseAccepts: UInt64, falseRejects: UInt64, share: Double?, checked: UInt64, underOwnDice: Bool)
    /// A detector right on every roll in play and wrong only when called with the game's state holding
    /// another roll (`rolls` such calls).
    case detectorWrongOnlyOutOfPlay(rolls: UInt64)
    /// The category classifier names the wrong category for `rolls` rolls, `share` of rolls.
    case classifierWrong(rolls: UInt64, share: Double, underOwnDice: Bool)
    /// The game settles `bet` at another payout than its rules on `rolls` ordered rolls, `share` of final
    /// rolls (under the game's own dice when `underOwnDice`), nil when not every roll was judged.
    case betMisSettled(bet: String, rolls: UInt64, share: Double?, underOwnDice: Bool)
    /// The game's round logic settles `round` otherwise than its rules on `share` of rounds (every sequence
    /// of up to `depth` rolls judged).
    case roundMisSettled(round: String, share: Double, depth: Int, underOwnDice: Bool)
    /// The game's round logic settles `round` otherwise than its rules only on rolls its own dice never
    /// show: `share` of rounds under fair dice (found within the first `depth` rolls), none in play.
    case roundMisSettledOnUnseenFaces(round: String, share: Double, depth: Int)
    /// The game's round logic settles `round` otherwise than its rules on `rounds` of `sampled` rounds
    /// played from fair rolls, none of them within the `depth` rolls judged exhaustively; the share of
    /// rounds lies in `lower` ... `upper` (Clopper–Pearson, 95%).
    case roundMisSettledSampled(round: String, rounds: Int, sampled: Int, depth: Int, lower: Double, upper: Double)
    /// The game's drawn `value` has odds off the declared ones by up to `difference` (at the value `at`);
    /// `misplaced` of plays would have to change value for the odds to be the declared ones.
    case drawnValueDiffers(value: String, at: Int, difference: Double, misplaced: Double)
    /// A figure the game publishes for `bet` differs from the exact one by `difference`.
    case betFigureDiffers(bet: String, figure: DiceBet.Figure, declared: Double, exact: Double)
    /// The odds a dice game claims differ from its exact final odds by up to `difference`.
    case claimedOddsDiffer(difference: Double)
    /// Final odds under the reroll policy differ from one fair roll by up to `difference`.
    case finalOddsDiffer(difference: Double)
    /// The game's mapping from draws to faces rolls `face`, which no die has (first at draw `u`), on
    /// `share` of plays.
    case impossibleFace(face: Int, u: Double, share: Double)
    /// The game's mapping from draws to faces gives a face odds off 1/`faces` by `difference`.
    case faceOddsSkewed(faces: Int, difference: Double)

    // Prize draws.
    /// A figure the game publishes differs from its machine's exact figure (nil: there is none, a hard
    /// limit the draw does not have).
    case disclosedFigureDiffers(DisclosedFigure, disclosed: Double, exact: Double?)
    /// Items' published odds differ from their exact odds by up to `difference`.
    case disclosedOddsDiffer(difference: Double)
    /// The game's own draw in state `state` differs from the state's declared odds by up to `difference`;
    /// `share` is the long-run share of draws made with wrong odds over every state (nil without a single long run).
    case drawOddsDifferGivenState(state: String, difference: Double, states: Int, share: Double?)
    /// The game's own draw gives labels outside the table (the first few) or traps, on `share` of draws in the long run.
    case drawOutsideTable(labels: [String], traps: Bool, share: Double?)
    /// The game's own draw gives items of the table that its declared state makes impossible (the first few,
    /// with the state where the most are drawn), on `share` of draws in the long run.
    case drawForbiddenInState(labels: [String], state: String, share: Double?)
    /// The game's own draw never gives items its declaration draws.
    case itemsNeverDrawn([String])
    /// After drawing `item` in `state` the game is not in the declared state `declaredNext` (its odds part
    /// `partsAfter` draws later); `count` such draws, `share` of draws in the long run.
    case wrongTransition(state: String, item: String, declaredNext: String, partsAfter: Int, count: Int, share: Double?)
    /// The game's draw answered a draw differently when asked again in one state: no exact share.
    case drawNotPartitioned(GivenStateCheck.Unstable)
    /// The game shows the player another state than the declared one (the most frequent in play: `shown`
    /// in `state`) in `count` states, on `share` of draws in the long run.
    case stateShownDiffers(state: String, shown: String, count: Int, share: Double?)

    // Payouts.
    /// The exact return to player differs from the declared one.
    case returnDiffersFromDeclared(returnToPlayer: Double, declared: Double)
    /// The exact return to player is below the minimum.
    case returnBelowMinimum(returnToPlayer: Double, minimum: Double)
    /// Advertised prizes rarer than 1 in `limit` per play; `amountProbabilities` gives, for each, the
    /// probability that a play pays its amount by any outcome (another label or hand may pay the same).
    case prizesTooRare(limit: Double, prizes: [ReturnToPlayer.Prize], amountProbabilities: [Double])
}

/// A dice detector: the straight's, or a named hand's.
public enum DiceDetector: Sendable, Hashable, Codable {
    /// The straight detector.
    case straight
    /// The detector of the hand with this name.
    case hand(String)
}

/// The defects one exact wheel check found: where they were found, the worst class and how play shows it,
/// and how many of each other class.
public struct WheelDefects: Sendable, Hashable, Codable {
    /// What the check examined.
    public enum Evidence: Sendable, Hashable, Codable {
        /// The boundary check's test rotations next to the sector lines.
        case testRotationsNextToLines
        /// The wraparound check's rotations many turns away.
        case rotationsManyTurnsAway
        /// The consistency check's arcs of the circle.
        case arcsOfTheCircle
        /// The range check's results no sector carries.
        case resultsNoSectorCarries
    }

    /// What the check examined.
    public var evidence: Evidence
    /// The most severe class found.
    public var worst: FindingClass
    /// The share of spins the game's own spin shows the worst class on (0 if none).
    public var shareOfSpins: Double
    /// Whether that share measures the finding (false: play shows it later in a session, unmeasured).
    public var measured: Bool
    /// For an invalid finding: the results no sector carries that play shows (traps aside), in order.
    public var shownInvalid: [String]
    /// For an invalid finding: whether play traps instead of reporting.
    public var traps: Bool
    /// The rotations a session reaches.
    public var reach: SessionReach
    /// How many defects of each other class, in the classes' order.
    public var others: [ClassCount]

    /// A count of defects of one class.
    public struct ClassCount: Sendable, Hashable, Codable {
        /// The class.
        public var findingClass: FindingClass
        /// How many defects of it.
        public var count: Int
        /// Their share of spins, where the finding states one (indices of a targeted wheel); nil otherwise.
        public var share: Double?
    }
}

/// The indices a targeted wheel lands wrongly: the worst class, how many of the indices the game draws,
/// their share of spins, and how many of each other class.
public struct LandingDefects: Sendable, Hashable, Codable {
    /// The most severe class found.
    public var worst: FindingClass
    /// Indices of the worst class (a trapping draw aside).
    public var count: Int
    /// How many indices the game draws.
    public var drawn: Int
    /// Whether the game's own index draw traps.
    public var drawTraps: Bool
    /// The share of spins that show the worst class (0 for latent).
    public var share: Double
    /// Indices of each other class, with their share of spins (nil for latent).
    public var others: [WheelDefects.ClassCount]
    /// The spin of a session judged: nil for a first spin, from the wheel's initial rotation.
    public var spin: TargetedSessionCheck.Spin? = nil
}
