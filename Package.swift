// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "tcalog",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "tcalog", targets: ["tcalog"]),
    .library(name: "TCALogKit", targets: ["TCALogKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
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
    // All logic: input → parsing → query → report/suggest.
    .target(name: "TCALogKit", dependencies: ["CPCRE2", "CZlib"]),
    // Thin CLI: argument parsing and wiring only.
    .executableTarget(
      name: "tcalog",
      dependencies: ["TCALogKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    // The benchmark: spawns the built tcalog binary next to grep on inputs it generates
    // itself. Deliberately not linked to TCALogKit, so it measures the real executable.
    .executableTarget(
      name: "tcalog-bench",
      dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
    // Fixtures are read through #filePath, so the sources stay the only build inputs.
    .testTarget(name: "TCALogKitTests", dependencies: ["TCALogKit"], exclude: ["Fixtures"]),
    .testTarget(name: "tcalogCLITests", dependencies: ["tcalog", "TCALogKit"]),
  ],
  swiftLanguageModes: [.v6]
)
