import Foundation

/// A problem in a log, at a line and column (1-based): a one-line error `LOG:LINE:COLUMN: message`.
public struct LogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A limit of ``LogOptions`` that the log went past, kept as data so that each caller names the
    /// setting in its own terms (the `audit` command by its flags).
    public enum Limit: Sendable, Hashable {
        /// More bad rows than ``LogOptions/skipBad`` allows; `row` is the count reached.
        case badRows(row: Int, allowed: Int)
        /// More windows of `size` lines than a log may have: the windows (``LogOptions/window``) are too short.
        case windowsOfLines(size: Int)
    }

    /// The line (1 is the header of a CSV log).
    public let line: Int
    /// The column, in bytes from 1 (a field's first byte).
    public let column: Int
    /// What is wrong.
    public let message: String
    /// The log's name in messages (its path, or `-` for standard input).
    public var file = "-"
    /// The limit of the options the log went past, if that is the problem.
    public var exceeded: Limit?

    /// A problem at `line` and `column` of `file`.
    public init(line: Int, column: Int, message: String, file: String = "-", exceeded: Limit? = nil) {
        self.line = line
        self.column = column
        self.message = message
        self.file = file
        self.exceeded = exceeded
    }

    /// `FILE:LINE:COLUMN: message`, and the limit in the library's terms.
    public var description: String {
        let limit: String
        switch exceeded {
        case nil: limit = ""
        case .badRows(let row, let allowed): limit = " (bad row \(row), more than LogOptions.skipBad = \(allowed))"
        case .windowsOfLines: limit = "; use longer windows (LogOptions.window)"
        }
        return "\(file):\(line):\(column): \(message)\(limit)"
    }
}
