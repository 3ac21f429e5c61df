import FairnessModel

/// Finds every input in [lower, upper) at which a wheel's rotation reaches one of its sector lines (see
/// `WheelPartition`): stretches between sweep points are split while the rotation moves half a turn or
/// more in them; in each, the lines the pointer sweeps are found from the exact positions of its ends and
/// each crossing is bisected to adjacent values of the subject's own type.
struct LineCrossingFinder<Rotation: BinaryFloatingPoint> {
    /// The sector lines' positions on the wheel, in turns, in increasing order.
    let lines: [Turns]
    let pointer: Turns
    let unit: AngleUnit
    let lower: Rotation
    let upper: Rotation
    /// The rotation an input puts the wheel at.
    let rotation: (Rotation) -> Rotation
    /// The crossings found so far, in the order found.
    var found: [Rotation] = []

    init(lines: [Turns], pointer: Turns, unit: AngleUnit, lower: Rotation, upper: Rotation, rotation: @escaping (Rotation) -> Rotation) {
        self.lines = lines
        self.pointer = pointer
        self.unit = unit
        self.lower = lower
        self.upper = upper
        self.rotation = rotation
    }

    /// The crossings over `steps` equal stretches of [lower, upper), sorted, each once.
    mutating func crossings(steps: Int) -> [Rotation] {
        let span = Double(upper) - Double(lower)
        var previous = lower
        for i in 1...steps {
            // The last input is the one below `upper`: a crossing at `upper` itself is outside [lower, upper).
            let next = i == steps ? upper.nextDown : Rotation(Double(lower) + span * Double(i) / Double(steps))
            if next > previous {
                scan(previous, next, depth: 0)
                previous = next
            }
        }
        found.sort()
        var unique: [Rotation] = []
        unique.reserveCapacity(found.count)
        for c in found where unique.last != c { unique.append(c) }
        return unique
    }

    /// The wheel point under the pointer at input `x`, in turns in [0, 1).
    func position(_ x: Rotation) -> Turns { (pointer - Turns(Double(rotation(x)), unit: unit)).fractionalPart }

    /// The rotation at input `x`, in turns.
    func turns(_ x: Rotation) -> Turns { Turns(Double(rotation(x)), unit: unit) }

    /// Signed distance (turns, wrapped to (−½, ½]) from `line` to the wheel point under the pointer.
    func side(_ x: Rotation, _ line: Turns) -> Double {
        var d = (position(x) - line).fractionalPart.value
        if d > 0.5 { d -= 1 }
        return d
    }

    /// The lines whose positions lie on the arc the pointer sweeps from `from` to `to` (wheel positions,
    /// turns) when the rotation grows by less than half a turn: positions decrease, so the arc is [to, from]
    /// going backwards, wrapping through 0 when to > from.
    func linesSwept(from: Turns, to: Turns) -> [Int] {
        func firstIndex(atLeast p: Turns) -> Int {
            var low = 0, high = lines.count
            while low < high {
                let mid = (low + high) / 2
                if lines[mid] < p { low = mid + 1 } else { high = mid }
            }
            return low
        }
        func lastIndex(atMost p: Turns) -> Int {
            var low = 0, high = lines.count
            while low < high {
                let mid = (low + high) / 2
                if p < lines[mid] { high = mid } else { low = mid + 1 }
            }
            return low  // one past
        }
        let (a, b) = (to, from)
        if !(b < a) { return Array(firstIndex(atLeast: a)..<lastIndex(atMost: b)) }
        return Array(firstIndex(atLeast: a)..<lines.count) + Array(0..<lastIndex(atMost: b))
    }

    /// Bisects [a, b] for the first input on the far side of `line`, given the sides at a and b differ.
    func bisect(_ a: Rotation, _ b: Rotation, line: Turns, increasing: Bool) -> Rotation? {
        // Within the truth's own tolerance of the line counts as on it, and so as reached.
        func past(_ x: Rotation) -> Bool {
            let tolerance = Turns.lineTolerance(for: turns(x).value)
            return increasing ? side(x, line) <= tolerance : side(x, line) >= -tolerance
        }
        guard !past(a), past(b) else { return past(a) ? a : nil }
        var low = a, high = b
        while low.nextUp < high {
            var mid = low + (high - low) / 2
            if mid <= low || mid >= high { mid = low.nextUp }
            if past(mid) { high = mid } else { low = mid }
        }
        return high
    }

    /// Crossings within [a, b]; splits the stretch while the rotation moves half a turn or more in it.
    mutating func scan(_ a: Rotation, _ b: Rotation, depth: Int) {
        // A spin that traps has no rotation and crosses no line.
        guard rotation(a).isFinite, rotation(b).isFinite else { return }
        let moved = (turns(b) - turns(a)).value
        if moved == 0 { return }
        if abs(moved) >= 0.5 {
            guard depth < 80, a.nextUp < b else { return }
            var mid = a + (b - a) / 2
            if mid <= a || mid >= b { mid = a.nextUp }
            scan(a, mid, depth: depth + 1)
            scan(mid, b, depth: depth + 1)
            return
        }
        let increasing = moved > 0
        let (from, to) = (position(a), position(b))
        let swept = increasing ? linesSwept(from: from, to: to) : linesSwept(from: to, to: from)
        for index in swept {
            if let cut = bisect(a, b, line: lines[index], increasing: increasing), cut >= lower, cut < upper {
                found.append(cut)
            }
        }
    }
}
