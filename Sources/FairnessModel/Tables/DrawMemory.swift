/// What a prize draw remembers between draws, as a game declares it: the named forms studios ship (pity,
/// a featured 50/50 guarantee, no repeats, stock drawn without replacement) or a general machine of states.
/// ``DrawMachine/init(table:memory:)`` compiles it, with the table, into one finite state machine.
public struct DrawMemory: Sendable, Hashable {
    /// A pity counter: the draws since the last *top* item raise the top items' odds from draw
    /// ``softFrom`` by ``step`` a draw, and the ``hard``-th draw gives a top item for certain.
    ///
    /// The k-th draw since the last top item (k = 1, 2, …) gives a top item with probability
    /// p(k) = base + step · max(0, k − softFrom + 1), capped at 1 (or ``rates``[k] where given), and
    /// p(hard) = 1, where base is the top
    /// items' share of the table. The other items share 1 − p(k) in proportion to their weights; the top
    /// items share p(k) in proportion to theirs (or as ``Guarantee`` says). Drawing any top item resets the
    /// counter; nothing else does.
    public struct Pity: Sendable, Hashable {
        /// The items that count as top and reset the counter (indices into the table).
        public var top: [Int]
        /// The draw (counted from 1 after the last top item) from which the ramp starts; nil for none.
        public var softFrom: Int?
        /// What the ramp adds to the top items' probability each draw from ``softFrom``.
        public var step: ExactFraction
        /// The draw that gives a top item for certain; nil where the ramp or ``rates`` alone reach 1.
        public var hard: Int?
        /// The top items' probability on given draws (counted from 1 after the last top item), for a ramp
        /// written as a table (a game's `rateSteps`, a per-mille schedule): it replaces p(k) on those draws;
        /// the hard limit still applies.
        public var rates: [Int: ExactFraction]

        /// A pity counter over `top` (see the type's description).
        public init(top: [Int], softFrom: Int? = nil, step: ExactFraction = .zero, hard: Int? = nil, rates: [Int: ExactFraction] = [:]) {
            self.top = top
            self.softFrom = softFrom
            self.step = step
            self.hard = hard
            self.rates = rates
        }
    }

    /// A featured item among the top items: a top draw gives it with probability ``chance`` (a 50/50); a top
    /// draw that gives another top item makes the next top draw give the featured item for certain.
    public struct Guarantee: Sendable, Hashable {
        /// The featured item (an index into the table; one of the pity's top items).
        public var featured: Int
        /// Its share of a top draw when not guaranteed; nil for its weight's share of the top items.
        public var chance: ExactFraction?

        /// A guarantee of `featured`, won with `chance` of a top draw when not guaranteed.
        public init(featured: Int, chance: ExactFraction? = nil) {
            self.featured = featured
            self.chance = chance
        }
    }

    /// Stock drawn without replacement: each item's ``PrizeTable/Item/stock`` units (an item without stock
    /// is unlimited).
    public struct Stock: Sendable, Hashable {
        /// How a draw weighs the items left.
        public enum Weighting: String, Sendable, Hashable, CaseIterable {
            /// Each item in stock keeps its weight; sold-out items are left out.
            case byWeight = "by-weight"
            /// Each unit left is one ticket: an item's weight is its units left (a box of tickets).
            case byUnits = "by-units"
        }
        /// How a draw weighs the items left.
        public var weighting: Weighting
        /// Whether the stock is refilled when every limited item is sold out (the next draw starts again
        /// from the full stock); without, draws go on among the unlimited items.
        public var refillWhenEmpty: Bool
        /// An unlimited item (an index into the table, "no prize") that takes a sold-out item's weight, so
        /// that the items left keep their odds (by weight only); nil: a sold-out item is left out and the
        /// others share its odds.
        public var soldOutTo: Int?

        /// Stock weighed by `weighting`, refilled when empty or not, a sold-out item's weight going to
        /// `soldOutTo` if given.
        public init(weighting: Weighting = .byWeight, refillWhenEmpty: Bool = true, soldOutTo: Int? = nil) {
            self.weighting = weighting
            self.refillWhenEmpty = refillWhenEmpty
            self.soldOutTo = soldOutTo
        }
    }

    /// Odds that change with the draws made since a period began — a session, or a day (a daily spin whose
    /// first draw is richer): the n-th draw of the period (n from 1) uses the weights of the entry whose
    /// ``Entry/draws`` hold n, and a draw past every entry the table's own weights. A new period (the
    /// fresh state: a probe's `reset`, a new `session` value in a log) starts the count again.
    public struct Schedule: Sendable, Hashable {
        /// What starts the count again.
        public enum Period: String, Sendable, Hashable, CaseIterable {
            /// A player's session.
            case session
            /// A calendar day.
            case day
        }
        /// The weights of some draws of the period.
        public struct Entry: Sendable, Hashable {
            /// The draws of the period (from 1) these weights apply to.
            public var draws: ClosedRange<Int>
            /// Each item's weight on those draws (table order).
            public var weights: [ExactFraction]

            /// Weights `weights` on the draws `draws` of the period.
            public init(draws: ClosedRange<Int>, weights: [ExactFraction]) {
                self.draws = draws
                self.weights = weights
            }
        }
        /// What starts the count again.
        public var period: Period
        /// The draws with weights of their own, in any order; their ranges do not overlap.
        public var entries: [Entry]

        /// A schedule of `entries` counted per `period`.
        public init(period: Period, entries: [Entry]) {
            self.period = period
            self.entries = entries
        }
    }

    /// One state of a general machine.
    public struct State: Sendable, Hashable {
        /// The state's name.
        public var name: String
        /// Each item's weight in this state (in table order).
        public var weights: [ExactFraction]
        /// The state each item leads to (an index into the states); an item not listed stays in this state.
        public var next: [Int: Int]

        /// A state `name` drawing by `weights`, moving by `next`.
        public init(name: String, weights: [ExactFraction], next: [Int: Int]) {
            self.name = name
            self.weights = weights
            self.next = next
        }
    }

    /// A pity counter, if declared.
    public var pity: Pity?
    /// A featured 50/50 guarantee (with ``pity``), if declared.
    public var guarantee: Guarantee?
    /// No item among the last `noRepeat` drawn can be drawn (the rest keep their weights), if declared.
    public var noRepeat: Int?
    /// Stock drawn without replacement, if declared.
    public var stock: Stock?
    /// A general machine (the first state is where every player starts), if declared.
    public var states: [State]?
    /// Odds by the draw's place in its session or day, if declared.
    public var schedule: Schedule?

    /// Memory made of the given forms (none: draws without memory).
    public init(
        pity: Pity? = nil, guarantee: Guarantee? = nil, noRepeat: Int? = nil, stock: Stock? = nil, states: [State]? = nil,
        schedule: Schedule? = nil
    ) {
        self.pity = pity
        self.guarantee = guarantee
        self.noRepeat = noRepeat
        self.stock = stock
        self.states = states
        self.schedule = schedule
    }

    /// No memory: every draw is from the whole table.
    public static let none = DrawMemory()
}
