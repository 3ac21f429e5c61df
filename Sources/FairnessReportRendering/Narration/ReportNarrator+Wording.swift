import FairnessChecks
import FairnessReport

extension ReportNarrator {
    /// The narrator as a `ReportWording` (FairnessReport): the words `audit.json` holds beside the values,
    /// and the names it reads a table row's check back by. Give it to a `JSONEncoder` or `JSONDecoder`
    /// under `CodingUserInfoKey.reportWording` to write or read a report as `audit.json` holds it
    /// (`AuditReport(json:)` does).
    public struct Wording: ReportWording {
        /// The narrator's wording.
        public init() {}
        /// ``ReportNarrator/name(of:)``.
        public func name(of check: CheckIdentifier) -> String { ReportNarrator.name(of: check) }
        /// ``ReportNarrator/sentence(_:)``.
        public func sentence(_ finding: FindingFact) -> String { ReportNarrator.sentence(finding) }
        /// ``ReportNarrator/detail(_:)``.
        public func detail(_ facts: CheckDetail) -> String { ReportNarrator.detail(facts) }
        /// ``ReportNarrator/detectable(_:)``.
        public func detectable(_ effect: DetectableEffect) -> String { ReportNarrator.detectable(effect) }
        /// ``ReportNarrator/note(_:)``.
        public func note(_ note: SubjectNote) -> String { ReportNarrator.note(note) }
        /// ``ReportNarrator/cells(_:)``.
        public func cells(_ facts: CounterexampleFacts) -> CounterexampleCells { ReportNarrator.cells(facts) }
        /// ``ReportNarrator/text(_:)-(TruthAtRest)``.
        public func text(_ truth: TruthAtRest) -> String { ReportNarrator.text(truth) }
    }
}

// The words of a check and of a subject's facts, as every report writes them (the report model holds the
// values alone).
extension CheckRecord {
    /// The check's name as every report shows it, such as `boundary` or `outcomes vs designed odds
    /// (Pearson)` (``ReportNarrator/name(of:)``).
    public var checkName: String { ReportNarrator.name(of: check) }

    /// For an exact check that found something: the finding in plain words (``ReportNarrator/sentence(_:)``).
    public var finding: String? { findingFact.map(ReportNarrator.sentence) }

    /// What the check established, in one line (``ReportNarrator/detail(_:)``).
    public var detail: String { ReportNarrator.detail(detailFacts) }

    /// What the test could detect, in words (``ReportNarrator/detectable(_:)``).
    public var detectable: String? { detectableEffect.map(ReportNarrator.detectable) }
}

extension CounterexampleRow {
    /// The row's four cells as every report writes them (``ReportNarrator/cells(_:)``).
    public var cells: CounterexampleCells { ReportNarrator.cells(facts) }
}

extension SubjectVerdict {
    /// The facts, one sentence each (``ReportNarrator/note(_:)``).
    public var findings: [String] { notes.map(ReportNarrator.note) }
}
