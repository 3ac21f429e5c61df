import FairnessChecks
import FairnessModel
import FairnessReport
import Foundation
import _FairnessAuditSupport

// Pictures (SVG): each wheel as drawn with its mislabelled and no-result arcs, and each subject's observed
// counts against the expected ones. Every number is formatted explicitly, so the same run gives the same bytes.
extension ReportWriter {
    /// The picture files of a report, under `pictures/`.
    static func pictures(_ r: AuditReport) -> [(name: String, contents: String)] {
        var files: [(name: String, contents: String)] = []
        let clashing = clashingNames(r)
        func pictureName(_ subject: String, _ kind: String) -> String {
            Self.pictureName(subject, kind, tagged: clashing.contains(subject))
        }
        for subject in r.subjects {
            if let drawing = r.wheels.first(where: { $0.subject == subject.name }) {
                let arcs = r.mislabelledArcs.filter { $0.subject == subject.name }
                files.append((pictureName(subject.name, "wheel"), wheelSVG(drawing, arcs: arcs)))
            }
            let rows = r.outcomes.filter { $0.subject == subject.name && ($0.table == "reported outcome" || $0.table == "final category") }
            if !rows.isEmpty { files.append((pictureName(subject.name, "outcomes"), outcomesSVG(subject.name, rows: rows))) }
        }
        return files
    }

    /// The subjects whose pictures would share a file on a disk that ignores case (`Wheel`, `wheel`):
    /// their names are tagged with a hash too.
    static func clashingNames(_ r: AuditReport) -> Set<String> {
        let folded = Dictionary(grouping: r.subjects.map(\.name), by: { safeName($0).lowercased() })
        return Set(folded.values.filter { Set($0).count > 1 }.flatMap { $0 })
    }

    /// A subject's name kept to ASCII letters, digits, `.`, `_` and `-`.
    static func safeName(_ subject: String) -> String {
        String(subject.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
    }

    /// `pictures/<subject>-<kind>.svg`, the subject's name kept as ``safeName(_:)`` keeps it; a name that
    /// loses characters that way, or is `tagged` (it differs from another only in case), also gets 8
    /// hexadecimal digits of its FNV-1a hash, so that two subjects never share a picture (`wheel-α` and
    /// `wheel-β` once both wrote `wheel-_-wheel.svg`).
    static func pictureName(_ subject: String, _ kind: String, tagged: Bool = false) -> String {
        let safe = safeName(subject)
        guard safe != subject || tagged else { return "pictures/\(safe)-\(kind).svg" }
        let tag = String(FNV1a.hash(Array(subject.utf8)) >> 32, radix: 16)
        return "pictures/\(safe)-\(String(repeating: "0", count: 8 - tag.count) + tag)-\(kind).svg"
    }

    static func svgText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func f(_ x: Double) -> String { String(format: "%.3f", x) }

    /// Smallest angle a marked arc is drawn with, in turns (1.5°): narrower arcs are magnified to it, so a
    /// 1e-7 arc is visible; the legend says so.
    static let smallestMarkedArc = 1.5 / 360

    /// The wheel as drawn: sectors clockwise on screen from angle 0 pointing right, the pointer as a
    /// triangle outside the rim, mislabelled arcs in red and no-result arcs in orange on a ring outside
    /// the sectors (each at least ``smallestMarkedArc`` wide).
    static func wheelSVG(_ wheel: WheelDrawing, arcs: [ArcRow]) -> String {
        let size = 440.0, centre = 220.0, radius = 170.0
        func point(_ turns: Double, _ r: Double) -> (Double, Double) {
            let angle = turns * 2 * Double.pi
            return (centre + r * cos(angle), centre + r * sin(angle))
        }
        func wedge(from start: Double, width: Double, inner: Double, outer: Double) -> String {
            let end = start + min(width, 0.999_999)
            let large = width > 0.5 ? 1 : 0
            let (x1, y1) = point(start, outer), (x2, y2) = point(end, outer)
            let (x3, y3) = point(end, inner), (x4, y4) = point(start, inner)
            if inner <= 0 {
                return "M \(f(centre)) \(f(centre)) L \(f(x1)) \(f(y1)) A \(f(outer)) \(f(outer)) 0 \(large) 1 \(f(x2)) \(f(y2)) Z"
            }
            return "M \(f(x1)) \(f(y1)) A \(f(outer)) \(f(outer)) 0 \(large) 1 \(f(x2)) \(f(y2)) L \(f(x3)) \(f(y3)) "
                + "A \(f(inner)) \(f(inner)) 0 \(large) 0 \(f(x4)) \(f(y4)) Z"
        }
        var out = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(size + 200))\" height=\"\(f(size + 70))\" viewBox=\"0 0 \(f(size + 200)) \(f(size + 70))\">",
            "<title>\(svgText(wheel.subject)): the wheel as drawn</title>",
        ]
        let palette = ["#dbe9f6", "#fbe3c9", "#dff1da", "#f3dcef", "#fdf3c4", "#e2e2f5"]
        for (index, sector) in wheel.sectors.enumerated() {
            out.append(
                "<path d=\"\(wedge(from: sector.start, width: sector.width, inner: 0, outer: radius))\" fill=\"\(palette[index % palette.count])\" stroke=\"#555\" stroke-width=\"0.5\"/>"
            )
            if wheel.sectors.count <= 120 {
                let (x, y) = point(sector.start + sector.width / 2, radius * 0.78)
                out.append(
                    "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"9\" text-anchor=\"middle\" dominant-baseline=\"middle\">\(sector.label)</text>"
                )
            }
        }
        // The pointer.
        let (tipX, tipY) = point(wheel.pointer, radius + 2)
        let (leftX, leftY) = point(wheel.pointer - 0.012, radius + 24)
        let (rightX, rightY) = point(wheel.pointer + 0.012, radius + 24)
        out.append("<path d=\"M \(f(tipX)) \(f(tipY)) L \(f(leftX)) \(f(leftY)) L \(f(rightX)) \(f(rightY)) Z\" fill=\"#222\"/>")
        // Marked arcs: an arc of rotations [from, to) puts the wheel positions pointer − to … pointer − from
        // under the pointer.
        let turn = wheel.unit.fullTurn
        var share = 0.0
        for arc in arcs {
            let from = arc.from / turn, to = arc.to / turn
            share += arc.shareOfCircle
            let width = max(to - from, smallestMarkedArc)
            let middle = wheel.pointer - (from + to) / 2
            var start = (middle - width / 2).truncatingRemainder(dividingBy: 1)
            if start < 0 { start += 1 }
            let colour = arc.reported == .noResult ? "#f08c00" : "#d62828"
            out.append(
                "<path d=\"\(wedge(from: start, width: width, inner: radius + 4, outer: radius + 16))\" fill=\"\(colour)\"><title>\(svgText("rotations \(arc.from) … \(arc.to) \(ReportNarrator.unitName(arc.unit)): shows \(arc.reported), truth \(ReportNarrator.text(arc.truth))"))</title></path>"
            )
        }
        let noResult = arcs.filter { $0.reported == .noResult }.count
        out.append(
            "<text x=\"10\" y=\"\(f(size + 20))\" font-size=\"11\">\(svgText(wheel.subject)): \(wheel.sectors.count) sectors; pointer at the triangle.</text>"
        )
        out.append(
            "<text x=\"10\" y=\"\(f(size + 38))\" font-size=\"11\"><tspan fill=\"#d62828\">red</tspan>: \(arcs.count - noResult) arcs showing another label; <tspan fill=\"#f08c00\">orange</tspan>: \(noResult) arcs showing no result; \(String(format: "%.3g", share)) of the circle in all.</text>"
        )
        out.append(
            "<text x=\"10\" y=\"\(f(size + 56))\" font-size=\"11\">Each marked arc is drawn at least 1.5° wide (magnified) so that the narrowest is visible.</text>"
        )
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    /// Observed counts as bars against the expected counts (designed odds) with their 95% binomial
    /// intervals, E ± 1.96 √(E (1 − E/n)).
    static func outcomesSVG(_ subject: String, rows: [OutcomeRow]) -> String {
        let bars = rows.prefix(200)
        let total = Double(rows.reduce(0) { $0 + $1.observed })
        let step = 14.0, left = 60.0, top = 30.0, plotHeight = 240.0
        let width = max(600, left + step * Double(bars.count) + 20)
        func interval(_ expected: Double) -> (Double, Double) {
            let half = 1.96 * (expected * max(0, 1 - expected / max(total, 1))).squareRoot()
            return (max(0, expected - half), expected + half)
        }
        let highest = bars.map { max(Double($0.observed), interval($0.expectedDesigned ?? 0).1) }.max() ?? 1
        let scale = plotHeight / max(highest * 1.05, 1)
        func y(_ value: Double) -> Double { top + plotHeight - value * scale }
        var out = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(top + plotHeight + 90))\" viewBox=\"0 0 \(f(width)) \(f(top + plotHeight + 90))\">",
            "<title>\(svgText(subject)): observed against expected</title>",
            "<text x=\"10\" y=\"18\" font-size=\"12\">\(svgText(subject)): observed (bars) vs expected (black line, 95% band)</text>",
            "<line x1=\"\(f(left))\" y1=\"\(f(y(0)))\" x2=\"\(f(width - 10))\" y2=\"\(f(y(0)))\" stroke=\"#333\"/>",
            "<text x=\"\(f(left - 6))\" y=\"\(f(y(highest)))\" font-size=\"9\" text-anchor=\"end\">\(String(format: "%.4g", highest))</text>",
            "<text x=\"\(f(left - 6))\" y=\"\(f(y(0)))\" font-size=\"9\" text-anchor=\"end\">0</text>",
        ]
        for (index, row) in bars.enumerated() {
            let x = left + step * Double(index)
            let observed = Double(row.observed)
            let expected = row.expectedDesigned ?? 0
            let (low, high) = interval(expected)
            let outside = observed < low || observed > high
            out.append(
                "<rect x=\"\(f(x + 2))\" y=\"\(f(y(observed)))\" width=\"\(f(step - 4))\" height=\"\(f(observed * scale))\" fill=\"\(outside ? "#d62828" : "#4a7fb5")\"><title>\(svgText("\(row.outcome): observed \(row.observed), expected \(String(format: "%.6g", expected))"))</title></rect>"
            )
            out.append(
                "<rect x=\"\(f(x + 1))\" y=\"\(f(y(high)))\" width=\"\(f(step - 2))\" height=\"\(f(max((high - low) * scale, 0.5)))\" fill=\"#000\" fill-opacity=\"0.15\"/>"
            )
            out.append("<line x1=\"\(f(x))\" y1=\"\(f(y(expected)))\" x2=\"\(f(x + step))\" y2=\"\(f(y(expected)))\" stroke=\"#000\"/>")
            out.append(
                "<text x=\"\(f(x + step / 2))\" y=\"\(f(y(0) + 10))\" font-size=\"8\" text-anchor=\"end\" transform=\"rotate(-60 \(f(x + step / 2)) \(f(y(0) + 10)))\">\(svgText(row.outcome))</text>"
            )
        }
        if rows.count > bars.count {
            out.append(
                "<text x=\"10\" y=\"\(f(top + plotHeight + 80))\" font-size=\"10\">First 200 of \(rows.count) outcomes; all are in outcomes.csv.</text>"
            )
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }
}
