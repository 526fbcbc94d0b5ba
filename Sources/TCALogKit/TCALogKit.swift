// The library product: one import for every stage. A program that needs only some stages
// may import those modules (TCALogParsing, TCALogPipeline, …) instead.
@_exported import TCALogInput
@_exported import TCALogOutput
@_exported import TCALogParsing
@_exported import TCALogPipeline
@_exported import TCALogQuery
@_exported import TCALogReport
@_exported import TCALogSuggest

/// The version `tcalog --version` prints.
public let version = "0.1.0"
