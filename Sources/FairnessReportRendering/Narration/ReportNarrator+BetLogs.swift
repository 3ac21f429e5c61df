import FairnessChecks
import FairnessModel
import FairnessReport

extension ReportNarrator {
    /// A dice log's lines of one bet or round against its rules.
    static func text(_ s: CheckDetail.BetLogSettlement) -> String {
        let format = ReturnToPlayer.format
        let what = s.isRound ? "round" : "bet"
        var text =
            s.wrong == 0
            ? "every one of \(count(Int(s.lines), "line")) of the \(what) settled by its rules"
            : "\(s.wrong) of \(count(Int(s.lines), "line")) (\(rate(Double(s.wrong) / Double(s.lines)))) settled otherwise than its rules"
        if s.paidOtherwise > 0 { text += "; \(s.paidOtherwise) paid another amount than stake × (1 + net)" }
        if s.notSettled > 0 { text += "; \(s.notSettled) show rolls the rules do not settle so" }
        if s.payoutsLogged < s.lines {
            text += "; \(count(Int(s.lines - s.payoutsLogged), "line")) logged no payout (their rolls alone checked)"
        }
        if let first = s.first {
            text += "; first at line \(first.line): \(first.rolls) "
            switch first.settlement {
            case .net(let net): text += "settles at net \(format(net.double)) by the rules"
            case .invalidRoll(let index): text += "has roll \(index), which the dice cannot show"
            case .unfinished: text += "ends where the rules roll again"
            case .endsEarlier(let at): text += "goes on after roll \(at), where the rules end the round"
            case .severalRolls: text += "shows several rolls for a bet settled on one"
            }
            // Printed in full where the usual rounding would show the two alike.
            let alike = first.expected.map { format($0) } == first.paid.map { format($0) }
            func shown(_ value: Double) -> String { alike ? "\(value)" : format(value) }
            text +=
                (first.expected.map { ", paying \(shown($0))" } ?? "")
                + (first.paid.map { "; the log paid \(shown($0))" } ?? "")
        }
        return text
    }

    /// A dice log's stake-weighted return on one bet.
    static func text(_ r: CheckDetail.StakeWeightedReturn) -> String {
        let format = ReturnToPlayer.format
        return
            "return \(format(r.returnToPlayer)) weighted by stake (total payout over total stake of \(count(Int(r.lines), "line")), the stakes varying); 95% interval [\(format(r.lower)), \(format(r.upper))] (ratio estimator); z = \(String(format: "%.3g", r.z)) against the exact return by the rules \(format(r.exact)) (each line's payout less the exact return times its stake, summed and self-normalised)"
    }
}
