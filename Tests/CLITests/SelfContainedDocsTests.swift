import Foundation
import Testing

/// The project explains itself (docs/design.md): no source comment, doc comment, DocC article,
/// script or page of `docs/` cites a document the repository does not have. A maintainer with
/// only the clone finds every reason in `docs/`.
@Suite struct SelfContainedDocsTests {
    /// Names of documents that live outside the repository.
    static var outside: Regex<AnyRegexOutput> { try! Regex(#"\bSPEC\b|\bDESIGN\b|sdk-decoding|shared/reference|linter-conventions|style-anchors"#) }

    /// What is read: everything a maintainer reads to learn why, tests aside (one of them compares
    /// the rule catalogue with the outside specification when it is there).
    static let roots = ["Sources", "docs", "Scripts", "Benchmarks", "Plugins", "Fuzz/FuzzTarget.swift", "README.md", ".ci/run",
                        "action.yml", "Package.swift"]

    static func files() -> [String] {
        let manager = FileManager.default
        var result: [String] = []
        for root in roots {
            var isDirectory: ObjCBool = false
            let url = CLI.packageRoot.appendingPathComponent(root)
            guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else { result.append(root); continue }
            for case let name as String in manager.enumerator(atPath: url.path) ?? FileManager.DirectoryEnumerator()
            where [".swift", ".md", ".sh", ".py", ".yml", ".yaml"].contains(where: name.hasSuffix) {
                result.append(root + "/" + name)
            }
        }
        return result.sorted()
    }

    @Test func nothingCitesADocumentOutsideTheRepository() throws {
        let files = Self.files()
        #expect(files.count > 150, "found the sources and docs")
        var citations: [String] = []
        for file in files {
            let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(Self.outside) {
                citations.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(citations == [], "\(citations.count) citations:\n\(citations.joined(separator: "\n"))")
    }

    /// The pattern itself: a citation is seen, a word that merely starts the same way is not.
    @Test func thePatternSeesCitationsOnly() {
        #expect("/// The formats (SPEC §1).".contains(Self.outside))
        #expect("// DESIGN \"The run\"".contains(Self.outside))
        #expect("(sdk-decoding.md §6)".contains(Self.outside))
        #expect(!"case specific = \"SPECIFIC\"".contains(Self.outside))
        #expect(!"docs/design.md".contains(Self.outside))
    }
}
