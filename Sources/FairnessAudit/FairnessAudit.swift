@_exported import FairnessChecks
@_exported import FairnessModel
@_exported import FairnessStatistics
@_exported import FairnessSubjects
