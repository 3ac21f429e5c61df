import FairnessAudit
import Foundation

extension GameSpec {
    /// What an outcome log of this game is checked against: the wheel's labels with the odds it claims, or
    /// else the exact odds of its declared design (each sector's share of the circle for uniform stops, the
    /// share of the 360 whole-degree stops for integer stops, the index weights for a wheel told its result
    /// up front), and its paytable.
    /// - Throws: ``SpecError`` for a dice game (logs of dice are not read yet).
    public func logModel() throws -> LogModel {
        guard case .wheel(let wheel) = game else {
            throw SpecError(
                file: "", line: 0, column: 0, field: "dice",
                message: "audit log reads logs of wheel outcomes (labels); logs of dice games are not read yet")
        }
        let labels = wheel.sectors.map(\.label)
        var probabilities: [Double]
        if let claimed = wheel.claimedOdds {
            probabilities = labels.map { claimed[.label($0)] ?? 0 }
        } else {
            switch wheel.draw {
            case .target:
                let weights = wheel.indexWeights ?? Array(repeating: 1, count: labels.count)
                let total = weights.reduce(0, +)
                probabilities = weights.map { $0 / total }
            case .uniform:
                let geometry = try wheel.geometry()
                probabilities = labels.map { label in geometry.sector(labelled: label)?.widthTurns.value ?? 0 }
            case .integerDegrees:
                let model = try SpecWheel(wheel, name: name, summary: summary)
                var counts = [Int: Int]()
                for degree in 0..<360 {
                    if let label = model.report(model.rotation(afterDrawing: Double(degree), from: 0)).label {
                        counts[label, default: 0] += 1
                    }
                }
                probabilities = labels.map { Double(counts[$0] ?? 0) / 360 }
            }
        }
        // Claims written rounded may miss a sum of 1 slightly: the log is tested against them rescaled.
        let total = probabilities.reduce(0, +)
        probabilities = probabilities.map { $0 / total }
        return try LogModel(name: name, summary: summary, labels: labels, probabilities: probabilities, paytable: wheel.paytable)
    }
}
