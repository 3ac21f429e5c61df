import FairnessChecks
import FairnessModel
import FairnessStatistics

extension CheckDetail {
    /// A label no sector carries, and how often it was shown.
    public struct LabelCount: Sendable, Hashable, Codable {
        /// The label.
        public var label: Int
        /// How often.
        public var count: UInt64

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(label: Int, count: UInt64) {
            self.label = label
            self.count = count
        }
    }

    /// A shift of whole turns at which a wheel's periodicity breaks, with its failures.
    public struct TurnsBreak: Sendable, Hashable, Codable {
        /// The shift, in turns.
        public var turns: Double
        /// The failures there.
        public var failures: Int

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(turns: Double, failures: Int) {
            self.turns = turns
            self.failures = failures
        }
    }

    /// A result the range check found that no sector carries.
    public struct RangeEntry: Sendable, Hashable, Codable {
        /// The result.
        public var outcome: WheelOutcome
        /// Its share of the circle.
        public var shareOfCircle: Double
        /// A rotation that shows it.
        public var example: Double

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(outcome: WheelOutcome, shareOfCircle: Double, example: Double) {
            self.outcome = outcome
            self.shareOfCircle = shareOfCircle
            self.example = example
        }
    }

    /// What the landing check of a wheel told its result up front established.
    public struct Landing: Sendable, Hashable, Codable {
        /// Indices that stop strictly inside their sector at every draw, of `indices`.
        public var correct: Int
        /// The indices asked.
        public var indices: Int
        /// Draws asked per index before bisection.
        public var draws: Int
        /// The smallest margin to a line, in degrees, over the indices always inside (nil: none is).
        public var marginDegrees: Double?
        /// What the session check established.
        public var session: Session

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(correct: Int, indices: Int, draws: Int, marginDegrees: Double? = nil, session: Session) {
            self.correct = correct
            self.indices = indices
            self.draws = draws
            self.marginDegrees = marginDegrees
            self.session = session
        }
    }

    /// What the landing check established about the spins of a session after the first.
    public enum Session: Sendable, Hashable, Codable {
        /// The partition does not hold where it was checked again.
        case unstable
        /// The stop does not depend on where the previous spin left the wheel.
        case independentOfPreviousRotation
        /// The game keeps a state of its own; every play checked again was judged the same.
        case ownState
        /// The game is not given the rotation its previous spin left (a probe of protocol version 1 or 2).
        case notGivenPreviousRotation
        /// Sessions of one spin: no later spin to check.
        case sessionsOfOneSpin
        /// The stop depends on the previous rotation: second spins after these indices, and the last
        /// spin of a session after `lateSpins` spins (nil: not checked), were checked too.
        case dependsOnPreviousRotation(secondSpinsAfter: [Int], lateSpins: Int?)
    }

    /// What one out-of-range index did.
    public struct OutOfRangeEntry: Sendable, Hashable, Codable {
        /// The index.
        public var index: Int
        /// Whether the game refused it (no spin, nothing shown).
        public var refused: Bool
        /// What it reported.
        public var reported: LandingCheck.Shown
        /// What the pointer was on where it stopped.
        public var landsOn: LandingCheck.Place

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(index: Int, refused: Bool, reported: LandingCheck.Shown, landsOn: LandingCheck.Place) {
            self.index = index
            self.refused = refused
            self.reported = reported
            self.landsOn = landsOn
        }
    }

    /// How a targeted wheel's index is drawn.
    public enum IndexSource: Sendable, Hashable, Codable {
        /// By the game's own draw (`pick U`), partitioned exactly.
        case ownDraw
        /// Uniformly.
        case uniform
        /// By the game's declared weights.
        case weights
    }

    /// One index's exact probability under the game's own draw, against the declared one.
    public struct IndexShare: Sendable, Hashable, Codable {
        /// The index.
        public var index: Int
        /// Its probability under the game's own draw.
        public var actual: Double
        /// Its declared probability.
        public var declared: Double

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(index: Int, actual: Double, declared: Double) {
            self.index = index
            self.actual = actual
            self.declared = declared
        }
    }
}
