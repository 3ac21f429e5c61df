import BigInt
import FairnessModel
import Foundation
import Testing

@testable import FairnessChecks
@testable import FairnessReport
@testable import FairnessReportRendering

/// The cells of `counterexamples.csv`, written by the renderer from a counterexample's facts: each case in
/// the words the reports have always used (the committed `Reports/` holds the probe and landing rows), and
/// `audit.json` holding the same cells beside the facts.
@Suite struct CounterexampleCellsTests {
    static func cells(_ facts: CounterexampleFacts) -> [String] {
        let cells = ReportNarrator.cells(facts)
        return [cells.input, cells.context, cells.reported, cells.expected]
    }

    @Test func probes() {
        #expect(
            Self.cells(
                .probe(
                    Counterexample(
                        rotation: 3.1415926535897936, context: .nearLine(labels: [1, 2], turnsShift: 0, offset: .adjacent(1)),
                        reported: .label(2), truth: .label(1)))) == ["3.1415926535897936", "line 1|2, 1 ulp above", "2", "1"])
        #expect(
            Self.cells(
                .probe(
                    Counterexample(
                        rotation: -720, context: .nearLine(labels: [12, 1], turnsShift: -2, offset: .powerOfTwoUlps(3, above: false)),
                        reported: .noResult, truth: .line([12, 1]))))
                == ["-720", "line 12|1 shifted -2 turns, 2^3 ulp below", "no result", "on the line: 12 or 1"])
        #expect(
            Self.cells(.probe(Counterexample(rotation: 360, context: .exactlyOneTurn, reported: .trap, truth: .blank)))
                == ["360", "exactly one turn", "trap", "blank (no sector)"])
        // Any offset a file can hold is written, the most negative whole number included (no overflow).
        #expect(
            Self.cells(
                .probe(
                    Counterexample(
                        rotation: 1, context: .nearLine(labels: [1, 2], turnsShift: 0, offset: .adjacent(.min)), reported: .label(2),
                        truth: .label(1))))[1] == "line 1|2, 9223372036854775808 ulp below")
    }

    @Test func landings() {
        #expect(
            Self.cells(
                .landing(
                    .init(index: 4, rotation: 187.5, unit: .degrees, from: nil, landsOn: .truth(.label(3)), reported: .outcome(.label(4)))))
                == ["index 4", "stops at 187.5 degrees", "4", "lands on 3"])
        #expect(
            Self.cells(
                .landing(
                    .init(
                        index: 2, rotation: 0.5, unit: .radians, from: 12.25, landsOn: .truth(.line([1, 2])), reported: .outcome(.noResult))
                ))
                == ["index 2", "from 12.25 radians, stops at 0.5 radians", "no result", "lands on the line: 1 or 2"])
        #expect(
            Self.cells(
                .landing(.init(index: 9, rotation: nil, unit: .degrees, from: nil, landsOn: .noSpin, reported: .trap(reason: "boom"))))
                == ["index 9", "no spin", "traps: boom", "lands on refused (no spin)"])
    }

    @Test func detectors() {
        #expect(
            Self.cells(.detector(.init(pattern: DiceRoll([1, 2, 3, 4, 6]), wrong: 120, orderings: 120, holds: false, hand: nil)))
                == ["1-2-3-4-6", "120 of 120 orderings", "straight", "not a straight"])
        #expect(
            Self.cells(.detector(.init(pattern: DiceRoll([2, 2, 5, 5, 5]), wrong: 3, orderings: 10, holds: true, hand: "full house")))
                == ["2-2-5-5-5", "3 of 10 orderings", "not full house", "full house"])
    }

    @Test func settlements() {
        #expect(
            Self.cells(
                .betSettlement(
                    .init(
                        example: DiceRoll([6, 1, 6]), pattern: DiceRoll([1, 6, 6]), wrong: 3, orderings: 3,
                        rules: ExactFraction(BigInt(19), 20), game: 1)))
                == ["6-1-6", "3 of 3 orderings of 1-6-6", "net 1", "net 19/20 (0.95)"])
        #expect(
            Self.cells(
                .betSettlement(
                    .init(
                        example: DiceRoll([4, 3]), pattern: DiceRoll([3, 4]), wrong: 1, orderings: 2, rules: ExactFraction(-1), game: .nan))
            )
                == ["4-3", "1 of 2 orderings of 3-4", "no settlement", "net -1 (-1)"])
        #expect(
            Self.cells(.roundSettlement(.init(rolls: [DiceRoll([3, 4]), DiceRoll([6, 1])], rules: .settled(-1), game: .rollAgain)))
                == ["3-4 / 6-1", "2 rolls", "rolls again", "settles at net -1"])
        #expect(
            Self.cells(.roundSettlement(.init(rolls: [DiceRoll([1, 1])], rules: .rollAgain, game: nil)))
                == ["1-1", "1 roll", "no answer", "rolls again"])
        #expect(
            Self.cells(.roundSettlement(.init(rolls: [DiceRoll([5, 2])], rules: .settled(0.5), game: .settled(.nan))))
                == ["5-2", "1 roll", "no settlement", "settles at net 0.5"])
    }

    /// With the narrator's wording, a row in `audit.json` holds its check's name, its four cells and its
    /// facts; the cells are the ones `counterexamples.csv` shows.
    @Test func aWordedRowHoldsItsCellsBesideItsFacts() throws {
        let facts = CounterexampleFacts.detector(
            .init(pattern: DiceRoll([1, 2, 3, 5, 6]), wrong: 2, orderings: 120, holds: false, hand: nil))
        let row = CounterexampleRow(subject: "dice", check: .straightDetector, facts: facts)
        let encoder = JSONEncoder()
        encoder.userInfo[.reportWording] = ReportNarrator.Wording()
        let object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(row)) as? [String: Any])
        #expect(
            [object["input"], object["context"], object["reported"], object["expected"]].map { $0 as? String }
                == Self.cells(facts).map(Optional.some))
        #expect(object["check"] as? String == ReportNarrator.name(of: .straightDetector) && object["facts"] != nil)
        #expect(row.cells == ReportNarrator.cells(facts))
    }
}
