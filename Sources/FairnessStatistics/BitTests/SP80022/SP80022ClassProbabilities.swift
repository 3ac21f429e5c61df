import Foundation
import Synchronization

/// Exact class probabilities, computed once per shape of a test and kept for the process: every sequence
/// of a run uses the same few, and each costs more to compute than the test that uses it.
enum KeptClassProbabilities {
    /// A test's shape.
    enum Shape: Hashable {
        case longestRun(blockLength: Int, lowest: Int, classes: Int)
        case overlappingTemplate(templateLength: Int, blockLength: Int, classes: Int)
    }

    private static let kept = Mutex([Shape: [Double]]())

    /// The probabilities of `shape`, from `compute` the first time.
    static func probabilities(_ shape: Shape, _ compute: () -> [Double]) -> [Double] {
        if let known = kept.withLock({ $0[shape] }) { return known }
        let computed = compute()
        kept.withLock { $0[shape] = computed }
        return computed
    }
}

/// The longest run test's block length and classes at a sequence length (SP 800-22 section 2.4.2).
struct LongestRunShape {
    let blockLength: Int
    /// The first class is "longest run ≤ lowest", the last "≥ lowest + classes".
    let lowest: Int
    /// K: the classes number K + 1.
    let classes: Int

    init(sequenceLength n: Int) {
        switch n {
        case ..<6272: (blockLength, lowest, classes) = (8, 1, 3)
        case ..<750_000: (blockLength, lowest, classes) = (128, 4, 5)
        default: (blockLength, lowest, classes) = (10_000, 10, 6)
        }
    }

    /// P(the longest run of ones in M fair bits ≤ k): the probabilities of the current run length
    /// 0 … k are stepped bit by bit (a 0 sends every length to 0, a 1 moves each up by one, each with
    /// probability ½), and mass passing k is dropped.
    static func longestRunAtMost(_ k: Int, blockLength: Int) -> Double {
        var run = [Double](repeating: 0, count: k + 1)
        run[0] = 1
        for _ in 0..<blockLength {
            let total = run.reduce(0, +)
            for length in stride(from: k, to: 0, by: -1) { run[length] = run[length - 1] / 2 }
            run[0] = total / 2
        }
        return run.reduce(0, +)
    }

    /// The classes' exact probabilities, computed once per shape (a million steps at M = 10,000, more
    /// than the test itself) and kept.
    var exactProbabilities: [Double] {
        KeptClassProbabilities.probabilities(.longestRun(blockLength: blockLength, lowest: lowest, classes: classes)) {
            computeExactProbabilities()
        }
    }

    private func computeExactProbabilities() -> [Double] {
        let atMost: [Double] = (lowest..<(lowest + classes)).map { Self.longestRunAtMost($0, blockLength: blockLength) }
        var probabilities: [Double] = [atMost[0]]
        for index in 1..<classes { probabilities.append(atMost[index] - atMost[index - 1]) }
        probabilities.append(1 - atMost[classes - 1])
        return probabilities
    }

    /// The reference program's table (section 3.4 prints the M = 128 and M = 10,000 rows to four decimals).
    var referenceProbabilities: [Double] {
        switch blockLength {
        case 8: [0.21484375, 0.3671875, 0.23046875, 0.1875]
        case 128: [0.1174035788, 0.242955959, 0.249363483, 0.17517706, 0.102701071, 0.112398847]
        default: [0.0882, 0.2092, 0.2483, 0.1933, 0.1208, 0.0675, 0.0727]
        }
    }
}

/// The tail of the cumulative sums test's statistic.
enum CumulativeSumsTail {
    /// P(max |Sₖ| ≥ z) for the walk of n fair steps, by the publication's formula (section 2.13.4 (4)),
    /// P = 1 − Σ_k [Φ((4k+1)z/√n) − Φ((4k−1)z/√n)] + Σ_k [Φ((4k+3)z/√n) − Φ((4k+1)z/√n)],
    /// with the reference program's summation limits (C's whole-number division, so the section 2.13.4
    /// example gives 0.4116586, printed 0.4116588).
    ///
    /// Every difference of Φ is taken as a difference of upper tails Q(x) = erfc(x/√2)/2, and the k = 0
    /// term 1 − 2Q(z/√n) cancels the leading 1 exactly, so a far-tail P-value keeps its digits instead
    /// of cancelling 1 − Σ. Where it underflows, its log₁₀ is that of c · Q(z/√n), c the net number of
    /// terms Q(z/√n) in the sum: every other term is a Q(jz/√n) with j ≥ 3, below Q(z/√n) by a factor
    /// e^(−4z²/n) < 10^(−1000) there.
    static func pValue(z: Int, n: Int) throws -> SP80022.Tail {
        precondition(z >= 1 && n >= z, "the largest excursion of n steps is 1 ... n")
        let root = Double(n).squareRoot()
        func upper(_ k: Int) throws -> Double { try GSL.erfc(Double(abs(k) * z) / root / 2.0.squareRoot()) / 2 }
        var total = 2 * (try upper(1)), leading = 2
        // Φ(b) − Φ(a) for a < b of one sign (a, b multiples k·z/√n): Q(|a|) − Q(|b|) or Q(|b|) − Q(|a|).
        func difference(_ a: Int, _ b: Int) throws -> (value: Double, leading: Int) {
            let (high, low) = a >= 0 ? (a, b) : (b, a)
            return (try upper(high) - upper(low), (abs(high) == 1 ? 1 : 0) - (abs(low) == 1 ? 1 : 0))
        }
        for k in ((-n / z + 1) / 4)...((n / z - 1) / 4) where k != 0 {
            let term = try difference(4 * k - 1, 4 * k + 1)
            (total, leading) = (total - term.value, leading - term.leading)
        }
        for k in ((-n / z - 3) / 4)...((n / z - 1) / 4) {
            let term = try difference(4 * k + 1, 4 * k + 3)
            (total, leading) = (total + term.value, leading + term.leading)
        }
        let p = min(1, max(0, total))
        guard p < SP80022.underflowing, leading > 0 else { return (p, log10(p)) }
        let x = Double(z) / root / 2.0.squareRoot()
        return (p, (log(Double(leading) / 2) + (try GSL.logErfc(x))) / log(10))
    }
}

/// The overlapping template test's class probabilities (section 2.8).
enum OverlappingTemplateClasses {
    /// Exact P(the number of overlapping occurrences of m ones in M fair bits is 0, 1, …, K − 1, ≥ K),
    /// by dynamic programming over (current run of ones, capped at m; count so far, capped at K).
    /// For m = 9, M = 1032, K = 5 these are Hamano and Kaneko's (2007) corrected values
    /// 0.364091, 0.185659, 0.139381, 0.100571, 0.070432, 0.139865.
    /// Computed once per (m, M, K) and kept.
    static func exact(templateLength m: Int, blockLength: Int, classes: Int = 5) -> [Double] {
        KeptClassProbabilities.probabilities(.overlappingTemplate(templateLength: m, blockLength: blockLength, classes: classes)) {
            computeExact(templateLength: m, blockLength: blockLength, classes: classes)
        }
    }

    private static func computeExact(templateLength m: Int, blockLength: Int, classes: Int) -> [Double] {
        let width = classes + 1
        var state = [Double](repeating: 0, count: (m + 1) * width)
        state[0] = 1
        for _ in 0..<blockLength {
            var next = [Double](repeating: 0, count: state.count)
            for run in 0...m {
                for count in 0..<width where state[run * width + count] != 0 {
                    let half = state[run * width + count] / 2
                    next[count] += half
                    let longer = min(run + 1, m)
                    let counted = min(count + (run + 1 >= m ? 1 : 0), classes)
                    next[longer * width + counted] += half
                }
            }
            state = next
        }
        return (0..<width).map { count in (0...m).reduce(0) { $0 + state[$1 * width + count] } }
    }

    /// The reference program's approximation Pr(u, η) (η = (M − m + 1)/2^(m+1)), which reproduces the
    /// publication's figures.
    static func referenceProgram(templateLength m: Int, blockLength: Int, classes: Int = 5) -> [Double] {
        let eta = Double(blockLength - m + 1) / Double(1 << m) / 2
        var probabilities = [exp(-eta)]
        for u in 1..<classes {
            var sum = 0.0
            for l in 1...u {
                let (du, dl): (Double, Double) = (Double(u), Double(l))
                let powers: Double = -eta - du * log(2.0) + dl * log(eta)
                let binomial: Double = lgamma(du) - lgamma(dl) - lgamma(du - dl + 1)
                sum += exp(powers - lgamma(dl + 1) + binomial)
            }
            probabilities.append(sum)
        }
        return probabilities + [1 - probabilities.reduce(0, +)]
    }
}

/// The linear complexity test's class probabilities (section 2.10).
enum LinearComplexityClasses {
    /// μ = M/2 + (9 + (−1)^(M+1))/36 − (M/3 + 2/9)/2^M, the mean linear complexity of M random bits.
    static func mean(blockLength m: Int) -> Double {
        Double(m) / 2 + (9 + (m % 2 == 0 ? -1.0 : 1.0)) / 36 - (Double(m) / 3 + 2.0 / 9) / pow(2, Double(m))
    }

    /// The class (0 … 6) of T = (−1)^M (L − μ) + 2/9: ≤ −2.5, (−2.5, −1.5], …, (1.5, 2.5], > 2.5.
    static func classOf(linearComplexity: Int, blockLength m: Int) -> Int {
        let t = (m % 2 == 0 ? 1.0 : -1.0) * (Double(linearComplexity) - mean(blockLength: m)) + 2.0 / 9
        for (index, edge) in [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5].enumerated() where t <= edge { return index }
        return 6
    }

    /// Exact class probabilities for M-bit blocks: 2^min(2L−1, 2M−2L) of the 2^M sequences have linear
    /// complexity L ≥ 1, and one has L = 0.
    static func exact(blockLength m: Int) -> [Double] {
        var classes = [Double](repeating: 0, count: 7)
        classes[classOf(linearComplexity: 0, blockLength: m)] += pow(2, -Double(m))
        for complexity in 1...m {
            let exponent = min(2 * complexity - 1, 2 * m - 2 * complexity) - m
            classes[classOf(linearComplexity: complexity, blockLength: m)] += pow(2, Double(exponent))
        }
        return classes
    }

    /// The reference program's table (π₀ printed 0.01047; exactly 1/96 as M → ∞).
    static let referenceProgram = [0.01047, 0.03125, 0.12500, 0.50000, 0.25000, 0.06250, 0.020833]
}
