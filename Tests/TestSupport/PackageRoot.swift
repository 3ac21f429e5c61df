import Foundation

/// The package's root folder (the one holding Package.swift), found from this file's own path, for tests
/// that read the repository's examples, fixtures and scripts.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
