// What an action's name says: TCA's naming conventions, read as words.

extension ActionClassifier {
  /// TCA naming conventions, weak evidence. Case names are read as camel-case words from
  /// the end (the head word of `mouseMoved` is `moved`, of `dragEnded` `ended`), segments
  /// from the last; the first word found in either list decides. A collection's scope (the
  /// segment before `element`: `openBet` in `openBet.element(id:action:)`) names what the
  /// rows are, not what happened: its words do not speak.
  static func nameLean(_ path: String) -> (Int, String?) {
    let segments = path.split(separator: ".")
    for (i, segment) in segments.enumerated().reversed().prefix(3) {
      if i + 1 < segments.count && segments[i + 1] == "element" { continue }
      for word in words(segment).reversed() {
        // A plural reads as its singular (`didUpdateLocations` is about locations, not
        // `did`): the lists hold each word once.
        let singular = word.count > 3 && word.hasSuffix("s") ? String(word.dropLast()) : nil
        for candidate in [word] + (singular.map { [$0] } ?? []) {
          if signalWords.contains(candidate) { return (-1, candidate) }
          if noiseWords.contains(candidate) { return (1, candidate) }
        }
      }
    }
    return (0, nil)
  }

  /// `didFinishLoading` → did, finish, loading; `URLResponse` → url, response.
  static func words(_ name: Substring) -> [String] {
    var out: [String] = []
    var current = ""
    let characters = Array(name)
    for (i, c) in characters.enumerated() {
      let upper = c.isUppercase
      let nextLower = i + 1 < characters.count && characters[i + 1].isLowercase
      if c == "_" || (upper && !current.isEmpty && (!(current.last!.isUppercase) || nextLower)) {
        if !current.isEmpty { out.append(current.lowercased()) }
        current = ""
        if c == "_" { continue }
      }
      current.append(c)
    }
    if !current.isEmpty { out.append(current.lowercased()) }
    return out
  }

  static let noiseWords: Set<String> = [
    "tick", "ticked", "timer", "moved", "hover", "hovered", "progress", "scroll", "scrolled", "drag", "dragged",
    "heartbeat", "ping", "location", "heading", "meter", "meters", "level", "levels", "telemetry", "sample",
    "samples", "position", "frame", "pinch", "zoom", "zoomed", "pointer", "cursor", "poll", "polled", "elapsed",
    "playhead", "mouse",
  ]
  static let signalWords: Set<String> = [
    "tap", "tapped", "button", "select", "selected", "submit", "submitted", "response", "delegate", "appear",
    "task", "lifecycle", "connect", "connected", "disconnected", "send", "sent", "open", "opened", "close",
    "closed", "toggle", "toggled", "picked", "confirm", "confirmed", "cancel", "cancelled", "canceled", "delete",
    "deleted", "save", "saved", "login", "logout", "finish", "finished", "did", "will", "became", "resign",
    "alert", "dismiss", "dismissed", "navigate", "ended", "began", "started", "stopped", "completed",
  ]
}
