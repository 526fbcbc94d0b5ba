// libFuzzer entry point for the record parser. Not a SwiftPM target: `Tests/Fuzz/fuzz parser`
// compiles it together with Sources/TCALogKit into one module, so internal API is visible
// and the normal `swift build` stays free of sanitizer flags.
//
// Every input is scanned twice, once in one large read and once through tiny reads and a
// tiny line buffer (lines that span reads, buffer growth), and checked for invariants:
// lines in records plus other lines make every input line; counted bytes equal the input;
// every record's ranges lie inside its storage and its position inside the input; both scans
// print the same JSON.

#if canImport(Glibc)
  import Glibc
#endif

@inline(never)
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() {
    fputs("invariant violated: \(message())\n", stderr)
    abort()
  }
}

func scanForFuzzing(_ bytes: [UInt8], readSize: Int, chunkSize: Int) -> (json: [UInt8], statistics: ScanStatistics) {
  let scan: (records: [Record], statistics: ScanStatistics, warnings: [ScanWarning])
  do {
    scan = try RecordScanner.scan(MemoryByteSource(bytes, readSize: readSize), chunkSize: chunkSize)
  } catch {
    fuzzCheck(false, "scan threw \(error)")
    fatalError()
  }
  let s = scan.statistics
  var json: [UInt8] = []
  var recordLines = 0
  var recordBytes = 0
  var previousEnd = 0
  for (n, record) in scan.records.enumerated() {
    fuzzCheck(record.index == n, "index \(record.index) at position \(n)")
    fuzzCheck(record.line >= 1 && record.lines >= 1 && record.bytes >= 1, "record \(n): empty span")
    fuzzCheck(record.offset >= previousEnd, "record \(n) overlaps the previous one")
    fuzzCheck(record.offset + record.bytes <= bytes.count, "record \(n) ends after the input")
    previousEnd = record.offset + record.bytes
    let count = record.storage.count
    func inside(_ r: TextRange?, _ what: String) {
      guard let r else { return }
      fuzzCheck(r.start >= 0 && r.count >= 0 && r.end <= count, "record \(n): \(what) \(r) outside storage of \(count)")
    }
    inside(record.rawRange, "raw")
    fuzzCheck(
      record.rawRange.start == 0 && (record.rawRange.count == record.bytes || !record.isComplete),
      "record \(n): raw bytes \(record.rawRange.count) != bytes \(record.bytes)")
    if record.rawRange.count == record.bytes {
      fuzzCheck(
        record.raw.elementsEqual(bytes[record.offset..<(record.offset + record.bytes)]),
        "record \(n): raw bytes differ from the input")
    }
    inside(record.timestampRange, "timestamp")
    inside(record.storePrefixRange, "store prefix")
    inside(record.actionPathRange, "action path")
    inside(record.actionRootRange, "action root")
    inside(record.actionTextRange, "action text")
    for change in record.changes {
      inside(change.path, "path")
      inside(change.normalized, "normalized")
      inside(change.old, "old")
      inside(change.new, "new")
    }
    if !record.hasStatePart { fuzzCheck(record.changes.isEmpty, "record \(n): changes without a state part") }
    recordLines += record.lines
    recordBytes += record.bytes
    RecordJSON.append(record, to: &json)
    json.append(0x0A)
  }
  fuzzCheck(UTF8Validation.isValid(json), "JSON output is not valid UTF-8")
  fuzzCheck(s.records == scan.records.count, "statistics count \(s.records) records, got \(scan.records.count)")
  fuzzCheck(s.recordLines == recordLines && s.recordBytes == recordBytes, "statistics disagree with the records")
  fuzzCheck(
    s.recordLines + s.otherLines == s.lines,
    "record lines \(s.recordLines) + other lines \(s.otherLines) != lines \(s.lines)")
  fuzzCheck(s.bytes == bytes.count, "counted \(s.bytes) bytes of \(bytes.count)")
  var lines = 0
  for b in bytes where b == 0x0A { lines += 1 }
  if let last = bytes.last, last != 0x0A { lines += 1 }
  fuzzCheck(s.lines == lines, "counted \(s.lines) lines, input has \(lines)")
  return (json, s)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func parserFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size > 0 ? Array(UnsafeBufferPointer(start: data, count: size)) : []
  let whole = scanForFuzzing(bytes, readSize: .max, chunkSize: size + 16)
  let pieces = scanForFuzzing(bytes, readSize: 1 + size % 7, chunkSize: 16)
  fuzzCheck(whole.json == pieces.json, "small reads give different records")
  fuzzCheck(whole.statistics == pieces.statistics, "small reads give different statistics")
  return 0
}
