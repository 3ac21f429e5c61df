/// Drives a dice game: one play per trial under its reroll policy.
public struct DiceDriver<Game: DiceGame>: TrialDriver {
    /// The dice game played.
    public let game: Game

    /// Creates a driver that plays `game`.
    public init(_ game: Game) { self.game = game }

    public func makeTally() -> DiceTally { DiceTally(dice: game.dice) }

    @inlinable
    public func run<R: BlockRandomness>(_ range: Range<UInt64>, randomness: inout R, into tally: inout DiceTally) {
        var previousFirst = -1
        for trial in range {
            let play = randomness.withTrial(trial) { generator in game.play(using: &generator) }
            tally.record(play.first, previousFirst: &previousFirst)
            if play.rerolled {
                tally.rerolls &+= 1
                tally.record(play.final, previousFirst: &previousFirst)
            }
            tally.categories[PokerCategory.of(play.final).rawValue] &+= 1
            if PokerCategory.isStraight(play.final) { tally.finalStraights &+= 1 }
        }
        tally.plays &+= UInt64(range.count)
    }
}
