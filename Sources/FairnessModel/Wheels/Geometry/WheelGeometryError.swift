import Foundation

/// Why a geometry was refused. Every case names the sector concerned.
public enum WheelGeometryError: Error, Sendable, Hashable, CustomStringConvertible {
    case noSectors
    case invalidWidth(sector: Int, label: Int, width: Double)
    case invalidAngle(what: String, value: Double)
    case doesNotCloseTheCircle(GeometryFinding, tolerance: Double)
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
