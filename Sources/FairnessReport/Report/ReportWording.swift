import FairnessChecks

/// The words a rendering writes in `audit.json` beside the values, and by which it names a check there.
///
/// The report model holds no words. A renderer (FairnessReportRendering's narrator) gives its wording to
/// the JSON encoder and decoder under `CodingUserInfoKey.reportWording`: encoding writes each
/// word beside the values it comes from, and decoding resolves a table row's or counterexample's check
/// from the name the file shows. Without a wording, a report encodes its values alone.
public protocol ReportWording: Sendable {
    /// A check's name as every report shows it.
    func name(of check: CheckIdentifier) -> String
    /// A finding in one sentence.
    func sentence(_ finding: FindingFact) -> String
    /// What a check established, in one line.
    func detail(_ facts: CheckDetail) -> String
    /// What a test could detect, in words.
    func detectable(_ effect: DetectableEffect) -> String
    /// A fact about a subject, in one sentence.
    func note(_ note: SubjectNote) -> String
    /// The four cells of a counterexample's row.
    func cells(_ facts: CounterexampleFacts) -> CounterexampleCells
    /// What the geometric truth allows on a mislabelled arc, as its row shows it.
    func text(_ truth: TruthAtRest) -> String
}

extension CodingUserInfoKey {
    /// The ``ReportWording`` a report's encoder writes words with and its decoder reads names with.
    public static let reportWording = CodingUserInfoKey(rawValue: "org.fairness-audit.report-wording")!
}

extension Encoder {
    /// The wording given under `CodingUserInfoKey.reportWording`, if any.
    var reportWording: (any ReportWording)? { userInfo[.reportWording] as? any ReportWording }
}

extension Decoder {
    /// The wording given under `CodingUserInfoKey.reportWording`, if any.
    var reportWording: (any ReportWording)? { userInfo[.reportWording] as? any ReportWording }
}
