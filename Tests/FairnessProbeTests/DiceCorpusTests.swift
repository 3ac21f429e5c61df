import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import TestSupport
import Testing
import _FairnessAuditSupport

/// Public dice games ported as written (`Fixtures/probes/dice_corpus.py`, sources in
/// `Fixtures/probes/dice_corpus/README.md`): each port fails the check its bug belongs to, with the exact
/// share `make_expected.py` computes apart from the toolkit, and each correct twin passes.
@Suite("dice corpus", .serialized, .fullTierOnly)
struct DiceCorpusTests {
    static let folder = "Tests/FairnessProbeTests/Fixtures/probes/dice_corpus/"
    /// Each port's spec.
    static let specs = [
        "sic-bo-high-low": "sic_bo", "sic-bo-small-le-9": "sic_bo", "sic-bo-no-triples": "sic_bo", "chuck-a-luck-flat": "chuck_a_luck",
        "over-under-even-seven": "over_under", "craps-pass-is-seven": "craps", "craps-seven-faced-dice": "craps",
        "two-dice-next-int-12": "two_dice_total", "d20-randrange-1-20": "d20", "3d6-randint-3-18": "three_d6",
        "yahtzee-four-always": "yahtzee", "farkle-three-ones-300": "farkle3",
    ]

    struct Expected: Decodable {
        let check: String
        let name: String
        let share: String
        let misplaced: String?
    }

    static let expected: [String: Expected] = {
        let url = ProbeTests.root.appendingPathComponent(folder + "expected.json")
        return try! JSONDecoder().decode([String: Expected].self, from: Data(contentsOf: url))
    }()

    static func audit(_ game: String, twin: Bool) throws -> [CheckRecord] {
        let probe =
            "python3 \(ProbeTests.path("Tests/FairnessProbeTests/Fixtures/probes/dice_corpus.py")) \(game)" + (twin ? " --twin" : "")
        let report = try ProbeTests.audit(spec: folder + Self.specs[game]! + ".yaml", probe: probe, trials: 5_000)
        return report.checks.filter { !$0.subject.hasSuffix(" random source") }
    }

    static func matches(_ record: CheckRecord, _ expected: Expected) -> Bool {
        switch (expected.check, record.check) {
        case ("bet", .betSettlement(let bet)), ("round", .roundSettlement(let bet)), ("hand", .handDetector(let bet)): bet == expected.name
        case ("roll-mapping", .rollMapping), ("value", .drawnValue): true
        default: false
        }
    }

    @Test func everyGameOfTheCorpusHasAPortAndATwin() {
        #expect(Set(Self.expected.keys) == Set(Self.specs.keys) && Self.specs.count >= 10)
    }

    @Test(arguments: specs.keys.sorted())
    func thePortFailsWithItsExactShareAndTheTwinPasses(game: String) throws {
        let expected = try #require(Self.expected[game])
        let share = try #require(ExactFraction(text: expected.share))
        let port = try Self.audit(game, twin: false)
        let check = try #require(port.first { Self.matches($0, expected) }, "\(game): \(port.map(\.checkName))")
        #expect(check.status == .fail, "\(game): \(check)")
        let magnitude = try #require(check.magnitude)
        #expect(abs(magnitude - share.double) <= 1e-12 * share.double, "\(game): \(magnitude) against \(share)")
        if let misplaced = expected.misplaced, case .drawnValue(_, _, _, _, let shown) = check.detailFacts {
            #expect(shown == ExactFraction(text: misplaced), "\(game)")
        }
        let twin = try Self.audit(game, twin: true)
        #expect(twin.allSatisfy { $0.status == .pass || $0.status == .note }, "\(game) twin: \(twin.filter { $0.status != .pass })")
    }

    /// The correct Yahtzee card reads runs in the order given, as a card that sorts the hand first does:
    /// with `sees: sorted` it passes (and so does its round of three rolls keeping the face shown most); judged
    /// on rolls as rolled, its straight detectors miss straights.
    @Test func theYahtzeeCardPassesOnlyWhenItSaysItSortsItsDice() throws {
        let probe = "python3 \(ProbeTests.path("Tests/FairnessProbeTests/Fixtures/probes/dice_corpus.py")) yahtzee-four-always --twin"
        let sorted = try ProbeTests.audit(spec: Self.folder + "yahtzee.yaml", probe: probe, trials: 5_000)
        #expect(sorted.checks.filter { $0.subject == "corpus-yahtzee" }.allSatisfy { $0.status == .pass || $0.status == .note })
        #expect(sorted.checks.contains { $0.check == .roundSettlement(round: "yahtzee-in-three") && $0.status == .pass })
        let asRolled = try ProbeTests.audit(spec: Self.folder + "yahtzee_as_rolled.yaml", probe: probe, trials: 5_000)
        let small = try #require(asRolled.checks.first { $0.check == .handDetector(hand: "small-straight") })
        #expect(small.status == .fail && small.findingClass == .mislabel)
    }
}
