/// What a wheel implementation reports when it comes to rest.
public enum WheelOutcome: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// A label: valid if some sector carries it, invalid otherwise.
    case label(Int)
    /// No result: nothing was selected, or the implementation shows something that names no sector.
    case noResult
    /// The implementation traps instead of reporting: it crashes, throws, or would loop for ever at this
    /// rotation (a faithful port of code that does so reports this rather than crashing the audit). The
    /// player sees no result, so the audit counts it as an invalid outcome and names it a trap.
    case trap

    public var description: String {
        switch self {
        case .label(let l): return "\(l)"
        case .noResult: return "no result"
        case .trap: return "trap"
        }
    }

    /// The label reported, or nil for ``noResult`` and ``trap``.
    public var label: Int? { if case .label(let l) = self { return l }; return nil }
}
