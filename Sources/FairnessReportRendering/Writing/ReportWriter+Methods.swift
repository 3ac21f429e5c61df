import FairnessReport
import Foundation

// The methods sections: an audit of games, of prize draws, of logs.
extension ReportWriter {
    /// Whether every game of the report is a prize draw (no wheel or dice words apply; a game's random source
    /// tested beside it is no wheel either).
    static func onlyPrizeDraws(_ r: AuditReport) -> Bool {
        r.subjects.contains { $0.kind == .prizeDraw } && r.subjects.allSatisfy { $0.kind == .prizeDraw || $0.kind == .randomSource }
    }

    /// The methods of an audit of games: the wheels' and dice's, the prize draws', or both.
    static func gameMethods(_ r: AuditReport) -> String {
        if onlyPrizeDraws(r) { return "## Methods and finding classes\n\n" + prizeDrawMethods + "\n" + sharedSamplingMethods }
        if r.subjects.contains(where: { $0.kind == .prizeDraw }) { return methods + "\n" + prizeDrawMethods }
        return methods
    }

    /// How a prize draw is audited: its exact figures, its own draw given its state, its sampled sessions.
    static let prizeDrawMethods = """
        - **Prize draws** are judged in the words of a draw: items, states, draws. The table and its declared
          memory are compiled into one machine of states; its exact figures — each state's odds, the long-run
          rate of every item, the draws until a top item — are rational numbers, compared with what the game
          discloses within half the unit it rounds to (*disclosed … equals exact*; a hard limit the machine
          can pass is an *invalid* finding, its magnitude the share of waits beyond it).
        - **Draw odds given the state** (exact): the game's own draw is brought to every declared state by
          its likeliest draws, and its draw there is partitioned exactly over the draw U (the game answers
          which item each U gives without drawing, and the partition's edges are found by bisection), then
          compared with the state's odds; the magnitude, a share of draws *in play*, is Σ over states of the
          state's weight × the total variation between the game's odds and the declared ones, a state's
          weight being its long-run share of draws, or, for a state play leaves for good (a fresh player's
          first draws), its share of the draws of a session. A draw that does not give the same
          item when asked again is INCONCLUSIVE. **State transitions** (exact): every item is drawn in every
          state and the game followed away from the start, its draws compared with the declared next state's;
          a wrong transition is blamed on the first draw that leads astray, with its long-run share.
        - **Sampled sessions**: each block is one player from a fresh state; the counts of the items are
          tested against expected counts pooled over the states the declaration puts each draw in (Pearson's
          X², conservative for odds that vary). A draw with memory is not tested for serial independence: its
          draws depend on each other by design and are judged given their state instead.
        """

    /// The sampled tests' shared rules, for a report of prize draws only.
    static let sharedSamplingMethods = """
        - **Sampled checks** use the toolkit's generator. Pearson's X² takes the exact multinomial p-value
          where the tables near the observed X² can be enumerated, marked "(exact)", and the chi-square
          approximation elsewhere; rarer outcomes are pooled with a neighbour below 5 expected, and too few
          draws gives INCONCLUSIVE with the draws needed. Each subject's p-values form one family corrected by
          Holm's method at α; a check fails when its Holm-adjusted p-value is at most α. "Detectable" gives the
          deviation each test would catch with 90% power at Holm's strictest level α/m.
        - **Finding classes.** *Invalid outcome*: an item outside the table, a trap, a broken hard limit —
          material at any positive share. *Unfair odds*: the game's odds in a state, or a published figure,
          differ from the declared ones — material above the materiality threshold. Strict mode makes every
          finding gate.
        """

    /// Whether the report is of a prize draw's log (its subject's state rebuilt per player).
    static func isPrizeDrawLog(_ r: AuditReport) -> Bool {
        r.subjects.contains { subject in
            subject.notes.contains { if case .prizeDrawLogRead = $0 { true } else { false } }
        }
    }

    /// The methods of an audit of a production log (`audit log`): every figure is counted from the log's lines,
    /// nothing is sampled or probed, and the game's design enters only through its declared odds and paytable.
    static let logMethods = """
        ## Methods and finding classes

        - **Nothing is simulated or probed.** Every figure is counted from the log's lines; the game's spec
          supplies only what the lines are tested against: each outcome's probability (the odds the spec
          claims, else its design's exact shares; for dice, each final category's and each declared hand's
          exact odds under the reroll policy) and the paytable. The spec's own exact checks belong to an
          audit of the spec itself, not to this report.
        - **Invalid results**: a line showing a label no sector carries (a roll that is not the game's dice) or
          no result fails whenever it is seen. A line that cannot be read stops the audit with its line and
          column, or, with an allowance of N bad rows, up to N such lines are counted in a "bad rows skipped" check that
          fails.
        - **Outcomes vs declared odds**: Pearson's X² of the valid lines' outcomes against the declared
          probabilities (expected counts of at least 5: rarer outcomes are pooled with a neighbour; too few
          lines gives INCONCLUSIVE with the lines needed); its magnitude is the share of lines whose outcome
          would have to change to match the odds (half the sum of the differences between observed and
          declared shares), with a simultaneous 95% interval from Clopper–Pearson intervals of every
          outcome's share (Bonferroni over the outcomes). **Each prize's (hand's) frequency**: the exact
          two-sided binomial test with a Clopper–Pearson interval, inconclusive below 5 expected.
        - **Serial independence within sessions**: Pearson's X² on the table of consecutive outcomes within a
          session (a new `session` value starts a new chain, and so does a line with an invalid result or
          none; without that column the log is one sequence), the rarest outcomes pooled until every cell
          expects 5 pairs.
        - **Payouts match the paytable**: every logged payout against its outcome's prize scaled by the
          line's stake over the paytable's; any difference fails. **Return to player (log)**: the statistic is
          total payout over total stake; the interval and the p-value are for the mean return per play
          (payout over stake), by the multinomial profile likelihood over every prize level the paytable can
          pay (a jackpot not yet seen still bounds the interval), tested against the RTP the log's odds give
          with the paytable (a wheel's claimed odds, else its design's shares; a dice game's exact odds under
          its reroll policy), or the declared RTP where that is unknown. With equal stakes the two figures are one; with varying
          stakes the statistic weighs each play by its stake and the test does not.
        - **Drift**: each window (a set number of lines, a set span of the timestamp column, or by default
          up to 32 windows of equal length, whole thousands of lines, the last one shorter) tested against the
          declared odds by X² (exact multinomial p-values where they can be enumerated, as for any X²); the
          check's p-value is the smallest window's times the number of windows tested
          (Bonferroni, at most 1), and the first window departing at α over that number is named with its
          lines; fewer than 2 windows tested is INCONCLUSIVE. **Homogeneity across windows**: X² of windows × outcomes, rare
          outcomes pooled until the smallest window expects 5 of each.
        - The log's p-values form one family corrected by Holm's method at α; a check fails when its
          Holm-adjusted p-value is at most α. "p = 0 exactly" means an outcome of declared probability 0 was
          logged; a p-value too small for a double keeps its size through its log₁₀ ("2e-6482"). "Detectable"
          gives the deviation each test would catch with 90% power at Holm's strictest level α/m for the
          family's m p-values.
        - **Kinds**: a log shows what was played and paid, not why, so its checks are *invalid* (a result the
          game cannot produce, a payout the paytable does not pay, an unreadable row) or *fairness*
          (frequencies, RTP, drift departing from the declared design), apart from serial independence
          (*sampling*); each gates as the same kind does in an audit of a game.
        """

    /// The methods of an audit of a prize draw's log: every player's state rebuilt from the declared rules,
    /// every draw judged against its state's odds.
    static let prizeDrawLogMethods = """
        ## Methods and finding classes

        - **Nothing is simulated or probed.** Every figure is counted from the log's lines (`outcome`: the
          item drawn; `session`: the player; other columns are not read). The spec supplies the table and its
          declared memory, compiled into one machine of states: each player starts in the fresh state, and
          every draw, in the log's order, moves that player's state by the declared rules. A log whose
          lines of one player are out of order is judged in the order written.
        - **Invalid results**: a line naming an item the table does not have fails whenever it is seen (it
          leaves the player's state as it was). A line that cannot be read stops the audit with its line and
          column, or, with an allowance of N bad rows, up to N such lines are counted in a "bad rows skipped"
          check that fails.
        - **Draws impossible in their state**: a draw of an item that the player's declared state gives odds
          0 — a miss past a hard limit, a standard item when the featured one is guaranteed, a repeat under
          no-repeat, an item out of stock — fails whenever it is seen; its share of the draws comes with a
          95% Clopper–Pearson interval, the first few are named with their lines and states.
        - **Outcomes vs odds of each draw's state**: Pearson's X² of the items drawn against expected counts
          pooled over the draws (for each state, the draws made in it × its odds), rarer items pooled with a
          neighbour below 5 expected. Draws whose odds vary have counts less variable than a multinomial's,
          so the test is conservative. Its magnitude: the share of draws whose item would have to change to
          match (half the sum of the differences between observed and expected shares), with a
          simultaneous 95% interval from Clopper–Pearson intervals of every item's share (Bonferroni over
          the items).
        - **Item frequency given state**: each top item's and the featured item's draws, by the exact
          two-sided binomial test against the mean odds of the states they were drawn in, with a
          Clopper–Pearson interval; inconclusive below 5 expected.
        - **Serial independence within sessions**, for a table without memory only (a table with memory
          is judged given its state instead): Pearson's X² on each player's consecutive draws, the rarest
          items pooled until every cell expects 5 pairs.
        - **Return to player (log)**, where every item has a value and a draw a cost: the drawn items' values
          over the cost, per draw, with the multinomial profile-likelihood interval over the items' values,
          tested against the return the odds of each draw's state give (conservative, as above).
        - Not yet for prize draws: logged payouts, drift across windows.
        - The log's p-values form one family corrected by Holm's method at α; a check fails when its
          Holm-adjusted p-value is at most α. "Detectable" gives the deviation each test would catch with
          90% power at Holm's strictest level α/m for the family's m p-values.
        - **Kinds**: *invalid* (an item the table lacks, a draw its state forbids, an unreadable row),
          *fairness* (the draws against their states' odds), *sampling* (serial independence).
        """
}
