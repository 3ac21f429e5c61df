/// A weighted prize table: the items a draw can give, each with its weight (or probability), and what it
/// is worth. A loot drop, a gacha banner's rarities, a raffle, the prize pool behind an animated wheel.
public struct PrizeTable: Sendable, Hashable {
    /// One item of the table.
    public struct Item: Sendable, Hashable {
        /// The item's name, as the game and its logs write it (letters, digits, `-`, `_`, `.`).
        public var label: String
        /// Its relative weight (its probability when the weights sum to 1); 0 for an item listed but not drawn.
        public var weight: ExactFraction
        /// What it is worth to the player (coins, a prize amount), if declared.
        public var value: ExactFraction?
        /// How many of it there are, for a draw without replacement (``DrawMemory/stock``); nil for unlimited.
        public var stock: Int?

        /// An item `label` of `weight`, worth `value`, with `stock` units (nil: unlimited).
        public init(label: String, weight: ExactFraction, value: ExactFraction? = nil, stock: Int? = nil) {
            self.label = label
            self.weight = weight
            self.value = value
            self.stock = stock
        }
    }

    /// The items, in the order the spec lists them.
    public var items: [Item]

    /// A table of `items`.
    public init(items: [Item]) { self.items = items }

    /// The items' labels, in order.
    public var labels: [String] { items.map(\.label) }

    /// Each item's probability in a draw from the whole table: its weight over the sum of the weights.
    /// - Precondition: some weight is positive.
    public var probabilities: [ExactFraction] { Self.normalised(items.map(\.weight)) }

    /// `weights` divided by their sum; all 0 if they sum to 0.
    public static func normalised(_ weights: [ExactFraction]) -> [ExactFraction] {
        let total = ExactFraction.sum(weights)
        return total.isZero ? weights.map { _ in .zero } : weights.map { $0 / total }
    }
}
