/// Why a spec file was refused: the file, the line and column (1-based) of the offending node, the field's
/// path (`wheel.sectors[2].weight`) and what is wrong. Its description is one line,
/// `file:line:column: field: message`, as compilers write it, so editors can jump to it.
public struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The spec file's path as given (or `<input>` for text).
    public let file: String
    /// The line of the offending node, from 1; 0 if the file could not be read at all.
    public let line: Int
    /// The column of the offending node, from 1; 0 if the file could not be read at all.
    public let column: Int
    /// The field's path from the document's root, dotted, with list positions from 0 in brackets.
    public let field: String
    /// What is wrong and what is allowed.
    public let message: String

    /// An error at a place in a file.
    public init(file: String, line: Int, column: Int, field: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.message = message
    }

    public var description: String {
        "\(file):\(line):\(column): \(field.isEmpty ? "(document)" : field): \(message)"
    }
}
