import FairnessChecks
import FairnessModel

/// A dice game whose rolls are expensive per call but cheap in bulk — the game's own roll code behind a
/// probe — and which therefore rolls many sets of dice from given uniform draws in one batch.
///
/// ``DiceDriver`` uses it for every block: it draws 2K uniform values per trial (a first roll and a
/// possible reroll), asks for all the rolls at once, and applies the game's reroll policy with its own
/// detector, so the draws of each trial still depend only on (seed, trial).
public protocol BatchRollingDice: DiceGame {
    /// The game's rolls for each set of K uniform draws in [0, 1), in order.
    func rolls(from uniforms: [[Double]]) -> [DiceRoll]

    /// The faces the game shows for each set of K uniform draws, as it shows them (any whole numbers: a
    /// face outside 1 ... F is an invalid outcome); the exact roll-mapping check reads them. The default
    /// is the faces of ``rolls(from:)``.
    func faces(from uniforms: [[Double]]) -> [[Int]]

    /// Most ordered rolls the exhaustive dice checks visit one by one before they visit multisets of
    /// faces instead (see `DetectorSurvey`); a game answered by another process keeps it low, since every
    /// roll visited is a request. The default is `DetectorSurvey.orderedRollLimit`.
    var orderedRollLimit: UInt64 { get }

    /// Whether the game shows dice faces (answers ``faces(from:)`` with its own); false for a game that
    /// reports only values such as a total (then its rolls are the declared fair dice, and no roll mapping
    /// is checked). The default is true.
    var showsFaces: Bool { get }

    /// The values the game reports from its draws, checked exactly against their declared odds; empty (the
    /// default) if none.
    var drawnValues: [DrawnValue] { get }

    /// The game's `value` for each set of K uniform draws in [0, 1), in order (a value it gives no answer
    /// for is `Int.min`).
    func reported(_ value: DrawnValue, from uniforms: [[Double]]) -> [Int]
}

extension BatchRollingDice {
    /// The faces of ``rolls(from:)``.
    public func faces(from uniforms: [[Double]]) -> [[Int]] { rolls(from: uniforms).map(\.faces) }

    /// `DetectorSurvey.orderedRollLimit`.
    public var orderedRollLimit: UInt64 { DetectorSurvey.orderedRollLimit }
    /// true: the game shows its faces.
    public var showsFaces: Bool { true }
    /// No drawn values.
    public var drawnValues: [DrawnValue] { [] }
    /// `Int.min` for every set of draws: no value reported.
    public func reported(_ value: DrawnValue, from uniforms: [[Double]]) -> [Int] { uniforms.map { _ in Int.min } }
}
