import Foundation
import Testing

/// Bindings per key path on the built binary: `records` carries the key path, `report`
/// shows each under its binding, `filter --key-path` selects one, `suggest` writes an
/// entry for the slider only.
@Suite struct BindingKeyPathCLITests {
  /// No times: a slider dragged (runs of 40), a toggle and taps between the drags.
  static let log: String = {
    var out = ""
    func record(_ action: String, _ property: String, _ value: String) {
      out +=
        "received action:\n  AppFeature.Action.\(action)\n  AppFeature.State(\n-   \(property): 0\n+   \(property): \(value)\n  )\n\n"
    }
    for gesture in 0..<30 {
      for k in 0..<40 {
        record("mixer(.binding(.set(\\Mixer.State.$volume, 0.\(gesture)\(k))))", "volume", "0.\(gesture)\(k)")
      }
      record("transport(.playTapped)", "isPlaying", "true")
      if gesture % 2 == 0 { record("mixer(.binding(.set(\\Mixer.State.$isMuted, true)))", "isMuted", "\(gesture)") }
      record("transport(.stopTapped)", "isPlaying", "false")
    }
    return out
  }()

  static func file() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-bindings-\(getpid()).log").path
    try log.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func recordsReportFilterAndSuggestSeeEachKeyPath() throws {
    let path = try Self.file()
    defer { try? FileManager.default.removeItem(atPath: path) }

    let records = runInProcess(["records", path])
    #expect(records.status == 0)
    let lines = String(decoding: records.stdout, as: UTF8.self).split(separator: "\n")
    #expect(lines.filter { $0.contains(#""bindingKeyPath":"\\.$volume""#) }.count == 1200)
    #expect(lines.filter { $0.contains(#""bindingKeyPath":"\\.$isMuted""#) }.count == 15)
    // The action path stays the binding's.
    #expect(lines.filter { $0.contains(#""path":"mixer.binding.set""#) }.count == 1215)

    let count = runInProcess(["filter", "-c", "--key-path", "\\Mixer.State.$isMuted", path])
    #expect(String(decoding: count.stdout, as: UTF8.self) == "15\n")
    #expect(runInProcess(["filter", "-c", "--key-path", "$volume", path]).stdout == Data("1200\n".utf8))
    // Without the `$` the projection is meant too: `volume` selected nothing, silently.
    for spelled in ["volume", "\\.volume", "\\Mixer.State.volume"] {
      #expect(runInProcess(["filter", "-c", "--key-path", spelled, path]).stdout == Data("1200\n".utf8), "\(spelled)")
    }

    let report = String(decoding: runInProcess(["report", "--format", "json", path]).stdout, as: UTF8.self)
    let json = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
    let actions = try #require(json?["actions"] as? [[String: Any]])
    let binding = try #require(actions.first { $0["path"] as? String == "mixer.binding.set" })
    let keyPaths = try #require(binding["keyPaths"] as? [[String: Any]])
    #expect(keyPaths.map { $0["keyPath"] as? String } == ["\\.$isMuted", "\\.$volume"])
    #expect(keyPaths.map { $0["class"] as? String } == ["signal", "noise"])
    #expect(binding["class"] as? String == "ambiguous")

    // The HTML page shows them under the binding's row too.
    let html = String(decoding: runInProcess(["report", "--format", "html", path]).stdout, as: UTF8.self)
    let volumeRow = try #require(html.range(of: "<code>\\.$volume</code>"))
    let rowEnd = try #require(html.range(of: "</tr>", range: volumeRow.upperBound..<html.endIndex))
    #expect(html[volumeRow.upperBound..<rowEnd.lowerBound].contains(">noise<"))
    #expect(html.contains("<code>\\.$isMuted</code>"))

    // suggest's JSON gives each key path's verdict and reasons, as report does.
    let suggested = runInProcess(["suggest", "--format", "json", path]).stdout
    let suggestJSON = try JSONSerialization.jsonObject(with: suggested) as? [String: Any]
    let classified = try #require(suggestJSON?["actions"] as? [[String: Any]])
    let set = try #require(classified.first { $0["path"] as? String == "mixer.binding.set" })
    let verdicts = try #require(set["keyPaths"] as? [[String: Any]])
    #expect(verdicts.map { $0["class"] as? String } == ["signal", "noise"])
    #expect(verdicts.allSatisfy { !(($0["reasons"] as? [String]) ?? []).isEmpty })

    let swift = String(decoding: runInProcess(["suggest", path]).stdout, as: UTF8.self)
    #expect(swift.contains("if case .mixer(.binding(\\.$volume)) = action { return true }"))
    #expect(!swift.contains("\\.$isMuted)) = action"))
    #expect(!swift.contains("if case .mixer(.binding) = action"))
  }
}
