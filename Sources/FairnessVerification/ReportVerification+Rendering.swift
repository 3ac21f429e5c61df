import FairnessReport
import FairnessReportRendering
import Foundation

/// A report set is checked by rendering it again: every file the report's values give, compared byte for
/// byte with the set's, and every file of the set accounted for. Nothing of the set's text is parsed.
extension ReportVerification {
    /// Renders the set of `report` again (with its seal, by `digest`) and compares it with `directory`:
    /// each file that differs with its first differing line, each rendered file missing, each file of the
    /// set not rendered, and each rendered file the seal (`sealed`, nil without one) does not list.
    static func checkRendering(
        _ directory: URL, _ report: AuditReport, digest: (Data) -> String, sealed: Set<String>?, threads: Int,
        into result: inout VerificationResult
    ) {
        var files: [(name: String, contents: String)]
        do {
            files = try ReportWriter.renderSet(report, threads: threads)
        } catch {
            result.mismatches.append(.unreadableReport(Self.reason(error)))
            return
        }
        if let sealed {
            for file in files where !sealed.contains(file.name) { result.mismatches.append(.fileNotSealed(file.name)) }
            files.append(ReportWriter.seal(files, digest: digest))
        }
        for file in files {
            guard let bytes = contents(directory, file.name) else {
                result.mismatches.append(.renderedMissing(file.name))
                continue
            }
            result.renderedFiles += 1
            let rendered = Data(file.contents.utf8)
            if bytes != rendered { result.mismatches.append(firstDifference(file.name, stated: bytes, rendered: rendered)) }
        }
        let rendered = Set(files.map(\.name)).union(sealed == nil ? [] : [ReportWriter.sealName])
        for name in filesInSet(directory) where !rendered.contains(name) { result.mismatches.append(.notInReport(name)) }
    }

    /// The first line at which `stated` and `rendered` differ (lines split at `\n`, counted from 1).
    static func firstDifference(_ file: String, stated: Data, rendered: Data) -> VerificationMismatch {
        // Split as bytes (a CSV file's CRLF is one character to a String, and no line break to split at).
        let statedLines = stated.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let renderedLines = rendered.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var index = 0
        while index < statedLines.count, index < renderedLines.count, statedLines[index] == renderedLines[index] { index += 1 }
        func line(_ lines: [Data]) -> String {
            guard index < lines.count else { return "" }
            var bytes = lines[index]
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
        return .renderedDiffers(file: file, line: index + 1, stated: line(statedLines), rendered: line(renderedLines))
    }

    /// Every file in `directory` and below it, by its path relative to it (hidden files too; folders are
    /// not files, but what they hold is).
    static func filesInSet(_ directory: URL) -> [String] {
        let root = directory.resolvingSymlinksInPath()
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey], options: []) else {
            return []
        }
        var names: [String] = []
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in walk {
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { continue }
            let path = url.standardizedFileURL.path
            let name = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent
            names.append(name)
        }
        return names.sorted()
    }
}
