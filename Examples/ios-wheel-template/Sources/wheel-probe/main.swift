// The app's WheelLogic behind the fairness-audit probe protocol, version 1 (docs/probe-protocol.md in the
// toolkit): one answer line per request line, batched. It answers the sector number (1 = the first sector
// clockwise from the top), which wheel.yaml labels, since two sectors may pay the same prize. Build with `swift build -c release` and audit with
//   audit run --spec wheel.yaml --probe '.build/release/wheel-probe'
// Passing --bug plants a defect for the toolkit's own test of this template (the 500 prize's weight typed
// as 5 instead of 4).
import Foundation
import WheelLogic

let wheel =
    CommandLine.arguments.contains("--bug")
    ? PrizeWheel(prizes: PrizeWheel.shipped.prizes, weights: [20, 12, 18, 8, 20, 5, 16, 2]) : PrizeWheel.shipped
var session = 0.0

func answer(_ line: Substring) -> String {
    let words = line.split(separator: " ")
    switch words.first {
    case "fairness-probe": return "ok 1 wheel double"
    case "report": return "\(wheel.sector(at: Double(words[1])!) + 1)"
    case "spin": return "\(wheel.rest(afterDrawing: Double(words[1])!, from: Double(words[2])!))"
    case "reset":
        session = 0
        return "ok"
    case "play":
        session = wheel.rest(afterDrawing: Double(words[1])!, from: session)
        return "\(session) \(wheel.sector(at: session) + 1)"
    default: return "none"
    }
}

var pending = Data()
while true {
    let chunk = FileHandle.standardInput.availableData
    if chunk.isEmpty { break }
    pending.append(chunk)
    guard let last = pending.lastIndex(of: 10) else { continue }
    let text = String(decoding: pending[pending.startIndex..<last], as: UTF8.self)
    pending = Data(pending[(last + 1)...])
    let replies = text.split(separator: "\n", omittingEmptySubsequences: false).map(answer)
    FileHandle.standardOutput.write(Data((replies.joined(separator: "\n") + "\n").utf8))
}
