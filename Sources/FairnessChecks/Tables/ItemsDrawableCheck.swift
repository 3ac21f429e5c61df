import FairnessModel

/// Whether every item a prize draw offers can be drawn in play: exactly, over the declared machine's
/// states a player can reach.
///
/// An item is offered when the table gives it a positive weight, the declaration gives it positive odds in
/// some state, or the game discloses positive odds for it. One that no reachable state can draw — odds only
/// in a state no draw leads to (a general machine whose `next` never enters its guarantee), a table weight
/// no state uses, published odds the draw never gives — is a prize shown to players that no player can
/// win: unfair odds at any odds published, whatever the game's own code does. An item at odds 0 in the
/// table and every state, published at none above 0, is listed, not offered (a retired prize kept for old
/// logs), and passes.
///
/// For each item the check states the first draw of a player's session at which it can be drawn (the
/// breadth-first depth of the first reachable state giving it positive odds, plus one) and its largest
/// odds over the reachable states, so an item that only a long run of misses unlocks is visible too.
///
/// - Complexity: O(states × items) comparisons of exact fractions (at most `DrawMachine.oddsLimit`).
public struct ItemsDrawableCheck: CheckFigures {
    public static let key = "items-drawable"

    /// One item of the table.
    public struct Item: Sendable, Hashable, Codable {
        /// The item's label.
        public var label: String
        /// Whether the declaration offers it: a positive table weight, positive odds in some state, or
        /// positive disclosed odds.
        public var offered: Bool
        /// The draw of a player's session (1: the first) at which it can first be drawn; nil: never.
        public var firstDraw: Int?
        /// The state that draw is made in; nil: never.
        public var firstState: String?
        /// Its largest odds over the reachable states; nil: never drawable.
        public var largestOdds: ExactFraction?
        /// The odds the game discloses for a first draw, if any.
        public var disclosed: ExactFraction?
        /// Its odds in a draw from the whole table, as the table lists it.
        public var tableOdds: ExactFraction
        /// For an offered item never drawable: the states that would give it positive odds, none of which a
        /// player reaches (the first ``ItemsDrawableCheck/unreachedStatesNamed``, in the machine's order;
        /// empty when no state gives it any).
        public var unreachedStates: [String]
        /// How many such states there are (``unreachedStates`` names the first few).
        public var unreachedStateCount: Int
    }

    /// The most unreached states named per item.
    public static let unreachedStatesNamed = 4

    /// Every item, in table order.
    public var items: [Item]
    /// The states a player can reach, of ``states``.
    public var reachableStates: Int
    /// The machine's states.
    public var states: Int

    /// The offered items no reachable state can draw.
    public var neverDrawable: [Item] { items.filter { $0.offered && $0.firstDraw == nil } }
    /// Whether every offered item can be drawn.
    public var passed: Bool { neverDrawable.isEmpty }
    /// The largest odds the table lists or the game publishes among the items never drawable: how far what
    /// players read is from the 0 they get (nil when none is listed or published above 0). A figure of the
    /// finding, not its gate: a prize no player can win gates at any odds.
    public var largestPromisedNeverDrawn: Double? {
        neverDrawable.flatMap { [$0.disclosed?.double, $0.tableOdds.double] }.compactMap { $0 }.filter { $0 > 0 }.max()
    }

    /// Checks `declaration`'s machine.
    public init(_ declaration: PrizeDrawDeclaration) {
        let machine = declaration.machine
        // Breadth first from the start: each reachable state's depth, in order of first reaching it.
        var depth = [Int?](repeating: nil, count: machine.states.count)
        depth[0] = 0
        var order = [0], position = 0
        while position < order.count {
            let state = order[position]
            position += 1
            for item in machine.labels.indices where machine.states[state].odds[item] > .zero {
                let next = machine.states[state].next[item]
                if depth[next] == nil {
                    depth[next] = depth[state]! + 1
                    order.append(next)
                }
            }
        }
        items = machine.labels.indices.map { item in
            let disclosed = item < declaration.disclosed.itemOdds.count ? declaration.disclosed.itemOdds[item] : nil
            var first: Int?, largest: ExactFraction?
            for state in order where machine.states[state].odds[item] > .zero {
                let odds = machine.states[state].odds[item]
                if first == nil { first = state }
                if largest.map({ odds > $0 }) ?? true { largest = odds }
            }
            let giving = machine.states.indices.filter { machine.states[$0].odds[item] > .zero }
            let offered = !giving.isEmpty || machine.tableOdds[item] > .zero || (disclosed.map { $0 > .zero } ?? false)
            return Item(
                label: machine.labels[item], offered: offered, firstDraw: first.map { depth[$0]! + 1 },
                firstState: first.map { machine.states[$0].name }, largestOdds: largest, disclosed: disclosed,
                tableOdds: machine.tableOdds[item],
                unreachedStates: first == nil ? giving.prefix(Self.unreachedStatesNamed).map { machine.states[$0].name } : [],
                unreachedStateCount: first == nil ? giving.count : 0)
        }
        reachableStates = order.count
        states = machine.states.count
    }
}
