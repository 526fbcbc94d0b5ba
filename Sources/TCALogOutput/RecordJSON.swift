@_spi(Scanner) import TCALogParsing

/// Writes records in the JSON shape of FORMATS.md section 3, straight from their bytes.
public enum RecordJSON {
  /// One record as a JSON object (no newline).
  public static func append(_ record: Record, to out: inout [UInt8]) {
    JSONWriter.append(to: &out) { json in
      json.beginObject()
      appendMembers(record, to: &json)
      json.endObject()
    }
  }

  /// The members of a record's object, in the order of FORMATS.md (a printer may add its
  /// own after them).
  package static func appendMembers(_ record: Record, to json: inout JSONWriter) {
    record.storage.withUnsafeBufferPointer { storage in
      let lossy = record.hasInvalidUTF8
      func string(_ r: TextRange) {
        json.string(UnsafeBufferPointer(rebasing: storage[r.start..<r.end]), repairingInvalidUTF8: lossy)
      }
      func optional(_ r: TextRange?) {
        if let r { string(r) } else { json.null() }
      }
      json.member("index", record.index)
      json.key("source")
      json.beginObject()
      json.member("file", record.file)
      json.member("line", record.line)
      json.member("offset", record.offset)
      json.endObject()
      json.member("format", record.format.rawValue)
      json.key("timestamp")
      optional(record.timestampRange)
      json.key("prefix")
      optional(record.storePrefixRange)
      json.key("action")
      json.beginObject()
      json.key("path")
      string(record.actionPathRange)
      json.key("root")
      optional(record.actionRootRange)
      json.key("text")
      string(record.actionTextRange)
      // docs/FORMATS.md 3.1: what the action is about, when it names it.
      if let entity = record.entityRange {
        json.key("entity")
        string(entity)
      }
      if let keyPath = record.bindingKeyPathRange {
        json.key("bindingKeyPath")
        string(keyPath)
      }
      json.endObject()
      json.key("state")
      if record.hasStatePart {
        json.beginObject()
        json.member("changed", record.stateChanged)
        json.key("changes")
        json.beginArray()
        for change in record.changes {
          json.beginObject()
          json.key("path")
          string(change.path)
          json.key("normalized")
          string(change.normalized)
          json.member("kind", change.kind.rawValue)
          json.key("old")
          optional(change.old)
          json.key("new")
          optional(change.new)
          json.endObject()
        }
        json.endArray()
        json.endObject()
      } else {
        json.null()
      }
      json.member("lines", record.lines)
      json.member("bytes", record.bytes)
      json.member("complete", record.isComplete)
    }
  }
}
