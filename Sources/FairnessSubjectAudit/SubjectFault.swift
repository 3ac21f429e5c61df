/// An error confined to one subject — its implementation could not be run (a probe that does not start,
/// answers garbage or hangs) — that fails that subject without stopping the audit of the others.
///
/// `Audit.run(_:randomSources:settings:onSubject:)` records such a subject as FAIL with one check, `subject could not
/// be run`, whose detail is ``faultDescription``; every other error still stops the run.
public protocol SubjectFault: Error {
    /// What went wrong, in one line.
    var faultDescription: String { get }
}
