// The rows of `audit-bench --scale` through `Audit.run`, from a package that depends on the toolkit the way
// a studio's does (by version, the FairnessToolkit product; `Benchmarks/Scripts/library-parity.sh` writes its Package.swift
// from Package.swift.in). Prints `| game | audit at 100,000 trials (s) |`, one row per game, named as
// `--scale` names it.
import FairnessToolkit
import Foundation

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now()
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

/// Seconds per audit of `subject`: one audit, or the mean of as many as fill about 0.3 s when one is shorter
/// (as `audit-bench --scale` times it).
func audit(_ subject: @autoclosure () throws -> AuditSubject) throws -> Double {
    let first = try seconds { _ = try Audit.run([try subject()], settings: settings) }
    let more = first >= 0.3 ? 0 : Int(0.3 / max(first, 1e-3))
    let rest = try seconds { for _ in 0..<more { _ = try Audit.run([try subject()], settings: settings) } }
    return (first + rest) / Double(1 + more)
}

let settings = AuditSettings(run: RunSettings(trials: 100_000, seed: 1, threads: ProcessInfo.processInfo.activeProcessorCount))
print("| game | audit at 100,000 trials (s) |")
print("|---|---|")
for count in [8, 37, 100, 1000, 5000, 10_000] {
    let wheel = try ReferenceWheel(equalSectors: count)
    let elapsed = try audit(AuditSubject(wheel: wheel))
    print(String(format: "| wheel, %d equal sectors | %.3f |", count, elapsed))
}
let jackpot = try ReferenceWheel(weights: [999_999, 1], name: "jackpot")
let jackpotAudit = try audit(AuditSubject(wheel: jackpot))
print(String(format: "| wheel, 1-in-a-million jackpot | %.3f |", jackpotAudit))
for (count, faces) in [(5, 6), (8, 6), (10, 6), (5, 20), (12, 10)] {
    let game = ReferenceDiceGame(dice: try DiceSet(count: count, faces: faces))
    let elapsed = try audit(AuditSubject(dice: game))
    print(String(format: "| dice, %dd%d | %.3f |", count, faces, elapsed))
}
