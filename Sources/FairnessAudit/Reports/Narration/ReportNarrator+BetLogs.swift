import FairnessChecks
import FairnessModel

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
            text +=
                (first.expected.map { ", paying \(format($0))" } ?? "")
                + (first.paid.map { "; the log paid \(format($0))" } ?? "")
        }
        return text
    }
}
