import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `map(transform)` with the elements transformed side by side on the machine's cores: the same
    /// results in the same order, for work whose items are independent (the report's files, its power
    /// statements), so that the serial end of an audit takes part of the time.
    ///
    /// - Throws: The error of the first element, in order, whose transform throws.
    /// - Complexity: O(*n*) calls of `transform`, spread over the cores.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) throws -> T) throws -> [T] {
        guard count > 1 else { return try map(transform) }
        let results = Mutex<[Result<T, Error>?]>(Array<Result<T, Error>?>(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { try transform(self[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { result in
            guard let result else { preconditionFailure("concurrentPerform runs every index") }
            return try result.get()
        }
    }
}
