import FairnessChecks
import FairnessStatistics
import Foundation

/// A report set's `audit.json`, as a verifier reads it: the figures a verification recomputes and the
/// decisions it checks, nothing the report only says in words.
struct ReportFile: Decodable {
    struct Check: Decodable {
        let subject: String
        let check: String
        let kind: CheckKind
        let status: CheckStatus
        let statistic: Double?
        let degreesOfFreedom: Double?
        let pValue: Double?
        let log10PValue: Double?
        let holmPValue: Double?
        let holmLog10PValue: Double?
        let threshold: Double?
        let findingClass: FindingClass?
        let magnitude: Double?
        let impossibleObserved: Bool
        let repeats: String?
        let information: Bool?
        let interval: ConfidenceInterval?
    }

    struct Subject: Decodable {
        let name: String
        let verdict: CheckStatus
        let kind: SubjectKind?
    }

    struct Table: Decodable {
        let subject: String
        let check: String
        let table: String
        let row: String
        let column: String
        let observed: Double
        let expected: Double?
        let method: PValueMethod?
    }

    struct Input: Decodable {
        let kind: Provenance.Input.Kind
        let name: String
        let sha256: String
        let bytes: UInt64
    }

    struct ProvenanceFile: Decodable {
        let inputs: [Input]
    }

    let alpha: Double
    let failOn: [CheckKind]
    let materiality: Double
    let strict: Bool
    let subjects: [Subject]
    let checks: [Check]
    let tables: [Table]
    let provenance: ProvenanceFile
    let gate: CheckStatus
}

extension Provenance.Input.Kind: Decodable {}
