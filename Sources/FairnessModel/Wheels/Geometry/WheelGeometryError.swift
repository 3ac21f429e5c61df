import Foundation

/// Why a geometry was refused. Every case names the sector concerned.
public enum WheelGeometryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The wheel has no sectors (an empty list, or a sector count below 1).
    case noSectors
    /// The sector at index `sector`, labelled `label`, has a `width` that is not finite and positive (for a
    /// drawn arc: its end is not past its start in the layout direction).
    case invalidWidth(sector: Int, label: Int, width: Double)
    /// An angle (the pointer, the first sector's start, an arc's start or end) is not finite; `what` says
    /// which. The seed ports also throw it, with `what` naming the range, for a sector count out of range.
    case invalidAngle(what: String, value: Double)
    /// Sector widths sum to more or less than a full turn by more than `tolerance` turns; the finding
    /// describes the gap or overlap after the last sector.
    case doesNotCloseTheCircle(GeometryFinding, tolerance: Double)
    /// More than one sector carries this label; `sectors` are their indices, ascending.
    case duplicateLabel(Int, sectors: [Int])

    public var description: String {
        switch self {
        case .noSectors: return "the wheel has no sectors"
        case .invalidWidth(let sector, let label, let width):
            return "sector \(sector) (label \(label)) has width \(width); widths must be finite and positive"
        case .invalidAngle(let what, let value): return "\(what) is \(value); it must be finite"
        case .doesNotCloseTheCircle(let finding, let tolerance):
            return "sector widths do not make a full turn (tolerance \(tolerance) turn): \(finding)"
        case .duplicateLabel(let label, let sectors):
            return "label \(label) is carried by sectors \(sectors.map(String.init).joined(separator: ", "))"
        }
    }
}
