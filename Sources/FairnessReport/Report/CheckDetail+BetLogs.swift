import FairnessModel

extension CheckDetail {
    /// The lines of one bet or round of a dice log against its rules: each line's rolls settled by the
    /// rules, and its logged payout against stake · (1 + net).
    public struct BetLogSettlement: Sendable, Hashable, Codable {
        /// The bet or round.
        public var bet: String
        /// Whether it is a round of several rolls.
        public var isRound: Bool
        /// Lines naming it.
        public var lines: UInt64
        /// Lines with a payout.
        public var payoutsLogged: UInt64
        /// Lines whose payout differs from the rules'.
        public var paidOtherwise: UInt64
        /// Lines whose rolls the rules do not settle as logged (a roll the dice cannot show, a round the rules
        /// end earlier or go on after, several rolls on a bet's line).
        public var notSettled: UInt64
        /// The first line settled otherwise.
        public var first: Line?

        /// A line the rules settle otherwise than the log.
        public struct Line: Sendable, Hashable, Codable {
            /// The line's number in the file.
            public var line: Int
            /// Its rolls as written.
            public var rolls: String
            /// What it paid (nil: no payout logged).
            public var paid: Double?
            /// What the rules pay (nil: they do not settle its rolls).
            public var expected: Double?
            /// What its rolls come to under the rules.
            public var settlement: BetLineSettlement

            /// A value with every field given (the memberwise initialiser, for the audit's modules).
            package init(line: Int, rolls: String, paid: Double? = nil, expected: Double? = nil, settlement: BetLineSettlement) {
                self.line = line
                self.rolls = rolls
                self.paid = paid
                self.expected = expected
                self.settlement = settlement
            }
        }

        /// Lines settled otherwise, in all.
        public var wrong: UInt64 { paidOtherwise + notSettled }

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(
            bet: String, isRound: Bool, lines: UInt64, payoutsLogged: UInt64, paidOtherwise: UInt64, notSettled: UInt64, first: Line? = nil
        ) {
            self.bet = bet
            self.isRound = isRound
            self.lines = lines
            self.payoutsLogged = payoutsLogged
            self.paidOtherwise = paidOtherwise
            self.notSettled = notSettled
            self.first = first
        }
    }

    /// A dice log's return on one bet weighted by stake (total payout over total stake) against the bet's
    /// exact return R: with D_i = payout_i − R · stake_i over the n lines, z = Σ D_i / √(Σ D_i²) (a
    /// self-normalised sum, referred to the normal: z² to χ²(1)); the interval is the ratio estimator's,
    /// R̂ ± 1.96 · √(Σ (payout_i − R̂ · stake_i)²) / Σ stake_i.
    public struct StakeWeightedReturn: Sendable, Hashable, Codable {
        /// The bet or round.
        public var bet: String
        /// Total payout over total stake.
        public var returnToPlayer: Double
        /// Lines counted.
        public var lines: UInt64
        /// The exact return by the rules.
        public var exact: Double
        /// The 95% interval's ends.
        public var lower: Double, upper: Double
        /// The statistic z.
        public var z: Double

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(bet: String, returnToPlayer: Double, lines: UInt64, exact: Double, lower: Double, upper: Double, z: Double) {
            self.bet = bet
            self.returnToPlayer = returnToPlayer
            self.lines = lines
            self.exact = exact
            self.lower = lower
            self.upper = upper
            self.z = z
        }
    }
}
