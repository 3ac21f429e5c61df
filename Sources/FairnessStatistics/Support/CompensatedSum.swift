/// Kahan–Babuška–Neumaier compensated summation: statistics over 10^4 cells keep full precision.
@usableFromInline
struct CompensatedSum {
    @usableFromInline var sum = 0.0
    @usableFromInline var compensation = 0.0

    @usableFromInline init() {}

    @inlinable mutating func add(_ value: Double) {
        let t = sum + value
        if abs(sum) >= abs(value) {
            compensation += (sum - t) + value
        } else {
            compensation += (value - t) + sum
        }
        sum = t
    }

    @inlinable var value: Double { sum + compensation }
}
