import FairnessChecks
import FairnessReport
import FairnessReportRendering
import FairnessStatistics
import Foundation
import _FairnessAuditSupport

/// Verifies a report set without rerunning the audit: that the set is the one its report renders, that
/// every p-value, interval and decision follows from the report's own tables and rules, and, when given the
/// artefacts, that they are the ones the report recorded. No text of the set is read back to decide
/// anything: `audit.json` is decoded as values and every file is rendered again from them.
///
/// - **Strict reading.** `audit.json` is read as the report's values; a key repeated in one object, a
///   missing or mistyped value or a number out of range makes it unreadable.
/// - **Rendered again.** Every file of the set — `audit.md`, `audit.json` itself, the CSV files, the
///   pictures, the JUnit file the report names, the seal `SHA256SUMS` — is rendered again from the values
///   and compared byte for byte: a file that differs is named with its first differing line, a file the
///   report renders but the set lacks and a file in the set the report does not render are named too.
/// - **The seal.** Every file `SHA256SUMS` lists has the digest it states (a file edited after sealing),
///   and every file the report renders is listed.
/// - **Figures.** Each p-value is recomputed from its table (goodness of fit by its cells as tested,
///   Pearson's X² or G; contingency tables; exact binomial tests; the payout mean's profile likelihood; a
///   log's drift windows, Bonferroni over them), and beyond a double through its log₁₀; each stated 95%
///   interval (Clopper–Pearson, profile likelihood) from the same table. Agreement is to a relative 10⁻⁹.
/// - **Decisions.** Each subject's family is Holm-adjusted again (log₁₀) and each member's status decided
///   at its threshold; information beside a gate passes or is a NOTE at the family's strictest level; a
///   repeated test carries its test's status; an exact finding gates by its class and magnitude
///   (materiality, strict); each verdict is the worst gating status of the subject's checks of the kinds
///   that gate, and the gate the worst verdict.
/// - **Artefacts.** A spec file, a probe command (and the files it names) or a log must have the digest the
///   report's provenance records for it.
public enum ReportVerification {
    /// An artefact to check against the report's provenance.
    public struct Artefact: Sendable, Hashable {
        /// What it is: a spec file, a probe command, a log.
        public var kind: Provenance.Input.Kind
        /// Its name as recorded: the path, or the command as given.
        public var name: String
        /// Its SHA-256 digest, in lower-case hexadecimal.
        public var sha256: String

        /// An artefact of `kind` named `name` with the digest `sha256`.
        public init(kind: Provenance.Input.Kind, name: String, sha256: String) {
            self.kind = kind
            self.name = name
            self.sha256 = sha256
        }
    }

    /// Verifies the report set in `directory`.
    /// - Parameters:
    ///   - directory: The report set.
    ///   - digest: SHA-256 of a file's bytes, in lower-case hexadecimal (the command passes the platform library's, through Digests).
    ///   - artefacts: Artefacts to check against the report's provenance.
    ///   - threads: The most threads to render the set again on (the bytes do not depend on it).
    /// - Throws: `AuditError.cannotRead(path:reason:)` if the directory or its `audit.json` cannot be read.
    public static func verify(
        directory: URL, digest: (Data) -> String, artefacts: [Artefact] = [],
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws -> VerificationResult {
        var result = VerificationResult()
        let json = directory.appendingPathComponent("audit.json")
        guard let data = contents(directory, "audit.json") else {
            throw AuditError.cannotRead(path: json.path, reason: "no such file inside the set, or it cannot be read")
        }
        let listed = checkSeal(directory, digest: digest, into: &result)
        if let duplicate = StrictJSON.firstRepeatedKey(in: data) {
            result.mismatches.append(.duplicateKey(path: duplicate.path, key: duplicate.key))
            return result
        }
        let report: AuditReport
        do {
            report = try AuditReport(json: data)
        } catch {
            result.mismatches.append(.unreadableReport(Self.reason(error)))
            return result
        }
        result.gate = report.gate
        checkRendering(directory, report, digest: digest, sealed: listed, threads: threads, into: &result)
        checkFigures(report, into: &result)
        checkDecisions(report, into: &result)
        checkRandomInputs(report, into: &result)
        checkArtefacts(report, artefacts, into: &result)
        return result
    }

    /// The seal: every listed file's digest. Returns the names listed, nil without a seal.
    @discardableResult
    static func checkSeal(_ directory: URL, digest: (Data) -> String, into result: inout VerificationResult) -> Set<String>? {
        guard let seal = try? String(contentsOf: directory.appendingPathComponent(ReportWriter.sealName), encoding: .utf8) else {
            result.mismatches.append(.sealMissing)
            return nil
        }
        var listed = Set<String>()
        for line in seal.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let sealed = String(parts[0]), name = String(parts[1].drop { $0 == " " || $0 == "*" })
            guard isInside(directory, name) else {
                result.mismatches.append(.fileOutsideSet(name))
                continue
            }
            listed.insert(name)
            guard let bytes = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
                result.mismatches.append(.fileMissing(name))
                continue
            }
            result.sealedFiles += 1
            let actual = digest(bytes)
            if actual != sealed { result.mismatches.append(.fileChanged(name, sealed: sealed, actual: actual)) }
        }
        return listed
    }

    /// Every p-value and interval recomputed from its table.
    static func checkFigures(_ report: AuditReport, into result: inout VerificationResult) {
        let tables = Dictionary(grouping: report.tables) { TableKey(subject: $0.subject, check: $0.check) }
        let randomSources = Set(report.subjects.filter { $0.kind == .randomSource }.map(\.name))
        for check in report.checks where check.pValue != nil {
            // A battery's P-values come from the raw output, which a report does not hold.
            if randomSources.contains(check.subject) {
                result.rawOutputPValues += 1
                continue
            }
            guard let rows = tables[TableKey(subject: check.subject, check: check.check)], !rows.isEmpty else {
                result.mismatches.append(.noTable(subject: check.subject, check: check.check))
                continue
            }
            let recomputed: TableRecomputation
            do {
                recomputed = try TableRecomputation(rows: rows, check: check.check)
            } catch {
                result.mismatches.append(.tableUnusable(subject: check.subject, check: check.check, reason: "\(error)"))
                continue
            }
            result.pValues += 1
            compare(check, recomputed, into: &result)
            if let reported = check.interval, let interval = recomputed.interval {
                result.intervals += 1
                let close = agrees(reported.lower, interval.lower) && agrees(reported.upper, interval.upper)
                if !close || reported.quantity != interval.quantity {
                    result.mismatches.append(
                        .interval(subject: check.subject, check: check.check, reported: reported, recomputed: interval))
                }
            }
        }
    }

    /// A reported p-value against the recomputed one: the values, or their log₁₀ beyond a double.
    static func compare(_ check: CheckRecord, _ recomputed: TableRecomputation, into result: inout VerificationResult) {
        if recomputed.pValue > 0 || recomputed.log10PValue == -.infinity {
            if !agrees(check.pValue ?? .nan, recomputed.pValue) {
                result.mismatches.append(
                    .pValue(subject: check.subject, check: check.check, reported: check.pValue, recomputed: recomputed.pValue, log10: false)
                )
            }
        } else if !agrees(check.log10PValue ?? 0, recomputed.log10PValue) || check.pValue != 0 {
            result.mismatches.append(
                .pValue(
                    subject: check.subject, check: check.check, reported: check.log10PValue, recomputed: recomputed.log10PValue, log10: true
                ))
        }
    }

    /// The tables of one check of one subject.
    struct TableKey: Hashable {
        var subject: String
        var check: CheckIdentifier
    }

    /// Why `audit.json` could not be decoded, in a few words: where, and what was wrong.
    static func reason(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        let context: DecodingError.Context
        switch error {
        case .keyNotFound(let key, let c): return "\(path(c.codingPath + [key])): missing"
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: return "\(error)"
        }
        let at = context.codingPath.isEmpty ? "" : "\(path(context.codingPath)): "
        return at + context.debugDescription
    }

    /// A coding path as `checks[3].pValue`.
    static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
    }

    /// Whether `name` is a file of the set in `directory`: relative, without `..`, and not a link that
    /// leads out of it. A verification reads no other file.
    static func isInside(_ directory: URL, _ name: String) -> Bool {
        guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return false }
        let inside = directory.resolvingSymlinksInPath().path + "/"
        return directory.appendingPathComponent(name).resolvingSymlinksInPath().path.hasPrefix(inside)
    }

    /// The bytes of the set's file `name`, nil if it is missing or not inside the set.
    static func contents(_ directory: URL, _ name: String) -> Data? {
        isInside(directory, name) ? FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) : nil
    }

    /// Two figures equal to a relative 10⁻⁹ (or both 0).
    static func agrees(_ a: Double, _ b: Double) -> Bool { a == b || abs(a - b) <= 1e-9 * max(abs(a), abs(b)) }
}
