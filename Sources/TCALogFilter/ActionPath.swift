import CustomDump

/// The action path of a live action value, as `tcalog` derives it from the action's Custom
/// Dump text (FORMATS.md §10.1): the chain of enum case names from the root action, joined
/// with `.`, without the root type. `AppAction.windows(.window(id: 3, action: .hover(.entered)))`
/// gives `windows.window.hover.entered`.
///
/// It reads the value with `Mirror`, the way Custom Dump prints it: an `Optional` is its
/// wrapped value, a `CustomDumpRepresentable` value its representation, a
/// `CustomDumpReflectable` value its custom mirror (TCA's `BindingAction` shows as
/// `.set(…)` so), and a `CustomDumpStringConvertible` value is text that is no case. From a
/// case it descends into
///
/// 1. a payload that is one value, when that value is an enum case (`.windows(.window(…))`);
/// 2. else the value labelled `action:`, when it is an enum case (`element(id:action:)`).
///
/// and stops at anything else (structs, scalars, several values without an `action:`).
/// §10.1's third rule (a value whose printed type name ends in `Action`) never applies to
/// Custom Dump's text, which writes nested cases without their type (`.tap`), so it is not
/// applied here either.
public enum ActionPath {
  /// The path's segments: `["windows", "window", "hover", "entered"]`.
  public static func segments(of action: Any) -> [String] {
    var segments: [String] = []
    var current = action
    while segments.count < 256, let (name, payload) = enumCase(current) {
      segments.append(name)
      guard let payload, let next = descend(payload) else { break }
      current = next
    }
    return segments
  }

  /// The path: `windows.window.hover.entered` (empty when the action is not an enum case).
  public static func of(_ action: Any) -> String { segments(of: action).joined(separator: ".") }

  /// The value as Custom Dump prints it: an `Optional`'s wrapped value, a representable
  /// value's representation; nil for `nil`.
  static func unwrapped(_ value: Any) -> Any? {
    var value = value
    for _ in 0..<64 {
      if value is any CustomDumpStringConvertible { return value }
      if let representable = value as? any CustomDumpRepresentable {
        value = representable.customDumpValue
        continue
      }
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .optional else { return value }
      guard let wrapped = mirror.children.first?.value else { return nil }
      value = wrapped
    }
    return value
  }

  /// The mirror Custom Dump reads.
  static func mirror(_ value: Any) -> Mirror {
    (value as? any CustomDumpReflectable)?.customDumpMirror ?? Mirror(reflecting: value)
  }

  /// The case name and payload of an enum case (payload nil for a case without one); nil
  /// when the value prints as something else.
  static func enumCase(_ value: Any) -> (name: String, payload: Any?)? {
    guard let value = unwrapped(value), !(value is any CustomDumpStringConvertible), !(value is Any.Type) else {
      return nil
    }
    let mirror = mirror(value)
    guard mirror.displayStyle == .enum else { return nil }
    guard let child = mirror.children.first else { return ("\(value)", nil) }
    return (child.label ?? "@unknown", child.value)
  }

  /// The case a payload continues into, by the two rules above.
  static func descend(_ payload: Any) -> Any? {
    let values = mirror(payload)
    guard values.displayStyle == .tuple else {
      // One value.
      return enumCase(payload) != nil ? payload : nil
    }
    let children = Array(values.children)
    if children.count == 1, children[0].label.map({ $0.hasPrefix(".") }) ?? true {
      return enumCase(children[0].value) != nil ? children[0].value : nil
    }
    for child in children where child.label == "action" {
      return enumCase(child.value) != nil ? child.value : nil
    }
    return nil
  }
}
