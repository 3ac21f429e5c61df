import Foundation

/// Which sector is under the pointer, exactly.
public enum PointerTruth: Sendable, Hashable, CustomStringConvertible {
    /// Strictly inside the sector with this index.
    case inside(Int)
    /// Exactly on a line: the sectors on either side (one, if the other side is blank). Either may claim it.
    case onLine([Int])
    /// Over a part of the circle no sector covers.
    case blank

    public var description: String {
        switch self {
        case .inside(let i): return "sector \(i)"
        case .onLine(let s): return "line between sectors \(s.map(String.init).joined(separator: " and "))"
        case .blank: return "blank"
        }
    }
}
