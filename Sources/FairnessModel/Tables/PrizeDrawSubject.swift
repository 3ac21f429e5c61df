/// What a game's prize draw declares: its machine (the table and its memory), what it discloses to
/// players, and how its printed figures are rounded.
public struct PrizeDrawDeclaration: Sendable, Hashable {
    /// Figures a game publishes about its draw, each compared with the exact figure of its machine.
    public struct Disclosed: Sendable, Hashable {
        /// Each item's published probability of a first draw (table order; nil where none is published).
        public var itemOdds: [ExactFraction?]
        /// The top items' probability of a first draw (a banner's "base rate", 0.6%).
        public var baseRate: ExactFraction?
        /// The top items' long-run share of draws, pity included (the "consolidated rate", 1.6%).
        public var consolidatedRate: ExactFraction?
        /// The featured item's long-run share of draws.
        public var featuredRate: ExactFraction?
        /// The most draws a top item can take (the "hard pity", 90).
        public var hardLimit: Int?

        /// Disclosed figures (none by default).
        public init(
            itemOdds: [ExactFraction?] = [], baseRate: ExactFraction? = nil, consolidatedRate: ExactFraction? = nil,
            featuredRate: ExactFraction? = nil, hardLimit: Int? = nil
        ) {
            self.itemOdds = itemOdds
            self.baseRate = baseRate
            self.consolidatedRate = consolidatedRate
            self.featuredRate = featuredRate
            self.hardLimit = hardLimit
        }
    }

    /// The draw with its memory.
    public var machine: DrawMachine
    /// What the game publishes.
    public var disclosed: Disclosed
    /// The unit its published probabilities are rounded to (0.001 for 1.6%), or nil for exact figures:
    /// a published figure agrees within half of it.
    public var roundedTo: ExactFraction?
    /// What one draw costs the player, for the return per draw (Σ rate × value ÷ cost), if declared.
    public var costPerDraw: ExactFraction?

    /// A declaration of `machine`.
    public init(machine: DrawMachine, disclosed: Disclosed = .init(), roundedTo: ExactFraction? = nil, costPerDraw: ExactFraction? = nil) {
        self.machine = machine
        self.disclosed = disclosed
        self.roundedTo = roundedTo
        self.costPerDraw = costPerDraw
    }
}

/// What a game's draw gives for one value of its random source.
public enum DrawPick: Sendable, Hashable, Codable {
    /// An item, by the label the game gives it (a label the table does not have is the game's answer, a
    /// draw outside the table).
    case item(String)
    /// The game's draw throws or crashes.
    case trap
}

/// One player's session of a game's own prize draw, keeping the game's memory between draws.
///
/// A draw is given the value its random source returns, u in [0, 1): the game draws exactly as if its
/// `Math.random()`, `random.random()` or `nextDouble()` had returned u. A game that calls its random source
/// more than once per draw is not exactly partitioned by one u (see `docs/tables.md`).
public protocol PrizeDrawSession: AnyObject {
    /// Starts again from a fresh state (a new player).
    func reset() throws
    /// Draws once for each u in `draws`, in order, the state moving on with each.
    func draw(_ draws: [Double]) throws -> [DrawPick]
    /// What one draw would give now for each u in `draws`, leaving the state as it is.
    func peek(_ draws: [Double]) throws -> [DrawPick]
    /// The name of the state the game shows the player now (its pity counter, its guarantee), in the words
    /// the declared machine names states (`pity 12`, `guaranteed, pity 0`); nil for a game that does not say.
    func shownState() throws -> String?
}

extension PrizeDrawSession {
    /// A game that does not say which state it shows.
    public func shownState() throws -> String? { nil }
}

/// A prize draw the audit can run: its declaration and, if the audit can call it, the game's own draw.
public protocol PrizeDrawSubject: Sendable {
    /// A short identifier, unique among subjects.
    var name: String { get }
    /// One line saying what the draw is.
    var summary: String { get }
    /// What the game declares.
    var declaration: PrizeDrawDeclaration { get }
    /// A new session of the game's own draw, or nil for a draw audited from its declaration alone.
    func makeSession() throws -> (any PrizeDrawSession)?
    /// One player's session of the game's own draw from a fresh state, drawing once for each u in `draws`;
    /// nil for a draw audited from its declaration alone. Sampling calls it once per block of draws, from
    /// several threads at once.
    func playSession(_ draws: [Double]) throws -> [DrawPick]?
}

extension PrizeDrawSubject {
    /// A draw audited from its declaration alone.
    public func makeSession() throws -> (any PrizeDrawSession)? { nil }

    /// A new session (``makeSession()``), reset, drawing `draws`.
    public func playSession(_ draws: [Double]) throws -> [DrawPick]? {
        guard let session = try makeSession() else { return nil }
        try session.reset()
        return try session.draw(draws)
    }
}

/// A figure a game publishes about its prize draw.
public enum DisclosedFigure: String, Sendable, Hashable, Codable, CaseIterable {
    /// The top items' probability of a first draw.
    case baseRate = "base rate"
    /// The top items' long-run share of draws, pity included.
    case consolidatedRate = "consolidated rate"
    /// The featured item's long-run share of draws.
    case featuredRate = "featured rate"
    /// The most draws a top item can take.
    case hardLimit = "hard limit"
}
