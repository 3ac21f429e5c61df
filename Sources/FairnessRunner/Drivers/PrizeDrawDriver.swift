import FairnessModel

/// Drives a prize draw: each block of trials is one player's session from a fresh state, each trial one
/// draw. The declared machine keeps the state; a subject with its own draw (a probe, a Swift
/// implementation) draws the items, which move the declared state as declared, so the counts are tested
/// against the odds of the state the declaration puts the player in.
public struct PrizeDrawDriver<Subject: PrizeDrawSubject>: TrialDriver {
    /// The subject.
    public let subject: Subject
    /// Each declared state's cumulative odds (`DrawMachine.cumulativeOdds`).
    @usableFromInline let cumulative: [[Double]]
    /// Each declared state's next state by item.
    @usableFromInline let next: [[Int]]
    /// The labels, for the game's own answers.
    @usableFromInline let labels: [String: Int]
    /// Whether the game's own draw is sampled.
    @usableFromInline let ownDraw: Bool

    /// A driver of `subject`; `ownDraw` samples its own draw (`PrizeDrawSubject.makeSession()`).
    public init(_ subject: Subject, ownDraw: Bool) {
        self.subject = subject
        let machine = subject.declaration.machine
        cumulative = machine.cumulativeOdds
        next = machine.states.map(\.next)
        labels = Dictionary(uniqueKeysWithValues: machine.labels.enumerated().map { ($1, $0) })
        self.ownDraw = ownDraw
    }

    public func makeTally() -> PrizeDrawTally { PrizeDrawTally(items: labels.count, states: cumulative.count) }

    @inlinable
    public func run<R: BlockRandomness>(_ range: Range<UInt64>, randomness: inout R, into tally: inout PrizeDrawTally) {
        var state = 0
        let items = labels.count
        if ownDraw {
            var draws: [Double] = []
            draws.reserveCapacity(range.count)
            for trial in range { randomness.withTrial(trial) { draws.append(Sampling.unitInterval(using: &$0)) } }
            let picks: [DrawPick]
            if let answered = try? subject.playSession(draws), answered.count == draws.count {
                picks = answered
            } else {
                picks = draws.map { _ in .trap }
            }
            for pick in picks {
                tally.visits[state] &+= 1
                switch pick {
                case .trap: tally.counts[items + 1] &+= 1
                case .item(let label):
                    if let item = labels[label] {
                        tally.counts[item] &+= 1
                        state = next[state][item]
                    } else {
                        tally.counts[items] &+= 1
                    }
                }
            }
        } else {
            for trial in range {
                let u = randomness.withTrial(trial) { Sampling.unitInterval(using: &$0) }
                let odds = cumulative[state]
                var item = 0
                while item < items - 1 && u >= odds[item] { item += 1 }
                tally.visits[state] &+= 1
                tally.counts[item] &+= 1
                state = next[state][item]
            }
        }
        tally.draws &+= UInt64(range.count)
    }
}
