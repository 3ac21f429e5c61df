import FairnessModel

/// One item's published probability and its exact probability.
public struct DisclosedShare: Sendable, Hashable, Codable {
    /// The item.
    public var label: String
    /// Its published probability.
    public var disclosed: Double
    /// Its exact probability on a first draw.
    public var exact: Double

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(label: String, disclosed: Double, exact: Double) {
        self.label = label
        self.disclosed = disclosed
        self.exact = exact
    }
}

/// The exact figures of a prize draw, as the subject's note states them.
public struct DrawFiguresNote: Sendable, Hashable, Codable {
    /// An item's long-run share of draws.
    public struct Rate: Sendable, Hashable, Codable {
        /// The item.
        public var label: String
        /// Its long-run share of draws.
        public var rate: Double
        /// The share as an exact fraction, when it is short enough to print (40 characters).
        public var fraction: String?

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(label: String, rate: Double, fraction: String? = nil) {
            self.label = label
            self.rate = rate
            self.fraction = fraction
        }
    }

    /// The distribution of draws until an item, summarised.
    public struct Wait: Sendable, Hashable, Codable {
        /// The items waited for.
        public var items: [String]
        /// The mean, if solved.
        public var mean: Double?
        /// The median, 90th and 99th percentiles (nil: not reached within the draws followed).
        public var median: Int, percentile90: Int, percentile99: Int?
        /// The most draws it can take; nil without a bound.
        public var worst: Int?

        /// The summary of `until`, a wait for `items`.
        public init(_ until: DrawMachineFigures.DrawsUntil, items: [String]) {
            self.items = items
            mean = until.mean?.double
            median = until.median
            percentile90 = until.percentile90
            percentile99 = until.percentile99
            worst = until.worst
        }
    }

    /// The machine's states.
    public var states: Int
    /// How the long run was solved; nil without a single long run.
    public var method: DrawMachineFigures.LongRunMethod?
    /// Each item's long-run share of draws (table order),
    public var rates: [Rate]
    /// Draws until a top item.
    public var untilTop: Wait?
    /// Draws until the featured item.
    public var untilFeatured: Wait?
    /// The long-run value of a draw, and that over its cost.
    public var valuePerDraw: Double?, returnPerDraw: Double?

    /// The note of `machine`'s `figures`, with `cost` per draw if declared.
    public init(_ machine: DrawMachine, _ figures: DrawMachineFigures, cost: ExactFraction?) {
        states = machine.reachableStates.count
        method = figures.method
        rates = (figures.longRunRates ?? []).enumerated().map { index, rate in
            // A fraction of more than 40 digits or so is not worth printing (nor converting to decimal).
            let short = rate.numerator.bitWidth + rate.denominator.bitWidth <= 130
            let text = short ? rate.description : ""
            return Rate(label: machine.labels[index], rate: rate.double, fraction: short && text.count <= 40 ? text : nil)
        }
        untilTop = figures.untilTop.map { Wait($0, items: machine.top.map { machine.labels[$0] }) }
        untilFeatured = figures.untilFeatured.flatMap { until in machine.featured.map { Wait(until, items: [machine.labels[$0]]) } }
        valuePerDraw = figures.valuePerDraw?.double
        returnPerDraw = figures.valuePerDraw.flatMap { value in cost.map { (value / $0).double } }
    }
}
