import FairnessModel
import FairnessReport
import Foundation
import _FairnessAuditSupport

/// The streaming state of a prize draw's log: every player's state rebuilt from the declared machine, draw
/// by draw in the log's order, and the counts the checks need — draws in each state, each item's draws in
/// each state, draws the player's state gives odds 0, items the table does not have.
///
/// Memory: the counts (states × items, at most `DrawMachine.oddsLimit`) and one state per player (the
/// 64-bit FNV-1a hash of the player's id and a 32-bit state), whatever the number of draws.
struct PrizeDrawLogTally {
    let model: LogModel
    let machine: DrawMachine
    let options: LogOptions
    let items: Int
    /// Each item's index by its label.
    let itemIndex: [String: Int]
    /// Whether the machine has memory (more than one state); without it, pairs of consecutive draws of a
    /// player are counted for the serial-independence test.
    let hasMemory: Bool
    /// The most items whose pairs are counted (items² counts).
    static let maximumPairedItems = 1_024

    enum Format { case undecided, csv, jsonLines }
    var format = Format.undecided
    /// The `outcome` and `session` columns of a CSV header (−1: absent), and the last column read.
    var outcomeColumn = -1, sessionColumn = -1, payoutColumn = -1, widest = 0
    var hasSessionColumn = false

    /// Outcome lines accepted (items of the table or not).
    var lines: UInt64 = 0
    /// Draws of the table's items made in each state.
    var visits: [UInt64]
    /// Draws of each item in each state (state × items + item).
    var drawn: [UInt64]
    /// Each player's state (with memory) or last item + 1 (without; 0 before the first), by the hash of the id.
    var players: [UInt64: Int32] = [:]
    /// Labels the table does not have: how many lines, the first line (at most 100 labels kept).
    var foreign: [String: (count: UInt64, firstLine: Int)] = [:]
    var foreignLines: UInt64 = 0
    /// Draws of an item the player's declared state gives odds 0, each item's count of them, the first few.
    var impossible: UInt64 = 0
    var impossibleByItem: [UInt64]
    var impossibleExamples: [(line: Int, state: Int, item: Int)] = []
    /// Runs of impossible draws (an impossible draw whose player's previous draw was possible), and the
    /// players with at least one.
    var impossibleRuns: UInt64 = 0, impossiblePlayers: UInt64 = 0
    /// Bits of a player's entry above its state: its last draw was impossible; it has had one.
    static let lastImpossible: Int32 = 1 << 30, everImpossible: Int32 = 1 << 29
    /// Whether a JSON line without a `session` was read (a log must name the player on every line or none).
    var sawLineWithoutSession = false
    static let shownImpossible = 5
    /// Consecutive draws of a player (items × items), for a machine without memory.
    var pairs: [UInt64]
    var badRows = 0
    var firstBadRows: [LogError] = []
    /// Each state's odds as `Double`s (state × items + item), for the expected counts of the windows.
    let oddsOfStates: [Double]
    /// The drift windows (blocks of ``blockSize`` lines, merged two by two when automatic windows reach
    /// ``blockLimit``): each item's draws, the draws made in each state (the expected counts are those
    /// times the states' odds), and the file line each starts at.
    var windowDrawn: [[UInt64]] = []
    var windowVisits: [[UInt64]] = []
    var windowStartLine: [Int] = []
    var blockSize = 1_000
    /// Logged payouts, those not compared (a label the table does not have, an item without a declared
    /// value), those that differ from the item's value, and the first that differs.
    var payoutsLogged: UInt64 = 0, payoutsNotCompared: UInt64 = 0, payoutMismatches: UInt64 = 0
    var firstPayoutMismatch: CheckDetail.ValuesPaid.Mismatch?
    /// Each distinct payout of a draw of the table's items, and how many draws paid it.
    var paidLevels: [Double: UInt64] = [:]

    package init(model: LogModel, machine: DrawMachine, options: LogOptions) {
        self.model = model
        self.machine = machine
        self.options = options
        items = machine.labels.count
        itemIndex = Dictionary(machine.labels.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        hasMemory = machine.states.count > 1
        visits = [UInt64](repeating: 0, count: machine.states.count)
        drawn = [UInt64](repeating: 0, count: machine.states.count * items)
        impossibleByItem = [UInt64](repeating: 0, count: items)
        pairs = [UInt64](repeating: 0, count: !hasMemory && items <= Self.maximumPairedItems ? items * items : 0)
        oddsOfStates = machine.states.flatMap { $0.odds.map(\.double) }
        if case .lines(let size) = options.window { blockSize = size }
        let cells = max(items, machine.states.count)
        blockLimit = min(LogTally.maximumBlocks, max(4, Self.windowCells / 4 / cells))
        windowLimit = min(LogTally.maximumWindows, max(2, Self.windowCells / cells))
    }

    /// The most counts the windows hold (items or states per window): memory stays within about 256 MB
    /// whatever the log and the table (a table of 10⁶ items gets few windows).
    static let windowCells = 1 << 24
    /// The most blocks automatic windows keep before merging them two by two.
    let blockLimit: Int
    /// The most windows of `--window N` lines.
    let windowLimit: Int

    /// Tallies one line (a byte-order mark before the first was taken off by ``LogReader``).
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws {
        if line.isEmpty || line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
        if format == .undecided {
            if line.first(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: "{") {
                format = .jsonLines
            } else {
                format = .csv
                try header(line, number: number)
                return
            }
        }
        do {
            let (item, player, payout) = format == .csv ? try csvRow(line, number: number) : try jsonRow(line, number: number)
            if format == .jsonLines {
                // Every line names its player, or none does: a line without one would be read as another player.
                if player == nil ? hasSessionColumn : sawLineWithoutSession {
                    throw LogError(
                        line: number, column: 1,
                        message: "session: given on some lines and not others; a prize draw's log names the player on every line or on none"
                    )
                }
                if player == nil { sawLineWithoutSession = true } else { hasSessionColumn = true }
            }
            if case .lines(let size) = options.window, lines / UInt64(size) >= UInt64(windowLimit) {
                throw LogError(
                    line: number, column: 1, message: "more than \(windowLimit) windows of \(size) lines for this table",
                    exceeded: .windowsOfLines(size: size))
            }
            record(item: item, player: player ?? 0, number: number)
            if let payout { record(payout: payout, of: item, number: number) }
        } catch let error as LogError where error.exceeded == nil {
            badRows += 1
            if firstBadRows.count < LogTally.shownBadRows { firstBadRows.append(error) }
            if badRows > options.skipBad {
                if options.skipBad == 0 { throw error }
                throw LogError(
                    line: error.line, column: error.column, message: error.message,
                    exceeded: .badRows(row: badRows, allowed: options.skipBad))
            }
        }
    }

    /// A CSV header: the `outcome` column (required) and `session` (the player), in any case.
    mutating func header(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws {
        let names = try Self.fields(line, number: number).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for name in ["outcome", "session", "payout"] where names.filter({ $0 == name }).count > 1 {
            throw LogError(
                line: number, column: 1,
                message: "the header names the '\(name)' column more than once (in any case); give each column once")
        }
        guard let outcome = names.firstIndex(of: "outcome") else {
            throw LogError(
                line: number, column: 1,
                message:
                    "the header has no 'outcome' column (columns: \(names.joined(separator: ", "))); a prize draw's log needs outcome (the item drawn) and, optionally, session (the player)"
            )
        }
        outcomeColumn = outcome
        sessionColumn = names.firstIndex(of: "session") ?? -1
        hasSessionColumn = sessionColumn >= 0
        payoutColumn = names.firstIndex(of: "payout") ?? -1
        widest = max(outcomeColumn, sessionColumn, payoutColumn)
    }

    /// Counts one draw: an item of the table against its player's state, which then moves on by the
    /// declared rules; a label the table does not have is counted apart and leaves the state as it was.
    mutating func record(item label: String, player: UInt64, number: Int) {
        lines += 1
        let window = self.window(number: number)
        guard let item = itemIndex[label] else {
            foreignLines += 1
            if let seen = foreign[label] {
                foreign[label] = (seen.count + 1, seen.firstLine)
            } else if foreign.count < 100 {
                foreign[label] = (1, number)
            }
            return
        }
        let entry = players[player] ?? 0
        let flags = entry & (Self.lastImpossible | Self.everImpossible)
        let remembered = entry & ~(Self.lastImpossible | Self.everImpossible)
        let state = hasMemory ? Int(remembered) : 0
        visits[state] &+= 1
        drawn[state * items + item] &+= 1
        windowDrawn[window][item] &+= 1
        windowVisits[window][state] &+= 1
        var after = flags & ~Self.lastImpossible
        if machine.states[state].odds[item] == .zero {
            impossible &+= 1
            impossibleByItem[item] &+= 1
            if flags & Self.lastImpossible == 0 { impossibleRuns &+= 1 }
            if flags & Self.everImpossible == 0 { impossiblePlayers &+= 1 }
            after = Self.lastImpossible | Self.everImpossible
            if impossibleExamples.count < Self.shownImpossible { impossibleExamples.append((number, state, item)) }
        }
        if hasMemory {
            // The state moves on by the declared rules, as if the draw had been possible: a miss past a hard
            // limit stays at the limit, so the misses after it are impossible too (one run).
            players[player] = Int32(machine.states[state].next[item]) | after
        } else {
            if remembered > 0, !pairs.isEmpty { pairs[(Int(remembered) - 1) * items + item] &+= 1 }
            players[player] = Int32(item + 1) | after
        }
    }
}

// The drift windows.
extension PrizeDrawLogTally {
    /// The window of the line just counted, opened if new; automatic windows merge two by two when they
    /// reach ``blockLimit``, so memory stays fixed.
    mutating func window(number: Int) -> Int {
        if case .automatic = options.window, Int((lines - 1) / UInt64(blockSize)) >= blockLimit {
            func merged<T>(_ rows: [[T]], _ add: (T, T) -> T) -> [[T]] {
                stride(from: 0, to: rows.count, by: 2).map { index in
                    index + 1 < rows.count ? zip(rows[index], rows[index + 1]).map(add) : rows[index]
                }
            }
            windowDrawn = merged(windowDrawn, &+)
            windowVisits = merged(windowVisits, &+)
            windowStartLine = stride(from: 0, to: windowStartLine.count, by: 2).map { windowStartLine[$0] }
            blockSize *= 2
        }
        let window = Int((lines - 1) / UInt64(blockSize))
        while windowDrawn.count <= window {
            windowDrawn.append([UInt64](repeating: 0, count: items))
            windowVisits.append([UInt64](repeating: 0, count: machine.states.count))
            windowStartLine.append(number)
        }
        return window
    }
}

// Fields of a row.
extension PrizeDrawLogTally {
    /// A CSV line's fields (quoted fields as RFC 4180 writes them), for the header.
    /// - Throws: ``LogError`` for a quote not closed on the line.
    static func fields(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws -> [String] {
        var fields: [String] = [], current: [UInt8] = []
        var quoted = false, position = 0
        while position < line.count {
            let byte = line[position]
            if quoted {
                if byte == UInt8(ascii: "\""), position + 1 < line.count, line[position + 1] == UInt8(ascii: "\"") {
                    current.append(byte)
                    position += 1
                } else if byte == UInt8(ascii: "\"") {
                    quoted = false
                } else {
                    current.append(byte)
                }
            } else if byte == UInt8(ascii: "\"") {
                quoted = true
            } else if byte == UInt8(ascii: ",") {
                fields.append(String(decoding: current, as: UTF8.self))
                current = []
            } else {
                current.append(byte)
            }
            position += 1
        }
        guard !quoted else { throw LogError(line: number, column: line.count + 1, message: "a quote opened in the header is not closed") }
        fields.append(String(decoding: current, as: UTF8.self))
        return fields
    }

    /// The item's label, the player's hash and the payout in a CSV row (quoted fields as RFC 4180 writes
    /// them).
    func csvRow(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws -> (String, UInt64?, Double?) {
        var label: String?
        var player: UInt64?
        var payout: Double?
        var index = 0, position = 0
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
        while index <= widest {
            var start = position, end = position
            var text: String?
            if position < line.count && line[position] == quote {
                start = position + 1
                end = start
                var unquoted: [UInt8] = []
                while end < line.count {
                    if line[end] == quote {
                        guard end + 1 < line.count, line[end + 1] == quote else { break }
                        unquoted.append(quote)
                        end += 2
                        continue
                    }
                    unquoted.append(line[end])
                    end += 1
                }
                guard end < line.count else {
                    throw LogError(
                        line: number, column: start,
                        message:
                            "field \(index + 1): the quote opened here is not closed on this line (a quoted CSV field ends with \"; a quote inside it is written \"\")"
                    )
                }
                text = String(decoding: unquoted, as: UTF8.self)
                position = end + 1
                while position < line.count && line[position] != comma { position += 1 }
            } else {
                while end < line.count && line[end] != comma { end += 1 }
                position = end
            }
            let field = text ?? String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
            if index == outcomeColumn { label = field.trimmingCharacters(in: .whitespaces) }
            if index == sessionColumn {
                let id = field.trimmingCharacters(in: .whitespaces)
                guard !id.isEmpty else {
                    throw LogError(
                        line: number, column: start + 1,
                        message: "session: empty; a prize draw's log names the player on every line (each player's state is rebuilt apart)")
                }
                player = FNV1a.hash(id.utf8)
            }
            if index == payoutColumn { payout = try Self.payout(field, line: number, column: start + 1) }
            index += 1
            if position >= line.count { break }
            position += 1
        }
        guard let label, index > widest else {
            throw LogError(
                line: number, column: line.count + 1,
                message: "the row has \(index) field\(index == 1 ? "" : "s"); the header names \(widest + 1) or more")
        }
        guard !label.isEmpty else { throw LogError(line: number, column: 1, message: "outcome: empty; a draw's line names the item drawn") }
        return (label, player, payout)
    }

    /// The item's label, the player's hash and the payout in a JSON line: `outcome` a string (or a number,
    /// read as written), `session` a string or a number, `payout` a number (or a string holding one); keys in
    /// any case, each at most once.
    func jsonRow(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws -> (String, UInt64?, Double?) {
        let keyStarts = try LogFields.checkStrictJSON(line, number: number)
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            throw LogError(line: number, column: 1, message: "not a JSON object")
        }
        var values: [String: Any] = [:]
        for (key, value) in object { values[key.lowercased()] = value }
        func text(_ name: String) throws -> String? {
            guard let value = values[name], !(value is NSNull) else { return nil }
            if let string = value as? String { return string.trimmingCharacters(in: .whitespaces) }
            // JSON's true and false arrive as NSNumbers too; neither names an item or a player.
            if let number = value as? NSNumber, String(cString: number.objCType) != "c" {
                let double = number.doubleValue
                return double == double.rounded() && abs(double) < 1e15 ? String(Int64(double)) : "\(double)"
            }
            throw LogError(line: number, column: (keyStarts[name] ?? 0) + 1, message: "\(name): must be a string or a number")
        }
        guard let label = try text("outcome"), !label.isEmpty else {
            throw LogError(line: number, column: 1, message: "outcome: missing or empty; a draw's line names the item drawn")
        }
        if let value = values["session"], value is NSNull || (value as? String)?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            throw LogError(
                line: number, column: (keyStarts["session"] ?? 0) + 1,
                message: "session: empty; a prize draw's log names the player on every line (each player's state is rebuilt apart)")
        }
        let player = try text("session")
        let payout = try text("payout").map { try Self.payout($0, line: number, column: (keyStarts["payout"] ?? 0) + 1) }
        return (label, player.map { FNV1a.hash($0.utf8) }, payout)
    }
}
