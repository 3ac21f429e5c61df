import BigInt
import FairnessModel
import Foundation
import Testing

@testable import FairnessChecks
@testable import FairnessReport

/// A counterexample's and a mislabelled arc's typed facts, as `audit.json` holds them: every case reads
/// back as written (a missing settlement's NaN included), and what no renderer writes is refused with a
/// decoding error rather than read or trapped on.
@Suite struct CounterexampleFactsCodingTests {
    /// The report's coders without a wording (`audit.json`'s treatment of NaN, sorted keys).
    static let (encoder, decoder) = ReportCodingTests.coders(wording: nil)

    /// One value of every case, with the figures each case's cells are written from.
    static let everyCase: [CounterexampleFacts] = [
        .probe(
            Counterexample(
                rotation: 3.1415926535897936, context: .nearLine(labels: [1, 2], turnsShift: -2, offset: .powerOfTwoUlps(3, above: false)),
                reported: .label(2), truth: .line([1, 2]))),
        .probe(Counterexample(rotation: -0.0, context: .negativeZero, reported: .noResult, truth: .blank)),
        .landing(
            .init(index: 4, rotation: 187.5, unit: .degrees, from: 12.25, landsOn: .truth(.label(3)), reported: .outcome(.label(4)))),
        .landing(
            .init(index: 9, rotation: nil, unit: .radians, from: nil, landsOn: .noSpin, reported: .trap(reason: "index out of range"))),
        .detector(.init(pattern: DiceRoll([1, 2, 3, 4, 6]), wrong: 120, orderings: 120, holds: false, hand: nil)),
        .detector(.init(pattern: DiceRoll([2, 2, 5, 5, 5]), wrong: 3, orderings: 10, holds: true, hand: "full house")),
        .betSettlement(
            .init(
                example: DiceRoll([6, 1, 6]), pattern: DiceRoll([1, 6, 6]), wrong: 3, orderings: 3, rules: ExactFraction(BigInt(19), 20),
                game: 1)),
        .betSettlement(
            .init(example: DiceRoll([3, 4]), pattern: DiceRoll([3, 4]), wrong: 2, orderings: 2, rules: ExactFraction(-1), game: .nan)),
        .roundSettlement(.init(rolls: [DiceRoll([3, 4]), DiceRoll([6, 1])], rules: .settled(-1), game: .rollAgain)),
        .roundSettlement(.init(rolls: [DiceRoll([1, 1])], rules: .rollAgain, game: nil)),
        .roundSettlement(.init(rolls: [DiceRoll([5, 2])], rules: .settled(1), game: .settled(.nan))),
    ]

    /// Equal as the report compares them, NaN included (a missing settlement is NaN on both sides).
    static func same(_ a: CounterexampleFacts, _ b: CounterexampleFacts) throws -> Bool {
        try encoder.encode(a) == encoder.encode(b)
    }

    @Test func everyCaseReadsBackAsWritten() throws {
        for facts in Self.everyCase {
            let data = try Self.encoder.encode(facts)
            let read = try Self.decoder.decode(CounterexampleFacts.self, from: data)
            #expect(try Self.same(read, facts), "\(String(decoding: data, as: UTF8.self))")
            if case .betSettlement(let bet) = facts, bet.game.isNaN {
                guard case .betSettlement(let back) = read else { Issue.record("not a bet: \(read)"); continue }
                #expect(back.game.isNaN)
            } else if case .roundSettlement(let round) = facts, case .settled(let net)? = round.game, net.isNaN {
                guard case .roundSettlement(let back) = read, case .settled(let readNet)? = back.game else {
                    Issue.record("not a round settled: \(read)")
                    continue
                }
                #expect(readNet.isNaN)
            } else {
                #expect(read == facts)
            }
        }
    }

    @Test func anObjectWithNoCaseOrTwoIsRefused() throws {
        for text in [
            #"{}"#, #"{"probe": {}}"#, #"{"riddle": {}}"#,
            #"{"detector": {"pattern": [1], "wrong": 1, "orderings": 1, "holds": true}, "landing": {}}"#,
        ] {
            #expect(throws: DecodingError.self, "\(text)") { try Self.decoder.decode(CounterexampleFacts.self, from: Data(text.utf8)) }
        }
        // A whole case reads back.
        let detector = #"{"detector": {"pattern": [1, 2, 2], "wrong": 1, "orderings": 3, "holds": true}}"#
        #expect(
            try Self.decoder.decode(CounterexampleFacts.self, from: Data(detector.utf8))
                == .detector(.init(pattern: DiceRoll([1, 2, 2]), wrong: 1, orderings: 3, holds: true, hand: nil)))
    }

    @Test func aRollIsWrittenAsItsFacesAndOnlyARollIsRead() throws {
        #expect(String(decoding: try Self.encoder.encode(DiceRoll([6, 1, 3])), as: UTF8.self) == "[6,1,3]")
        #expect(try Self.decoder.decode(DiceRoll.self, from: Data("[6,1,3]".utf8)) == DiceRoll([6, 1, 3]))
        #expect(try Self.decoder.decode(DiceRoll.self, from: Data("[255]".utf8)).faces == [255])
        let tooMany = "[" + Array(repeating: "1", count: DiceSet.maximumCount + 1).joined(separator: ",") + "]"
        for text in ["[0, 1]", "[256]", "[-1]", tooMany, "\"6-1-3\""] {
            #expect(throws: DecodingError.self, "\(text)") { try Self.decoder.decode(DiceRoll.self, from: Data(text.utf8)) }
        }
    }

    @Test func anArcWritesItsResultAndTruthAsFactsAlone() throws {
        let arc = ArcRow(
            subject: "wheel", from: 0.5, to: 0.75, unit: .radians, shareOfCircle: 0.25 / (2 * .pi), reported: .noResult,
            truth: .line([3, 4]))
        let data = try Self.encoder.encode(arc)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // Without a wording no cell of words: the result and the truth are values under `facts`.
        #expect(Set(object.keys) == ["subject", "from", "to", "unit", "shareOfCircle", "facts"])
        #expect(object["unit"] as? String == "radians")
        #expect(try Self.decoder.decode(ArcRow.self, from: data) == arc)
    }
}
