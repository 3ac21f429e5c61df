extension SP80022 {
    /// The walk S₁, …, Sₙ's excursions: J, the cycles of S′ = 0, S₁, …, Sₙ, 0; for x = −4 … 4 the number
    /// of cycles visiting x k times (k = 0 … 4, and ≥ 5; index x + 4); and for x = −9 … 9 the visits to x
    /// over the whole walk (index x + 9). A byte whose walk starts at |S| ≥ 18 cannot reach |S| ≤ 9, so
    /// it moves the walk by its sum at once; the rest are walked bit by bit.
    static func excursions(_ bits: BitSequence) -> (cycles: Int, cycleVisits: [[Int]], visits: [Int]) {
        var cycleVisits = [[Int]](repeating: [Int](repeating: 0, count: 6), count: 9)
        var inCycle = [Int](repeating: 0, count: 9), visits = [Int](repeating: 0, count: 19)
        var sum = 0, cycles = 0
        func closeCycle() {
            cycles += 1
            for state in 0..<9 where state != 4 {
                cycleVisits[state][min(inCycle[state], 5)] += 1
                inCycle[state] = 0
            }
        }
        func step(_ bit: Int) {
            sum += 2 * bit - 1
            if sum == 0 { closeCycle() }
            if abs(sum) <= 9 { visits[sum + 9] += 1 }
            if abs(sum) <= 4 { inCycle[sum + 4] += 1 }
        }
        let steps = WalkSteps.table
        bits.forEachByte(
            { byte in
                if abs(sum) >= 18 {
                    sum += steps[byte].sum
                } else {
                    for bit in (0..<8).reversed() { step((byte >> bit) & 1) }
                }
            }, thenBit: step)
        if sum != 0 { closeCycle() }
        return (cycles, cycleVisits, visits)
    }

    static func cyclesShortfall(_ bits: BitSequence, cycles: Int) -> SP80022Outcome? {
        let needed = max(500, Int((0.005 * Double(bits.count).squareRoot()).rounded(.up)))
        return cycles < needed ? .shortfall(.tooFewCycles(cycles: cycles, needed: needed)) : nil
    }

    /// 2.14, the random excursions test, for x = −4 … −1, 1 … 4: νₖ(x) cycles visit x exactly k times
    /// (k = 0 … 4, and ≥ 5), compared by χ² with 5 degrees of freedom against
    /// π₀ = 1 − 1/(2|x|), πₖ = (1/(4x²)) (1 − 1/(2|x|))^(k−1), π₅ = (1/(2|x|)) (1 − 1/(2|x|))⁴.
    /// Needs J ≥ max(0.005 √n, 500) cycles.
    public static func randomExcursions(_ bits: BitSequence) throws -> SP80022Outcome {
        let (cycles, counts, _) = excursions(bits)
        if let short = cyclesShortfall(bits, cycles: cycles) { return short }
        return .computed(
            try [-4, -3, -2, -1, 1, 2, 3, 4].map { state in
                let x = Double(abs(state))
                let stay = 1 - 1 / (2 * x)
                var probabilities = [stay]
                for k in 1...4 { probabilities.append(1 / (4 * x * x) * pow(stay, k - 1)) }
                probabilities.append(1 / (2 * x) * pow(stay, 4))
                let statistic = pearson(counts[state + 4], probabilities)
                return SP80022Result(
                    test: .randomExcursions, part: .state(state), statistic: statistic,
                    tail: try chiSquareTails(statistic, degreesOfFreedom: 5))
            })
    }

    /// 2.15, the random excursions variant test, for x = −9 … −1, 1 … 9: ξ(x) visits to x over the whole
    /// walk, P = erfc(|ξ(x) − J| / √(2J(4|x| − 2))). Needs J ≥ max(0.005 √n, 500) cycles.
    public static func randomExcursionsVariant(_ bits: BitSequence) throws -> SP80022Outcome {
        let (cycles, _, visits) = excursions(bits)
        if let short = cyclesShortfall(bits, cycles: cycles) { return short }
        let j = Double(cycles)
        return .computed(
            try (-9...9).filter { $0 != 0 }.map { state in
                let statistic = abs(Double(visits[state + 9]) - j) / (2 * j * Double(4 * abs(state) - 2)).squareRoot()
                return SP80022Result(
                    test: .randomExcursionsVariant, part: .state(state), statistic: statistic, tail: try erfcTail(statistic))
            })
    }

    private static func pow(_ base: Double, _ exponent: Int) -> Double {
        (0..<exponent).reduce(1) { product, _ in product * base }
    }
}
