import FairnessStatistics

extension CheckDetail {
    /// The magnitude of an independence test on a log: the share of the table's counts that would have to
    /// change for every row to show the table's overall mix (`ShareOffInterval.init(table:confidenceLevel:)`),
    /// and the cell farthest from it.
    public struct MixOff: Sendable, Hashable, Codable {
        /// What a row of the table is.
        public enum Rows: Sendable, Hashable, Codable {
            /// The previous result of a pair of consecutive results (its column: the next result).
            case previousResult
            /// A window of consecutive lines of the log (its column: the result).
            case window
        }

        /// The distance from the overall mix, with its simultaneous interval.
        public var interval: ShareOffInterval
        /// The counts in the table: pairs (``Rows/previousResult``) or lines (``Rows/window``).
        public var counted: UInt64
        /// What a row is.
        public var rows: Rows
        /// The cell whose share of its row is farthest from the column's overall share (nil for a table
        /// at the overall mix).
        public var farthest: Cell?

        /// One cell of the table: its row's and column's names, its share of the row and the column's
        /// share of the table.
        public struct Cell: Sendable, Hashable, Codable {
            /// The row (a previous result, or `window N`).
            public var row: String
            /// The column (a result).
            public var column: String
            /// The cell's count over its row's, in [0, 1].
            public var rowShare: Double
            /// The column's count over the table's, in [0, 1].
            public var overallShare: Double

            /// A value with every field given (the memberwise initialiser, for the audit's modules).
            package init(row: String, column: String, rowShare: Double, overallShare: Double) {
                self.row = row
                self.column = column
                self.rowShare = rowShare
                self.overallShare = overallShare
            }
        }

        /// The magnitude of `table` (rows named `rowNames`, columns `columnNames`), or nil for a table
        /// without counts.
        /// - Throws: What `ShareOffInterval.init(table:confidenceLevel:)` throws.
        package init?(table: [[Double]], rowNames: [String], columnNames: [String], rows: Rows) throws {
            let total = table.reduce(0) { $0 + $1.reduce(0, +) }
            guard total > 0 else { return nil }
            interval = try ShareOffInterval(table: table)
            counted = UInt64(total)
            self.rows = rows
            let overall = columnNames.indices.map { c in table.reduce(0) { $0 + $1[c] } / total }
            var best: Cell?, distance = 0.0
            for (r, row) in table.enumerated() {
                let rowTotal = row.reduce(0, +)
                guard rowTotal > 0 else { continue }
                for (c, count) in row.enumerated() where abs(count / rowTotal - overall[c]) > distance {
                    distance = abs(count / rowTotal - overall[c])
                    best = Cell(row: rowNames[r], column: columnNames[c], rowShare: count / rowTotal, overallShare: overall[c])
                }
            }
            farthest = best
        }

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(interval: ShareOffInterval, counted: UInt64, rows: Rows, farthest: Cell? = nil) {
            self.interval = interval
            self.counted = counted
            self.rows = rows
            self.farthest = farthest
        }
    }
}

extension CheckDetail {
    /// The magnitude of a prize draw log's test given each draw's state, state by state: every visited
    /// state's draws against its declared odds (`ShareOffInterval.init(observed:expected:confidenceLevel:)`
    /// at level 1 − (1 − 0.95)/S over the S states visited, so the intervals hold at once), and the state
    /// most clearly off.
    public struct StateOff: Sendable, Hashable, Codable {
        /// The states with at least one draw.
        public var statesVisited: Int
        /// The state whose interval's lower bound is the largest, when it is above 0 (nil: every state's
        /// interval reaches 0).
        public var farthest: State?

        /// One state's draws against its odds.
        public struct State: Sendable, Hashable, Codable {
            /// The state's name (`pity 85`, `guaranteed`, …).
            public var name: String
            /// The draws made in it.
            public var draws: UInt64
            /// The share of those draws off the state's odds, with its interval (simultaneous over the
            /// states visited).
            public var interval: ShareOffInterval

            /// A value with every field given (the memberwise initialiser, for the audit's modules).
            package init(name: String, draws: UInt64, interval: ShareOffInterval) {
                self.name = name
                self.draws = draws
                self.interval = interval
            }
        }

        /// The states' draws (`drawn[state][item]`) against their odds (`odds[state][item]`, each row
        /// summing to 1), states named `names`.
        /// - Throws: What `ShareOffInterval.init(observed:expected:confidenceLevel:)` throws.
        package init(drawn: [[UInt64]], odds: [[Double]], names: [String]) throws {
            let visited = drawn.indices.filter { drawn[$0].reduce(0, +) > 0 }
            statesVisited = visited.count
            let level = 1 - 0.05 / Double(max(1, visited.count))
            var best: State?
            for state in visited {
                let interval = try ShareOffInterval(
                    observed: drawn[state].map { Double($0) }, expected: odds[state], confidenceLevel: level)
                if interval.lower > (best?.interval.lower ?? 0) {
                    best = State(name: names[state], draws: drawn[state].reduce(0, +), interval: interval)
                }
            }
            farthest = best
        }
    }
}

extension CheckDetail {
    /// A prize draw log's payouts against the values the spec declares for the items drawn.
    public struct ValuesPaid: Sendable, Hashable, Codable {
        /// Payouts that differ from their item's value.
        public var mismatches: UInt64
        /// Lines with a payout.
        public var logged: UInt64
        /// Payouts not compared: of labels the table does not have, or of items the spec gives no value.
        public var notCompared: UInt64
        /// The first payout that differs.
        public var first: Mismatch?

        /// A payout that differs from its item's value.
        public struct Mismatch: Sendable, Hashable, Codable {
            /// The file line.
            public var line: Int
            /// The item drawn.
            public var item: String
            /// What the line says was paid.
            public var paid: Double
            /// The item's declared value.
            public var value: Double

            /// A value with every field given (the memberwise initialiser, for the audit's modules).
            package init(line: Int, item: String, paid: Double, value: Double) {
                self.line = line
                self.item = item
                self.paid = paid
                self.value = value
            }
        }

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(mismatches: UInt64, logged: UInt64, notCompared: UInt64, first: Mismatch? = nil) {
            self.mismatches = mismatches
            self.logged = logged
            self.notCompared = notCompared
            self.first = first
        }
    }
}
