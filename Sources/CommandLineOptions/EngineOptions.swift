import ArgumentParser
import Foundation

/// Options every command that runs trials shares: the seed and the number of worker threads.
public struct EngineOptions: ParsableArguments {
    /// The defaults: seed 20261121, every core.
    public init() {}

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seed: a 64-bit unsigned integer, or 'random' to draw one and print it. (default: \(SeedChoice.standard))",
            valueName: "n|random"),
        transform: SeedChoice.parse)
    public var seed: SeedChoice = .standard

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Worker threads, 1 ... 1024 (default: all cores). Results do not depend on it.", valueName: "n"),
        transform: EngineOptions.parseThreads)
    public var threads: Int?

    /// The thread count to use: the one given, or every active core.
    public var threadCount: Int { threads ?? ProcessInfo.processInfo.activeProcessorCount }

    public static func parseThreads(_ argument: String) throws -> Int {
        guard let count = Int(argument), count >= 1, count <= 1024 else {
            throw ValidationError("'\(argument)' is not a whole number from 1 to 1024")
        }
        return count
    }
}
