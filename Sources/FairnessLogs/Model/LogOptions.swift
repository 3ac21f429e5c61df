import Foundation

/// How a log is cut and how forgiving the reader is.
public struct LogOptions: Sendable {
    /// Consecutive windows for the drift checks.
    public enum Window: Sendable, Hashable {
        /// About 16 to 32 windows of equal length, whatever the log's length (the default): lines are counted
        /// in blocks of 1,000 that double in length whenever there are 1,024 of them, so memory stays fixed.
        case automatic
        /// Windows of this many outcome lines.
        case lines(Int)
        /// Windows of this many seconds of the timestamp column.
        case seconds(Double)
    }

    /// The windows (``Window/automatic`` by default).
    public var window: Window = .automatic
    /// Bad rows tolerated: each is counted and reported; one more is an error. 0 by default: the first
    /// bad row is an error.
    public var skipBad: Int = 0
    /// The log's name in messages (a path, or `-`).
    public var file: String = "-"

    /// The default options.
    public init() {}
}
