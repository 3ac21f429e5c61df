import FairnessModel
import Foundation
import Testing

@testable import FairnessAudit
@testable import FairnessBattery
@testable import FairnessLogs
@testable import FairnessReport
@testable import FairnessReportRendering
@testable import FairnessRunner
@testable import FairnessSubjectAudit
@testable import FairnessVerification
@testable import _FairnessAuditSupport

/// JSON Lines read directly: wherever the direct reading answers (fields or an error), JSONSerialization's
/// reading of the same line answers the same, to the bit; lines it cannot settle are left to
/// JSONSerialization.
@Suite("JSON Lines read directly")
struct QuickJSONTests {
    enum Reading: Equatable {
        case fields(LogFields)
        case error(LogError)
    }

    static func read(_ line: String, dice: DiceSet?, quick: Bool) -> Reading? {
        Array(line.utf8).withUnsafeBufferPointer { bytes in
            do {
                if quick {
                    return try LogFields.quickJSONFields(bytes, number: 7, dice: dice).map { .fields($0) }
                }
                return .fields(try LogFields.serializedJSONFields(bytes, number: 7, dice: dice))
            } catch let error as LogError {
                return .error(error)
            } catch {
                Issue.record("unexpected error \(error)")
                return nil
            }
        }
    }

    /// The same fields with every double compared by its bits (−0 apart from 0).
    static func identical(_ a: Reading, _ b: Reading) -> Bool {
        guard case .fields(let x) = a, case .fields(let y) = b else { return a == b }
        let doubles = [\LogFields.timestamp, \.stake, \.payout]
        return x == y && doubles.allSatisfy { x[keyPath: $0]?.bitPattern == y[keyPath: $0]?.bitPattern }
    }

    /// Values of every kind each key meets in logs, good and bad.
    static let outcomes = [
        "3", "-2", "0", "1e2", "3.0", "3.5", "1e20", "12345678901234567", "\"3\"", "\"none\"", "\" 7 \"", "null", "true", "[1,2]",
        "\"x\"", "-0", "03", "\"\\u0033\"",
    ]
    static let rolls = [
        "[3,1,4,1,5]", "[3, 1, 4, 1, 5]", "\"3-1-4-1-5\"", "[3,1,4,1,7]", "[3,1,4,1]", "[01,2,3,4,5]", "[3.0,1,4,1,5]", "[-3,1,4,1,5]",
        "35", "[]", "\"3 1 4 1 5\"", "[3,1,4,1,\"5\"]", "null", "\"3-1-4-1-5 / 2-2-2-2-2\"", "[[3,1,4,1,5],[6,6,6,6,6]]",
        "\"3-1-4-1-5 / \"", "\"3-1-4-1-5 / 1-2-3-4-9\"",
    ]
    static let bets = ["\"small\"", "\" big \"", "\"\"", "null", "7", "true", "[\"a\"]"]
    static let sessions = ["\"s1\"", "12", "1.5", "null", "true", "\"\"", "\"é\"", "\"a\\\"b\"", "-0", "[1]"]
    static let timestamps = [
        "\"2026-11-01T00:00:00Z\"", "1732406400", "1732406400.25", "\"bad\"", "null", "\"2026-11-01 12:00:00+01:00\"", "1e999", "true",
    ]
    static let amounts = ["100", "\"100\"", "1e2", "-0", "-0.0", "0", "null", "true", "0.1", "9007199254740993", "\"x\"", "{}"]

    /// A JSON line of the keys and values drawn, with spacing, key case, order, duplicates, extra keys and
    /// damage drawn too.
    static func line(dice: Bool, using generator: inout Xoshiro256StarStar) -> String {
        func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &generator)] }
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < p }
        var members: [(String, String)] = []
        if !chance(0.03) { members.append((pick(["outcome", "Outcome", "OUTCOME"]), dice ? pick(rolls) : pick(outcomes))) }
        if chance(0.7) { members.append(("session", pick(sessions))) }
        if chance(0.7) { members.append((pick(["timestamp", "TimeStamp"]), pick(timestamps))) }
        if chance(0.7) { members.append(("stake", pick(amounts))) }
        if chance(0.7) { members.append(("payout", pick(amounts))) }
        if dice && chance(0.4) { members.append((pick(["bet", "Bet"]), pick(bets))) }
        if dice && chance(0.4) { members.append(("round", pick(sessions))) }
        if chance(0.2) {
            members.append((pick(["id", "meta", "ok", "outcome"]), pick(["1", "\"a\"", "true", "false", "null", "{\"a\": 1}", "[1, 2]"])))
        }
        members.shuffle(using: &generator)
        func space() -> String { pick(["", " ", "  ", "\t"]) }
        var text =
            space() + "{" + members.map { space() + "\"\($0.0)\"" + space() + ":" + space() + $0.1 + space() }.joined(separator: ",") + "}"
        text += space()
        if chance(0.03) { text += pick([",", "x", "}", " {}"]) }
        if chance(0.02) { text = text.replacingOccurrences(of: "}", with: ",}") }
        return text
    }

    @Test(arguments: [false, true])
    func theDirectReadingAgreesWithJSONSerialization(dice: Bool) {
        var generator = Xoshiro256StarStar(seed: dice ? 2 : 1, stream: 0, block: 0)
        var settled = 0
        for _ in 0..<20_000 {
            let line = Self.line(dice: dice, using: &generator)
            guard let quick = Self.read(line, dice: dice ? .fiveSixSided : nil, quick: true) else { continue }
            settled += 1
            guard let slow = Self.read(line, dice: dice ? .fiveSixSided : nil, quick: false) else { continue }
            #expect(Self.identical(quick, slow), "\(line): direct \(quick), JSONSerialization \(slow)")
        }
        // Many of these deliberately odd lines are still plain enough to read directly.
        #expect(settled > 2_000, "\(settled) of 20,000")
    }

    @Test func aProductionLineIsReadDirectly() throws {
        let line = #"{"session": "s0", "timestamp": "2026-11-01T00:00:00Z", "outcome": 4, "stake": 100, "payout": 50}"#
        guard case .fields(let fields) = Self.read(line, dice: nil, quick: true) else {
            Issue.record("a plain production line must not need JSONSerialization")
            return
        }
        #expect(fields.outcome == 4 && fields.stake == 100 && fields.payout == 50 && fields.timestamp == 1_793_491_200)
        let roll = #"{"outcome": [3, 1, 4, 1, 5], "stake": 1, "payout": 0}"#
        guard case .fields(let dice) = Self.read(roll, dice: .fiveSixSided, quick: true) else {
            Issue.record("a plain dice line must not need JSONSerialization")
            return
        }
        #expect(dice.faces == DiceRoll([3, 1, 4, 1, 5]))
        // A truth value where a field is read is a bad row (JSONSerialization would give it as 1 or 0).
        for line in [#"{"outcome": true}"#, #"{"outcome": 3, "stake": false}"#, #"{"outcome": 3, "payout": true, "x": "\u0031"}"#] {
            #expect(Self.read(line, dice: nil, quick: true) == nil)
            guard case .error(let error) = Self.read(line, dice: nil, quick: false) else {
                Issue.record("\(line) must be refused")
                continue
            }
            #expect(error.message.contains("is not a"), "\(error)")
        }
        // Escapes, nested values and a missing outcome are left to JSONSerialization.
        for unsettled in [#"{"outcome": "\u0033"}"#, #"{"outcome": 3, "meta": {"a": 1}}"#, #"{"stake": 1}"#, #"{"outcome": 3,}"#] {
            #expect(Self.read(unsettled, dice: nil, quick: true) == nil, "\(unsettled)")
        }
    }

    /// What Linux's JSONSerialization lets through and Apple's refuses, or reads by a dictionary's order, is
    /// a bad row on every platform, named at its column; commas and keys inside strings are text.
    @Test func aLineMeansTheSameOnEveryPlatform() throws {
        let refused: [(line: String, column: Int, message: String)] = [
            (#"{"outcome": 3,}"#, 14, "a comma before '}'"),
            (#"{"outcome": 3, "meta": {"a": [1, 2, ], "b": 1}}"#, 35, "a comma before ']'"),
            (#"{"outcome": 1, "Outcome": 2}"#, 16, "outcome: given twice in one object (a second key 'Outcome')"),
            (#"{"outcome": 1, "outcome": 2}"#, 16, "outcome: given twice"),
            (#"{"out\u0063ome": 1, "meta": {"outcome": 5}, "OUTCOME": 2}"#, 45, "outcome: given twice"),
            (#"{"stake": 1, "outcome": 4, "STAKE": 2}"#, 28, "stake: given twice"),
        ]
        for (line, column, message) in refused {
            #expect(Self.read(line, dice: nil, quick: true) == nil, "\(line)")
            guard case .error(let error) = Self.read(line, dice: nil, quick: false) else {
                Issue.record("\(line) must be refused")
                continue
            }
            #expect(error.line == 7 && error.column == column && error.message.hasPrefix(message), "\(line): \(error)")
        }
        // Lines that are not JSON at all are refused as such, not as a key given twice.
        for line in [#"{"outcome": 1, "outcome"#, #"{"outcome": 1}{"Outcome": 2}"#] {
            guard case .error(let error) = Self.read(line, dice: nil, quick: false) else {
                Issue.record("\(line) must be refused")
                continue
            }
            #expect(error.message == "not a JSON object", "\(line): \(error)")
        }
        // A bad value is named at the column where its key begins, by either reading.
        for line in [#"{"session": "a", "outcome": "banana"}"#, #"{"session": "\u0061", "outcome": "banana"}"#] {
            guard case .error(let error) = Self.read(line, dice: nil, quick: false) else {
                Issue.record("\(line) must be refused")
                continue
            }
            #expect(error.column == (line.contains("\\") ? 23 : 18) && error.message.hasPrefix("outcome:"), "\(error)")
            if let quick = Self.read(line, dice: nil, quick: true) { #expect(quick == .error(error)) }
        }
        let read: [(line: String, outcome: Int)] = [
            (#"{"note": "a,}", "outcome": 3}"#, 3),
            (#"{"note": "say \"outcome\": 1,]", "outcome": 4}"#, 4),
            (#"{"meta": {"outcome": 9, "x": [1, {"outcome": 8}]}, "outcome": 5}"#, 5),
            (#"{"outcome": 6, "outcomes": 7, "payout_": 1}"#, 6),
        ]
        for (line, outcome) in read {
            guard case .fields(let fields) = Self.read(line, dice: nil, quick: false) else {
                Issue.record("\(line) must be read")
                continue
            }
            #expect(fields.outcome == outcome, "\(line)")
        }
    }
}
