// A weighted wheel as an iOS game computes it (a cumulative table of sector ends and a binary search),
// behind the fairness-audit probe protocol (docs/probe-protocol.md). Build: swiftc -O WeightedWheel.swift.
// With --bug, the table is typed with a weight of 9 for the 500 prize (10 in the design): every line after
// it moves, and about 1% of spins show a neighbour's prize.
import Foundation

let bug = CommandLine.arguments.contains("--bug")
let weights: [Double] = [25, 20, 15, 10, bug ? 9 : 10, 8, 5, 4, 2, 1]
let prizes = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]
let total = weights.reduce(0, +)
let ends: [Double] = {
    var running = 0.0
    return weights.map { running += $0; return running / total * 360 }
}()

/// The prize under the pointer (at 270°, the top) after the wheel turned `rotation` degrees clockwise.
func prize(at rotation: Double) -> Int {
    var angle = (270 - rotation).truncatingRemainder(dividingBy: 360) - 270
    while angle < 0 { angle += 360 }
    var low = 0, high = ends.count - 1
    while low < high {
        let mid = (low + high) / 2
        if angle < ends[mid] { high = mid } else { low = mid + 1 }
    }
    return prizes[low]
}

func spin(_ drawn: Double, from previous: Double) -> Double { previous + 4 * 360 + drawn }

var session = 0.0
func answer(_ line: Substring) -> String {
    let words = line.split(separator: " ")
    switch words.first {
    case "fairness-probe": return "ok 1 wheel double"
    case "report": return "\(prize(at: Double(words[1])!))"
    case "spin": return "\(spin(Double(words[1])!, from: Double(words[2])!))"
    case "reset":
        session = 0
        return "ok"
    case "play":
        session = spin(Double(words[1])!, from: session)
        return "\(session) \(prize(at: session))"
    default: return "none"
    }
}

var pending = Data()
let input = FileHandle.standardInput
while true {
    let chunk = input.availableData
    if chunk.isEmpty { break }
    pending.append(chunk)
    guard let last = pending.lastIndex(of: 10) else { continue }
    let text = String(decoding: pending[..<last], as: UTF8.self)
    pending = Data(pending[(last + 1)...])
    let replies = text.split(separator: "\n", omittingEmptySubsequences: false).map(answer)
    FileHandle.standardOutput.write(Data((replies.joined(separator: "\n") + "\n").utf8))
}
