// swift-tools-version:6.0
import PackageDescription

// A file sees another module's extension members only when it imports that module, as it
// does its types: the compiler then holds every import to the truth
// (Tests/Behaviour/imports.py finds the imports a file does not need).
let trueImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
  name: "tcalog",
  // TCA 1.x's iOS, tvOS and watchOS minimums, for apps that add TCALogFilter; macOS stays at
  // 13, what the CLI was built and tested for (an app's macOS target must be 13 or later).
  platforms: [.macOS(.v13), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
  products: [
    .executable(name: "tcalog", targets: ["tcalog"]),
    .library(name: "TCALogKit", targets: ["TCALogKit"]),
    // For apps: ActionFilter, action paths of live values, filter repositories at run time,
    // a timestamped `_printChanges()` printer. No system library; only CustomDump.
    .library(name: "TCALogFilter", targets: ["TCALogFilter"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // TCALogFilter renders with it (as TCA does); and the oracle's: the real Custom Dump renders the logs that TCALogOracleTests parses,
    // from states built of real IdentifiedArray and Tagged values. Only that test target
    // uses them; SwiftPM resolves a dependency package's test-only dependencies for
    // nobody else, so neither `tcalog` nor a package that uses TCALogKit fetches them.
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.0"),
    .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
  ],
  targets: [
    // libpcre2-8 from the system (JIT-capable); the shim sets the code-unit width.
    .systemLibrary(
      name: "CPCRE2", path: "Sources/CPCRE2", pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]),
    // zlib for reading .gz logs transparently.
    .systemLibrary(
      name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // Byte masks, 64 bytes to a word (SSE2, or plain C elsewhere): the line splitter's
    // search for line feeds, the action-shape pass's search for literals.
    .target(name: "CByteMasks"),
    // What every stage uses and none owns: locks, condition variables and threads (pthreads,
    // without Foundation), small files read whole, the write(2) loop, text helpers. Nothing
    // in it is public.
    .target(name: "TCALogSupport", swiftSettings: trueImports),
    // The stages, each depending only on stages before it:
    // Input → Parsing → Pipeline → Query → Report → Suggest → Output (Report uses Query
    // to mark what a filter repository silences).
    // Bytes from files, pipes and gzip; line splitting and console prefixes.
    .target(name: "TCALogInput", dependencies: ["TCALogSupport", "CZlib", "CByteMasks"], swiftSettings: trueImports),
    // Lines into records (the three formats, action and state paths).
    .target(
      name: "TCALogParsing", dependencies: ["TCALogSupport", "TCALogInput", "CByteMasks"], swiftSettings: trueImports),
    // The one record stream: sequential, chunked-parallel or follow, into sinks.
    .target(name: "TCALogPipeline", dependencies: ["TCALogSupport", "TCALogParsing"], swiftSettings: trueImports),
    // The grammar of a filter repository's lines, which Query and the app's TCALogFilter
    // both read (so the two cannot drift apart); no system library.
    .target(name: "TCALogFilterSyntax", dependencies: ["TCALogSupport"], swiftSettings: trueImports),
    // PCRE2 patterns over records: the selection of `filter`, filter repositories.
    .target(
      name: "TCALogQuery", dependencies: ["TCALogSupport", "TCALogFilterSyntax", "TCALogPipeline", "CPCRE2"],
      swiftSettings: trueImports),
    // Aggregates and classifies actions and state paths: the report's numbers.
    .target(
      name: "TCALogReport", dependencies: ["TCALogSupport", "TCALogPipeline", "TCALogQuery"], swiftSettings: trueImports
    ),
    // ActionFilter suggestions from a report's numbers.
    .target(name: "TCALogSuggest", dependencies: ["TCALogSupport", "TCALogReport"], swiftSettings: trueImports),
    // Every byte that leaves the process: printers, JSON, escaping, the terminal.
    .target(
      name: "TCALogOutput", dependencies: ["TCALogSupport", "TCALogQuery", "TCALogReport", "TCALogSuggest"],
      swiftSettings: trueImports),
    // The library product: re-exports every stage.
    .target(
      name: "TCALogKit",
      dependencies: [
        "TCALogInput", "TCALogParsing", "TCALogPipeline", "TCALogQuery", "TCALogReport", "TCALogSuggest",
        "TCALogOutput",
      ]),
    // The app's side: what `suggest` writes compiles against it. Links no system library and
    // none of the stages above (the CLI and TCALogKit never link CustomDump); it reads a
    // repository in TCALogFilterSyntax's grammar, as tcalog does.
    .target(
      name: "TCALogFilter",
      dependencies: [
        "TCALogSupport", "TCALogFilterSyntax", .product(name: "CustomDump", package: "swift-custom-dump"),
      ]),
    // The application layer: each command a request whose `run` returns an outcome (exit
    // status, diagnostics as values, the finished text), against a console that is the
    // process's or memory (tests). No ArgumentParser: the executable maps flags to requests.
    .target(
      name: "TCALogCommands",
      dependencies: [
        "TCALogSupport", "TCALogInput", "TCALogParsing", "TCALogPipeline", "TCALogQuery", "TCALogReport",
        "TCALogSuggest", "TCALogOutput",
      ], swiftSettings: trueImports),
    // Thin CLI: flags to requests, the outcome to the console; it writes no byte itself.
    .executableTarget(
      name: "tcalog",
      dependencies: [
        "TCALogKit", "TCALogCommands", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ], swiftSettings: trueImports),
    // The benchmark: spawns the built tcalog binary next to grep on inputs made of
    // Tests/Simulator/genlog.py's sessions. Deliberately not linked to TCALogKit, so it
    // measures the real executable.
    .executableTarget(
      name: "tcalog-bench",
      dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
    // The app product's cost per action, printed against silenced, on a state of a few
    // hundred rows, in process (BENCHMARKS.md, "In the app").
    .executableTarget(
      name: "tcalog-filter-bench",
      dependencies: ["TCALogFilter", .product(name: "CustomDump", package: "swift-custom-dump")]),
    // What only tests use: records built from values, a whole source scanned at once, the
    // scanner's differential harness (every short way against the full parse, the stream's
    // included), stub action enums for compiling suggestions, a seeded generator, canonical
    // JSON. No product ships it; test targets and the libFuzzer harnesses (Tests/Fuzz/fuzz)
    // use it.
    .target(
      name: "TCALogTestSupport",
      dependencies: [
        "TCALogSupport", "TCALogInput", "TCALogParsing", "TCALogPipeline", "TCALogReport", "TCALogSuggest",
        "TCALogOutput",
      ], swiftSettings: trueImports),
    // Fixtures are read through #filePath, so the sources stay the only build inputs.
    .testTarget(
      name: "TCALogKitTests", dependencies: ["TCALogKit", "TCALogFilterSyntax", "TCALogTestSupport", "CByteMasks"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "tcalogCLITests", dependencies: ["tcalog", "TCALogCommands", "TCALogKit", "TCALogTestSupport"]),
    // What a program using the library writes: only `import TCALogKit`. One of its tests
    // compiles its sources as another package would, so the API it uses must be public.
    .testTarget(name: "TCALogKitAPITests", dependencies: ["TCALogKit"]),
    // Random states and mutations rendered by the real swift-custom-dump as
    // `_printChanges()` prints them, parsed by tcalog, every path checked.
    .testTarget(
      name: "TCALogOracleTests",
      dependencies: [
        "TCALogKit", "TCALogTestSupport",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "Tagged", package: "swift-tagged"),
      ]),
    // TCALogFilter against tcalog: paths both ways, its printer read back, its repository
    // against `filter --exclude-filters`, `suggest`'s output compiled (Generated/) and run.
    .testTarget(
      name: "TCALogFilterTests",
      dependencies: [
        "TCALogFilter", "TCALogKit", "TCALogTestSupport", .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
