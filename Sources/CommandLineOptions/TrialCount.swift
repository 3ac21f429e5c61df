import ArgumentParser

/// A trial count: a whole number from 1 to 10^15, written plainly (`1000000`) or as `1e6`.
public struct TrialCount: ExpressibleByArgument, Hashable, Sendable, CustomStringConvertible {
    /// The largest count accepted.
    public static let maximum: UInt64 = 1_000_000_000_000_000
    /// What `--trials` accepts, for help and error messages.
    public static let allowed = "a whole number from 1 to 10^15 (1000000 or 1e6)"

    public let value: UInt64

    public init(_ value: UInt64) {
        precondition(value >= 1 && value <= Self.maximum, "trial count \(value) out of 1 ... 10^15")
        self.value = value
    }

    public init?(argument: String) {
        if let exact = UInt64(argument) {
            guard exact >= 1, exact <= Self.maximum else { return nil }
            value = exact
        } else if argument.allSatisfy({ "0123456789.eE+".contains($0) }), let real = Double(argument), real.isFinite, real >= 1,
            real <= Double(Self.maximum), real == real.rounded()
        {
            value = UInt64(real)
        } else {
            return nil
        }
    }

    /// Parses `argument`, or throws a message saying what a trial count must be.
    public static func parse(_ argument: String) throws -> TrialCount {
        guard let count = TrialCount(argument: argument) else {
            throw ValidationError("'\(argument)' is not \(allowed)")
        }
        return count
    }

    public var defaultValueDescription: String { String(value) }

    /// As a user types it (shown as the default in `--help`).
    public var description: String { defaultValueDescription }
}
