import Foundation

// JSON.
extension ReportWriter {
    static func json(_ r: AuditReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return TextEscaping.json(String(decoding: try encoder.encode(r), as: UTF8.self)) + "\n"
    }
}
