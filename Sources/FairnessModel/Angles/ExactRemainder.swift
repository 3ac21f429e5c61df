extension Double {
    /// `truncatingRemainder(dividingBy:)` to the bit (IEEE 754 fmod: self − n·divisor with n = trunc(self /
    /// divisor), exact, with the sign of `self`), several times faster when |self / divisor| < 2⁵²: the
    /// ports' accumulated rotations reach millions of radians within a block, where the C library's
    /// fmod walks the quotient bit by bit.
    ///
    /// Why it is exact: the true remainder r = |self| − n·|divisor| is a double (a property of fmod).
    /// The quotient q = trunc(fl(|self| / |divisor|)) is n or n ± 1 while the ratio is below 2⁵² (its
    /// rounding error is under one half there); a fused multiply-add gives |self| − q·|divisor| with one
    /// rounding, so it is r itself once q = n, and its sign tells whether q needs one step. Anything else
    /// (not finite, a zero, subnormal or infinite divisor, a ratio of 2⁵² or more) goes to
    /// `truncatingRemainder`. Tested bit for bit against it.
    @inlinable
    public func exactRemainder(dividingBy divisor: Double) -> Double {
        let x = magnitude, y = divisor.magnitude
        guard x.isFinite, y.isNormal else { return truncatingRemainder(dividingBy: divisor) }
        if x < y { return self }
        let ratio = x / y
        guard ratio < 0x1p52 else { return truncatingRemainder(dividingBy: divisor) }
        var quotient = ratio.rounded(.towardZero)
        var remainder = x.addingProduct(-quotient, y)
        if remainder < 0 {
            quotient -= 1
            remainder = x.addingProduct(-quotient, y)
        } else if remainder >= y {
            quotient += 1
            remainder = x.addingProduct(-quotient, y)
        }
        return self < 0 ? -remainder : remainder
    }
}
