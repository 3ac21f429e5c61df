import FairnessChecks
import FairnessModel
import FairnessStatistics

// The figures of dice and log checks.
extension CheckDetail {
    /// The straight detector's mismatches against the reference.
    public struct StraightDetector: Sendable, Hashable, Codable {
        /// Rolls it calls a straight that are not.
        public var falseAccepts: UInt64
        /// Straights it misses.
        public var falseRejects: UInt64
        /// The rolls judged.
        public var coverage: DiceCoverage
        /// Wrong answers with the game's own state holding a straight.
        public var withStraightState: UInt64
        /// Wrong answers with the game's own state holding no straight.
        public var withoutStraightState: UInt64
        /// Multisets whose answers depend on the order of the dice, and the first of them.
        public var orderDependent: Int
        /// The first multiset whose answers depend on the order of the dice.
        public var orderDependentExample: String?

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(
            falseAccepts: UInt64, falseRejects: UInt64, coverage: DiceCoverage, withStraightState: UInt64, withoutStraightState: UInt64,
            orderDependent: Int, orderDependentExample: String? = nil
        ) {
            self.falseAccepts = falseAccepts
            self.falseRejects = falseRejects
            self.coverage = coverage
            self.withStraightState = withStraightState
            self.withoutStraightState = withoutStraightState
            self.orderDependent = orderDependent
            self.orderDependentExample = orderDependentExample
        }
    }

    /// Rolls of one category the classifier calls another.
    public struct Confusion: Sendable, Hashable, Codable {
        /// Ordered rolls.
        public var rolls: UInt64
        /// The category they are.
        public var truth: String
        /// The category the game calls them.
        public var reported: String

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(rolls: UInt64, truth: String, reported: String) {
            self.rolls = rolls
            self.truth = truth
            self.reported = reported
        }
    }

    /// A dice game's claimed probability against the exact one.
    public struct ClaimComparison: Sendable, Hashable, Codable {
        /// The category or hand.
        public var what: String
        /// What the game claims.
        public var claimed: Double
        /// The exact probability.
        public var exact: Double

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(what: String, claimed: Double, exact: Double) {
            self.what = what
            self.claimed = claimed
            self.exact = exact
        }
    }

    /// One value's exact odds, as the game draws it and as declared.
    public struct DrawnValueOdds: Sendable, Hashable, Codable {
        /// The value.
        public var value: Int
        /// Its odds under the game's own draws.
        public var game: ExactFraction
        /// Its odds under the declared value of fair dice.
        public var declared: ExactFraction

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(value: Int, game: ExactFraction, declared: ExactFraction) {
            self.value = value
            self.game = game
            self.declared = declared
        }
    }

    /// A bet's published figure against the exact one.
    public struct BetFigureComparison: Sendable, Hashable, Codable {
        /// Which figure.
        public var figure: DiceBet.Figure
        /// What the game publishes, as a fraction of the exact value it was read as.
        public var declared: ExactFraction
        /// The exact figure.
        public var exact: ExactFraction
        /// The exact figure, rounded.
        public var exactValue: Double { exact.double }

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(figure: DiceBet.Figure, declared: ExactFraction, exact: ExactFraction) {
            self.figure = figure
            self.declared = declared
            self.exact = exact
        }
    }

    /// An invalid line of a log, as the invalid-results check names it.
    public enum LogExample: Sendable, Hashable, Codable {
        /// A roll the dice cannot show: its text and line.
        case roll(text: String, line: Int)
        /// A label no sector carries: how many lines, and the first.
        case label(Int, lines: UInt64, firstLine: Int)
    }

    /// An item a prize draw's log shows that its table does not have: how many lines, and the first.
    public struct ForeignItem: Sendable, Hashable, Codable {
        /// The label as logged.
        public var item: String
        /// How many lines show it.
        public var count: UInt64
        /// The first of them.
        public var firstLine: Int

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(item: String, count: UInt64, firstLine: Int) {
            self.item = item
            self.count = count
            self.firstLine = firstLine
        }
    }

    /// A log's draws of items their player's declared state gives odds 0.
    public struct ImpossibleDraws: Sendable, Hashable, Codable {
        /// One such draw: its line, the player's declared state, and the item.
        public struct Example: Sendable, Hashable, Codable {
            /// The log line.
            public var line: Int
            /// The state's name.
            public var state: String
            /// The item's label.
            public var item: String

            /// A value with every field given (the memberwise initialiser, for the audit's modules).
            package init(line: Int, state: String, item: String) {
                self.line = line
                self.state = state
                self.item = item
            }
        }
        /// How many draws were impossible.
        public var count: UInt64
        /// Of how many draws of the table's items.
        public var draws: UInt64
        /// Runs of them (consecutive impossible draws of one player: a state stuck past a hard limit makes
        /// one run), and the players with one.
        public var runs: UInt64, players: UInt64
        /// The share impossible (count / draws) with its 95% Clopper–Pearson interval.
        public var share: Double
        /// The interval's bounds.
        public var lower: Double, upper: Double
        /// An item drawn impossibly, and how often.
        public struct ItemCount: Sendable, Hashable, Codable {
            /// The item's label.
            public var item: String
            /// How many of its draws were impossible.
            public var count: UInt64

            /// A value with every field given (the memberwise initialiser, for the audit's modules).
            package init(item: String, count: UInt64) {
                self.item = item
                self.count = count
            }
        }
        /// The items drawn impossibly, most often first.
        public var items: [ItemCount]
        /// The first few.
        public var examples: [Example]

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(
            count: UInt64, draws: UInt64, runs: UInt64, players: UInt64, share: Double, lower: Double, upper: Double, items: [ItemCount],
            examples: [Example]
        ) {
            self.count = count
            self.draws = draws
            self.runs = runs
            self.players = players
            self.share = share
            self.lower = lower
            self.upper = upper
            self.items = items
            self.examples = examples
        }
    }

    /// A row of a log that could not be read.
    public struct BadRow: Sendable, Hashable, Codable {
        /// Its line.
        public var line: Int
        /// Its column.
        public var column: Int
        /// What was wrong, as the reader says.
        public var message: String

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// Logged payouts against the paytable's prizes.
    public struct PayoutComparison: Sendable, Hashable, Codable {
        /// Lines that paid another amount than the paytable's prize for their outcome.
        public var mismatches: UInt64
        /// Lines with a payout.
        public var logged: UInt64
        /// Every outcome line.
        public var lines: UInt64
        /// The paytable's stake, which logged payouts are scaled by.
        public var stake: Double
        /// Lines that logged no stake, when the log has a stake column (nil: it has none).
        public var withoutStake: UInt64?
        /// The first line that paid another amount.
        public var first: Mismatch?

        /// A line that paid another amount than the paytable's prize for its outcome.
        public struct Mismatch: Sendable, Hashable, Codable {
            /// The line.
            public var line: Int
            /// Its outcome.
            public var outcome: String
            /// What it paid.
            public var paid: Double
            /// What the paytable says.
            public var expected: Double

            /// A value with every field given (the memberwise initialiser, for the audit's modules).
            package init(line: Int, outcome: String, paid: Double, expected: Double) {
                self.line = line
                self.outcome = outcome
                self.paid = paid
                self.expected = expected
            }
        }

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(mismatches: UInt64, logged: UInt64, lines: UInt64, stake: Double, withoutStake: UInt64? = nil, first: Mismatch? = nil)
        {
            self.mismatches = mismatches
            self.logged = logged
            self.lines = lines
            self.stake = stake
            self.withoutStake = withoutStake
            self.first = first
        }
    }

    /// A log's return to player.
    public struct LogReturn: Sendable, Hashable, Codable {
        /// Total payout over total stake.
        public var returnToPlayer: Double
        /// Lines with a payout, of `lines`.
        public var payoutsLogged: UInt64
        /// Every outcome line.
        public var lines: UInt64
        /// The per-play mean and its 95% interval.
        public var mean: Double
        /// The interval's lower end.
        public var lower: Double
        /// The interval's upper end.
        public var upper: Double
        /// What it was tested against (nil: nothing).
        public var expected: Expected?
        /// The declared RTP, when the test is against another figure.
        public var declared: Double?
        /// Whether it is the return on one bet or round of a dice log (payouts by the bet's rules).
        public var ofBet = false

        /// What a log's RTP is tested against.
        public struct Expected: Sendable, Hashable, Codable {
            /// Which figure.
            public enum Source: Sendable, Hashable, Codable {
                /// The RTP the game declares.
                case declared
                /// The exact RTP of dice under their reroll policy.
                case diceExact
                /// A bet's or round's exact return by its rules (1 + its expected net).
                case betRules
                /// The RTP of the declared odds and paytable.
                case declaredOdds
                /// A prize draw's return per draw under the odds of each draw's state (the items' values
                /// over the cost of a draw).
                case eachDrawState
            }
            /// Which figure.
            public var source: Source
            /// Its value.
            public var value: Double

            /// A value with every field given (the memberwise initialiser, for the audit's modules).
            package init(source: Source, value: Double) {
                self.source = source
                self.value = value
            }
        }

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(
            returnToPlayer: Double, payoutsLogged: UInt64, lines: UInt64, mean: Double, lower: Double, upper: Double,
            expected: Expected? = nil, declared: Double? = nil, ofBet: Bool = false
        ) {
            self.returnToPlayer = returnToPlayer
            self.payoutsLogged = payoutsLogged
            self.lines = lines
            self.mean = mean
            self.lower = lower
            self.upper = upper
            self.expected = expected
            self.declared = declared
            self.ofBet = ofBet
        }
    }

    /// Drift over a log's windows.
    public struct Drift: Sendable, Hashable, Codable {
        /// Windows tested.
        public var tested: Int
        /// The window with the smallest p-value (0-based).
        public var strongest: Int
        /// The first window departing at α / `tested`, and its p-value (nil: none).
        public var departing: Departure?
        /// Whether each window was tested against the odds of its draws' states (a prize draw with
        /// memory's log) rather than one set of declared odds.
        public var givenState = false

        /// The first window that departs, and its p-value.
        public struct Departure: Sendable, Hashable, Codable {
            /// The window.
            public var window: Window
            /// Its p-value.
            public var pValue: Double
            /// How far its outcomes are from the declared odds: the share of its lines off, with a
            /// simultaneous 95% interval (nil for a window without valid lines).
            public var shareOff: ShareOffInterval?

            /// A value with every field given (the memberwise initialiser, for the audit's modules).
            package init(window: Window, pValue: Double, shareOff: ShareOffInterval? = nil) {
                self.window = window
                self.pValue = pValue
                self.shareOff = shareOff
            }
        }

        /// A window of a log.
        public enum Window: Sendable, Hashable, Codable {
            /// By lines: its index, first and last outcome line, and the file line it starts at.
            case lines(index: Int, first: UInt64, last: UInt64, fromLine: Int)
            /// By seconds: its index, start and end seconds after the first line, and the file line it starts
            /// at.
            case seconds(index: Int, from: Double, to: Double, fromLine: Int)
        }

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(tested: Int, strongest: Int, departing: Departure? = nil, givenState: Bool = false) {
            self.tested = tested
            self.strongest = strongest
            self.departing = departing
            self.givenState = givenState
        }
    }
}
