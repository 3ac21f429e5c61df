import FairnessChecks
import FairnessReport
import Foundation

extension ReportNarrator {
    /// One line of a verification's mismatch: which file, figure or decision, what the report says and what
    /// it should say.
    public static func text(_ mismatch: VerificationMismatch) -> String {
        switch mismatch {
        case .sealMissing: "the set has no \(ReportWriter.sealName); it cannot be shown complete and unchanged"
        case .fileMissing(let name): "\(name): listed in \(ReportWriter.sealName) but missing"
        case .fileOutsideSet(let name): "\(name): listed in \(ReportWriter.sealName) but outside the set; not read"
        case .fileChanged(let name, let sealed, let actual):
            "\(name): changed since it was sealed (SHA-256 \(actual.prefix(12))…, sealed \(sealed.prefix(12))…)"
        case .fileNotSealed(let name): "\(name): not listed in \(ReportWriter.sealName)"
        case .unreadableReport(let reason): "audit.json cannot be read as a report: \(reason)"
        case .duplicateKey(let path, let key):
            "audit.json: key \"\(key)\" appears twice in \(path.isEmpty ? "the report" : path); a report must say each thing once"
        case .renderedDiffers(let file, let line, let stated, let rendered):
            "\(file): line \(line) " + differing(stated, rendered)
        case .renderedMissing(let name): "\(name): the report renders it, but it is not in the set"
        case .notInReport(let name): "\(name): in the set, but the report does not render it"
        case .pValue(let subject, let check, let reported, let recomputed, let log10):
            "\(subject): \(name(of: check)): " + (log10 ? "log10 p " : "p ")
                + "\(reported.map(figure) ?? "missing"), but its table gives \(figure(recomputed))"
        case .noTable(let subject, let check): "\(subject): \(name(of: check)): states a p-value but has no table to recompute it from"
        case .tableUnusable(let subject, let check, let reason): "\(subject): \(name(of: check)): its table cannot be recomputed: \(reason)"
        case .holm(let subject, let check, let reported, let recomputed):
            "\(subject): \(name(of: check)): Holm log10 p \(reported.map(figure) ?? "missing"), but the subject's family gives \(figure(recomputed))"
        case .interval(let subject, let check, let reported, let recomputed):
            "\(subject): \(name(of: check)): 95% interval \(interval(reported)), but its table gives \(interval(recomputed))"
        case .streamDoesNotAddUp(let subject, let stream, let every):
            "\(subject): \(text(stream.stream)): \(stream.sequences) sequences tested"
                + (stream.sequencesSampledOut.map {
                    " and \($0) left out by the sample (every \(every.map(ordinal) ?? "k-th") sequence tested)"
                } ?? "")
                + " of \(stream.sequenceLength) bits and \(stream.untestedBits) bits after them do not make the stream's \(stream.bits) bits as sampled"
        case .status(let subject, let check, let reported, let recomputed):
            "\(subject): \(name(of: check)): \(reported.rawValue), but its figures decide \(recomputed.rawValue)"
        case .verdict(let subject, let reported, let recomputed):
            "\(subject): verdict \(reported.rawValue), but its checks decide \(recomputed.rawValue)"
        case .gate(let reported, let recomputed): "gate \(reported.rawValue), but the verdicts decide \(recomputed.rawValue)"
        case .artefact(let kind, let name, let recorded?, let actual):
            "\(kind.rawValue) \(name): SHA-256 \(actual.prefix(12))…, but the report audited \(recorded.prefix(12))…"
        case .artefact(let kind, let name, nil, _):
            "\(kind.rawValue) \(name): the report records no such input with this content"
        }
    }

    /// What a verification checked, in one line: "115 files sealed, 116 files rendered again and compared,
    /// 322 p-values and 11 intervals recomputed, 706 decisions checked, 0 artefacts matched; gate FAIL" (no gate when `audit.json` could not be read).
    public static func summary(_ result: VerificationResult) -> String {
        "\(count(result.sealedFiles, "file")) sealed, \(count(result.renderedFiles, "file")) rendered again and compared, \(count(result.pValues, "p-value")) and \(count(result.intervals, "interval")) "
            + "recomputed\(result.rawOutputPValues > 0 ? " (\(count(result.rawOutputPValues, "p-value")) of random sources not: they come from the raw output)" : ""), \(count(result.decisions, "decision")) checked, \(count(result.artefacts, "artefact")) matched"
            + (result.gate.map { "; gate \($0.rawValue)" } ?? "")
    }

    /// Two differing lines in words: each from its start, or, where they differ past their first 40
    /// characters, from 30 characters before the first difference ("from character 612: …"), so the
    /// difference shows within the 80 characters each is cut to.
    static func differing(_ stated: String, _ rendered: String) -> String {
        let (a, b) = (Array(stated), Array(rendered))
        let common = zip(a, b).prefix { $0 == $1 }.count
        let start = common > 40 ? common - 30 : 0
        let shown = { (line: [Character]) in String(line[min(start, line.count)...]) }
        let from = start > 0 ? "from character \(start + 1) " : ""
        return "\(from)is \(stated.isEmpty ? "empty" : (start > 0 ? "…" : "") + cell(shown(a))), but the report renders "
            + (rendered.isEmpty ? "nothing" : (start > 0 ? "…" : "") + cell(shown(b)))
    }

    /// A cell in a mismatch: its first 80 characters, and how many more there are.
    private static func cell(_ text: String) -> String {
        text.count <= 80 ? text : "\(text.prefix(80))… (\(text.count - 80) more characters)"
    }

    /// A figure in a mismatch: to 10 significant digits, where the difference shows.
    private static func figure(_ x: Double) -> String { String(format: "%.10g", x) }

    private static func interval(_ i: ConfidenceInterval) -> String { "[\(figure(i.lower)), \(figure(i.upper))] (\(i.quantity.rawValue))" }
}
