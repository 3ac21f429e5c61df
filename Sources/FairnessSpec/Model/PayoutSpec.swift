import FairnessModel

/// What a declared game's play costs and returns (`payout:` under `wheel` or `dice`).
public struct PayoutSpec: Sendable, Hashable {
    /// What one play costs (1 by default).
    public var stake: Double = 1
    /// The return to player the game declares (0.95 for 95%), if any.
    public var declaredRTP: Double?
    /// The unit the declared RTP is printed to (0.001 for 97.3%), if rounded; it then agrees within half.
    public var declaredRTPRoundedTo: Double?
    /// The least return to player the game must return, if any.
    public var minimumRTP: Double?

    /// The paytable with these terms and `prizes`.
    func paytable<Key>(_ prizes: [Key: Double]) -> Paytable<Key> {
        // The parser has checked every value (finite, stake positive).
        try! Paytable(
            prizes: prizes, stake: stake, declaredReturn: declaredRTP, declaredReturnTolerance: declaredRTPRoundedTo.map { $0 / 2 } ?? 1e-9,
            minimumReturn: minimumRTP)
    }
}
