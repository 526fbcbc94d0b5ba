/// The version `tcalog --version` prints.
public let version = "0.1.0"
