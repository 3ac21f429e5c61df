import FairnessStatistics

/// One entry of a table a p-value was computed from, so every p-value can be recomputed from the report
/// alone (`Scripts/gates/recompute_pvalues.py` does it with SciPy).
///
/// - `goodness of fit`: one row per cell actually tested (after pooling), `observed` and `expected`
///   counts, `members` naming the outcomes pooled into it, `method` how the p-value was obtained; outcomes
///   of probability 0 that were observed appear with `expected` 0 (their presence makes p = 0 exactly).
/// - `contingency`: one row per cell (`row`, `column`) of the table tested, with `members` naming the
///   outcomes gathered into that row's category; empty rows and columns are left in (the test drops them).
/// - `binomial`: a `successes` row (`observed` = successes, `expected` = the hypothesised probability)
///   and a `trials` row (`observed` = trials).
/// - `payout mean`: one row per payout level (`observed` = plays that paid it; where the p-value is exact
///   under declared odds, `expected` = the level's declared probability and `method` exact) and a
///   `hypothesised mean` row (`expected` = the mean).
/// - `stake-weighted return`: rows `payout`, `stake`, `payout squared`, `payout times stake` and `stake
///   squared` (`observed` = the sum over a bet's lines) and a `hypothesised return` row (`expected`).
public struct StatisticTableRow: Sendable, Hashable, Encodable {
    /// The subject's name.
    public var subject: String
    /// The check the table belongs to, as in ``CheckRecord/check``.
    public var check: CheckIdentifier
    /// `goodness of fit`, `contingency` or `binomial`.
    public var table: String
    /// The row: a cell's number, a contingency row's category, or `successes` / `trials`.
    public var row: String
    /// The contingency column's category (empty otherwise).
    public var column: String
    /// The observed count.
    public var observed: Double
    /// The expected count (goodness of fit), the hypothesised probability (binomial successes), or nil.
    public var expected: Double?
    /// The outcomes this row gathers, as the report names them.
    public var members: String
    /// For a goodness-of-fit table (and each window of a drift check): how its p-value was obtained (exact,
    /// its proven upper bound, or the chi-square approximation); for a payout-mean table, exact where it is;
    /// nil otherwise.
    public var method: PValueMethod? = nil

    /// A value with every field given.
    package init(
        subject: String, check: CheckIdentifier, table: String, row: String, column: String, observed: Double, expected: Double? = nil,
        members: String, method: PValueMethod? = nil
    ) {
        self.subject = subject
        self.check = check
        self.table = table
        self.row = row
        self.column = column
        self.observed = observed
        self.expected = expected
        self.members = members
        self.method = method
    }
}

extension StatisticTableRow {
    enum CodingKeys: String, CodingKey {
        case subject, check, identifier, table, row, column, observed, expected, members, method
    }

    /// Encodes every field. With the encoder's ``ReportWording`` the check is the name the report shows
    /// (its identifier is in its record; ``AuditReport``'s decoding finds it by the subject's checks);
    /// without one, the check's identifier, a value read back as it is.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(subject, forKey: .subject)
        if let words = encoder.reportWording {
            try c.encode(words.name(of: check), forKey: .check)
        } else {
            try c.encode(check, forKey: .identifier)
        }
        try c.encode(table, forKey: .table)
        try c.encode(row, forKey: .row)
        try c.encode(column, forKey: .column)
        try c.encode(observed, forKey: .observed)
        try c.encodeIfPresent(expected, forKey: .expected)
        try c.encode(members, forKey: .members)
        try c.encodeIfPresent(method, forKey: .method)
    }
}
