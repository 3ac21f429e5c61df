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
        if let totalNeeded {
            return "\(explanation) (needs a total of at least \(Int(totalNeeded.rounded(.up))))"
        }
        return explanation
    }
}
