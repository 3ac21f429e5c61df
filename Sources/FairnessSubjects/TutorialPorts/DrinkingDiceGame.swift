import FairnessModel

/// Port of the drinking-dice app (seed `002_6afc0a125f8dfc00.txt`, "喝酒骰子遊戲"): five six-sided dice,
/// a "straight" check, and a switch that rerolls once when a straight appears.
///
/// What is ported, as written:
/// - `generateDice()`: five dice `Int.random(in: 1...6)`, appended to the game's array `diceArray`.
///   The port draws each die through `Sampling/uniformInteger(below:using:)` instead of the standard
///   library's `random(in:)`, whose algorithm may change between Swift versions; both are uniform on
///   1...6, so the distribution is the app's.
/// - `isStraight(dice:)`: sorts **`diceArray`, the game's own array, not its parameter `dice`**, then
///   requires each sorted value to be one more than the previous. In play the two arrays are the same
///   object's contents, so the answer is right; as a function it ignores its argument, which
///   ``isStraight(_:whileGameHolds:)`` exposes. On an empty array the original traps (`0..<-1`); that
///   cannot happen in play, since the array is refilled before every check.
/// - `start(_:)`: when `straightSwitch.isOn` and the check says straight, the alert's only button
///   ("重骰", reroll) clears the array and calls `generateDice()` once more; the new roll is **not
///   checked again**. With the switch off the first roll stands.
///
/// Left out: dice positions, animations and sound, which do not touch the outcome.
public struct DrinkingDiceGame: DiceGame {
    /// The app's "straight" switch.
    public let rerollSwitchOn: Bool

    /// The app with its "straight" switch on or off.
    public init(rerollSwitchOn: Bool) {
        self.rerollSwitchOn = rerollSwitchOn
    }

    /// `drinking-dice-switch-on` or `drinking-dice-switch-off`.
    public var name: String { "drinking-dice-switch-" + (rerollSwitchOn ? "on" : "off") }
    /// One line: five dice, the straight check that reads the game's array, and the switch's state.
    public var summary: String {
        "Seed 002: five dice, straight check that reads the game's array, reroll switch "
            + (rerollSwitchOn ? "on (one unchecked reroll after a straight)" : "off")
    }
    /// Five six-sided dice.
    public var dice: DiceSet { .fiveSixSided }
    /// `RerollPolicy/rerollOnceAfterDetectedStraight` with the switch on, `RerollPolicy/never` with it off.
    public var rerollPolicy: RerollPolicy { rerollSwitchOn ? .rerollOnceAfterDetectedStraight : .never }

    /// `generateDice()`: five dice, each uniform on 1 ... 6, drawn in order.
    @inlinable
    public func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll {
        var roll = DiceRoll(count: 5)
        for index in 0..<5 {
            roll[index] = Int(Sampling.uniformInteger(below: 6, using: &generator)) + 1
        }
        return roll
    }

    /// In play, `isStraight(dice: diceArray)` is called right after `generateDice()` filled `diceArray`
    /// with this roll.
    /// - Complexity: O(K²) for K dice (insertion sort).
    public func isStraight(_ roll: DiceRoll) -> Bool {
        Self.isStraightAsWritten(dice: roll, diceArray: roll)
    }

    /// The function as written, with the game's array holding `state`: the argument is not read.
    /// - Complexity: O(K²) for K dice (insertion sort).
    public func isStraight(_ roll: DiceRoll, whileGameHolds state: DiceRoll) -> Bool {
        Self.isStraightAsWritten(dice: roll, diceArray: state)
    }

    /// `func isStraight(dice: [Int]) -> Bool { let sortedDiceArray = diceArray.sorted(); for i in
    /// 0..<sortedDiceArray.count - 1 { if sortedDiceArray[i] + 1 != sortedDiceArray[i + 1] { return
    /// false } }; return true }` — transcribed; `dice` is deliberately unused, as in the original.
    /// Sorting is an insertion sort on the inline roll, so no allocation.
    /// - Complexity: O(K²) for K dice.
    @inlinable
    public static func isStraightAsWritten(dice _: DiceRoll, diceArray: DiceRoll) -> Bool {
        var sortedDiceArray = diceArray
        if sortedDiceArray.count < 2 { return true }  // count 1: the loop is empty; count 0 traps in Swift.
        for i in 1..<sortedDiceArray.count {
            let value = sortedDiceArray[i]
            var j = i - 1
            while j >= 0 && sortedDiceArray[j] > value {
                sortedDiceArray[j + 1] = sortedDiceArray[j]
                j -= 1
            }
            sortedDiceArray[j + 1] = value
        }
        for i in 0..<(sortedDiceArray.count - 1) where sortedDiceArray[i] + 1 != sortedDiceArray[i + 1] {
            return false
        }
        return true
    }
}
