import Foundation

/// Where the repository and the shared fixtures are, found from this file: every test target
/// reads examples, schemas, the README and docs/ from the same root.
public enum PackagePaths {
    /// The repository's root (the folder holding `Package.swift`).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared` beside the repository (CI clones main with shared/ beside it; a user's clone
    /// has none, and the tests that compare against it skip, saying so).
    public static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")
    /// Whether `../shared` is there.
    public static let sharedIsPresent = FileManager.default.fileExists(atPath: shared.appendingPathComponent("SPEC.md").path)
}
