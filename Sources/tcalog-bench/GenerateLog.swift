import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a synthetic TCA debug log of a browser-like macOS app (windows, tabs, sidebar,
/// sync) in the `diffing` or `tca1` format of FORMATS.md.
///
/// The mix imitates a real session: a few high-frequency UI actions (mouse moves, hovers,
/// timer and sync ticks, most of them no-ops) drown the rare meaningful ones. Output is
/// deterministic for a seed, so cached inputs and figures are comparable between runs.
///
/// Speed matters (a 1 GB input must not dominate the benchmark): records are rendered into
/// a reused byte buffer and written in large chunks; no `String` is built per line.
struct LogGenerator {
  enum Format: String, CaseIterable, Sendable { case diffing, tca1 }
  /// Where console prefixes go: none, the header line only (a message logged once), or
  /// every line (a printer that logs line by line).
  enum PrefixPlacement: String, CaseIterable, Sendable { case none, header, every }
  enum PrefixStyle: String, CaseIterable, Sendable { case oslog, nslog }

  struct Options: Sendable {
    var format: Format = .diffing
    var sizeBytes: Int = 200_000_000
    var seed: UInt64 = 1
    var prefixPlacement: PrefixPlacement = .none
    var prefixStyle: PrefixStyle = .oslog
    /// Share of records followed by an unrelated app log line.
    var noise: Double = 0.03
    var crlf = false
  }

  struct Summary {
    var records = 0
    var noOps = 0
    var bytes = 0
  }

  let options: Options
  private var rng: SplitMix64
  private var app: BrowserApp
  private var record: [UInt8] = []  // one rendered record, before prefixes
  private var out: [UInt8] = []  // pending output
  private var clockMillis = 36_153_000  // 10:02:33.000 on the log's day

  init(options: Options) {
    self.options = options
    rng = SplitMix64(seed: options.seed)
    app = BrowserApp(rng: &rng)
    record.reserveCapacity(64 << 10)
    out.reserveCapacity(Self.chunkSize + (1 << 20))
  }

  /// Big writes keep the generator far above 100 MB/s; the buffer is small enough not to
  /// matter next to the memory of the commands it feeds.
  static let chunkSize = 4 << 20

  mutating func write(toFileDescriptor fd: Int32) throws -> Summary {
    var summary = Summary()
    while summary.bytes < options.sizeBytes {
      let changed = renderRecord()
      summary.records += 1
      if !changed { summary.noOps += 1 }
      summary.bytes += appendRecordWithPrefixes()
      if options.noise > 0, rng.unit() < options.noise {
        record.removeAll(keepingCapacity: true)
        record.append(contentsOf: Noise.lines[rng.below(Noise.lines.count)])
        record.append(0x0A)
        summary.bytes += appendRecordWithPrefixes()
      }
      if out.count >= Self.chunkSize { try flush(fd) }
    }
    try flush(fd)
    return summary
  }

  private mutating func flush(_ fd: Int32) throws {
    try out.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          throw BenchError("write failed: \(String(cString: strerror(errno)))")
        }
        offset += n
      }
    }
    out.removeAll(keepingCapacity: true)
  }

  // MARK: Prefixes, line ends

  /// Copies `record` to the output, adding console prefixes and CRs; returns the bytes added.
  private mutating func appendRecordWithPrefixes() -> Int {
    let before = out.count
    clockMillis += 1 + rng.below(40)
    switch options.prefixPlacement {
    case .none where !options.crlf:
      out.append(contentsOf: record)
    case .none, .header, .every:
      var lineStart = true
      var first = true
      for byte in record {
        if lineStart && (options.prefixPlacement == .every || (first && options.prefixPlacement == .header)) {
          appendPrefix()
        }
        first = false
        lineStart = byte == 0x0A
        if lineStart && options.crlf { out.append(0x0D) }
        out.append(byte)
      }
    }
    return out.count - before
  }

  private mutating func appendPrefix() {
    let ms = clockMillis % 86_400_000
    out.append(contentsOf: "2026-11-20 ".utf8)
    out.appendPadded(ms / 3_600_000, width: 2)
    out.append(0x3A)
    out.appendPadded(ms / 60_000 % 60, width: 2)
    out.append(0x3A)
    out.appendPadded(ms / 1000 % 60, width: 2)
    out.append(0x2E)
    out.appendPadded(ms % 1000 * 1000 + rng.below(1000), width: 6)
    out.append(contentsOf: "+0100 ".utf8)
    switch options.prefixStyle {
    case .oslog:
      out.append(contentsOf: "0x1a2b".utf8)
      out.appendPadded(rng.below(100), width: 2)
      out.append(contentsOf: "     Default     0x0                  4242   0    Browser: ".utf8)
    case .nslog:
      out.append(contentsOf: "Browser[4242:1a2b".utf8)
      out.appendPadded(rng.below(100), width: 2)
      out.append(contentsOf: "] ".utf8)
    }
  }

  // MARK: Records

  /// Renders the next record into `record`; returns whether its state changed.
  private mutating func renderRecord() -> Bool {
    record.removeAll(keepingCapacity: true)
    let (action, changes) = app.nextAction(rng: &rng)
    switch options.format {
    case .diffing:
      record.append(contentsOf: "🎬 Received action:\n".utf8)
      ValuePrinter.appendPretty(action, indent: 2, to: &record)
      record.append(contentsOf: "\n🖨️ State:\n".utf8)
      if changes.isEmpty {
        // The Difference printer adds no newline of its own here: no blank line follows.
        record.append(contentsOf: "🖨️ (No state changes)\n".utf8)
      } else {
        DifferenceTree.append(changes, to: &record)
        record.append(0x0A)
      }
    case .tca1:
      record.append(contentsOf: "received action:\n".utf8)
      ValuePrinter.appendCustomDump(action, rootType: "AppFeature.Action", indent: 2, to: &record)
      record.append(0x0A)
      if changes.isEmpty {
        record.append(contentsOf: "  (No state changes)\n".utf8)
      } else {
        CustomDumpDiff.append(changes, app: app, to: &record)
      }
      record.append(0x0A)
    }
    return !changes.isEmpty
  }
}

// MARK: - Random numbers

/// SplitMix64: tiny, fast, and the same sequence on every platform (unlike the system RNG).
struct SplitMix64 {
  private var state: UInt64
  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in 0..<n.
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  /// Uniform in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  mutating func uuid() -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for i in 0..<32 {
      if i == 8 || i == 12 || i == 16 || i == 20 { bytes.append(0x2D) }
      bytes.append(hex[below(16)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

// MARK: - Byte helpers

extension Array where Element == UInt8 {
  mutating func appendSpaces(_ n: Int) {
    for _ in 0..<n { append(0x20) }
  }

  mutating func appendPadded(_ value: Int, width: Int) {
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
    var v = value
    var count = 0
    Swift.withUnsafeMutableBytes(of: &digits) { d in
      repeat {
        d[count] = UInt8(48 + v % 10)
        v /= 10
        count += 1
      } while v > 0 && count < 8
      for _ in count..<Swift.max(width, count) { append(0x30) }
      for i in stride(from: count - 1, through: 0, by: -1) { append(d[i]) }
    }
  }

  mutating func appendInt(_ value: Int) { appendPadded(value, width: 1) }

  /// A fixed-point number with one or two decimals (`412.3`, `0.25`): Difference and
  /// Custom Dump print Doubles with their shortest representation, which for these values is
  /// exactly this.
  mutating func appendFixed(_ hundredths: Int, decimals: Int) {
    if decimals == 1 {
      appendInt(hundredths / 10)
      append(0x2E)
      appendInt(hundredths % 10)
    } else {
      appendInt(hundredths / 100)
      append(0x2E)
      let frac = hundredths % 100
      if frac % 10 == 0 { appendInt(frac / 10) } else { appendPadded(frac, width: 2) }
    }
  }
}

/// Fixed-point numbers as text, for values that end up in `Value` trees.
func fixedText(_ n: Int, decimals: Int) -> String {
  var bytes: [UInt8] = []
  bytes.appendFixed(n, decimals: decimals)
  return String(decoding: bytes, as: UTF8.self)
}

// MARK: - Values and their two printers

/// A printed Swift value: what an action (or part of a state) looks like to a dumper.
indirect enum Value {
  case enumCase(type: String, name: String, args: [Argument])
  case structure(type: String, fields: [Argument])
  case raw(String)

  struct Argument {
    var label: String?
    var value: Value
    init(_ label: String?, _ value: Value) {
      self.label = label
      self.value = value
    }
  }

  var hasChildren: Bool {
    switch self {
    case .raw: false
    case .structure(_, let fields): !fields.isEmpty
    case .enumCase(_, _, let args): !args.isEmpty
    }
  }
}

enum ValuePrinter {
  /// TCA 0.x's pretty dump (the `diffing` action dialect): every nested value typed, every
  /// argument on its own line. `indent` is the column of the first line.
  static func appendPretty(_ value: Value, indent: Int, to out: inout [UInt8]) {
    out.appendSpaces(indent)
    pretty(value, indent: indent, to: &out)
  }

  private static func pretty(_ value: Value, indent: Int, to out: inout [UInt8]) {
    let args: [Value.Argument]
    switch value {
    case .raw(let text):
      out.append(contentsOf: text.utf8)
      return
    case .structure(let type, let fields):
      out.append(contentsOf: type.utf8)
      if fields.isEmpty {
        out.append(contentsOf: "()".utf8)
        return
      }
      args = fields
    case .enumCase(let type, let name, let arguments):
      out.append(contentsOf: type.utf8)
      out.append(0x2E)
      out.append(contentsOf: name.utf8)
      if arguments.isEmpty { return }
      args = arguments
    }
    out.append(contentsOf: "(\n".utf8)
    for (i, arg) in args.enumerated() {
      out.appendSpaces(indent + 2)
      if let label = arg.label {
        out.append(contentsOf: label.utf8)
        out.append(contentsOf: ": ".utf8)
      }
      pretty(arg.value, indent: indent + 2, to: &out)
      if i < args.count - 1 { out.append(0x2C) }
      out.append(0x0A)
    }
    out.appendSpaces(indent)
    out.append(0x29)
  }

  /// Custom Dump 0.7+ (the `tca1` dialect): nested cases with a leading dot, generic
  /// arguments dropped, a container whose only child has no children printed inline.
  /// `rootType` replaces the root case's type: Custom Dump prints the nested type name
  /// without the module (`AppFeature.Action`) where the 0.x dump printed `AppAction`.
  static func appendCustomDump(_ value: Value, rootType: String, indent: Int, to out: inout [UInt8]) {
    out.appendSpaces(indent)
    if case .enumCase(_, let name, let args) = value {
      customDump(.enumCase(type: rootType, name: name, args: args), indent: indent, top: true, to: &out)
    } else {
      customDump(value, indent: indent, top: true, to: &out)
    }
  }

  private static func customDump(_ value: Value, indent: Int, top: Bool, to out: inout [UInt8]) {
    let args: [Value.Argument]
    var isBinding = false
    switch value {
    case .raw(let text):
      out.append(contentsOf: text.utf8)
      return
    case .structure(let type, let fields):
      out.append(contentsOf: type.prefix { $0 != "<" }.utf8)
      if fields.isEmpty {
        out.append(contentsOf: "()".utf8)
        return
      }
      args = fields
    case .enumCase(let type, let name, let arguments):
      if top { out.append(contentsOf: type.prefix { $0 != "<" }.utf8) }
      out.append(0x2E)
      out.append(contentsOf: name.utf8)
      if arguments.isEmpty { return }
      args = arguments
      isBinding = type.hasPrefix("BindingAction")
    }
    // TCA prints binding actions through their own one-line description.
    if isBinding || (args.count == 1 && !args[0].value.hasChildren) {
      out.append(0x28)
      for (i, arg) in args.enumerated() {
        if i > 0 { out.append(contentsOf: ", ".utf8) }
        if let label = arg.label {
          out.append(contentsOf: label.utf8)
          out.append(contentsOf: ": ".utf8)
        }
        customDump(arg.value, indent: indent, top: false, to: &out)
      }
      out.append(0x29)
      return
    }
    out.append(contentsOf: "(\n".utf8)
    for (i, arg) in args.enumerated() {
      out.appendSpaces(indent + 2)
      if let label = arg.label {
        out.append(contentsOf: label.utf8)
        out.append(contentsOf: ": ".utf8)
      }
      customDump(arg.value, indent: indent + 2, top: false, to: &out)
      if i < args.count - 1 { out.append(0x2C) }
      out.append(0x0A)
    }
    out.appendSpaces(indent)
    out.append(0x29)
  }
}

// MARK: - Noise

/// Unrelated lines that real consoles interleave with the store's records.
enum Noise {
  static let lines: [[UInt8]] = [
    "[Network] GET https://api.example.com/v1/spaces 200 (142 ms)",
    "objc[4242]: Class _TtC7Browser14WebViewHost is implemented in both two images. One of the two will be used.",
    "[Sync] CloudKit zone changes fetched: 0",
    "nw_connection_copy_connected_local_endpoint_block_invoke [C3] Connection has no local endpoint",
    "[Analytics] track event=tab_switched props={\"count\": 3}",
    "WithViewStore<WindowState, WindowAction>@BrowserWindow.swift:44 (Changed state)",
    "CoreAnimation: warning, deleted thread with uncommitted CATransaction; set CA_DEBUG_TRANSACTIONS=1 in environment to log backtraces.",
    "Task <5C1E3B0A-77E1-4F7B-9B40-3D2E6A1C0F9E>.<12> finished with error [-999] Error Domain=NSURLErrorDomain Code=-999 \"cancelled\"",
  ].map { Array($0.utf8) }
}
