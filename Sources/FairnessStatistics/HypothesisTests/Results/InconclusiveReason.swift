import Foundation

/// Why a test gave no p-value.
public struct InconclusiveReason: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One sentence a reviewer can read, naming what was too small.
    public let explanation: String
    /// Where the fix is more data: the total count (trials) the test would need to be valid.
    public let totalNeeded: Double?

    /// A reason.
    /// - Parameters:
    ///   - explanation: One sentence naming what was too small.
    ///   - totalNeeded: The total count the test would need, where more data is the fix; nil otherwise.
    public init(_ explanation: String, totalNeeded: Double? = nil) {
        self.explanation = explanation
        self.totalNeeded = totalNeeded
    }

    public var description: String {
        guard let totalNeeded else { return explanation }
        // A rare outcome (a weight of 1e-30 beside 1) needs more than any integer holds: no trapping
        // conversion, the figure in scientific notation instead.
        let needed = totalNeeded.rounded(.up)
        if needed.isFinite && needed < 1e15 {
            return "\(explanation) (needs a total of at least \(Int(needed)))"
        }
        if needed.isFinite {
            return "\(explanation) (needs a total of at least \(String(format: "%.3g", needed)))"
        }
        return "\(explanation) (needs more trials than can be counted)"
    }
}
