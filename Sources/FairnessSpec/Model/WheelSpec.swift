import FairnessModel

/// A spin wheel as declared: its sectors, its angle conventions, its pointer and how it spins.
public struct WheelSpec: Sendable, Hashable {
    /// One sector, in layout order.
    public struct Sector: Sendable, Hashable {
        /// The label the game shows for it (distinct).
        public var label: Int
        /// Its size: a width in the spec's unit, or a relative weight (all sectors use the same one).
        public var size: Double
        /// The probability the game claims for it (shown to players, printed in its rules), if declared;
        /// otherwise its share of the circle is what it claims.
        public var claimed: Double?
        /// The prize it pays, if declared (reported; RTP is a later feature).
        public var prize: Double?
        /// For a wheel declared as drawn (``WheelSpec/drawn``): where the painted arc starts and ends, in
        /// the spec's angles, the arc running from `start` to `end` the way the spec's angles grow
        /// (`end` > `start`; an arc across 0 is written 350 to 370). nil for sizes.
        public var arc: DrawnSpan? = nil
    }

    /// Where a painted arc starts and ends, in the spec's angles.
    public struct DrawnSpan: Sendable, Hashable {
        /// The angle the arc begins at.
        public var start: Double
        /// The angle it ends at, past `start` the way the spec's angles grow.
        public var end: Double
    }

    /// How a spin decides where the wheel comes to rest.
    public enum Draw: String, Sendable, Hashable, CaseIterable {
        /// A stop angle uniform over one turn (continuous).
        case uniform
        /// A whole number of degrees, each of the 360 equally likely.
        case integerDegrees = "integer-degrees"
        /// The game draws a sector index (uniformly, or by ``WheelSpec/indexWeights``) and computes where
        /// to stop for it: a wheel told its result up front.
        case target
    }

    /// Whether each spin adds to the previous rotation or starts again from zero.
    public enum Rotation: String, Sendable, Hashable, CaseIterable {
        /// rotation ← previous + turns + drawn angle; a wheel told its result up front turns on from the
        /// previous rotation: the whole turns, then forward to the stop.
        case accumulated
        /// rotation ← turns + drawn angle; a wheel told its result up front computes each stop from its
        /// index alone.
        case reset
    }

    /// `degrees` or `radians`.
    public var unit: AngleUnit
    /// Where angle 0 points.
    public var zero: SpecZero
    /// Which way angles grow on the screen.
    public var anglesGrow: LayoutDirection
    /// Which way the sectors follow each other on the screen from ``firstSectorStart``.
    public var layout: LayoutDirection
    /// Where the first sector starts, in the spec's angles.
    public var firstSectorStart: Double
    /// Where the pointer is, in the spec's angles.
    public var pointer: Double
    /// The sectors, in layout order.
    public var sectors: [Sector]
    /// Whether ``Sector/size`` is a width in the unit (true) or a relative weight (false).
    public var sizesAreWidths: Bool
    /// Whether the sectors are declared as drawn (each its ``Sector/arc``, gaps and overlaps kept: n slices
    /// of integer width ⌊360/n⌋ leave part of the circle unpainted) rather than by sizes that make a turn.
    public var drawn: Bool {
        !sectors.isEmpty && sectors.allSatisfy { $0.arc != nil }
    }
    /// How the stop angle is drawn.
    public var draw: Draw
    /// Whole turns added to every spin.
    public var turns: Int
    /// Accumulated or reset rotation.
    public var rotation: Rotation
    /// The unit the game rounds its printed claims to (`claims-rounded-to: 0.0001` for odds shown as
    /// 15.43%), or nil for claims given exactly; claims agree with exact odds within half of it.
    public var claimsRoundedTo: Double? = nil
    /// The stake and declared and minimum RTP, if given.
    public var payout: PayoutSpec? = nil

    /// What the wheel pays per label — each sector's `prize` — with the `payout` terms; nil if no sector
    /// declares a prize and there is no `payout` block.
    public var paytable: Paytable<Int>? {
        guard payout != nil || sectors.contains(where: { $0.prize != nil }) else { return nil }
        var prizes: [Int: Double] = [:]
        for sector in sectors { if let prize = sector.prize { prizes[sector.label] = prize } }
        return (payout ?? PayoutSpec()).paytable(prizes)
    }
    /// For ``Draw/target``: the relative weight with which the game draws each sector's index (0-based, in
    /// layout order), or nil for a uniform draw.
    public var indexWeights: [Double]? = nil
}
