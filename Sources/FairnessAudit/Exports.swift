// FairnessAudit is the whole audit in one import, as it was before the audit became a module per concern:
// `Audit.run` here, and the modules it was split into re-exported, so that a studio's tests importing
// FairnessAudit alone still name `AuditSubject`, `AuditSettings`, `RunSettings`, `AuditReport`, a check's
// words, the writers, logs, the battery and the verifier. Each can also be imported on its own.
@_exported import FairnessBattery
@_exported import FairnessLogs
@_exported import FairnessReport
@_exported import FairnessReportRendering
@_exported import FairnessRunner
@_exported import FairnessSubjectAudit
@_exported import FairnessVerification
@_exported import _FairnessAuditSupport
