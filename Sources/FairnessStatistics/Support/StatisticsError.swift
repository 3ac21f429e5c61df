/// Why a statistics function refused its input or could not produce a result.
///
/// Every case names the offending value so the message can go straight to a user.
public enum StatisticsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A required input had no elements.
    case emptyInput(what: String)
    /// Two inputs that must pair up element by element have different lengths.
    case lengthMismatch(what: String, expected: Int, actual: Int)
    /// A count was negative, NaN or infinite.
    case invalidCount(what: String, index: Int, value: Double)
    /// A probability was negative, above 1, NaN or infinite.
    case invalidProbability(what: String, index: Int, value: Double)
    /// Probabilities that must sum to 1 did not, beyond the stated tolerance.
    case probabilitiesDoNotSumToOne(sum: Double, tolerance: Double)
    /// A scalar argument was outside its domain.
    case invalidArgument(String)
    /// GNU GSL reported an error (its handler is off; the status comes back here).
    case gsl(function: String, status: Int32, message: String)
    /// An iterative method did not converge within its iteration budget.
    case noConvergence(String)

    public var description: String {
        switch self {
        case .emptyInput(let what):
            return "\(what) is empty"
        case .lengthMismatch(let what, let expected, let actual):
            return "\(what): expected \(expected) elements, got \(actual)"
        case .invalidCount(let what, let index, let value):
            return "\(what)[\(index)] = \(value) is not a finite non-negative count"
        case .invalidProbability(let what, let index, let value):
            return "\(what)[\(index)] = \(value) is not a probability in [0, 1]"
        case .probabilitiesDoNotSumToOne(let sum, let tolerance):
            return "probabilities sum to \(sum), not 1 (tolerance \(tolerance))"
        case .invalidArgument(let message):
            return message
        case .gsl(let function, let status, let message):
            return "GSL error in \(function) (status \(status)): \(message)"
        case .noConvergence(let message):
            return "no convergence: \(message)"
        }
    }
}
