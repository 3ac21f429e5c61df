/// Errors the audit reports to its user, each a single line.
public enum AuditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Bad input or usage: exit code ``ExitCode/badInput``.
    case badInput(String)
    /// The run was interrupted (Ctrl-C): no report was written.
    case interrupted
    /// A report could not be written.
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .badInput(let message): return message
        case .interrupted: return "interrupted; previous reports left untouched"
        case .cannotWrite(let message): return message
        }
    }
}
