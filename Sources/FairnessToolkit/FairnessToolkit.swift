// The umbrella: one import for a studio's tests, re-exporting every library of the toolkit and
// implementing nothing (as swift-collections' `Collections` does). Depend on a single library instead to
// keep GSL out (FairnessModel, FairnessSubjects, FairnessChecks and FairnessSpec need none).
@_exported import FairnessAudit
@_exported import FairnessBattery
@_exported import FairnessChecks
@_exported import FairnessLogs
@_exported import FairnessModel
@_exported import FairnessProbe
@_exported import FairnessReport
@_exported import FairnessReportRendering
@_exported import FairnessRunner
@_exported import FairnessSpec
@_exported import FairnessStatistics
@_exported import FairnessSubjectAudit
@_exported import FairnessSubjects
@_exported import FairnessVerification
@_exported import _FairnessAuditSupport
