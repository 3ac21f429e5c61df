/// The outcome of one check.
public enum CheckStatus: String, Sendable, Hashable, Codable, Comparable {
    case pass = "PASS"
    case inconclusive = "INCONCLUSIVE"
    case fail = "FAIL"

    public static func < (a: Self, b: Self) -> Bool {
        let order: [CheckStatus] = [.pass, .inconclusive, .fail]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}
