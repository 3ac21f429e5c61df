import Foundation

/// The direction in which consecutive sectors are laid out on screen.
public enum LayoutDirection: String, Sendable, Hashable, Codable {
    /// Each sector starts where the previous one ends, going clockwise on screen (increasing angle).
    case clockwise
    /// Going counter-clockwise (decreasing angle).
    case counterclockwise
}
