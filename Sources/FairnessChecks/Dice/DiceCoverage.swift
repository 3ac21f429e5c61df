import Dispatch
import FairnessModel
import Foundation
import Synchronization

/// How the exhaustive dice checks visited the rolls of a game.
public enum DiceCoverage: Sendable, Hashable, Codable {
    /// Every one of the F^K ordered rolls (F^K ≤ ``DetectorSurvey/orderedRollLimit``): every count is exact.
    case everyOrderedRoll(UInt64)
    /// Every multiset of faces (sorted roll), each weighted by its number of orderings K!/Π mᵢ!, with the
    /// detectors called on at most ``DetectorSurvey/orderingsPerMultiset`` orderings of each (all of them
    /// where there are no more): counts in ordered rolls are exact for detectors that do not depend on the
    /// order of the dice, and any order dependence among the orderings called is reported.
    case everyMultiset(multisets: UInt64, orderingsCalled: UInt64, orderedRolls: UInt64)
    /// Too many multisets to visit them all (more than ``DetectorSurvey/multisetLimit``): every multiset that
    /// is a straight, plus a fixed sample of rolls drawn uniformly (seeded, reproducible), each sorted to its
    /// multiset and called in up to ``DetectorSurvey/orderingsPerMultiset`` orderings. A mismatch found is a
    /// real mismatch; the absence of one is evidence, not proof, and counts are of the rolls checked.
    case sampledMultisets(multisets: UInt64, orderingsCalled: UInt64)

    /// Whether every roll the game can produce was judged (exactly, or through its multiset).
    public var isExhaustive: Bool {
        if case .sampledMultisets = self { return false }
        return true
    }
}
