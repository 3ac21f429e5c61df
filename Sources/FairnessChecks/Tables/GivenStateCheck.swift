import FairnessModel

/// A game's own prize draw checked exactly, state by state, against the machine it declares.
///
/// Each state the declared machine reaches is reached in the game by playing, from a fresh session, draws
/// that give the items leading there (values of u taken inside the game's own runs for them); there the
/// game's draw is partitioned exactly over u without moving its state (`PrizeDrawSession.peek(_:)`, the
/// same sweep and bisection as a wheel's `pick U`), and each item's exact share compared with the state's
/// declared odds. Then every item the game draws in every state is checked as a **transition**: the draw is
/// made, and the game's draw is compared, at the edges of every run of the declared next state's partition,
/// along a walk from that state (the likeliest item each time) until the walk comes back to a state it has
/// seen: a pity counter that a top item does not reset, or that a common item resets, is found by where
/// its odds part from the declared ones later in the walk, though the states look alike at first.
public struct GivenStateCheck: Sendable, Hashable, Codable {
    /// One item's exact share of a state's draws in the game and as declared.
    public struct ItemShare: Sendable, Hashable, Codable {
        /// The item's label (or a label the game gave outside the table).
        public var label: String
        /// Its exact share of the game's draws in the state.
        public var game: Double
        /// Its declared probability in the state (0 for a label outside the table).
        public var declared: Double
    }

    /// A state whose draws differ from its declared odds.
    public struct StateGap: Sendable, Hashable, Codable {
        /// The state's name.
        public var state: String
        /// The items whose shares differ (and labels outside the table), largest difference first.
        public var items: [ItemShare]
        /// The share of the state's draws that trap.
        public var trapShare: Double
        /// Half the summed absolute differences (traps and labels outside the table included): the share of
        /// the state's draws that would have to change to match.
        public var totalVariation: Double
        /// The state's long-run share of draws (nil without a single long run).
        public var longRunShare: Double?
    }

    /// A draw after which the game's state is not the one declared.
    public struct WrongTransition: Sendable, Hashable, Codable {
        /// The state drawn in.
        public var state: String
        /// The item drawn.
        public var item: String
        /// The state the declaration says it leads to.
        public var declaredNext: String
        /// How many draws after it the game's odds first part from the declared ones (0: at once).
        public var partsAfter: Int
        /// The long-run share of draws that are this draw (nil without a single long run).
        public var longRunShare: Double?
    }

    /// A draw the game answered differently when asked again in the same state.
    public struct Unstable: Sendable, Hashable, Codable {
        /// The state.
        public var state: String
        /// The draw u.
        public var draw: Double
        /// The first answer and the later one.
        public var first: DrawPick, later: DrawPick
    }

    /// The declared states reached from the start.
    public var declaredStates: Int
    /// The states partitioned in the game.
    public var statesChecked: Int
    /// Declared states the game's draws never led to (the game never draws an item that leads there).
    public var unreached: [String]
    /// States reached only through a draw that leads elsewhere than declared: not judged (what they show is
    /// that draw's fault).
    public var statesBehindWrongDraws = 0
    /// States whose draws differ from the declared odds, the largest difference first.
    public var gaps: [StateGap]
    /// The long-run share of draws made with wrong odds: Σ over states of its long-run share × its total
    /// variation (nil without a single long run).
    public var oddsShare: Double?
    /// The long-run share of draws that give a label outside the table or trap.
    public var invalidShare: Double?
    /// The long-run share of draws that give an item of the table that the state's declared odds make
    /// impossible (a repeat under no-repeat, a sold-out item, the standard item while the featured one is
    /// guaranteed): Σ over states of its long-run share × the game's share of such items there.
    public var forbiddenShare: Double?
    /// Draws (state, item) checked as transitions.
    public var transitionsChecked: Int
    /// Those after which the game's state is not the declared one.
    public var wrongTransitions: [WrongTransition]
    /// The long-run share of draws after which the game's state is wrong (nil without a single long run).
    public var transitionShare: Double?
    /// Items the declaration draws in some state that the game draws in none.
    public var itemsNeverDrawn: [String]
    /// Set when the game answered a draw differently when asked again: nothing else is exact.
    public var unstable: Unstable?
    /// The states judged whose name the game showed (0 for a game that does not say which state it shows).
    public var statesShown = 0
    /// Those the game shows as another state, the most frequent in play first.
    public var misshown: [Misshown] = []
    /// The long-run share of draws made while the game shows another state than the declared one: Σ over
    /// those states of its long-run share (nil without a single long run, or for a game that does not say).
    public var misshownShare: Double?

    /// A state the game shows the player as another.
    public struct Misshown: Sendable, Hashable, Codable {
        /// The declared state the player is in.
        public var state: String
        /// What the game shows.
        public var shown: String
        /// The state's long-run share of draws (nil without a single long run).
        public var longRunShare: Double?
    }

    /// The most draws a transition's walk follows.
    public static let walkLimit = 256
    /// Random draws and swept draws asked again in every state to confirm its partition.
    public static let confirmations = 64
}

extension GivenStateCheck {
    /// Checks `session` against `machine`, weighing states by `longRun` (`DrawMachineFigures.stateShares`).
    /// - Throws: what the session throws (a probe that broke).
    public init(_ session: any PrizeDrawSession, machine: DrawMachine, longRun: [Double]?) throws {
        var run = GivenStateRun(session: session, machine: machine, longRun: longRun)
        try run.partitionStates()
        self = try run.finish()
    }
}
