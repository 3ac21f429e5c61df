import FairnessStatistics
import Foundation

/// What a production log is checked against: the game's labels, their declared odds, and its paytable.
public struct LogModel: Sendable {
    /// The game's name (the subject in reports).
    public let name: String
    /// One line saying what the game is.
    public let summary: String
    /// Every label a sector carries, in the wheel's order.
    public let labels: [Int]
    /// The declared probability of each label, in the same order (summing to 1).
    public let probabilities: [Double]
    /// What the game pays per label, if anything.
    public let paytable: Paytable<Int>?
    /// For a dice game: its dice, hands and their exact final odds, and what it pays by hand (the log's
    /// outcome is then the final roll's faces, and the labels are the poker categories' raw values).
    public let dice: DiceLog?

    /// What a dice game's log is checked against besides its categories.
    public struct DiceLog: Sendable {
        /// The dice.
        public let dice: DiceSet
        /// The hands the game names, with the exact probability of each on the final roll (nil where it could
        /// not be computed exactly: the hand still decides payouts, but its frequency is not tested).
        public let hands: [(hand: DiceHand, probability: Double?)]
        /// What the game pays by hand name (a play pays the largest prize among the hands its roll is).
        public let paytable: Paytable<String>?
        /// The exact RTP of the design, if it pays.
        public let returnToPlayer: Double?

        /// A dice game's log model.
        public init(dice: DiceSet, hands: [(hand: DiceHand, probability: Double?)], paytable: Paytable<String>?, returnToPlayer: Double?) {
            self.dice = dice
            self.hands = hands
            self.paytable = paytable
            self.returnToPlayer = returnToPlayer
        }

        /// What a roll pays by the hands' rules: the largest prize among the hands it is.
        func payout(_ roll: DiceRoll) -> Double {
            guard let paytable else { return 0 }
            return hands.reduce(0) { best, entry in entry.hand.holds(in: roll) ? max(best, paytable.prize(entry.hand.name)) : best }
        }
    }

    /// A dice game's model: labels are the categories defined for its dice (by raw value), with their exact
    /// final probabilities.
    /// - Throws: as ``init(name:summary:labels:probabilities:paytable:dice:)``.
    public init(name: String, summary: String, categoryOdds: [PokerCategory: Double], dice: DiceLog) throws {
        let categories = categoryOdds.keys.sorted()
        try self.init(
            name: name, summary: summary, labels: categories.map(\.rawValue), probabilities: categories.map { categoryOdds[$0]! },
            paytable: nil, dice: dice)
    }

    /// A model.
    /// - Throws: ``AuditError/invalidSetting(_:value:allowed:)`` (as `.logModel`) if labels repeat, the
    ///   probabilities are not one per label, or they are not a distribution.
    public init(
        name: String, summary: String, labels: [Int], probabilities: [Double], paytable: Paytable<Int>? = nil, dice: DiceLog? = nil
    ) throws {
        guard !labels.isEmpty, Set(labels).count == labels.count, probabilities.count == labels.count,
            probabilities.allSatisfy({ $0.isFinite && $0 >= 0 }), abs(probabilities.reduce(0, +) - 1) <= 1e-6
        else {
            throw AuditError.invalidSetting(
                .logModel, value: "\(labels.count) labels, \(probabilities.count) probabilities",
                allowed: "distinct labels, one probability each, summing to 1")
        }
        self.name = name
        self.summary = summary
        self.labels = labels
        self.probabilities = probabilities
        self.paytable = paytable
        self.dice = dice
    }

    /// How an outcome is named in reports: a label, or a dice category's name.
    func name(ofLabel label: Int) -> String {
        dice == nil ? "\(label)" : PokerCategory(rawValue: label)?.name ?? "\(label)"
    }

    /// The exact RTP the model implies: Σ P(label) · prize(label) / stake; nil without a paytable.
    public var returnToPlayer: Double? {
        if let dice { return dice.returnToPlayer }
        return paytable.map { table in zip(labels, probabilities).reduce(0) { $0 + $1.1 * table.prize($1.0) } / table.stake }
    }
}

/// How a log is cut and how forgiving the reader is.
public struct LogOptions: Sendable {
    /// Consecutive windows for the drift checks.
    public enum Window: Sendable, Hashable {
        /// About 16 to 32 windows of equal length, whatever the log's length (the default): lines are counted
        /// in blocks of 1,000 that double in length whenever there are 1,024 of them, so memory stays fixed.
        case automatic
        /// Windows of this many outcome lines.
        case lines(Int)
        /// Windows of this many seconds of the timestamp column.
        case seconds(Double)
    }

    /// The windows (``Window/automatic`` by default).
    public var window: Window = .automatic
    /// Bad rows tolerated: each is counted and reported; one more is an error. 0 by default: the first
    /// bad row is an error.
    public var skipBad: Int = 0
    /// The log's name in messages (a path, or `-`).
    public var file: String = "-"

    /// The default options.
    public init() {}
}

/// Reads a production log of outcomes — CSV with a header, or JSON Lines — in one streaming pass, and
/// audits it against a ``LogModel``: the outcome distribution against the declared odds, labels no sector
/// carries, serial independence within sessions, payouts against the paytable, the observed RTP with a
/// profile-likelihood interval, each prize's frequency, and drift across consecutive windows.
///
/// Memory holds the tallies — per label, per pair of labels, per window, per payout value — never the
/// lines, so a log of 10⁸ lines streams in the same memory as one of 10⁴.
public enum OutcomeLog {
    /// The column names read (case-insensitive); others are ignored.
    public static let columns = ["outcome", "session", "timestamp", "stake", "payout"]
    /// Most distinct per-play returns (payout over stake) kept for the RTP interval.
    public static let maximumReturnLevels = 10_000

    /// Audits the log read from `descriptor` (a file, or standard input).
    /// - Throws: ``LogError`` for a bad header, a bad row beyond `options.skipBad`, or a read error;
    ///   ``AuditError`` for a log without outcome lines or bad settings.
    public static func audit(descriptor: Int32, model: LogModel, options: LogOptions, settings: AuditSettings) throws -> AuditReport {
        var tally = LogTally(model: model, options: options)
        do {
            try LogReader(descriptor: descriptor).forEachLine { line, number in try tally.read(line, number: number) }
        } catch var error as LogError {
            error.file = options.file
            throw error
        }
        for (level, count) in zip(tally.returnLevels, tally.returnCounts) { tally.returns[level, default: 0] += count }
        guard tally.lines > 0 else {
            throw AuditError.invalidSetting(.logModel, value: options.file, allowed: "a log with at least one outcome line")
        }
        var own = settings
        own.run.trials = tally.lines
        return try Audit.assemble([tally.result(settings: own)], settings: own)
    }
}

/// The streaming state of one log.
struct LogTally {
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

    init(model: LogModel, options: LogOptions) {
        self.model = model
        self.options = options
        k = model.labels.count
        counts = [UInt64](repeating: 0, count: k + 2)
        handCounts = [UInt64](repeating: 0, count: model.dice?.hands.count ?? 0)
        pairs = [UInt64](repeating: 0, count: k * k)
        slots = OutcomeSlots(labels: model.labels)
    }

    // MARK: Reading

    mutating func read(_ raw: UnsafeBufferPointer<UInt8>, number: Int) throws {
        // A UTF-8 byte-order mark (Excel, PowerShell) before the first line is not part of it.
        var line = raw
        if number == 1, raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF { line = UnsafeBufferPointer(rebasing: raw[3...]) }
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
        for (index, name) in OutcomeLog.columns.enumerated() {
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
                ? try Self.csvFields(line, column: column, widest: widestColumn, number: number, dice: model.dice?.dice)
                : try Self.jsonFields(line, number: number, dice: model.dice?.dice)
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
                    line: error.line, column: error.column,
                    message: "\(error.message) (bad row \(badRows), more than --skip-bad \(options.skipBad))")
            }
        }
    }

    /// The fields of one row: outcome (nil for `none`), session hash, timestamp, stake, payout.
    struct Fields: Equatable {
        var outcome: Int?
        /// A dice game's roll (nil: not a dice log); invalid faces are recorded as an empty roll.
        var faces: DiceRoll?
        /// The outcome as written, for messages about invalid rolls.
        var outcomeText = ""
        var session: UInt64?
        var timestamp: Double?
        var stake: Double?
        var payout: Double?
    }

    static func csvFields(_ line: UnsafeBufferPointer<UInt8>, column: [Int], widest: Int, number: Int, dice: DiceSet?) throws -> Fields {
        var fields = Fields()
        var index = 0, position = 0
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
        var found = 0
        while index <= widest {
            var start = position, end = position
            if position < line.count && line[position] == quote {
                // A quoted field: "" inside it is one quote (RFC 4180); the field ends at the lone quote.
                start = position + 1
                end = start
                while end < line.count {
                    if line[end] == quote {
                        if end + 1 < line.count && line[end + 1] == quote {
                            end += 2
                            continue
                        }
                        break
                    }
                    end += 1
                }
                position = end + 1
                while position < line.count && line[position] != comma { position += 1 }
            } else {
                while end < line.count && line[end] != comma { end += 1 }
                position = end
            }
            let field = UnsafeBufferPointer(rebasing: line[start..<end])
            let at = start + 1
            if index == column[0] {
                found += 1
                if let dice {
                    fields.faces = try roll(field, dice: dice, line: number, column: at)
                    if fields.faces!.count == 0 { fields.outcomeText = String(decoding: trimmed(field), as: UTF8.self) }
                } else {
                    fields.outcome = try outcome(field, line: number, column: at)
                }
            } else if index == column[1] {
                fields.session = hash(field)
            } else if index == column[2] {
                fields.timestamp = try timestamp(field, line: number, column: at)
            } else if index == column[3] {
                fields.stake = try Self.number(field, "stake", line: number, column: at)
            } else if index == column[4] {
                fields.payout = try Self.number(field, "payout", line: number, column: at)
            }
            index += 1
            if position >= line.count {
                break
            }
            position += 1
        }
        if found == 0 || index <= widest {
            throw LogError(
                line: number, column: line.count + 1, message: "the row has \(index) fields; the header names \(widest + 1) or more")
        }
        return fields
    }

    /// Refuses what JSONSerialization would let through and another platform's would not, or would read
    /// another way, so that a line means the same everywhere: a trailing comma before `}` or `]` (accepted
    /// by Linux's Foundation, refused by RFC 8259 and by Apple's), and a key the audit reads given twice in
    /// the line's object, exactly or in another case (`"outcome"` and `"Outcome"`): which one would count
    /// depends on a dictionary's order. The column is that of the comma or of the second key.
    /// - Returns: Where each key the audit reads begins in the line (its opening quote, 0-based), by its
    ///   name in lower case.
    /// - Throws: ``LogError`` naming the line and column.
    /// - Complexity: O(*n*) in the line's length.
    static func checkStrictJSON(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws -> [String: Int] {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var depth = 0, position = 0
        var lastSignificant: UInt8 = 0, lastComma = -1
        var seen: [String: Int] = [:]
        while position < line.count {
            let byte = line[position]
            switch byte {
            case quote:
                // A string: a key of the line's object when it opens a member at depth 1.
                let start = position
                var escaped = false
                position += 1
                while position < line.count {
                    if escaped {
                        escaped = false
                    } else if line[position] == backslash {
                        escaped = true
                    } else if line[position] == quote {
                        break
                    }
                    position += 1
                }
                if depth == 1, lastSignificant == UInt8(ascii: "{") || lastSignificant == UInt8(ascii: ","),
                    let key = jsonString(UnsafeBufferPointer(rebasing: line[start..<min(position + 1, line.count)]))
                {
                    let name = key.lowercased()
                    if OutcomeLog.columns.contains(name) {
                        if seen[name] != nil {
                            throw LogError(
                                line: number, column: start + 1, message: "\(name): given twice in one object (a second key '\(key)')")
                        }
                        seen[name] = start
                    }
                }
                lastSignificant = quote
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                lastSignificant = byte
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if lastSignificant == UInt8(ascii: ",") {
                    throw LogError(
                        line: number, column: lastComma + 1,
                        message: "a comma before '\(Character(UnicodeScalar(byte)))' (not JSON: RFC 8259 allows no trailing comma)")
                }
                depth -= 1
                lastSignificant = byte
                // The line's value ends here; whatever follows is JSONSerialization's to refuse.
                if depth == 0 { return seen }
            case UInt8(ascii: ","):
                lastComma = position
                lastSignificant = byte
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                break
            default:
                lastSignificant = byte
            }
            position += 1
        }
        return seen
    }

    /// The text of a JSON string literal (quotes included), escapes decoded; nil if it is not one.
    static func jsonString(_ literal: UnsafeBufferPointer<UInt8>) -> String? {
        guard literal.count >= 2, literal.last == UInt8(ascii: "\"") else { return nil }
        if !literal.contains(UInt8(ascii: "\\")) {
            return String(decoding: UnsafeBufferPointer(rebasing: literal.dropFirst().dropLast()), as: UTF8.self)
        }
        return (try? JSONSerialization.jsonObject(with: Data(literal), options: .fragmentsAllowed)) as? String
    }

    /// The fields of a JSON line: read directly where the line is a flat object of plain values (almost
    /// every production log; see ``quickJSONFields(_:number:dice:)``), through JSONSerialization otherwise.
    static func jsonFields(_ line: UnsafeBufferPointer<UInt8>, number: Int, dice: DiceSet?) throws -> Fields {
        if let fields = try quickJSONFields(line, number: number, dice: dice) { return fields }
        return try serializedJSONFields(line, number: number, dice: dice)
    }

    /// The fields of a JSON line read with JSONSerialization: any JSON, keys in any case.
    static func serializedJSONFields(_ line: UnsafeBufferPointer<UInt8>, number: Int, dice: DiceSet?) throws -> Fields {
        let keyStarts = try checkStrictJSON(line, number: number)
        // An error in a field's value names the column where its key begins.
        func column(_ name: String) -> Int { (keyStarts[name] ?? 0) + 1 }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            throw LogError(line: number, column: 1, message: "not a JSON object")
        }
        var fields = Fields()
        let keyed = Dictionary(object.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        // JSON's true and false arrive as NSNumbers too (1 and 0); none of the fields read is a truth value.
        for name in OutcomeLog.columns {
            if let value = keyed[name] as? NSNumber, String(cString: value.objCType) == "c" {
                throw LogError(
                    line: number, column: column(name),
                    message: "\(name): \(value.boolValue) is not a \(name == "outcome" ? "result" : "value")")
            }
        }
        if let dice {
            let text: String
            switch keyed["outcome"] {
            case let list as [Any]: text = list.map { "\($0)" }.joined(separator: " ")
            case let string as String: text = string
            case let face as NSNumber: text = "\(face)"
            case nil: throw LogError(line: number, column: 1, message: "outcome: missing")
            default:
                throw LogError(
                    line: number, column: column("outcome"), message: "outcome: must be the roll's faces, [3, 1, 4, 1, 5] or \"3-1-4-1-5\"")
            }
            fields.faces = try Array(text.utf8).withUnsafeBufferPointer {
                try roll($0, dice: dice, line: number, column: column("outcome"))
            }
            if fields.faces!.count == 0 { fields.outcomeText = text }
        } else {
            switch keyed["outcome"] {
            case let value as NSNumber where value.doubleValue == value.doubleValue.rounded() && abs(value.doubleValue) < 1e15:
                fields.outcome = value.intValue
            case let text as String:
                fields.outcome = try Array(text.utf8).withUnsafeBufferPointer { try outcome($0, line: number, column: column("outcome")) }
            case nil: throw LogError(line: number, column: 1, message: "outcome: missing")
            default: throw LogError(line: number, column: column("outcome"), message: "outcome: must be a whole-number label or 'none'")
            }
        }
        if let session = keyed["session"], !(session is NSNull) { fields.session = Array("\(session)".utf8).withUnsafeBufferPointer(hash) }
        for (name, keyPath) in [("timestamp", \Fields.timestamp), ("stake", \Fields.stake), ("payout", \Fields.payout)] {
            switch keyed[name] {
            case nil, is NSNull: continue
            case let value as NSNumber: fields[keyPath: keyPath] = value.doubleValue
            case let text as String where name == "timestamp":
                fields.timestamp = try Array(text.utf8).withUnsafeBufferPointer {
                    try timestamp($0, line: number, column: column("timestamp"))
                }
            case let text as String:
                fields[keyPath: keyPath] = try Array(text.utf8).withUnsafeBufferPointer {
                    try Self.number($0, name, line: number, column: column(name))
                }
            default: throw LogError(line: number, column: column(name), message: "\(name): must be a number")
            }
        }
        return fields
    }

    static func trimmed(_ field: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = field.count
        while start < end && (field[start] == 32 || field[start] == 9) { start += 1 }
        while end > start && (field[end - 1] == 32 || field[end - 1] == 9) { end -= 1 }
        return UnsafeBufferPointer(rebasing: field[start..<end])
    }

    static func outcome(_ raw: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws -> Int? {
        let field = trimmed(raw)
        var value = 0, index = 0, negative = false
        if field.count == 4, field[0] | 0x20 == UInt8(ascii: "n"), field[1] | 0x20 == UInt8(ascii: "o"),
            field[2] | 0x20 == UInt8(ascii: "n"), field[3] | 0x20 == UInt8(ascii: "e")
        {
            return nil
        }
        if index < field.count && (field[index] == UInt8(ascii: "-") || field[index] == UInt8(ascii: "+")) {
            negative = field[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < field.count, field.count - index <= 18 else {
            throw LogError(
                line: line, column: column,
                message: "outcome: '\(String(decoding: field, as: UTF8.self))' is not a whole-number label or 'none'")
        }
        while index < field.count {
            let digit = Int(field[index]) - 48
            guard digit >= 0 && digit <= 9 else {
                throw LogError(
                    line: line, column: column,
                    message: "outcome: '\(String(decoding: field, as: UTF8.self))' is not a whole-number label or 'none'")
            }
            value = value * 10 + digit
            index += 1
        }
        return negative ? -value : value
    }

    /// A roll written as its faces, separated by spaces, `-`, `:` or `|` ("3-1-4-1-5"). Faces outside
    /// 1 ... F, or the wrong number of dice, give an empty roll (an invalid outcome the log is audited for);
    /// anything that is not whole numbers is a bad row.
    static func roll(_ raw: UnsafeBufferPointer<UInt8>, dice: DiceSet, line: Int, column: Int) throws -> DiceRoll {
        let field = trimmed(raw)
        var faces: [Int] = []
        faces.reserveCapacity(dice.count)
        var value = -1
        var negative = false
        for byte in field {
            if byte >= 48 && byte <= 57 {
                value = (value < 0 ? 0 : value) * 10 + Int(byte - 48)
                guard value < 1_000_000 else { break }
            } else if byte == UInt8(ascii: "-") && value < 0 {
                // A minus sign (not a separator after a face): a negative face, which no die shows.
                negative = true
            } else if byte == 32 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "|")
                || byte == UInt8(ascii: ",")
            {
                if value >= 0 { faces.append(negative ? -value : value) }
                value = -1
                negative = false
            } else {
                throw LogError(
                    line: line, column: column,
                    message: "outcome: '\(String(decoding: field, as: UTF8.self))' is not a roll of \(dice): faces such as 3-1-4-1-5")
            }
        }
        if value >= 0 { faces.append(negative ? -value : value) }
        guard !faces.isEmpty else {
            throw LogError(
                line: line, column: column, message: "outcome: empty; a roll of \(dice) is written as its faces, such as 3-1-4-1-5")
        }
        guard faces.count == dice.count, faces.allSatisfy({ (1...dice.faces).contains($0) }) else { return DiceRoll(count: 0) }
        return DiceRoll(faces)
    }

    static func number(_ raw: UnsafeBufferPointer<UInt8>, _ name: String, line: Int, column: Int) throws -> Double? {
        let field = trimmed(raw)
        if field.isEmpty { return nil }
        guard field.count < 64 else { throw LogError(line: line, column: column, message: "\(name): too long for a number") }
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        return try withUnsafeMutableBytes(of: &buffer) { bytes -> Double in
            for index in 0..<field.count { bytes[index] = field[index] }
            bytes[field.count] = 0
            let start = bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &end)
            guard end == start + field.count, value.isFinite else {
                throw LogError(
                    line: line, column: column, message: "\(name): '\(String(decoding: field, as: UTF8.self))' is not a finite number")
            }
            return value
        }
    }

    /// Seconds since 1970 from a number (epoch seconds) or ISO 8601 `YYYY-MM-DD[T ]HH:MM:SS[.fff][Z|±HH:MM]`.
    static func timestamp(_ raw: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws -> Double? {
        let field = trimmed(raw)
        if field.isEmpty { return nil }
        if field.count >= 19, field[4] == UInt8(ascii: "-"), field[7] == UInt8(ascii: "-") {
            func digits(_ from: Int, _ count: Int) -> Int? {
                var value = 0
                for index in from..<(from + count) {
                    let digit = Int(field[index]) - 48
                    guard digit >= 0 && digit <= 9 else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), let hour = digits(11, 2),
                let minute = digits(14, 2), let second = digits(17, 2), (1...12).contains(month), (1...31).contains(day)
            else {
                throw LogError(
                    line: line, column: column, message: "timestamp: '\(String(decoding: field, as: UTF8.self))' is not ISO 8601")
            }
            // Days from the civil date (H. Hinnant's algorithm).
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let days = era * 146_097 + dayOfEra - 719_468
            var seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
            var index = 19
            if index < field.count && field[index] == UInt8(ascii: ".") {
                var scale = 0.1
                index += 1
                while index < field.count, let digit = Optional(Int(field[index]) - 48), digit >= 0 && digit <= 9 {
                    seconds += Double(digit) * scale
                    scale /= 10
                    index += 1
                }
            }
            // The zone: Z, ±HH, ±HHMM or ±HH:MM; nothing else may follow the time.
            let rest = field.count - index
            if rest == 1 && (field[index] == UInt8(ascii: "Z") || field[index] == UInt8(ascii: "z")) { return seconds }
            if rest == 0 { return seconds }
            let sign = field[index]
            var offset: Int?
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                if rest == 3, let h = digits(index + 1, 2) { offset = h * 3_600 }
                if rest == 5, let h = digits(index + 1, 2), let m = digits(index + 3, 2) { offset = h * 3_600 + m * 60 }
                if rest == 6, field[index + 3] == UInt8(ascii: ":"), let h = digits(index + 1, 2), let m = digits(index + 4, 2) {
                    offset = h * 3_600 + m * 60
                }
            }
            guard let offset else {
                throw LogError(
                    line: line, column: column,
                    message:
                        "timestamp: '\(String(decoding: field, as: UTF8.self))' is neither epoch seconds nor ISO 8601 (2026-11-01T12:00:00Z)"
                )
            }
            return seconds + (sign == UInt8(ascii: "+") ? -Double(offset) : Double(offset))
        }
        do {
            return try number(field, "timestamp", line: line, column: column)
        } catch {
            throw LogError(
                line: line, column: column,
                message:
                    "timestamp: '\(String(decoding: field, as: UTF8.self))' is neither epoch seconds nor ISO 8601 (2026-11-01T12:00:00Z)")
        }
    }

    /// FNV-1a of a field's bytes.
    static func hash(_ field: UnsafeBufferPointer<UInt8>) -> UInt64 { FNV1a.hash(trimmed(field)) }

    /// Counts one outcome line.
    mutating func record(_ fields: Fields, number: Int) throws {
        // Everything that can refuse the row comes first: a row skipped with --skip-bad leaves no trace.
        let line = lines + 1
        let timeWindow: Int?
        if case .seconds(let size) = options.window {
            guard let time = fields.timestamp else {
                throw LogError(line: number, column: 1, message: "timestamp: missing; windows by time need a timestamp on every line")
            }
            let offset = ((time - (timeOrigin ?? time)) / size).rounded(.down)
            guard offset >= 0 else {
                throw LogError(
                    line: number, column: 1, message: "timestamp: before the first line's; windows by time need timestamps in order")
            }
            guard offset < Double(LogTally.maximumWindows) else {
                throw LogError(
                    line: number, column: 1, message: "timestamp: more than \(LogTally.maximumWindows) windows after the first line's")
            }
            timeWindow = Int(offset)
        } else {
            timeWindow = nil
        }
        if case .lines(let size) = options.window, (line - 1) / UInt64(size) >= UInt64(LogTally.maximumWindows) {
            throw LogError(
                line: number, column: 1, message: "more than \(LogTally.maximumWindows) windows of \(size) lines; use a larger --window")
        }
        let slot = self.slot(fields)
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

        // The row is good: count it.
        lines = line
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
        }
        // Serial pairs within a session (a new session value starts a new chain).
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
        // Windows.
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
            window = timeWindow!
        }
        while windows.count <= window {
            windows.append([UInt64](repeating: 0, count: k + 2))
            windowStartLine.append(number)
        }
        windows[window][slot] &+= 1
        // Payouts: as logged, or as the paytable says (for dice, the largest prize among the hands the roll is).
        if let stake, let payout, let perPlay {
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
            if let expected = paytablePayout, fields.payout != nil, abs(expected - payout) > 1e-9 * max(1, abs(expected)) {
                payoutMismatches &+= 1
                if firstPayoutMismatch == nil {
                    let outcome =
                        slot >= k ? "an invalid outcome" : model.dice != nil ? "roll \(fields.faces!)" : "label \(model.labels[slot])"
                    firstPayoutMismatch = (number, outcome, payout, expected)
                }
            }
        }
    }

    /// The tally slot of a row's outcome: a label's or category's, k for no result, k + 1 for an outcome no
    /// sector carries or a roll the dice cannot show.
    func slot(_ fields: Fields) -> Int {
        if let roll = fields.faces {
            return roll.count == 0 ? slots.invalid : slots.slot(.label(PokerCategory.of(roll).rawValue))
        }
        return slots.slot(fields.outcome.map { .label($0) } ?? .noResult)
    }
}
