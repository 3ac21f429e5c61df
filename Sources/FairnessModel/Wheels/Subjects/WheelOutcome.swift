/// What a wheel implementation reports when it comes to rest.
public enum WheelOutcome: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A label: valid if some sector carries it, invalid otherwise.
    case label(Int)
    /// No result: nothing was selected, or the implementation shows something that names no sector.
    case noResult

    public var description: String {
        switch self {
        case .label(let l): return "\(l)"
        case .noResult: return "no result"
        }
    }

    /// The label reported, or nil for ``noResult``.
    public var label: Int? { if case .label(let l) = self { return l }; return nil }
}
