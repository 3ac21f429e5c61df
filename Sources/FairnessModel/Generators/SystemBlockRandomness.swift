import Foundation

/// Swift's system generator, one stream for the whole block.
public struct SystemBlockRandomness: BlockRandomness {
    @usableFromInline var generator = SystemRandomNumberGenerator()
    @inlinable public init(context: Void, seed: UInt64, stream: UInt64, block: UInt64) {}
    @inlinable public mutating func withTrial<Result>(_ trial: UInt64, _ body: (inout SystemRandomNumberGenerator) -> Result) -> Result {
        body(&generator)
    }
}
