import BigInt

extension DrawMachineFigures {
    /// The distribution of draws until an item of `targets`, from the start, followed exactly.
    ///
    /// The probability mass of not yet having drawn a target is carried from state to state draw by draw,
    /// as whole numbers over a common denominator (the machine's odds all written over one denominator L,
    /// the mass after n draws over Lⁿ), so no step reduces a fraction. It stops when the mass is gone (the
    /// worst case, a hard limit) or the cumulative probability reaches 0.99 with no bound in sight.
    static func drawsUntil(_ targets: Set<Int>, in machine: DrawMachine) -> DrawsUntil {
        let reached = machine.reachableStates
        let common = commonDenominator(machine)
        let scaled = machine.states.map { state in state.odds.map { $0.numerator * (common / $0.denominator) } }
        var mass = [BigInt](repeating: 0, count: machine.states.count)
        mass[0] = 1
        var denominator = BigInt(1)
        var cumulative = BigInt(0)
        // hits[n − 1]: P(draws = n) · Lⁿ.
        var hits: [BigInt] = []
        var median: Int?, percentile90: Int?, percentile99: Int?
        let worst = longestWait(for: targets, in: machine)
        let limit = worst ?? max(1_000, propagationBudget / max(1, reached.count))
        var active = [0]
        for draw in 1...limit {
            var next = [BigInt](repeating: 0, count: machine.states.count)
            var hit = BigInt(0)
            var touched: Set<Int> = []
            for state in active where !mass[state].isZero {
                for (item, weight) in scaled[state].enumerated() where !weight.isZero {
                    let moved = mass[state] * weight
                    if targets.contains(item) {
                        hit += moved
                    } else {
                        next[machine.states[state].next[item]] += moved
                        touched.insert(machine.states[state].next[item])
                    }
                }
            }
            denominator *= common
            cumulative = cumulative * common + hit
            hits.append(hit)
            if median == nil, 2 * cumulative >= denominator { median = draw }
            if percentile90 == nil, 10 * cumulative >= 9 * denominator { percentile90 = draw }
            if percentile99 == nil, 100 * cumulative >= 99 * denominator { percentile99 = draw }
            mass = next
            active = touched.sorted()
            if active.isEmpty || (worst == nil && percentile99 != nil) { break }
        }
        var mean: ExactFraction?
        if worst != nil {
            // Σ n · hitₙ · L^(N−n) over L^N, one fraction.
            var numerator = BigInt(0)
            for (index, hit) in hits.enumerated() { numerator = numerator * common + BigInt(index + 1) * hit }
            mean = ExactFraction(numerator, denominator)
        } else {
            mean = meanDraws(until: targets, in: machine, reached: reached)
        }
        return DrawsUntil(
            mean: mean, median: median ?? hits.count, percentile90: percentile90 ?? hits.count, percentile99: percentile99,
            worst: worst, hits: hits, common: common)
    }

    /// The most draws a wait for `targets` can take from the start: 1 + the longest path of draws that are
    /// not targets, or nil when such draws can go on for ever (a cycle among them).
    static func longestWait(for targets: Set<Int>, in machine: DrawMachine) -> Int? {
        // Depth-first, iterative: 0 unvisited, 1 on the stack, 2 done with its longest path known.
        var mark = [UInt8](repeating: 0, count: machine.states.count)
        var longest = [Int](repeating: 0, count: machine.states.count)
        func successors(_ state: Int) -> [Int] {
            machine.states[state].odds.indices.filter { machine.states[state].odds[$0] > .zero && !targets.contains($0) }
                .map { machine.states[state].next[$0] }
        }
        var stack: [(state: Int, next: [Int], position: Int)] = [(0, successors(0), 0)]
        mark[0] = 1
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].position < stack[top].next.count {
                let child = stack[top].next[stack[top].position]
                stack[top].position += 1
                if mark[child] == 1 { return nil }
                if mark[child] == 0 {
                    mark[child] = 1
                    stack.append((child, successors(child), 0))
                }
            } else {
                let state = stack.removeLast().state
                longest[state] = 1 + (successors(state).map { longest[$0] }.max() ?? 0)
                mark[state] = 2
            }
        }
        return longest[0]
    }

    /// The mean draws until a target with no bound on them: h(s) = 1 + Σ P(s → s′) h(s′) over the draws
    /// that are not targets, solved in fractions (nil for a machine of more than ``exactSolveLimit`` states
    /// reached, or when a target cannot be reached).
    static func meanDraws(until targets: Set<Int>, in machine: DrawMachine, reached: [Int]) -> ExactFraction? {
        guard reached.count <= exactSolveLimit else { return nil }
        let position = Dictionary(uniqueKeysWithValues: reached.enumerated().map { ($1, $0) })
        let n = reached.count
        var rows = [[ExactFraction]](repeating: [ExactFraction](repeating: .zero, count: n + 1), count: n)
        for (row, state) in reached.enumerated() {
            rows[row][row] += .one
            rows[row][n] = .one
            for (item, odds) in machine.states[state].odds.enumerated() where odds > .zero && !targets.contains(item) {
                rows[row][position[machine.states[state].next[item]]!] -= odds
            }
        }
        return ExactLinearSolve.solve(rows)?[0]
    }
}

/// Gaussian elimination on an augmented matrix [A | b] of n rows and n + 1 columns.
enum ExactLinearSolve {
    /// x with A x = b, in fractions; nil if A is singular.
    static func solve(_ augmented: [[ExactFraction]]) -> [ExactFraction]? {
        var rows = augmented
        let n = rows.count
        for column in 0..<n {
            guard let pivot = (column..<n).first(where: { !rows[$0][column].isZero }) else { return nil }
            rows.swapAt(column, pivot)
            let inverse = .one / rows[column][column]
            rows[column] = rows[column].map { $0 * inverse }
            for row in 0..<n where row != column && !rows[row][column].isZero {
                let factor = rows[row][column]
                for k in column...n where !rows[column][k].isZero { rows[row][k] -= factor * rows[column][k] }
            }
        }
        return rows.map { $0[n] }
    }

    /// x with A x = b, in doubles with partial pivoting; nil if A is singular to working precision.
    static func solveInDoubles(_ augmented: [[Double]]) -> [Double]? {
        var rows = augmented
        let n = rows.count
        for column in 0..<n {
            let pivot = (column..<n).max { abs(rows[$0][column]) < abs(rows[$1][column]) }!
            guard abs(rows[pivot][column]) > 1e-300 else { return nil }
            rows.swapAt(column, pivot)
            for row in (column + 1)..<n where rows[row][column] != 0 {
                let factor = rows[row][column] / rows[column][column]
                for k in column...n { rows[row][k] -= factor * rows[column][k] }
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = rows[row][n]
            for k in (row + 1)..<n { sum -= rows[row][k] * x[k] }
            x[row] = sum / rows[row][row]
        }
        return x
    }
}
