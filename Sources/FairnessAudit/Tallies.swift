/// Maps reported outcomes to tally slots without hashing: sector labels get slots 0 ..< n in the
/// geometry's order, "no result" slot n, any other label (invalid) slot n + 1.
public struct OutcomeSlots: Sendable {
    public let labels: [Int]
    @usableFromInline let minimumLabel: Int
    @usableFromInline let table: [Int32]
    @usableFromInline let dictionary: [Int: Int]

    public init(labels: [Int]) {
        self.labels = labels
        let low = labels.min() ?? 0, high = labels.max() ?? 0
        minimumLabel = low
        if high - low < 1 << 16 {
            var table = [Int32](repeating: -1, count: high - low + 1)
            for (slot, label) in labels.enumerated() { table[label - low] = Int32(slot) }
            self.table = table
            dictionary = [:]
        } else {
            table = []
            dictionary = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        }
    }

    public var count: Int { labels.count + 2 }
    public var noResult: Int { labels.count }
    public var invalid: Int { labels.count + 1 }

    @inlinable
    public func slot(_ outcome: WheelOutcome) -> Int {
        guard case .label(let label) = outcome else { return noResult }
        if !table.isEmpty {
            let index = label &- minimumLabel
            if index >= 0 && index < table.count, table[index] >= 0 { return Int(table[index]) }
            return invalid
        }
        return dictionary[label] ?? invalid
    }

    public func name(_ slot: Int) -> String {
        slot < labels.count ? "\(labels[slot])" : slot == noResult ? "no result" : "invalid label"
    }
}

/// Counts of reported outcomes, consecutive pairs of them, and the invalid labels seen.
public struct OutcomeTally: Tally {
    public var trials: UInt64 = 0
    public var counts: [UInt64]
    /// pairs[a · slots + b]: outcome a followed by outcome b within a block.
    public var pairs: [UInt64]
    public var invalidLabels: [Int: UInt64] = [:]
    /// Targeted wheels: spins where the implementation trapped, and where what it reported differs from
    /// the sector it stopped on.
    public var traps: UInt64 = 0
    public var shownDiffersFromReported: UInt64 = 0

    public init(slots: Int) {
        counts = [UInt64](repeating: 0, count: slots)
        pairs = [UInt64](repeating: 0, count: slots * slots)
    }

    /// Counts one reported outcome in `slot`, and the pair it forms with the previous one in the block.
    @inlinable
    public mutating func record(_ outcome: WheelOutcome, slot: Int, slots: OutcomeSlots, previousSlot: inout Int) {
        counts[slot] &+= 1
        if slot == slots.invalid, let label = outcome.label { invalidLabels[label, default: 0] += 1 }
        if previousSlot >= 0 { pairs[previousSlot * slots.count + slot] &+= 1 }
        previousSlot = slot
    }

    public mutating func merge(_ other: OutcomeTally) {
        trials += other.trials
        for i in counts.indices { counts[i] += other.counts[i] }
        for i in pairs.indices { pairs[i] += other.pairs[i] }
        for (label, count) in other.invalidLabels { invalidLabels[label, default: 0] += count }
        traps += other.traps
        shownDiffersFromReported += other.shownDiffersFromReported
    }
}

/// Drives a wheel subject: each block is one session starting from the initial rotation; every spin
/// draws from its trial's generator and continues from the previous rest rotation.
public struct WheelDriver<Subject: WheelSubject>: TrialDriver {
    public let subject: Subject
    public let slots: OutcomeSlots

    public init(_ subject: Subject) {
        self.subject = subject
        slots = OutcomeSlots(labels: subject.geometry.labels)
    }

    public func makeTally() -> OutcomeTally { OutcomeTally(slots: slots.count) }

    @inlinable
    public func run<R: BlockRandomness>(_ range: Range<UInt64>, randomness: inout R, into tally: inout OutcomeTally) {
        var previous = subject.initialRotation
        var previousSlot = -1
        for trial in range {
            let spin = randomness.withTrial(trial) { generator in subject.spin(from: previous, using: &generator) }
            previous = spin.rotation
            tally.record(spin.outcome, slot: slots.slot(spin.outcome), slots: slots, previousSlot: &previousSlot)
        }
        tally.trials &+= UInt64(range.count)
    }
}

/// Drives a wheel told its index up front: the index is drawn uniformly, the reported result tallied,
/// and the sector it truly stops on compared with what it reports.
public struct TargetedWheelDriver<Subject: TargetedWheelSubject>: TrialDriver {
    public let subject: Subject
    public let slots: OutcomeSlots

    public init(_ subject: Subject) {
        self.subject = subject
        slots = OutcomeSlots(labels: subject.geometry.labels)
    }

    public func makeTally() -> OutcomeTally { OutcomeTally(slots: slots.count) }

    @inlinable
    public func run<R: BlockRandomness>(_ range: Range<UInt64>, randomness: inout R, into tally: inout OutcomeTally) {
        var previousSlot = -1
        let geometry = subject.geometry
        for trial in range {
            let spin = randomness.withTrial(trial) { generator in subject.spin(using: &generator) }
            let outcome: WheelOutcome
            switch spin.result {
            case .refused: outcome = .noResult
            case .traps:
                tally.traps &+= 1
                outcome = .noResult
            case .stops(let rotation, let reported):
                outcome = reported
                if case .inside(let index) = geometry.truth(rotation: Double(rotation), unit: subject.rotationUnit),
                   reported != .label(geometry.sectors[index].label) {
                    tally.shownDiffersFromReported &+= 1
                }
            }
            tally.record(outcome, slot: slots.slot(outcome), slots: slots, previousSlot: &previousSlot)
        }
        tally.trials &+= UInt64(range.count)
    }
}

/// Counts for a dice game: every roll's faces per die and per pair of dice, the final categories and
/// straights under the game's policy, rerolls, and consecutive first dice for serial independence.
public struct DiceTally: Tally {
    public let dice: DiceSet
    public var plays: UInt64 = 0
    public var rolls: UInt64 = 0
    public var rerolls: UInt64 = 0
    public var finalStraights: UInt64 = 0
    /// faces[die · F + face − 1] over every roll (first rolls and rerolls).
    public var faces: [UInt64]
    /// diePairs[pair · F² + (a − 1) · F + (b − 1)] for pairs (i < j) in lexicographic order.
    public var diePairs: [UInt64]
    /// Final category counts by ``PokerCategory/rawValue``.
    public var categories: [UInt64]
    /// serial[(a − 1) · F + (b − 1)]: first die of one roll, then first die of the next, within a block.
    public var serial: [UInt64]

    public init(dice: DiceSet) {
        self.dice = dice
        let f = dice.faces, k = dice.count
        faces = [UInt64](repeating: 0, count: k * f)
        diePairs = [UInt64](repeating: 0, count: k * (k - 1) / 2 * f * f)
        categories = [UInt64](repeating: 0, count: PokerCategory.allCases.count)
        serial = [UInt64](repeating: 0, count: f * f)
    }

    public mutating func merge(_ other: DiceTally) {
        plays += other.plays
        rolls += other.rolls
        rerolls += other.rerolls
        finalStraights += other.finalStraights
        for i in faces.indices { faces[i] += other.faces[i] }
        for i in diePairs.indices { diePairs[i] += other.diePairs[i] }
        for i in categories.indices { categories[i] += other.categories[i] }
        for i in serial.indices { serial[i] += other.serial[i] }
    }

    @inlinable
    public mutating func record(_ roll: DiceRoll, previousFirst: inout Int) {
        let f = dice.faces, k = dice.count
        rolls &+= 1
        var pair = 0
        for i in 0..<k {
            let a = roll[i] - 1
            faces[i * f + a] &+= 1
            for j in (i + 1)..<max(i + 1, k) {
                diePairs[pair * f * f + a * f + roll[j] - 1] &+= 1
                pair += 1
            }
        }
        if previousFirst >= 0 { serial[previousFirst * f + roll[0] - 1] &+= 1 }
        previousFirst = roll[0] - 1
    }
}

/// Drives a dice game: one play per trial under its reroll policy.
public struct DiceDriver<Game: DiceGame>: TrialDriver {
    public let game: Game

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
