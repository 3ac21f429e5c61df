import Foundation

/// A problem in a log, at a line and column (1-based): a one-line error `LOG:LINE:COLUMN: message`.
public struct LogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line (1 is the header of a CSV log).
    public let line: Int
    /// The column, in bytes from 1 (a field's first byte).
    public let column: Int
    /// What is wrong.
    public let message: String
    /// The log's name in messages (its path, or `-` for standard input).
    public var file = "-"

    /// A problem at `line` and `column` of `file`.
    public init(line: Int, column: Int, message: String, file: String = "-") {
        self.line = line
        self.column = column
        self.message = message
        self.file = file
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}
