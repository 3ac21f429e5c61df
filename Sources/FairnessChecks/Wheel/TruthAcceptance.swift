import FairnessModel
import Foundation

/// Whether `reported` is an acceptable result when the truth is `truth`: strictly inside a sector, only
/// that sector's label; exactly on a line, either neighbour's; over a blank arc, only "no result".
func accepts(_ reported: WheelOutcome, truth: PointerTruth, geometry: WheelGeometry) -> Bool {
    switch truth {
    case .inside(let index): return reported == .label(geometry.sectors[index].label)
    case .onLine(let touching): return touching.contains { reported == .label(geometry.sectors[$0].label) }
    case .blank: return reported == .noResult
    }
}

/// What the geometric truth allows at a rotation, by the labels the player sees: one sector's label, the
/// labels either side of a line (exactly on it), or nothing (an arc no sector covers).
public enum TruthAtRest: Sendable, Hashable, Codable {
    /// Strictly inside the sector with this label.
    case label(Int)
    /// Exactly on a line between the sectors with these labels.
    case line([Int])
    /// Over an arc no sector covers.
    case blank

    /// `truth` by its labels on `geometry`.
    public init(_ truth: PointerTruth, geometry: WheelGeometry) {
        switch truth {
        case .inside(let index): self = .label(geometry.sectors[index].label)
        case .onLine(let touching): self = .line(touching.map { geometry.sectors[$0].label })
        case .blank: self = .blank
        }
    }
}
