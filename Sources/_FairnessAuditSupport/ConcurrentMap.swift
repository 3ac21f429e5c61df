import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `map(transform)` with the elements transformed side by side on up to `threads` threads: the same
    /// results in the same order, for work whose items are independent (the report's files, its power
    /// statements), so that the serial end of an audit takes part of the time.
    ///
    /// - Parameters:
    ///   - threads: The most threads to use (the run's `--threads`); 1 or fewer transforms in order here.
    ///   - transform: The transform, called once for each element, from any of the threads.
    /// - Throws: The error of the first element, in order, whose transform throws.
    /// - Complexity: O(*n*) calls of `transform`, spread over min(`threads`, *n*) threads.
    package func concurrentMap<T: Sendable>(threads: Int, _ transform: @Sendable (Element) throws -> T) throws -> [T] {
        let workers = Swift.min(threads, count)
        guard workers > 1 else { return try map(transform) }
        let next = Atomic<Int>(0)
        let results = Mutex<[Result<T, Error>?]>(Array<Result<T, Error>?>(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { break }
                let result = Result { try transform(self[index]) }
                results.withLock { $0[index] = result }
            }
        }
        return try results.withLock { $0 }.map { result in
            guard let result else { preconditionFailure("the workers take every index") }
            return try result.get()
        }
    }
}
