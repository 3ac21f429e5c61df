/// What a game pays: the total paid for a play that ends in each outcome, the stake of one play, and the
/// return to player (RTP) the game declares.
///
/// Outcomes are a wheel's labels (`Paytable<Int>`) or a dice game's hand names (`Paytable<String>`: a
/// play pays the largest prize among the hands its final roll is, as the game's own detectors judge it).
/// The RTP of a play is its expected payout over the stake: a European roulette straight-up bet pays 36
/// (35 to 1 and the stake back) on one number of 37, an RTP of 36/37.
public struct Paytable<Outcome: Hashable & Sendable>: Sendable, Hashable {
    /// The total paid to the player for a play that ends in each outcome (the stake returned included,
    /// if the game returns it); outcomes not listed pay 0.
    public let prizes: [Outcome: Double]
    /// What one play costs, finite and > 0.
    public let stake: Double
    /// The RTP the game declares (expected payout over stake), if any.
    public let declaredReturn: Double?
    /// How far the exact RTP may lie from ``declaredReturn`` and still agree with it: half a unit in the
    /// last digit the declaration was written with (a declared 0.973 covers 0.9725 ... 0.9735).
    public let declaredReturnTolerance: Double
    /// The least RTP the game must return (a regulator's or the studio's floor), if any.
    public let minimumReturn: Double?

    /// A paytable.
    /// - Parameters:
    ///   - prizes: The total paid per outcome.
    ///   - stake: What one play costs (1 by default).
    ///   - declaredReturn: The RTP the game declares, if any.
    ///   - declaredReturnTolerance: The agreement allowed with `declaredReturn` (1e-9 by default: a
    ///     declaration given to full precision).
    ///   - minimumReturn: The least RTP allowed, if any.
    /// - Throws: ``PaytableError`` for a stake that is not finite and positive, a prize that is not finite,
    ///   or a declared or minimum return or tolerance that is not finite (or a negative tolerance).
    public init(
        prizes: [Outcome: Double], stake: Double = 1, declaredReturn: Double? = nil, declaredReturnTolerance: Double = 1e-9,
        minimumReturn: Double? = nil
    ) throws {
        guard stake.isFinite, stake > 0 else { throw PaytableError.invalidStake(stake) }
        if let bad = prizes.first(where: { !$0.value.isFinite }) { throw PaytableError.invalidPrize("\(bad.key)", bad.value) }
        for (what, value) in [("declared return", declaredReturn), ("minimum return", minimumReturn)] {
            if let value, !value.isFinite { throw PaytableError.invalidReturn(what, value) }
        }
        guard declaredReturnTolerance.isFinite, declaredReturnTolerance >= 0 else {
            throw PaytableError.invalidReturn("declared return tolerance", declaredReturnTolerance)
        }
        self.prizes = prizes
        self.stake = stake
        self.declaredReturn = declaredReturn
        self.declaredReturnTolerance = declaredReturnTolerance
        self.minimumReturn = minimumReturn
    }

    /// The prize paid for `outcome`: its entry, or 0.
    public func prize(_ outcome: Outcome) -> Double { prizes[outcome] ?? 0 }
}

/// Why a ``Paytable`` was refused.
public enum PaytableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stake is not finite and positive.
    case invalidStake(Double)
    /// The prize of the named outcome is not finite.
    case invalidPrize(String, Double)
    /// A return (declared, minimum) or the tolerance is not finite, or the tolerance is negative.
    case invalidReturn(String, Double)

    public var description: String {
        switch self {
        case .invalidStake(let stake): return "stake is \(stake); it must be finite and positive"
        case .invalidPrize(let outcome, let prize): return "prize for \(outcome) is \(prize); it must be finite"
        case .invalidReturn(let what, let value): return "\(what) is \(value); it must be finite (and a tolerance not negative)"
        }
    }
}
