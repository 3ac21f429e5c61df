import FairnessModel

/// A wheel as drawn, for the report's picture of it: its sectors on the wheel (in turns, clockwise on
/// screen from angle 0 pointing right), the pointer, and the unit of its rotations.
public struct WheelDrawing: Sendable, Hashable, Codable {
    /// One painted sector.
    public struct Sector: Sendable, Hashable, Codable {
        /// The sector's label.
        public var label: Int
        /// Where it starts on the wheel, in turns in [0, 1).
        public var start: Double
        /// Its width, in turns.
        public var width: Double

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(label: Int, start: Double, width: Double) {
            self.label = label
            self.start = start
            self.width = width
        }
    }

    /// The subject's name.
    public var subject: String
    /// The sectors, in the geometry's order.
    public var sectors: [Sector]
    /// The pointer's angle, in turns.
    public var pointer: Double
    /// The unit of the subject's rotations, for reading ``ArcRow`` values.
    public var unit: AngleUnit

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(subject: String, sectors: [Sector], pointer: Double, unit: AngleUnit) {
        self.subject = subject
        self.sectors = sectors
        self.pointer = pointer
        self.unit = unit
    }
}
