import FairnessModel
import Foundation

/// The fields of one row: outcome (nil for `none`), session hash, timestamp, stake, payout; for a dice
/// game, the bet or round the line settles and the round it belongs to.
struct LogFields: Equatable {
    var outcome: Int?
    /// A dice game's roll (nil: not a dice log), the first of a round's; invalid faces are recorded as an
    /// empty roll.
    var faces: DiceRoll?
    /// Every roll of the line when it shows several (`4-3 / 6-5`); empty when it shows one (``faces``).
    var rolls: [DiceRoll] = []
    /// The bet or round the line settles (a dice log's `bet` column; nil or empty: none).
    var bet: String?
    /// The round's identity (a dice log's `round` column, hashed): consecutive lines of one round are bets
    /// on one roll.
    var round: UInt64?
    /// The outcome as written, for messages about invalid rolls.
    var outcomeText = ""
    var session: UInt64?
    var timestamp: Double?
    var stake: Double?
    var payout: Double?
}

// CSV.
extension LogFields {
    static func csvFields(_ line: UnsafeBufferPointer<UInt8>, column: [Int], widest: Int, number: Int, dice: DiceSet?) throws -> LogFields {
        var fields = LogFields()
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
                // A quoted field must close on its line (a log row is one line): an unclosed quote is a bad
                // row, not a value running to the end of the line.
                guard end < line.count else {
                    throw LogError(
                        line: number, column: start,
                        message:
                            "field \(index + 1): the quote opened here is not closed on this line (a quoted CSV field ends with \"; a quote inside it is written \"\")"
                    )
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
                    try readRolls(field, dice: dice, line: number, column: at, into: &fields)
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
            } else if index == column[5], dice != nil {
                fields.bet = betName(field)
            } else if index == column[6], dice != nil, !trimmed(field).isEmpty {
                fields.round = hash(field)
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
}
