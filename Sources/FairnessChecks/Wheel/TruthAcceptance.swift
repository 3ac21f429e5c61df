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

/// The labels the truth allows, for messages.
func describe(_ truth: PointerTruth, geometry: WheelGeometry) -> String {
    switch truth {
    case .inside(let index): return "\(geometry.sectors[index].label)"
    case .onLine(let touching): return "on the line: " + touching.map { "\(geometry.sectors[$0].label)" }.joined(separator: " or ")
    case .blank: return "blank (no sector)"
    }
}
