import Foundation

/// Landing check for wheels told their result up front: for every valid index, the stop rotation must lie
/// strictly inside that index's sector (with its margin to the nearest line), and the wheel must report
/// that sector; what out-of-range and negative indices do is recorded.
public struct LandingCheck: Sendable {
    public struct Landing: Sendable, Hashable {
        public let index: Int
        /// Stop rotation in the subject's unit (nil if refused).
        public let rotation: Double?
        /// The sector truly under the pointer there (description).
        public let landsOn: String
        public let reported: String
        /// Distance from the pointer to the nearest line of the sector it lands in, in degrees.
        public let marginDegrees: Double?
        public let correct: Bool
    }

    public let subject: String
    public let landings: [Landing]
    /// Behaviour for out-of-range indices (-1, -count, count, count + 1, Int.max, Int.min).
    public let outOfRange: [Landing]
    public var passed: Bool { landings.allSatisfy(\.correct) && outOfRange.allSatisfy(\.correct) }

    public init<Subject: TargetedWheelSubject>(_ subject: Subject) {
        let geometry = subject.geometry
        let count = geometry.count
        func land(_ index: Int, mustLand: Bool) -> Landing {
            switch subject.spin(toIndex: index) {
            case .refused:
                return Landing(index: index, rotation: nil, landsOn: "refused (no spin)", reported: "nothing", marginDegrees: nil, correct: !mustLand)
            case .traps(let rotation, let reason):
                let truth = geometry.truth(rotation: Double(rotation), unit: subject.rotationUnit)
                return Landing(index: index, rotation: Double(rotation), landsOn: describe(truth, geometry: geometry),
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
                return Landing(index: index, rotation: Double(rotation), landsOn: describe(truth, geometry: geometry),
                               reported: outcome.description, marginDegrees: margin, correct: correct)
            }
        }
        landings = subject.indices.map { land($0, mustLand: true) }
        outOfRange = [-1, -count, count, count + 1, Int.max, Int.min].map { land($0, mustLand: false) }
        self.subject = subject.name
    }
}
