import FairnessReport
import Foundation

// JSON.
extension ReportWriter {
    /// How a figure that is not finite is written in `audit.json` (a fact such as an unbounded margin), and
    /// read back.
    static let nonFinite = (positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")

    static func json(_ r: AuditReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.userInfo[.reportWording] = ReportNarrator.Wording()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite.positiveInfinity, negativeInfinity: nonFinite.negativeInfinity, nan: nonFinite.nan)
        return TextEscaping.json(String(decoding: try encoder.encode(r), as: UTF8.self)) + "\n"
    }
}

extension AuditReport {
    /// Reads a report from the bytes of its `audit.json`, as ``ReportWriter`` writes them. The gate and
    /// every word the file holds beside the values are not read (a verification renders them again).
    ///
    /// - Throws: `DecodingError` for a file that is not a report (see ``init(from:)``).
    public init(json: Data) throws {
        let decoder = JSONDecoder()
        decoder.userInfo[.reportWording] = ReportNarrator.Wording()
        let names = ReportWriter.nonFinite
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: names.positiveInfinity, negativeInfinity: names.negativeInfinity, nan: names.nan)
        self = try decoder.decode(AuditReport.self, from: json)
    }
}
