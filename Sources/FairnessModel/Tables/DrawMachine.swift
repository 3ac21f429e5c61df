/// A prize draw with its memory compiled into one finite state machine: every state has its own exact
/// odds over the table's items and, for each item, the state its draw leads to. A draw without memory is
/// the machine of one state.
///
/// Every figure of a game with memory (``DrawMachineFigures``) and every audit of it given its state is
/// computed on this machine; the spec's named forms (``DrawMemory``) are only ways of writing it.
public struct DrawMachine: Sendable, Hashable {
    /// One state: the odds of a draw in it and where each item leads.
    public struct State: Sendable, Hashable {
        /// The state's name in reports (`pity 12`, `guaranteed, pity 0`, `last drew gem`, `fresh`).
        public var name: String
        /// Each item's exact probability in this state (table order); they sum to 1.
        public var odds: [ExactFraction]
        /// The state each item's draw leads to (table order; an index into ``DrawMachine/states``).
        public var next: [Int]
    }

    /// The items' labels, in table order.
    public var labels: [String]
    /// The states; index 0 is where every player starts (a fresh account, a new session).
    public var states: [State]
    /// The items whose draws the figures count as the top prize (a pity's top items); empty if none declared.
    public var top: [Int]
    /// The featured item of a guarantee, if declared.
    public var featured: Int?
    /// What each item is worth, if the table declares values (table order; nil for an item without one).
    public var values: [ExactFraction?]
    /// Each item's probability in a draw from the whole table as the table lists it (its weight over the sum
    /// of the weights): what a player reading the table expects. The states may give other odds (pity, a
    /// schedule, a general machine's own weights).
    public var tableOdds: [ExactFraction]

    /// The largest machine compiled: a memory whose states would pass this is refused with its count.
    public static let stateLimit = 20_000
    /// The most odds (states × items) a machine holds, each an exact fraction.
    public static let oddsLimit = 1_000_000

    /// The most states a machine of a table of `items` items may have: ``stateLimit``, and fewer for a large
    /// table, so that its states × items stay within ``oddsLimit``.
    public static func stateLimit(items: Int) -> Int { max(1, min(stateLimit, oddsLimit / max(1, items))) }

    /// Each state's odds as `Double`s, cumulative (the last is 1 exactly), for sampling: a draw u in
    /// [0, 1) gives the first item whose cumulative probability exceeds u.
    public var cumulativeOdds: [[Double]] {
        states.map { state in
            var running = ExactFraction.zero
            var cumulative = state.odds.map { odds -> Double in
                running += odds
                return running.double
            }
            if let last = cumulative.indices.last(where: { state.odds[$0] > .zero }) {
                for index in last..<cumulative.count { cumulative[index] = 1 }
            }
            return cumulative
        }
    }

    /// The states a player can reach from the start, in order of first reaching them (breadth first).
    public var reachableStates: [Int] {
        var seen = Set([0]), order = [0], position = 0
        while position < order.count {
            let state = states[order[position]]
            position += 1
            for item in state.odds.indices where state.odds[item] > .zero && seen.insert(state.next[item]).inserted {
                order.append(state.next[item])
            }
        }
        return order
    }
}

/// Why a table and its memory do not make a machine: the field (a path in the spec's terms, below
/// `table`) and what is wrong, in one line.
public struct DrawMachineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field at fault, such as `memory.pity.hard`.
    public var field: String
    /// What is wrong with it.
    public var message: String

    /// An error in `field`.
    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    /// `field: message`.
    public var description: String { "\(field): \(message)" }
}
