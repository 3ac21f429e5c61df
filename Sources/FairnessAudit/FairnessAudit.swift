@_exported import FairnessModel
@_exported import FairnessStatistics
