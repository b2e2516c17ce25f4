import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// Paths of the repository and the shared fixtures, found from this file.
enum TestPaths {
    static let packageRoot: URL = PackagePaths.root
    static let golden = packageRoot.appendingPathComponent("Tests/CustomerCenterCompilerTests/Golden")
    static let examples = packageRoot.appendingPathComponent("Examples")
    /// `../shared` beside the repository (see `PackagePaths.shared`).
    static let shared = PackagePaths.shared
    /// `../shared/fixtures`.
    static let fixtures = shared.appendingPathComponent("fixtures")
    /// Whether `../shared` is there.
    static let sharedIsPresent = PackagePaths.sharedIsPresent

    static func files(in directory: URL, extensions: Set<String>) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }.filter { extensions.contains($0.pathExtension) }
    }
}

/// Compares `actual` with the golden file `name`; `RECORD_GOLDEN=1` rewrites it and fails.
func assertGolden(_ actual: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let url = TestPaths.golden.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded golden file \(name); run again without RECORD_GOLDEN", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("golden file \(name) is missing; run with RECORD_GOLDEN=1 to create it", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        Issue.record("\(name) differs from its golden file:\n\(lineDiff(expected, actual))", sourceLocation: sourceLocation)
    }
}

/// A minimal line diff: `-` expected, `+` actual, for the first differing lines.
func lineDiff(_ expected: String, _ actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out = ""
    var shown = 0
    for i in 0..<max(a.count, b.count) where shown < 20 {
        let left = i < a.count ? String(a[i]) : nil
        let right = i < b.count ? String(b[i]) : nil
        if left != right {
            if let left { out += "-\(i + 1): \(left)\n" }
            if let right { out += "+\(i + 1): \(right)\n" }
            shown += 1
        }
    }
    return out
}

/// Example text with `↓` markers: the clean text and the byte offset of each marker.
struct MarkedText {
    let text: String
    let offsets: [Int]

    init(_ marked: String) {
        var clean = ""
        var offsets: [Int] = []
        for character in marked {
            if character == RuleDescriptor.marker {
                offsets.append(clean.utf8.count)
            } else {
                clean.append(character)
            }
        }
        self.text = clean
        self.offsets = offsets
    }
}

/// Lints text and returns `line:col id` strings, the compact way to assert positions.
/// Only diagnostics whose id starts with `prefix` are listed.
func positions(_ text: String, path: String = "test.json", options: LintOptions = LintOptions(), prefix: String = "") -> [String] {
    let report = Linter.lint(SourceFile(path: path, text: text), options: options)
    return report.diagnostics.filter { $0.id.rawValue.hasPrefix(prefix) }.map { diagnostic in
        let location = report.source.location(of: diagnostic.range.start)
        return "\(location.line):\(location.column) \(diagnostic.id)"
    }
}
