import FairnessToolkit
import Foundation

/// Power at the printed detectable size, for a wheel, a dice game and a production log: each game is
/// audited once to read the deviation its report prints as detectable with 90% power, then a game (or a
/// log) whose one outcome is more likely by exactly that much (as printed, three significant digits) is
/// audited with every seed; the check must fail in 90% ± 3% of them. The wheel's serial-independence test
/// is measured the same way, against consecutive results dependent by the printed Cohen's w.
struct PowerCalibration {
    /// One measurement: the game, the check, the report's sentence, the outcome moved and how often it
    /// was caught.
    struct Row {
        var game: String
        var check: String
        var printed: String
        var planted: String
        var caught: Int
    }

    let seeds: Int
    /// The settings of the audit with a seed.
    let settings: (Int) -> AuditSettings
    /// Lines of each simulated production log.
    let logLines: Int

    /// The four measurements (the reference wheel audited once for both of its rows).
    func measure() throws -> [Row] {
        let wheel = try Audit.run([AuditSubject(wheel: try ReferenceWheel(equalSectors: 37))], settings: settings(1))
        return [try outcomes(baseline: wheel), try serialPairs(baseline: wheel), try dice(), try log()]
    }

    /// How many of the audits with seeds `first` + 1 … `first` + ``seeds`` fail `check`.
    func caught(_ check: CheckIdentifier, seedsAfter first: Int, _ audit: (Int) throws -> AuditReport) rethrows -> Int {
        try (1...seeds).count { try audit(first + $0).status(of: check) == .fail }
    }

    /// Sector 1 of the 37-sector reference wheel (audited in `baseline`), more likely by the size printed
    /// for the claimed fair odds.
    func outcomes(baseline: AuditReport) throws -> Row {
        let check = CheckIdentifier.outcomes(versus: .claimedFair, statistic: .pearson)
        let (printed, excess) = try Self.printed(check, in: baseline, likeliest: true)
        let biased = PlantedWheel(sectors: 37, .favoured(relativeExcess: excess / 100))
        let caught = try caught(check, seedsAfter: 1_000_000) { try Audit.run([AuditSubject(wheel: biased)], settings: settings($0)) }
        return Row(
            game: "reference-wheel-37", check: ReportNarrator.name(of: check), printed: printed,
            planted: "sector 1 \(Self.percent(excess)) more likely", caught: caught)
    }

    /// Consecutive results of the 37-sector reference wheel made dependent by exactly the Cohen's w printed
    /// for its serial-independence test: the wheel stops on the sector it last showed with probability
    /// 1/37 + ε and on each other with 1/37 − ε/36, whose table of consecutive pairs has w = 37ε/√36.
    func serialPairs(baseline: AuditReport) throws -> Row {
        let check = CheckIdentifier.serialIndependence(.consecutiveResults)
        guard let record = baseline.checks.first(where: { $0.check == check }), let printed = record.detectable,
            case .dependence(let w)? = record.detectableEffect?.size
        else { throw CalibrationError.noDetectableSize(ReportNarrator.name(of: check)) }
        // The w planted is the one printed (three significant digits).
        let planted = Double(String(format: "%.3g", w)) ?? w
        let sticky = PlantedWheel(sectors: 37, .sticky(excess: planted * 36.0.squareRoot() / 37))
        let caught = try caught(check, seedsAfter: 4_000_000) { try Audit.run([AuditSubject(wheel: sticky)], settings: settings($0)) }
        return Row(
            game: "reference-wheel-37", check: ReportNarrator.name(of: check), printed: printed,
            planted: "the last sector again more often: w = \(String(format: "%.3g", planted))", caught: caught)
    }

    /// Face 1 of die 1 of the reference 5d6 game, more likely by the size printed for die 1's uniformity.
    func dice() throws -> Row {
        let check = CheckIdentifier.dieUniformity(die: 1)
        let baseline = try Audit.run([AuditSubject(dice: ReferenceDiceGame())], settings: settings(1))
        let (printed, excess) = try Self.printed(check, in: baseline, likeliest: true)
        let biased = BiasedDiceGame(relativeExcess: excess / 100)
        let caught = try caught(check, seedsAfter: 2_000_000) { try Audit.run([AuditSubject(dice: biased)], settings: settings($0)) }
        return Row(
            game: "reference-dice-5d6", check: ReportNarrator.name(of: check), printed: printed,
            planted: "face 1 of die 1 \(Self.percent(excess)) more likely", caught: caught)
    }

    /// The prize wheel's rarest label (8, weight 2 of 100) in a log of ``logLines`` lines, more likely by
    /// the size printed for the least likely outcome against the declared odds.
    func log() throws -> Row {
        let check = CheckIdentifier.outcomes(versus: .declared, statistic: .pearson)
        let model = try SpecParser.parse(contentsOf: URL(fileURLWithPath: "Examples/specs/prize-wheel.yaml")).logModel()
        let weights = [30.0, 20, 15, 10, 10, 8, 5, 2].map { $0 / 100 }
        let baseline = try audit(log: weights, seed: 1, model: model)
        let (printed, excess) = try Self.printed(check, in: baseline, likeliest: false)
        var moved = weights.map { $0 * (1 - weights[7] * (1 + excess / 100)) / (1 - weights[7]) }
        moved[7] = weights[7] * (1 + excess / 100)
        let caught = try caught(check, seedsAfter: 3_000_000) { try audit(log: moved, seed: $0, model: model) }
        return Row(
            game: "prize-wheel log, \(logLines) lines", check: ReportNarrator.name(of: check), printed: printed,
            planted: "label 8 \(Self.percent(excess)) more likely", caught: caught)
    }

    /// The audit of a log of ``logLines`` outcomes drawn with `probabilities` (labels 1 …) from `seed`.
    func audit(log probabilities: [Double], seed: Int, model: LogModel) throws -> AuditReport {
        var generator = Xoshiro256StarStar(seed: UInt64(seed), stream: 0, block: 0)
        var text = "outcome\n"
        for _ in 0..<logLines {
            let u = Double(generator.next() >> 11) * 0x1p-53
            var label = probabilities.count, cumulative = 0.0
            for (index, p) in probabilities.enumerated() {
                cumulative += p
                if u < cumulative {
                    label = index + 1
                    break
                }
            }
            text += "\(label)\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("calibration-log-\(getpid()).csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        return try OutcomeLog.audit(descriptor: descriptor, model: model, options: LogOptions(), settings: settings(seed))
    }

    /// The sentence `check`'s record prints in `report` and its relative deviation (most or least likely
    /// outcome) as a percentage rounded as printed.
    static func printed(_ check: CheckIdentifier, in report: AuditReport, likeliest: Bool) throws -> (String, Double) {
        guard let record = report.checks.first(where: { $0.check == check }), let effect = record.detectableEffect,
            case .outcome(let mostLikely, let leastLikely) = effect.size, let printed = record.detectable
        else { throw CalibrationError.noDetectableSize(ReportNarrator.name(of: check)) }
        return (printed, CalibrateCommand.printedPercentage((likeliest ? mostLikely : leastLikely).relative))
    }

    static func percent(_ x: Double) -> String { String(format: "%.4g%%", x) }
}

/// A check with no printed detectable size, where the calibration needs one.
enum CalibrationError: Error, CustomStringConvertible {
    case noDetectableSize(String)
    var description: String {
        switch self {
        case .noDetectableSize(let check): "no detectable size printed for '\(check)'"
        }
    }
}

extension AuditReport {
    /// The status of `check` (of its first record), nil if the report has none.
    func status(of check: CheckIdentifier) -> CheckStatus? { checks.first { $0.check == check }?.status }
}

/// The reference 5d6 game with die 1 loaded: face 1 has probability (1 + excess)/6, faces 2 … 6 share the
/// rest equally; dice 2 … 5 are fair.
struct BiasedDiceGame: DiceGame {
    let firstFace: Double
    init(relativeExcess: Double) { firstFace = (1 + relativeExcess) / 6 }

    var name: String { "biased-dice-5d6" }
    var summary: String { "five dice, the first loaded towards 1" }
    var dice: DiceSet { .fiveSixSided }
    var rerollPolicy: RerollPolicy { .never }

    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll {
        var roll = dice.roll(using: &generator)
        let u = Double(generator.next() >> 11) * 0x1p-53
        roll[0] = u < firstFace ? 1 : min(6, 2 + Int((u - firstFace) / (1 - firstFace) * 5))
        return roll
    }

    func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
    func category(_ roll: DiceRoll) -> PokerCategory? { PokerCategory.of(roll) }
}

/// A wheel of equal sectors whose spin is planted with a bias: sector 1 favoured (its probability
/// (1 + excess)/k, every other sector its share of the rest), or sticky (the sector it last showed again with
/// probability 1/k + excess, each other with 1/k − excess/(k − 1): uniform results, consecutive pairs
/// dependent). Sector i (1-based) lies under the pointer at 0 for rotations in (−i·w, −(i − 1)·w], w = 360/k.
struct PlantedWheel: WheelSubject {
    enum Plant {
        case favoured(relativeExcess: Double)
        case sticky(excess: Double)
    }

    typealias Rotation = Double
    let geometry: WheelGeometry
    let sectors: Int
    let plant: Plant

    init(sectors: Int, _ plant: Plant) {
        self.sectors = sectors
        self.plant = plant
        geometry = try! WheelGeometry.equal(count: sectors, firstSectorStart: 0, pointer: 0)
    }

    var name: String { "planted-wheel-\(sectors)" }
    var summary: String { "a wheel whose spin is planted with a bias" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .unitInterval }

    /// The sector under the pointer after `rotation`, 0-based.
    func sector(_ rotation: Double) -> Int {
        var position = (-rotation).truncatingRemainder(dividingBy: 360)
        if position < 0 { position += 360 }
        return min(sectors - 1, Int(position / (360 / Double(sectors))))
    }

    /// The draw's share for the planted sector ([0, share)) stops on it, the rest on the others in turn;
    /// the place within a sector is the draw's position in its share.
    func rotation(afterDrawing u: Double, from previous: Double) -> Double {
        let planted: Int, share: Double
        switch plant {
        case .favoured(let excess): (planted, share) = (0, (1 + excess) / Double(sectors))
        case .sticky(let excess): (planted, share) = (sector(previous), 1 / Double(sectors) + excess)
        }
        let target: Int, within: Double
        if u < share {
            (target, within) = (planted, u / share)
        } else {
            let scaled = (u - share) / (1 - share) * Double(sectors - 1)
            let other = min(sectors - 2, Int(scaled))
            (target, within) = (other < planted ? other : other + 1, scaled - Double(other))
        }
        return -(Double(target) + min(within, 0.999_999)) * 360 / Double(sectors)
    }

    func report(_ rotation: Double) -> WheelOutcome { .label(sector(rotation) + 1) }
}
