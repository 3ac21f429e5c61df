extension SP80022 {
    /// The walk's cycles: the number J of excursions from zero of S′ = 0, S₁, …, Sₙ, 0.
    static func excursionCycles(_ bits: BitSequence) -> Int {
        var sum = 0, cycles = 0
        for index in 0..<bits.count {
            sum += 2 * bits[index] - 1
            if sum == 0 { cycles += 1 }
        }
        return sum == 0 ? cycles : cycles + 1
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
        let cycles = excursionCycles(bits)
        if let short = cyclesShortfall(bits, cycles: cycles) { return short }
        // counts[state][k]: cycles visiting the state (−4 … 4 at index state + 4) k times.
        var counts = [[Int]](repeating: [Int](repeating: 0, count: 6), count: 9)
        var visits = [Int](repeating: 0, count: 9)
        var sum = 0
        func closeCycle() {
            for state in 0..<9 where state != 4 {
                counts[state][min(visits[state], 5)] += 1
                visits[state] = 0
            }
        }
        for index in 0..<bits.count {
            sum += 2 * bits[index] - 1
            if sum == 0 {
                closeCycle()
            } else if abs(sum) <= 4 {
                visits[sum + 4] += 1
            }
        }
        if sum != 0 { closeCycle() }
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
                    pValue: try chiSquareTail(statistic, degreesOfFreedom: 5))
            })
    }

    /// 2.15, the random excursions variant test, for x = −9 … −1, 1 … 9: ξ(x) visits to x over the whole
    /// walk, P = erfc(|ξ(x) − J| / √(2J(4|x| − 2))). Needs J ≥ max(0.005 √n, 500) cycles.
    public static func randomExcursionsVariant(_ bits: BitSequence) throws -> SP80022Outcome {
        let cycles = excursionCycles(bits)
        if let short = cyclesShortfall(bits, cycles: cycles) { return short }
        var visits = [Int](repeating: 0, count: 19)
        var sum = 0
        for index in 0..<bits.count {
            sum += 2 * bits[index] - 1
            if abs(sum) <= 9 { visits[sum + 9] += 1 }
        }
        let j = Double(cycles)
        return .computed(
            try (-9...9).filter { $0 != 0 }.map { state in
                let statistic = abs(Double(visits[state + 9]) - j) / (2 * j * Double(4 * abs(state) - 2)).squareRoot()
                return SP80022Result(
                    test: .randomExcursionsVariant, part: .state(state), statistic: statistic, pValue: try GSL.erfc(statistic))
            })
    }

    private static func pow(_ base: Double, _ exponent: Int) -> Double {
        (0..<exponent).reduce(1) { product, _ in product * base }
    }
}
