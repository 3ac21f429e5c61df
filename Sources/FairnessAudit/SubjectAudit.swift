import Foundation

/// Settings of an audit run beyond the Monte Carlo itself.
public struct AuditSettings: Sendable {
    public var run: RunSettings
    /// Family-wise significance level of the run (Holm over every p-value).
    public var alpha: Double
    /// Which kinds of check gate the verdicts and the exit status.
    public var failOn: [CheckKind]
    /// Dense-sweep steps of the consistency and designed-odds partitions.
    public var sweepSteps: Int
    /// The command that reproduces the run, written into the reports.
    public var command: String

    public static let defaultAlpha = 1e-6

    public init(run: RunSettings, alpha: Double = AuditSettings.defaultAlpha, failOn: [CheckKind] = CheckKind.allCases,
                sweepSteps: Int = ConsistencyCheck.defaultSteps, command: String = "audit") {
        self.run = run
        self.alpha = alpha
        self.failOn = failOn
        self.sweepSteps = sweepSteps
        self.command = command
    }
}

/// What a sampled test needs to state its power once the size of the p-value family is known.
enum PowerRequest: Sendable {
    case goodnessOfFit(probabilities: [Double], trials: Double)
    case independence(degreesOfFreedom: Double, trials: Double)
    case binomial(trials: Double, probability: Double)
}

/// A check before Holm's correction has been applied to the run.
struct PendingCheck: Sendable {
    var record: CheckRecord
    var power: PowerRequest?
}

/// Everything one subject contributes to the report.
public struct SubjectResult: Sendable {
    var verdict: SubjectVerdict
    var checks: [PendingCheck]
    var outcomes: [OutcomeRow]
    var arcs: [ArcRow]
    var probes: [ProbeRow]
}

/// The checks of one subject, exact and sampled.
enum SubjectAudit {
    static func format(_ x: Double) -> String { String(format: "%.6g", x) }

    static func exact(_ subject: String, _ check: String, kind: CheckKind = .exact, passed: Bool, _ detail: String) -> PendingCheck {
        PendingCheck(record: CheckRecord(subject: subject, check: check, kind: kind, status: passed ? .pass : .fail, detail: detail))
    }

    /// A goodness-of-fit test that refuses to run when the outcomes that matter are too rare for the
    /// trials: outcomes with at least 1% of the most likely one's probability must each expect 5 counts.
    /// Rarer outcomes are pooled with a neighbour by the standard rule (``ExpectedCountRule/poolAdjacent(minimum:)``).
    static func goodnessOfFit(_ subject: String, _ check: String, kind: CheckKind, observed: [Double], probabilities: [Double],
                              statistic: GoodnessOfFitStatistic = .pearson) throws -> PendingCheck {
        let total = observed.reduce(0, +)
        var record = CheckRecord(subject: subject, check: check, kind: kind, status: .inconclusive, detail: "")
        let largest = probabilities.max() ?? 0
        let regular = probabilities.filter { $0 >= largest / 100 && $0 > 0 }
        if let smallest = regular.min(), total * smallest < 5 {
            record.detail = "too few trials: an outcome of probability \(format(smallest)) expects \(format(total * smallest)) < 5; needs at least \(Int((5 / smallest - 1e-6).rounded(.up))) trials"
            return PendingCheck(record: record, power: nil)
        }
        let test = try GoodnessOfFitTest(observed: observed, probabilities: probabilities, statistic: statistic, rule: .standard)
        switch test.verdict {
        case .inconclusive(let reason):
            record.detail = "inconclusive: \(reason)"
            return PendingCheck(record: record, power: nil)
        case .tested(let figures):
            record.statistic = figures.statistic.isFinite ? figures.statistic : nil
            record.degreesOfFreedom = figures.degreesOfFreedom
            record.pValue = figures.pValue
            var detail = "\(test.cells.count) cells"
            if test.cells.count < probabilities.filter({ $0 > 0 }).count { detail += " after pooling rare outcomes" }
            if test.impossibleObservations > 0 {
                detail += "; \(Int(test.impossibleObservations)) observations of outcomes with probability 0 (p = 0 exactly)"
            }
            record.detail = detail
            let cellProbabilities = test.cells.map { $0.expected / total }
            return PendingCheck(record: record, power: cellProbabilities.count >= 2 ? .goodnessOfFit(probabilities: cellProbabilities, trials: total) : nil)
        }
    }

    /// Serial or pairwise independence on a table of counts. Categories expected to be rare (margins
    /// below 1% of the largest) are pooled into one "rare" category, which is dropped if even pooled it
    /// cannot reach an expected count of 5 in every cell.
    static func independence(_ subject: String, _ check: String, table: [[UInt64]]) throws -> PendingCheck {
        var record = CheckRecord(subject: subject, check: check, kind: .sampling, status: .inconclusive, detail: "")
        let n = table.count
        let rowTotals = table.map { $0.reduce(0, +) }
        let columnTotals = (0..<n).map { c in table.reduce(0) { $0 + $1[c] } }
        let margins = (0..<n).map { rowTotals[$0] + columnTotals[$0] }
        let largest = margins.max() ?? 0
        let regular = (0..<n).filter { margins[$0] > 0 && margins[$0] * 100 >= largest }
        let rare = (0..<n).filter { margins[$0] > 0 && margins[$0] * 100 < largest }
        var groups = regular.map { [$0] }
        var pooledNote = ""
        if !rare.isEmpty {
            let total = Double(rowTotals.reduce(0, +))
            let rareRow = Double(rare.reduce(0) { $0 + rowTotals[$1] }), rareColumn = Double(rare.reduce(0) { $0 + columnTotals[$1] })
            let smallestRegular = Double(regular.map { min(rowTotals[$0], columnTotals[$0]) }.min() ?? 0)
            if total > 0 && min(rareRow, rareColumn) * smallestRegular / total >= 5 {
                groups.append(rare)
                pooledNote = "; \(rare.count) rare categories pooled"
            } else {
                pooledNote = "; \(rare.count) rare categories left out (too few to test)"
            }
        }
        let collapsed = groups.map { rows in groups.map { columns in
            Double(rows.reduce(0) { sum, r in sum + columns.reduce(0) { $0 + table[r][$1] } })
        } }
        let test = try IndependenceTest(table: collapsed)
        switch test.verdict {
        case .inconclusive(let reason):
            record.detail = "inconclusive: \(reason)\(pooledNote)"
            return PendingCheck(record: record, power: nil)
        case .tested(let figures):
            record.statistic = figures.statistic
            record.degreesOfFreedom = figures.degreesOfFreedom
            record.pValue = figures.pValue
            record.detail = "\(test.keptRows.count)×\(test.keptColumns.count) table\(pooledNote)"
            let total = collapsed.flatMap { $0 }.reduce(0, +)
            return PendingCheck(record: record, power: .independence(degreesOfFreedom: figures.degreesOfFreedom ?? 1, trials: total))
        }
    }

    static func unitName(_ unit: AngleUnit) -> String { unit == .degrees ? "degrees" : "radians" }

    /// The fair odds a wheel claims: each painted sector's share of the painted circle.
    static func claimedOdds(_ geometry: WheelGeometry) -> [WheelOutcome: Double] {
        let painted = geometry.sectors.reduce(0.0) { $0 + $1.widthTurns.value }
        var claimed: [WheelOutcome: Double] = [:]
        for sector in geometry.sectors { claimed[.label(sector.label), default: 0] += sector.widthTurns.value / painted }
        return claimed
    }

    /// The largest difference between two sets of odds over every outcome either names.
    static func largestDifference(_ a: [WheelOutcome: Double], _ b: [WheelOutcome: Double]) -> Double {
        Set(a.keys).union(b.keys).map { abs((a[$0] ?? 0) - (b[$0] ?? 0)) }.max() ?? 0
    }

    // MARK: Wheels read from their rotation

    static func wheel<Subject: WheelSubject>(_ subject: Subject, settings: AuditSettings) throws -> SubjectResult {
        let name = subject.name
        let geometry = subject.geometry
        let unit = subject.rotationUnit
        let consistency = ConsistencyCheck(subject, steps: settings.sweepSteps)
        let boundary = BoundaryCheck(subject)
        let wraparound = WraparoundCheck(subject)
        let range = RangeCheck(subject, consistency: consistency, boundary: boundary, wraparound: wraparound)
        let odds = DesignedOdds(subject, consistency: consistency, steps: settings.sweepSteps)

        var checks: [PendingCheck] = []
        var probes: [ProbeRow] = []
        var findings: [String] = []
        for finding in geometry.findings { findings.append("The wheel as drawn has a \(finding).") }

        checks.append(exact(name, "boundary", passed: boundary.passed,
                            "\(boundary.linesProbed) lines, \(boundary.probes) probes, \(boundary.failures.count) failures"))
        for failure in boundary.failures {
            probes.append(ProbeRow(subject: name, check: "boundary", input: String(format: "%.17g", failure.rotation),
                                   context: failure.context, reported: failure.reported.description, expected: failure.truth))
        }
        let breaks = wraparound.shifts.filter { !$0.periodicityBreaks.isEmpty }
            .map { "\(Int($0.turns)) turns: \($0.periodicityBreaks.count)" }
        var wrapDetail = breaks.isEmpty ? "no periodicity breaks at ±1, ±2, ±3, ±1000, ±10^6 turns" : "periodicity breaks at " + breaks.joined(separator: ", ")
        if !wraparound.specialFailures.isEmpty {
            wrapDetail += "; fails at " + wraparound.specialFailures.map(\.context).joined(separator: ", ")
        }
        func periodicity(_ broken: Double?, _ direction: String) -> String {
            guard let broken else { return "\(direction): periodic up to 2^62 turns" }
            return "\(direction): breaks by \(format(broken)) turns"
        }
        wrapDetail += "; " + periodicity(wraparound.firstBrokenTurnsForward, "forward") + "; " + periodicity(wraparound.firstBrokenTurnsBackward, "backward")
        checks.append(exact(name, "wraparound", passed: wraparound.passed, wrapDetail))
        for shift in wraparound.shifts {
            for failure in shift.periodicityBreaks {
                probes.append(ProbeRow(subject: name, check: "wraparound", input: String(format: "%.17g", failure.rotation),
                                       context: failure.context, reported: failure.reported.description, expected: failure.truth))
            }
        }
        for failure in wraparound.specialFailures {
            probes.append(ProbeRow(subject: name, check: "wraparound", input: String(format: "%.17g", failure.rotation),
                                   context: failure.context, reported: failure.reported.description, expected: failure.truth))
        }
        checks.append(exact(name, "consistency", passed: consistency.passed,
                            "\(consistency.mislabelled.count) mislabelled arcs covering \(String(format: "%.9g", consistency.mislabelledFraction)) of the circle; sweep step \(format(consistency.sweepStep)) \(unitName(unit)) (narrower slivers are found only where they touch a line)"))
        let arcs = consistency.mislabelled.map {
            ArcRow(subject: name, from: $0.from, to: $0.to, unit: unitName(unit), shareOfCircle: $0.width / unit.fullTurn,
                   reported: $0.reported.description, truth: $0.truth)
        }
        checks.append(exact(name, "range", passed: range.passed, range.invalid.isEmpty ? "every reported result is a sector label" :
            "reports " + range.invalid.map { "\($0.outcome) on \(String(format: "%.6g", $0.shareOfCircle)) of the circle (e.g. at \(String(format: "%.17g", $0.example)))" }.joined(separator: "; ")))

        let claimed = claimedOdds(geometry)
        let largestGap = largestDifference(odds.ownSpin, claimed)
        checks.append(exact(name, "designed odds equal claimed odds", kind: .fairness, passed: largestGap <= 1e-9,
                            "largest difference \(format(largestGap)) between the exact odds of the reported results and the sectors' shares"))
        findings.append("Exact odds of the reported result under its own spin: " +
            odds.ownSpin.sorted { $0.key < $1.key }.map { "\($0.key): \(String(format: "%.9g", $0.value))" }.joined(separator: ", ") + ".")

        // Sampling.
        let driver = WheelDriver(subject)
        let tally = try MonteCarloRunner.run(driver, settings: settings.run)
        var result = try sampledOutcomes(name, slots: driver.slots, tally: tally, designed: odds.ownSpin, claimed: claimed)
        result.verdict = SubjectVerdict(name: name, summary: subject.summary, kind: "wheel", verdict: .pass, findings: findings)
        result.checks = checks + result.checks
        result.arcs = arcs
        result.probes = probes + result.probes
        return result
    }

    /// The sampled checks shared by both kinds of wheel: fit to designed and claimed odds, invalid
    /// results, serial independence; and the outcome rows.
    static func sampledOutcomes(_ name: String, slots: OutcomeSlots, tally: OutcomeTally,
                                designed: [WheelOutcome: Double], claimed: [WheelOutcome: Double]) throws -> SubjectResult {
        let n = Double(tally.trials)
        var designedBySlot = [Double](repeating: 0, count: slots.count)
        // Sum in a fixed order: dictionary order changes from process to process, and so would the rounding.
        for (outcome, p) in designed.sorted(by: { $0.key < $1.key }) { designedBySlot[slots.slot(outcome)] += p }
        var claimedBySlot = [Double](repeating: 0, count: slots.count)
        for (outcome, p) in claimed.sorted(by: { $0.key < $1.key }) { claimedBySlot[slots.slot(outcome)] += p }
        let observed = tally.counts.map { Double($0) }
        var checks: [PendingCheck] = []
        checks.append(try goodnessOfFit(name, "outcomes vs designed odds (Pearson)", kind: .sampling, observed: observed, probabilities: designedBySlot))
        checks.append(try goodnessOfFit(name, "outcomes vs designed odds (G-test)", kind: .sampling, observed: observed, probabilities: designedBySlot, statistic: .logLikelihoodRatio))
        checks.append(try goodnessOfFit(name, "outcomes vs claimed fair odds (Pearson)", kind: .fairness, observed: observed, probabilities: claimedBySlot))
        checks.append(try goodnessOfFit(name, "outcomes vs claimed fair odds (G-test)", kind: .fairness, observed: observed, probabilities: claimedBySlot, statistic: .logLikelihoodRatio))
        let invalid = tally.counts[slots.noResult] + tally.counts[slots.invalid]
        var invalidDetail = "\(tally.counts[slots.invalid]) invalid labels, \(tally.counts[slots.noResult]) without a result in \(tally.trials) spins"
        if !tally.invalidLabels.isEmpty {
            invalidDetail += " (" + tally.invalidLabels.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
        }
        if tally.traps > 0 { invalidDetail += "; \(tally.traps) traps" }
        checks.append(PendingCheck(record: CheckRecord(subject: name, check: "invalid results", kind: .invalid,
                                                       status: invalid == 0 ? .pass : .fail, statistic: Double(invalid), detail: invalidDetail)))
        let table = (0..<slots.count).map { a in (0..<slots.count).map { b in tally.pairs[a * slots.count + b] } }
        checks.append(try independence(name, "serial independence (consecutive results)", table: table))

        var rows: [OutcomeRow] = []
        for slot in 0..<slots.count where slot != slots.invalid {
            let count = tally.counts[slot]
            if slot == slots.noResult && count == 0 && designedBySlot[slot] == 0 { continue }
            let expected = n * designedBySlot[slot]
            rows.append(OutcomeRow(subject: name, table: "reported outcome", outcome: slots.name(slot), valid: slot < slots.labels.count,
                                   observed: count, expectedDesigned: expected, expectedFair: n * claimedBySlot[slot],
                                   standardisedResidual: expected > 0 ? (Double(count) - expected) / expected.squareRoot() : nil))
        }
        let designedInvalid = designed.filter { $0.key.label.map { !slots.labels.contains($0) } ?? false }
        for label in Set(tally.invalidLabels.keys).union(designedInvalid.keys.compactMap(\.label)).sorted() {
            let count = tally.invalidLabels[label] ?? 0
            let expected = n * (designed[.label(label)] ?? 0)
            rows.append(OutcomeRow(subject: name, table: "reported outcome", outcome: "\(label)", valid: false, observed: count,
                                   expectedDesigned: expected, expectedFair: 0,
                                   standardisedResidual: expected > 0 ? (Double(count) - expected) / expected.squareRoot() : nil))
        }
        return SubjectResult(verdict: SubjectVerdict(name: name, summary: "", kind: "", verdict: .pass, findings: []),
                             checks: checks, outcomes: rows, arcs: [], probes: [])
    }

    // MARK: Wheels told their result up front

    static func targetedWheel<Subject: TargetedWheelSubject>(_ subject: Subject, settings: AuditSettings) throws -> SubjectResult {
        let name = subject.name
        let geometry = subject.geometry
        let landing = LandingCheck(subject)
        var checks: [PendingCheck] = []
        var probes: [ProbeRow] = []
        let wrong = landing.landings.filter { !$0.correct }
        let margins = landing.landings.compactMap(\.marginDegrees)
        checks.append(exact(name, "landing", passed: wrong.isEmpty,
                            "\(landing.landings.count - wrong.count) of \(landing.landings.count) indices stop strictly inside their sector and report it; smallest margin to a line \(format(margins.min() ?? .nan))°"))
        let badOutOfRange = landing.outOfRange.filter { !$0.correct }
        checks.append(exact(name, "out-of-range indices", passed: badOutOfRange.isEmpty,
                            landing.outOfRange.map { "\($0.index): \($0.reported) (lands on \($0.landsOn))" }.joined(separator: "; ")))
        for l in wrong + badOutOfRange {
            probes.append(ProbeRow(subject: name, check: "landing", input: "index \(l.index)",
                                   context: l.rotation.map { String(format: "stops at %.17g %@", $0, unitName(subject.rotationUnit)) } ?? "no spin",
                                   reported: l.reported, expected: "lands on \(l.landsOn)"))
        }
        var designed: [WheelOutcome: Double] = [:]
        for index in subject.indices {
            switch subject.spin(toIndex: index) {
            case .stops(_, let outcome): designed[outcome, default: 0] += 1 / Double(subject.indices.count)
            case .refused, .traps: designed[.noResult, default: 0] += 1 / Double(subject.indices.count)
            }
        }
        let claimed = claimedOdds(geometry)
        let largestGap = largestDifference(designed, claimed)
        checks.append(exact(name, "designed odds equal claimed odds", kind: .fairness, passed: largestGap <= 1e-9,
                            "index drawn uniformly from \(subject.indices); largest difference \(format(largestGap)) from the sectors' shares"))

        let driver = TargetedWheelDriver(subject)
        let tally = try MonteCarloRunner.run(driver, settings: settings.run)
        var result = try sampledOutcomes(name, slots: driver.slots, tally: tally, designed: designed, claimed: claimed)
        result.checks.append(PendingCheck(record: CheckRecord(
            subject: name, check: "shown sector equals reported result", kind: .invalid,
            status: tally.shownDiffersFromReported == 0 ? .pass : .fail, statistic: Double(tally.shownDiffersFromReported),
            detail: "\(tally.shownDiffersFromReported) of \(tally.trials) spins stopped on another sector than they reported")))
        result.verdict = SubjectVerdict(name: name, summary: subject.summary, kind: "targeted wheel", verdict: .pass,
                                        findings: ["Every valid index stops \(format(margins.min() ?? .nan))° or more inside its sector."])
        result.checks = checks + result.checks
        result.probes = probes
        return result
    }

    // MARK: Dice

    static func dice<Game: DiceGame>(_ game: Game, settings: AuditSettings) throws -> SubjectResult {
        let name = game.name
        let dice = game.dice
        var checks: [PendingCheck] = []
        var probes: [ProbeRow] = []
        var findings: [String] = []

        let detector = try StraightDetectorCheck(game)
        var detail = "\(detector.falseAccepts) false straights and \(detector.falseRejects) missed straights over all \(detector.orderedRolls) ordered rolls"
        detail += "; with the game's own state holding a straight: \(detector.mismatchesWithStraightState) wrong, holding no straight: \(detector.mismatchesWithNonStraightState) wrong"
        checks.append(exact(name, "straight detector (exhaustive)", passed: detector.passed, detail))
        for m in detector.mismatches {
            probes.append(ProbeRow(subject: name, check: "straight detector", input: m.pattern.description,
                                   context: "\(m.mismatchingOrderedRolls) of \(m.orderedRollsOfPattern) orderings",
                                   reported: m.truth ? "not a straight" : "straight", expected: m.truth ? "straight" : "not a straight"))
        }
        if detector.mismatchesWithStraightState > 0 || detector.mismatchesWithNonStraightState > 0 {
            findings.append("The straight check does not read the roll it is given: its answer depends on the game's own state.")
        }
        if let categories = try CategoryDetectorCheck(game) {
            checks.append(exact(name, "category classifier (exhaustive)", passed: categories.passed,
                                categories.confusions.isEmpty ? "agrees with the reference on all \(detector.orderedRolls) ordered rolls" :
                                    categories.confusions.map { "\($0.orderedRolls) rolls of \($0.truth.name) called \($0.reported.name)" }.joined(separator: "; ")))
        }
        let policy = try PolicyOdds(game)
        let single = try DiceOdds.categoryCounts(dice)
        let categories = PokerCategory.defined(forDice: dice.count)
        let singleOdds = try categories.map { try single.probability(of: $0) }
        let equal = zip(categories, singleOdds).allSatisfy { policy.finalCategories[$0.0] == $0.1 }
        checks.append(exact(name, "final odds equal one fair roll", kind: .fairness, passed: equal,
                            "P(final straight) = \(policy.finalStraight) = \(String(format: "%.9g", policy.finalStraight.value)) vs \(try single.probability(of: .straight)) for one fair roll; P(reroll) = \(policy.reroll)"))
        findings.append("Exact P(final straight) under the \(policy.policy.rawValue) policy: \(policy.finalStraight) ≈ \(String(format: "%.9g", policy.finalStraight.value)).")

        let tally = try MonteCarloRunner.run(DiceDriver(game), settings: settings.run)
        let f = dice.faces, k = dice.count
        let rolls = Double(tally.rolls)
        for die in 0..<k {
            let counts = (0..<f).map { Double(tally.faces[die * f + $0]) }
            checks.append(try goodnessOfFit(name, "die \(die + 1) uniformity", kind: .sampling, observed: counts,
                                            probabilities: Array(repeating: 1 / Double(f), count: f)))
        }
        var pair = 0
        for i in 0..<k {
            for j in (i + 1)..<max(i + 1, k) {
                let table = (0..<f).map { a in (0..<f).map { b in tally.diePairs[pair * f * f + a * f + b] } }
                checks.append(try independence(name, "dice \(i + 1) and \(j + 1) independent", table: table))
                pair += 1
            }
        }
        let observedCategories = categories.map { Double(tally.categories[$0.rawValue]) }
        let designed = categories.map { policy.finalCategories[$0]!.value }
        checks.append(try goodnessOfFit(name, "final categories vs designed odds", kind: .sampling, observed: observedCategories, probabilities: designed))
        checks.append(try goodnessOfFit(name, "final categories vs one fair roll", kind: .fairness, observed: observedCategories,
                                        probabilities: singleOdds.map(\.value)))
        let plays = Double(tally.plays)
        let straight = try BinomialTest(successes: Double(tally.finalStraights), trials: plays, hypothesised: policy.finalStraight.value)
        checks.append(PendingCheck(record: CheckRecord(
            subject: name, check: "straight probability (exact binomial)", kind: .sampling, status: .inconclusive,
            statistic: Double(tally.finalStraights), pValue: straight.verdict.pValue,
            detail: String(format: "%llu straights in %llu plays: %.6g; exact %.9g; 95%% Clopper-Pearson [%.6g, %.6g]",
                           tally.finalStraights, tally.plays, straight.proportion, policy.finalStraight.value,
                           straight.clopperPearson.lower, straight.clopperPearson.upper)),
            power: policy.finalStraight.value > 0 && policy.finalStraight.value < 1 ? .binomial(trials: plays, probability: policy.finalStraight.value) : nil))
        let serial = (0..<f).map { a in (0..<f).map { b in tally.serial[a * f + b] } }
        checks.append(try independence(name, "serial independence (first die of consecutive rolls)", table: serial))

        var rows: [OutcomeRow] = []
        for (index, category) in categories.enumerated() {
            let count = tally.categories[category.rawValue]
            let expected = plays * designed[index]
            rows.append(OutcomeRow(subject: name, table: "final category", outcome: category.name, valid: true, observed: count,
                                   expectedDesigned: expected, expectedFair: plays * singleOdds[index].value,
                                   standardisedResidual: expected > 0 ? (Double(count) - expected) / expected.squareRoot() : nil))
        }
        for die in 0..<k {
            for face in 0..<f {
                let count = tally.faces[die * f + face]
                let expected = rolls / Double(f)
                rows.append(OutcomeRow(subject: name, table: "die \(die + 1) face", outcome: "\(face + 1)", valid: true, observed: count,
                                       expectedDesigned: expected, expectedFair: expected,
                                       standardisedResidual: expected > 0 ? (Double(count) - expected) / expected.squareRoot() : nil))
            }
        }
        return SubjectResult(verdict: SubjectVerdict(name: name, summary: game.summary, kind: "dice", verdict: .pass, findings: findings),
                             checks: checks, outcomes: rows, arcs: [], probes: probes)
    }
}
