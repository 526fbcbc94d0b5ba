#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A new file beside an output path, for writing the output whole and renaming it over the
/// path (`-o`): a reader never sees half of it.
///
/// The file is created with `O_CREAT | O_EXCL | O_NOFOLLOW` under a name with random bytes:
/// never an existing file, nor what a symbolic link planted at the name points to (a fixed
/// name opened with `O_TRUNC` wrote through such a link, and the rename then made the
/// output a link to its target). It is in the output's own folder, so the rename stays on
/// one file system, and created with mode 0666 less the umask, as `open` would create the
/// output itself.
package enum TemporaryFile {
  /// Names tried before giving up (each collision is another process's file, or a plant).
  static let attempts = 64

  /// A random suffix: `.tcalog-PID-XXXXXXXXXXXXXXXX.tmp`.
  package static func randomSuffix() -> String {
    let random = String(UInt64.random(in: .min ... .max), radix: 16)
    return ".tcalog-\(getpid())-" + String(repeating: "0", count: 16 - random.count) + random + ".tmp"
  }

  /// Creates and opens for writing a file named `path` plus a suffix from `suffix`; its
  /// descriptor and path, or nil with `errno` set (`EEXIST` after `attempts` names in use).
  package static func create(beside path: String, suffix: () -> String = randomSuffix) -> (fd: Int32, path: String)? {
    for _ in 0..<attempts {
      let candidate = path + suffix()
      let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      if fd >= 0 { return (fd, candidate) }
      if errno != EEXIST && errno != EINTR { return nil }
    }
    errno = EEXIST
    return nil
  }
}
