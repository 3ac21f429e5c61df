import ArgumentParser

/// `--seed N` (a 64-bit unsigned integer) or `--seed random` (drawn from the system generator and
/// printed, so the run can be repeated).
public struct SeedChoice: ExpressibleByArgument, Hashable, Sendable, CustomStringConvertible {
    /// The toolkit's default seed (the date the reports were first committed).
    public static let standard = SeedChoice(fixed: 20_261_121)
    /// What `--seed` accepts, for error messages.
    public static let allowed = "a whole number from 0 to 18446744073709551615, or 'random'"

    /// The seed, or nil for a random one.
    public let fixed: UInt64?

    public init(fixed: UInt64?) { self.fixed = fixed }

    public init?(argument: String) {
        if argument == "random" { fixed = nil; return }
        guard let seed = UInt64(argument) else { return nil }
        fixed = seed
    }

    /// Parses `argument`, or throws a message saying what a seed must be.
    public static func parse(_ argument: String) throws -> SeedChoice {
        guard let seed = SeedChoice(argument: argument) else { throw ValidationError("'\(argument)' is not \(allowed)") }
        return seed
    }

    /// The seed to use: the fixed one, or a fresh draw.
    public func resolve() -> UInt64 { fixed ?? UInt64.random(in: 0...UInt64.max) }

    public var defaultValueDescription: String { fixed.map(String.init) ?? "random" }

    /// As a user types it (shown as the default in `--help`).
    public var description: String { defaultValueDescription }
}
