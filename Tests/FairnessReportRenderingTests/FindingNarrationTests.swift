import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Testing
import _FairnessAuditSupport

/// A finding is figures; the narrator writes its sentence, the same in every output.
@Suite struct FindingNarrationTests {
    @Test func sharesAreWrittenAsPercentagesOrOneInN() {
        #expect(ReportNarrator.share(0) == "0")
        #expect(ReportNarrator.share(1.0 / 120) == "0.833%")
        #expect(ReportNarrator.share(2.82715971685646e-16) == "2.83e-16 (1 in 3.54e+15)")
    }

    @Test func diceAndPayoutFindingsReadAsTheyDid() {
        #expect(
            ReportNarrator.sentence(
                .detectorWrong(.straight, falseAccepts: 240, falseRejects: 0, share: 240.0 / 7776, checked: 240, underOwnDice: false))
                == "calls the wrong rolls straights in play: 240 false and 0 missed, 3.09% of rolls")
        #expect(
            ReportNarrator.sentence(
                .detectorWrong(.hand("yacht"), falseAccepts: 1, falseRejects: 2, share: nil, checked: 3, underOwnDice: true))
                == "calls the wrong rolls yacht in play (3 of the rolls checked; share not measured over every roll)")
        #expect(
            ReportNarrator.sentence(.classifierWrong(rolls: 6, share: 6.0 / 7776, underOwnDice: true))
                == "names the wrong category for 6 rolls, 0.0772% of rolls under the game's own dice")
        #expect(
            ReportNarrator.sentence(.returnBelowMinimum(returnToPlayer: 0.85, minimum: 0.9))
                == "returns 0.85 of the stake, below the minimum of 0.9")
        let prize = ReturnToPlayer.Prize(name: "jackpot", payout: 1000, probability: 1e-9)
        #expect(
            ReportNarrator.sentence(.prizesTooRare(limit: 1e8, prizes: [prize], amountProbabilities: [1e-9]))
                == "1 advertised prize(s) rarer than 1 in 1e+08 per play: jackpot (1000) at 1 in 1e+09")
        // A tile never shown whose amount another label pays: the amount is paid, the tile is not shown.
        let tile = ReturnToPlayer.Prize(name: "label 7", payout: 100, probability: 0)
        #expect(
            ReportNarrator.sentence(.prizesTooRare(limit: 1e8, prizes: [tile], amountProbabilities: [0.125]))
                == "1 advertised prize(s) rarer than 1 in 1e+08 per play: label 7 (100) is never shown, though other outcomes pay 100 at 1 in 8"
        )
        #expect(
            ReportNarrator.sentence(.prizesTooRare(limit: 1e8, prizes: [tile], amountProbabilities: [0]))
                == "1 advertised prize(s) rarer than 1 in 1e+08 per play: label 7 (100) is never shown, and nothing else pays 100")
    }

    @Test func targetedFindingsReadAsTheyDid() {
        #expect(
            ReportNarrator.sentence(.indexDrawDiffers(difference: 0.125, outside: [8], outsideShare: 0.125, trapShare: 0))
                == "the game's own index draw differs from the declared draw by up to 12.5%; it picks indices no sector has (8) on 12.5% of spins"
        )
        #expect(
            ReportNarrator.sentence(.undrawnIndicesMishandled(count: 2, drawn: 0..<8))
                == "2 indices the game never draws (outside 0..<8) are mishandled")
        #expect(
            ReportNarrator.sentence(.targetedOddsDiffer(difference: 0.01, fromClaims: false))
                == "an outcome's odds differ from its sector's share by 1%")
    }
}
