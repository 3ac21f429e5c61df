import FairnessModel
import FairnessRunner
import Foundation

/// The streaming state of one log.
package struct LogTally {
    let model: LogModel
    let options: LogOptions
    let k: Int
    /// Slot of each label (and of no result and invalid labels), as the sampled tallies map them.
    let slots: OutcomeSlots

    enum Format { case undecided, csv, jsonLines }
    var format = Format.undecided
    /// Column positions in a CSV header (−1: absent).
    var column = [Int](repeating: -1, count: OutcomeLog.columns.count)
    var widestColumn = 0
    /// Which columns the log has: a CSV header's, or any JSON line's keys.
    var hasColumn = [Bool](repeating: false, count: OutcomeLog.columns.count)

    var lines: UInt64 = 0
    /// Per slot: labels 0 ..< k, then "none", then labels no sector carries.
    var counts: [UInt64]
    var pairs: [UInt64]
    var previousSlot = -1
    var previousSession: UInt64?
    var invalid: [Int: (count: UInt64, firstLine: Int)] = [:]
    var returns: [Double: UInt64] = [:]
    var stakeSum = 0.0, payoutSum = 0.0
    var payoutMismatches: UInt64 = 0
    /// Lines whose payout, or stake, was logged (a line without one is given the paytable's).
    var payoutsLogged: UInt64 = 0, stakesLogged: UInt64 = 0
    /// Dice logs: rolls with faces outside 1 ... F or the wrong number of dice, a few of them, and each
    /// hand's count by its rule.
    var invalidRolls: UInt64 = 0
    var invalidRollExamples: [(text: String, line: Int)] = []
    var handCounts: [UInt64] = []
    /// Dice logs: every face of every roll the roll tests count, by face (1 ... F).
    var faceCounts: [UInt64] = []
    var firstPayoutMismatch: (line: Int, outcome: String, paid: Double, expected: Double)?
    var windows: [[UInt64]] = []
    var windowStartLine: [Int] = []
    /// Outcome lines per window block under ``LogOptions/Window/automatic``.
    var blockSize = 1_000
    /// Most blocks kept under ``LogOptions/Window/automatic`` before pairs merge.
    static let maximumBlocks = 1_024
    /// Most windows of a given length (lines or seconds): memory stays bounded whatever the log.
    static let maximumWindows = 100_000
    var timeOrigin: Double?
    var badRows = 0
    /// The first ``shownBadRows`` rows skipped under `--skip-bad`, named in the report.
    var firstBadRows: [LogError] = []
    static let shownBadRows = 10
    /// The most frequent per-play returns, searched linearly before the dictionary (a log pays a few prizes).
    var returnLevels: [Double] = []
    var returnCounts: [UInt64] = []

    /// Dice logs: each declared bet's and round's lines (by the `bet` column), and where each name is.
    var bets: [BetLogTally]
    let betIndex: [String: Int]
    /// Every outcome line read; ``lines`` counts those the roll tests count (a round's rolls, and a roll
    /// shown again by the next line of its round, are not).
    var allLines: UInt64 = 0
    /// Lines of bets counted in the roll tests (their payouts are the bets' own, not the paytable's).
    var betRollLines: UInt64 = 0
    /// Lines naming a bet or round; of them, bet lines without a round value showing the previous bet
    /// line's roll (and that roll).
    var betLines: UInt64 = 0, repeatedWithoutRound: UInt64 = 0
    var previousBetRoll: DiceRoll?
    /// The last line's round (its `round` value, its roll and its line), while it showed one roll.
    var previousRound: (id: UInt64, roll: DiceRoll, line: Int)?

    package init(model: LogModel, options: LogOptions) {
        self.model = model
        self.options = options
        bets = (model.dice?.bets ?? []).map { BetLogTally($0, dice: model.dice!.dice.count) }
        betIndex = Dictionary((model.dice?.bets ?? []).enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        k = model.labels.count
        counts = [UInt64](repeating: 0, count: k + 2)
        handCounts = [UInt64](repeating: 0, count: model.dice?.hands.count ?? 0)
        faceCounts = [UInt64](repeating: 0, count: model.dice?.dice.faces ?? 0)
        pairs = [UInt64](repeating: 0, count: k * k)
        slots = OutcomeSlots(labels: model.labels)
    }

    // MARK: Reading

    /// Tallies one line (a byte-order mark before the first was taken off by ``LogReader``).
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws {
        if line.isEmpty || line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
        switch format {
        case .undecided:
            if line.first(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: "{") {
                format = .jsonLines
                try row(line, number: number)
            } else {
                format = .csv
                try header(line, number: number)
            }
        case .csv, .jsonLines:
            try row(line, number: number)
        }
    }

    mutating func header(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws {
        let names = String(decoding: line, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"")).lowercased() }
        for (index, name) in OutcomeLog.columns(dice: model.dice != nil).enumerated() {
            let positions = names.indices.filter { names[$0] == name }
            // `outcome` and `Outcome` both: which one is meant is a guess; JSON Lines refuse it too.
            guard positions.count < 2 else {
                throw LogError(
                    line: number, column: 1,
                    message: "the header names the '\(name)' column \(positions.count) times (in any case); give each column once")
            }
            column[index] = positions.first ?? -1
        }
        guard column[0] >= 0 else {
            throw LogError(
                line: number, column: 1,
                message:
                    "the header has no 'outcome' column (columns: \(names.joined(separator: ", "))); a CSV log needs a header naming outcome and, optionally, session, timestamp, stake, payout"
            )
        }
        widestColumn = column.max()!
        hasColumn = column.map { $0 >= 0 }
    }

    /// One outcome line; a bad one is an error, or counted while `skipBad` allows.
    mutating func row(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws {
        do {
            let parsed =
                format == .csv
                ? try LogFields.csvFields(line, column: column, widest: widestColumn, number: number, dice: model.dice?.dice)
                : try LogFields.jsonFields(line, number: number, dice: model.dice?.dice)
            if format == .jsonLines {
                if parsed.session != nil { hasColumn[1] = true }
                if parsed.timestamp != nil { hasColumn[2] = true }
                if parsed.stake != nil { hasColumn[3] = true }
                if parsed.payout != nil { hasColumn[4] = true }
            }
            try record(parsed, number: number)
        } catch let error as LogError {
            badRows += 1
            if firstBadRows.count < Self.shownBadRows { firstBadRows.append(error) }
            if badRows > options.skipBad {
                if options.skipBad == 0 { throw error }
                throw LogError(
                    line: error.line, column: error.column, message: error.message,
                    exceeded: .badRows(row: badRows, allowed: options.skipBad))
            }
        }
    }

    /// A row that passed every check, with what counting it needs.
    struct AcceptedRow {
        /// The outcome line's number among outcome lines (1-based).
        var line: UInt64
        /// Its window when windows are by seconds.
        var timeWindow: Int?
        var slot: Int
        var stake: Double?
        /// The payout as logged, or the paytable's prize for the outcome.
        var payout: Double?
        /// The paytable's prize for the outcome, scaled by the stake (nil without a paytable).
        var paytablePayout: Double?
        /// Payout over stake, when both are known.
        var perPlay: Double?
    }

    /// Counts one outcome line: a bet's or round's in its tally, and its roll in the roll tests unless it is
    /// a round's or the previous line's roll again.
    mutating func record(_ fields: LogFields, number: Int) throws {
        // Everything that can refuse the row comes first: a row skipped under the bad-row allowance leaves no trace.
        var bet: Int?
        if let name = fields.bet {
            guard let index = betIndex[name] else {
                let names = (model.dice?.bets ?? []).map { "'\($0.name)'" }
                throw LogError(
                    line: number, column: 1,
                    message: names.isEmpty
                        ? "bet: '\(name)'; the spec declares no bets or rounds (a log names them in its bet column)"
                        : "bet: '\(name)' is not a bet or round of the spec (it declares \(names.joined(separator: ", ")))")
            }
            bet = index
        } else if !fields.rolls.isEmpty {
            throw LogError(
                line: number, column: 1,
                message: "outcome: \(fields.rolls.count) rolls on a line that names no round; a round's line names it in the bet column")
        }
        let singleRoll = bet.map { bets[$0].bet.isSingleRoll && fields.rolls.isEmpty } ?? true
        let repeated = singleRoll ? try repeatsRound(fields, number: number) : false
        var rollFields = fields
        if bet != nil {
            // A bet's payout is its own: the hands' paytable neither judges it nor counts it in the RTP.
            rollFields.stake = nil
            rollFields.payout = nil
        }
        let row = singleRoll && !repeated ? try accept(rollFields, number: number, countsPayout: bet == nil) : nil
        if let bet {
            try bets[bet].record(fields, number: number)
            betLines += 1
            if singleRoll, fields.round == nil, fields.faces == previousBetRoll { repeatedWithoutRound += 1 }
            previousBetRoll = singleRoll ? fields.faces : nil
        }
        allLines += 1
        if singleRoll { previousRound = fields.round.map { ($0, fields.faces!, number) } }
        guard let row else { return }
        if bet != nil { betRollLines += 1 }
        lines = row.line
        countOutcome(fields, slot: row.slot, number: number)
        countPair(fields, slot: row.slot)
        countWindow(fields, row: row, number: number)
        if let stake = row.stake, let payout = row.payout, let perPlay = row.perPlay {
            countPayout(fields, row: row, stake: stake, payout: payout, perPlay: perPlay, number: number)
        }
    }

    /// Whether the line is the previous line's round again (its `round` value, one roll each): its roll is
    /// then counted once.
    /// - Throws: ``LogError`` when the round's lines show different rolls.
    func repeatsRound(_ fields: LogFields, number: Int) throws -> Bool {
        guard let round = fields.round, let previous = previousRound, previous.id == round else { return false }
        guard previous.roll == fields.faces else {
            throw LogError(
                line: number, column: 1,
                message:
                    "outcome: this line's round showed \(previous.roll.count == 0 ? "another roll" : previous.roll.description) at line \(previous.line); the lines of one round are bets on one roll"
            )
        }
        return true
    }

    /// Checks a row before anything is counted: its time window, its window count, a positive stake, and the
    /// number of distinct payouts per stake.
    /// - Throws: ``LogError`` naming the line and the field.
    @inline(__always)
    func accept(_ fields: LogFields, number: Int, countsPayout: Bool = true) throws -> AcceptedRow {
        let line = lines + 1
        let timeWindow = try self.timeWindow(fields, number: number)
        if case .lines(let size) = options.window, (line - 1) / UInt64(size) >= UInt64(LogTally.maximumWindows) {
            throw LogError(
                line: number, column: 1, message: "more than \(LogTally.maximumWindows) windows of \(size) lines",
                exceeded: .windowsOfLines(size: size))
        }
        let slot = self.slot(fields)
        guard countsPayout else {
            return AcceptedRow(line: line, timeWindow: timeWindow, slot: slot, stake: nil, payout: nil, paytablePayout: nil, perPlay: nil)
        }
        let paytableStake = model.paytable?.stake ?? model.dice?.paytable?.stake
        let stake = fields.stake ?? paytableStake
        var paytablePayout: Double?
        if let table = model.paytable {
            paytablePayout = slot < k ? table.prize(model.labels[slot]) * (stake ?? table.stake) / table.stake : 0
        } else if let dice = model.dice, let table = dice.paytable {
            paytablePayout = slot < k ? dice.payout(fields.faces!) * (stake ?? table.stake) / table.stake : 0
        }
        let payout: Double? = fields.payout ?? paytablePayout
        var perPlay: Double?
        if let stake, let payout {
            guard stake > 0 else { throw LogError(line: number, column: 1, message: "stake: must be positive") }
            let value = payout / stake
            guard
                returnLevels.contains(value) || returnLevels.count < 64 || returns[value] != nil
                    || returns.count + returnLevels.count < OutcomeLog.maximumReturnLevels
            else {
                throw LogError(
                    line: number, column: 1,
                    message:
                        "payout: more than \(OutcomeLog.maximumReturnLevels) distinct payouts per stake; a log's payouts come from a paytable"
                )
            }
            perPlay = value
        }
        return AcceptedRow(
            line: line, timeWindow: timeWindow, slot: slot, stake: stake, payout: payout, paytablePayout: paytablePayout, perPlay: perPlay)
    }

    /// The row's window when windows are by seconds of the timestamp column (nil otherwise).
    /// - Throws: ``LogError`` for a missing timestamp, one before the first line's, or one too many windows on.
    @inline(__always)
    func timeWindow(_ fields: LogFields, number: Int) throws -> Int? {
        guard case .seconds(let size) = options.window else { return nil }
        guard let time = fields.timestamp else {
            throw LogError(line: number, column: 1, message: "timestamp: missing; windows by time need a timestamp on every line")
        }
        let offset = ((time - (timeOrigin ?? time)) / size).rounded(.down)
        guard offset >= 0 else {
            throw LogError(line: number, column: 1, message: "timestamp: before the first line's; windows by time need timestamps in order")
        }
        guard offset < Double(LogTally.maximumWindows) else {
            throw LogError(
                line: number, column: 1, message: "timestamp: more than \(LogTally.maximumWindows) windows after the first line's")
        }
        return Int(offset)
    }

    /// The outcome's count, a few examples of invalid outcomes, and each hand the roll holds.
    @inline(__always)
    mutating func countOutcome(_ fields: LogFields, slot: Int, number: Int) {
        counts[slot] &+= 1
        if slot == k + 1 {
            if fields.faces != nil {
                invalidRolls += 1
                if invalidRollExamples.count < 5 { invalidRollExamples.append((fields.outcomeText, number)) }
            } else if let label = fields.outcome {
                if let seen = invalid[label] {
                    invalid[label] = (seen.count + 1, seen.firstLine)
                } else if invalid.count < 100 {
                    invalid[label] = (1, number)
                }
            }
        }
        if let roll = fields.faces, slot < k {
            for (index, entry) in (model.dice?.hands ?? []).enumerated() where entry.hand.holds(in: roll) { handCounts[index] &+= 1 }
            for face in roll.faces { faceCounts[face - 1] &+= 1 }
        }
    }

    /// Serial pairs within a session (a new session value starts a new chain).
    @inline(__always)
    mutating func countPair(_ fields: LogFields, slot: Int) {
        if fields.session != previousSession {
            previousSlot = -1
            previousSession = fields.session
        }
        if slot < k {
            if previousSlot >= 0 { pairs[previousSlot * k + slot] &+= 1 }
            previousSlot = slot
        } else {
            previousSlot = -1
        }
    }

    /// The row's window: blocks of lines that double in length (automatic), a fixed number of lines, or
    /// seconds of the timestamp column.
    @inline(__always)
    mutating func countWindow(_ fields: LogFields, row: AcceptedRow, number: Int) {
        let window: Int
        switch options.window {
        case .automatic:
            if Int((lines - 1) / UInt64(blockSize)) >= LogTally.maximumBlocks {
                // Pairs of blocks merge into blocks twice as long: the count of blocks halves.
                windows = stride(from: 0, to: windows.count, by: 2).map { index in
                    index + 1 < windows.count ? zip(windows[index], windows[index + 1]).map { $0 &+ $1 } : windows[index]
                }
                windowStartLine = stride(from: 0, to: windowStartLine.count, by: 2).map { windowStartLine[$0] }
                blockSize *= 2
            }
            window = Int((lines - 1) / UInt64(blockSize))
        case .lines(let size): window = Int((lines - 1) / UInt64(size))
        case .seconds:
            if timeOrigin == nil { timeOrigin = fields.timestamp }
            window = row.timeWindow!
        }
        while windows.count <= window {
            windows.append([UInt64](repeating: 0, count: k + 2))
            windowStartLine.append(number)
        }
        windows[window][row.slot] &+= 1
    }

    /// Payouts: as logged, or as the paytable says (for dice, the largest prize among the hands the roll
    /// is); the first payout that differs from the paytable's is kept for the report.
    @inline(__always)
    mutating func countPayout(_ fields: LogFields, row: AcceptedRow, stake: Double, payout: Double, perPlay: Double, number: Int) {
        stakeSum += stake
        payoutSum += payout
        if let level = returnLevels.firstIndex(of: perPlay) {
            returnCounts[level] &+= 1
        } else if returnLevels.count < 64 {
            returnLevels.append(perPlay)
            returnCounts.append(1)
        } else {
            returns[perPlay, default: 0] &+= 1
        }
        if fields.payout != nil { payoutsLogged &+= 1 }
        if fields.stake != nil { stakesLogged &+= 1 }
        if let expected = row.paytablePayout, fields.payout != nil, abs(expected - payout) > 1e-9 * max(1, abs(expected)) {
            payoutMismatches &+= 1
            if firstPayoutMismatch == nil {
                let slot = row.slot
                let outcome = slot >= k ? "an invalid outcome" : model.dice != nil ? "roll \(fields.faces!)" : "label \(model.labels[slot])"
                firstPayoutMismatch = (number, outcome, payout, expected)
            }
        }
    }

    /// The tally slot of a row's outcome: a label's or category's, k for no result, k + 1 for an outcome no
    /// sector carries or a roll the dice cannot show.
    func slot(_ fields: LogFields) -> Int {
        if let roll = fields.faces {
            return roll.count == 0 ? slots.invalid : slots.slot(.label(PokerCategory.of(roll).rawValue))
        }
        return slots.slot(fields.outcome.map { .label($0) } ?? .noResult)
    }
}
