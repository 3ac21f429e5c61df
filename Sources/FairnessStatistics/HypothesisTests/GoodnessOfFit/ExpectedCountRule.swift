import Foundation

/// What to do when a cell's expected count is below the minimum at which the chi-square approximation
/// is trusted (conventionally 5).
public enum ExpectedCountRule: Sendable, Hashable, Codable {
    /// Any cell below `minimum` makes the test inconclusive; the reason gives the total needed.
    case requireMinimum(Double)
    /// Pool cells with a neighbour until every cell reaches `minimum`:
    ///
    /// 1. Take the cell with the smallest expected count below `minimum` (the first such cell on ties).
    /// 2. Merge it with whichever adjacent cell, in the order given, has the smaller expected count
    ///    (the preceding one on ties; the only neighbour at either end).
    /// 3. Repeat. If fewer than two cells remain, the test is inconclusive.
    ///
    /// Adjacent means neighbouring outcomes in the order given, which for wheel sectors and die faces is
    /// the natural order, so pooled cells stay interpretable.
    case poolAdjacent(minimum: Double)

    /// The conventional rule: pool adjacent cells up to an expected count of 5.
    public static let standard = ExpectedCountRule.poolAdjacent(minimum: 5)

    /// The minimum expected count per cell, whichever the rule.
    public var minimum: Double {
        switch self {
        case .requireMinimum(let m), .poolAdjacent(let m): return m
        }
    }
}
