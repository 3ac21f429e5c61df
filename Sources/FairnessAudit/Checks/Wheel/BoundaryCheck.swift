import Foundation

/// Boundary check: every sector line probed in the subject's own units and floating-point type — the
/// line's nearest representable rotation, 1, 2 and 3 adjacent values on each side, and offsets of
/// 2^8, 2^16 and 2^24 units in the last place and of 1e-9, 1e-6 and 1e-3 turn.
public struct BoundaryCheck: Sendable {
    /// The subject's name.
    public let subject: String
    /// The number of sector lines probed (every line of the subject's geometry).
    public let linesProbed: Int
    /// The number of probes evaluated: 19 per line.
    public let probes: Int
    /// The probes whose reported result the truth does not allow, line by line in the geometry's order.
    public let failures: [ProbeFailure]
    /// Whether every probe passed.
    public var passed: Bool { failures.isEmpty }

    /// Probes every sector line of `subject` and records the probes whose reported result the geometric
    /// truth does not allow (on a line, either neighbour's label passes).
    ///
    /// - Parameters:
    ///   - subject: The wheel to probe.
    ///   - turnsShift: Whole turns added to every probe rotation; with 0 (the default) each line is
    ///     probed at its rotation within [0, one turn).
    /// - Precondition: Every probe rotation is finite in `Subject.Rotation` (the geometric truth requires
    ///   finite rotations); a `turnsShift` too large for the type breaks this.
    /// - Complexity: O(*L*): 19 probes per sector line, each one call of `report(_:)` and one truth
    ///   lookup, where *L* is the number of lines.
    public init<Subject: WheelSubject>(_ subject: Subject, turnsShift: Double = 0) {
        let geometry = subject.geometry
        var probes = 0
        var failures: [ProbeFailure] = []
        for line in geometry.lines {
            for (rotation, context) in Self.probes(around: line, of: subject, turnsShift: turnsShift) {
                probes += 1
                let reported = subject.report(rotation)
                let truth = subject.truth(rotation)
                if !accepts(reported, truth: truth, geometry: geometry) {
                    failures.append(ProbeFailure(rotation: Double(rotation), context: context, reported: reported,
                                                 truth: describe(truth, geometry: geometry)))
                }
            }
        }
        self.subject = subject.name
        linesProbed = geometry.lines.count
        self.probes = probes
        self.failures = failures
    }

    /// The probe rotations around one line, shifted by `turnsShift` whole turns, with their descriptions.
    static func probes<Subject: WheelSubject>(around line: WheelGeometry.Line, of subject: Subject, turnsShift: Double)
        -> [(Subject.Rotation, String)] {
        let unit = subject.rotationUnit
        let base = line.rotation(in: unit, pointer: subject.geometry.pointerTurns) + turnsShift * unit.fullTurn
        let name = "line " + line.sectors.map { "\(subject.geometry.sectors[$0].label)" }.joined(separator: "|")
            + (turnsShift == 0 ? "" : String(format: " shifted %+.0f turns", turnsShift))
        let r0 = Subject.Rotation(base)
        var result: [(Subject.Rotation, String)] = [(r0, "\(name), nearest value")]
        var up = r0, down = r0
        for k in 1...3 {
            up = up.nextUp
            down = down.nextDown
            result.append((up, "\(name), \(k) ulp above"))
            result.append((down, "\(name), \(k) ulp below"))
        }
        for power in [8, 16, 24] {
            let step = r0.ulp * Subject.Rotation(1 << power)
            result.append((r0 + step, "\(name), 2^\(power) ulp above"))
            result.append((r0 - step, "\(name), 2^\(power) ulp below"))
        }
        for fraction in [1e-9, 1e-6, 1e-3] {
            let step = fraction * unit.fullTurn
            result.append((Subject.Rotation(base + step), "\(name), \(fraction) turn above"))
            result.append((Subject.Rotation(base - step), "\(name), \(fraction) turn below"))
        }
        return result
    }
}
