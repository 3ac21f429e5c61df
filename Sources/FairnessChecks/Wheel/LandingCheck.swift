import FairnessModel
import Foundation

/// Landing check for wheels told their result up front: for every valid index, the stop rotation must lie
/// strictly inside that index's sector (with its margin to the nearest line), and the wheel must report
/// that sector; what out-of-range and negative indices do is recorded.
public struct LandingCheck: Sendable {
    /// What the wheel did when told one index.
    public struct Landing: Sendable, Hashable {
        /// The index the wheel was told to land on.
        public let index: Int
        /// Stop rotation in the subject's unit (nil if refused).
        public let rotation: Double?
        /// The sector truly under the pointer there (description).
        public let landsOn: String
        /// What the wheel reported, as text: the outcome's description, `nothing` if it refused, or
        /// `traps: ` and the reason if it trapped.
        public let reported: String
        /// Distance from the pointer to the nearest line of the sector it lands in, in degrees.
        public let marginDegrees: Double?
        /// Whether the wheel did the right thing: for a valid index, stop strictly inside that index's sector
        /// and report its label; for an out-of-range index, refuse or report no result. A trap is never correct.
        public let correct: Bool
    }

    /// The subject's name.
    public let subject: String
    /// One landing for every index in the subject's `indices`, in order.
    public let landings: [Landing]
    /// Behaviour for out-of-range indices (-1, -count, count, count + 1, Int.max, Int.min).
    public let outOfRange: [Landing]
    /// Whether every valid and every out-of-range index was handled correctly.
    ///
    /// - Complexity: O(*n*), where *n* is the number of landings.
    public var passed: Bool { landings.allSatisfy(\.correct) && outOfRange.allSatisfy(\.correct) }

    /// Spins `subject` to every index in its `indices` and to six out-of-range indices, and compares where
    /// it stops, and what it reports, with the geometric truth.
    ///
    /// - Parameter subject: The wheel told its result up front.
    /// - Precondition: Every rotation the subject stops or traps at is finite (the geometric truth
    ///   requires it).
    /// - Complexity: O(*n*) calls of `spin(toIndex:)` and truth lookups, where *n* is
    ///   `subject.indices.count` + 6.
    public init<Subject: TargetedWheelSubject>(_ subject: Subject) {
        let geometry = subject.geometry
        let count = geometry.count
        func land(_ index: Int, mustLand: Bool) -> Landing {
            switch subject.spin(toIndex: index) {
            case .refused:
                return Landing(
                    index: index, rotation: nil, landsOn: "refused (no spin)", reported: "nothing", marginDegrees: nil, correct: !mustLand)
            case .traps(let rotation, let reason):
                // A trap before the wheel stopped (a crashed process, say) has no finite rotation.
                guard rotation.isFinite else {
                    return Landing(
                        index: index, rotation: nil, landsOn: "unknown (trapped before stopping)", reported: "traps: \(reason)",
                        marginDegrees: nil, correct: false)
                }
                let truth = geometry.truth(rotation: Double(rotation), unit: subject.rotationUnit)
                return Landing(
                    index: index, rotation: Double(rotation), landsOn: describe(truth, geometry: geometry),
                    reported: "traps: \(reason)", marginDegrees: nil, correct: false)
            case .stops(let rotation, let outcome):
                let truth = geometry.truth(rotation: Double(rotation), unit: subject.rotationUnit)
                var margin: Double?
                var correct = false
                if case .inside(let sector) = truth {
                    let position = geometry.positionUnderPointer(rotation: Double(rotation), unit: subject.rotationUnit)
                    let s = geometry.sectors[sector]
                    let offset = (position - s.startTurns).fractionalPart.value
                    margin = min(offset, s.widthTurns.value - offset) * 360
                    correct = mustLand ? (outcome == .label(s.label) && s.index == index) : outcome == .noResult
                } else {
                    correct = !mustLand && outcome == .noResult
                }
                return Landing(
                    index: index, rotation: Double(rotation), landsOn: describe(truth, geometry: geometry),
                    reported: outcome.description, marginDegrees: margin, correct: correct)
            }
        }
        landings = subject.indices.map { land($0, mustLand: true) }
        outOfRange = [-1, -count, count, count + 1, Int.max, Int.min].map { land($0, mustLand: false) }
        self.subject = subject.name
    }
}
