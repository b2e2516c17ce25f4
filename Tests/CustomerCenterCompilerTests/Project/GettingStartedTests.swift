import Foundation
import Testing
import TestSupport
// article: GettingStarted.md
import CustomerCenterCompiler
// end

/// The getting-started article's code is this file's code, and the other articles' is
/// `DocumentationArticleTests`'s: every `swift` block of an article in
/// `CustomerCenterCompiler.docc` (but the first of GettingStarted.md, which goes in
/// `Package.swift`) is, in order, a region of these files between `// article: NAME.md` and
/// `// end` (indentation aside), and the tests run them. Every `text` block of an article is what
/// the `swift` block before it prints. Editing an article's code or output alone fails here.
@Suite struct GettingStartedTests {
    /// What the article's code prints (`print` in the regions below is this method).
    let console = Console()

    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        console.print(items, separator: separator, terminator: terminator)
    }

    func printed() -> String { console.take() }

    @Test func theArticleRunsAsWrittenAndPrintsWhatItShows() throws {
        let outputs = try Article.outputs(of: "GettingStarted.md")
        try #require(outputs.count == 3, "the article shows three outputs: \(outputs)")

        // article: GettingStarted.md
        let json = """
        {
          "localization": {
            "default": "en",
            "supported": ["en"],
            "localized_strings": {
              "management_title": {"en": "How can we help?"},
              "path_cancel": {"en": "Cancel subscription"}
            }
          },
          "screens": {
            "MANAGEMENT": {
              "type": "MANAGEMENT",
              "title_key": "management_title",
              "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "path_cancel"}]
            }
          },
          "support": {"email": "support@example.com"}
        }
        """
        let config = SourceFile(path: "customer_center.json", text: json)
        let result = Workspace().run(Lint(sources: [config]))
        // end
        #expect(printed() == "")

        // article: GettingStarted.md
        for diagnostic in result.report.allDiagnostics {
            let at = config.location(of: diagnostic.range.start)
            print("\(at.line):\(at.column) \(diagnostic.severity) [\(diagnostic.id)] \(diagnostic.message)")
        }
        print("errors: \(result.report.counts.errors), warnings: \(result.report.counts.warnings)")
        print("passed: \(result.verdict == .passed)")
        // end
        #expect(printed() == outputs[0])
        #expect(result.report.counts.warnings == 1 && result.verdict == .passed)

        // article: GettingStarted.md
        var settings = RunSettings()
        settings.strict = true
        let strict = Workspace(settings: settings).run(Lint(sources: [config]))
        if case .failed(let reason) = strict.verdict {
            print("failed: \(reason ?? "errors")")
        }
        print(ReportRenderer.render(strict.report, format: .compact), terminator: "")
        // end
        #expect(printed() == outputs[1])
        #expect(strict.verdict != .passed)

        // article: GettingStarted.md
        let compiled = Workspace().run(Compile(config, options: CompileOptions(platforms: [.ios, .android], locales: ["en"])))
        if let payloads = compiled.payloads {
            for payload in payloads {
                print(payload.platform, payload.locale, payload.text.hasPrefix("{\n  \"customer_center\""))
            }
        } else {
            print(ReportRenderer.render(compiled.report, format: .human), terminator: "")
        }
        // end
        #expect(printed() == outputs[2])
        let payloads = try #require(compiled.payloads)
        #expect(payloads.map(\.platform) == [.android, .ios], "platform order")
    }

    @Test func everyArticlesCodeIsTheCodeTheseTestsRun() throws {
        let names = try Article.names()
        try #require(names.contains("GettingStarted.md") && names.count >= 7, "the catalog's articles: \(names)")
        let sources = try [#filePath, PackagePaths.root.appendingPathComponent("Tests/CustomerCenterCompilerTests/Project/DocumentationArticleTests.swift").path]
            .map { try String(contentsOfFile: $0, encoding: .utf8) }
        var regionCount = 0
        for name in names {
            var shown = try Article.blocks(of: name).filter { $0.language == "swift" }.map(\.code)
            if name == "GettingStarted.md" { shown.removeFirst() }
            let run = try sources.flatMap { try Article.regions(of: $0, tag: name) }
            regionCount += run.count
            #expect(shown.count == run.count, "\(name) has \(shown.count) swift blocks, the tests \(run.count) regions")
            for (index, (code, region)) in zip(shown, run).enumerated() where code != region {
                Issue.record("code block \(index + 1) of \(name) differs from the tests' region:\n\(code)\n---\n\(region)")
            }
        }
        #expect(regionCount >= 10, "the tests' regions were not found")
    }

    /// The first block says how to depend on the package: the package and product it names are
    /// this package's, at the library's version.
    @Test func thePackageBlockNamesThisPackage() throws {
        let block = try #require(Article.blocks(of: "GettingStarted.md").first { $0.language == "swift" }).code
        let manifest = try String(contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(block.contains(#".package(url: "https://github.com/OWNER/customer-center", .upToNextMinor(from: "\#(CustomerCenter.version)"))"#), "\(block)")
        #expect(block.contains(#".product(name: "CustomerCenterCompiler", package: "customer-center")"#), "\(block)")
        #expect(manifest.contains(#"name: "customer-center","#))
        #expect(manifest.contains(#".library(name: "CustomerCenterCompiler", targets: ["CustomerCenterCompiler"])"#))
    }
}

/// The catalog's articles and the tests' regions.
enum Article {
    static let catalog = PackagePaths.root.appendingPathComponent("Sources/CustomerCenterCompiler/CustomerCenterCompiler.docc")

    /// The catalog's markdown pages.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }.sorted()
    }

    /// The fenced blocks of an article, in order, with their language.
    static func blocks(of name: String) throws -> [(language: String, code: String)] {
        let text = try String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
        var blocks: [(language: String, code: String)] = []
        var open: (language: String, lines: [String])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append((block.language, block.lines.map { $0 + "\n" }.joined()))
                    open = nil
                } else {
                    open = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
                }
            } else if open != nil {
                open?.lines.append(String(line))
            }
        }
        guard open == nil else { throw Problem(message: "a code block of \(name) is not closed") }
        return blocks
    }

    /// What the article shows its code printing: its `text` blocks, in order.
    static func outputs(of name: String) throws -> [String] {
        try blocks(of: name).filter { $0.language == "text" }.map(\.code)
    }

    /// The regions of `source` between `// article: TAG` and `// end` lines, each without the
    /// indentation its lines share.
    static func regions(of source: String, tag: String) throws -> [String] {
        var regions: [String] = []
        var open: [Substring]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "// article: \(tag)" {
                guard open == nil else { throw Problem(message: "a region opens inside another") }
                open = []
            } else if trimmed == "// end", let lines = open {
                let indent = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                regions.append(lines.map { String($0.dropFirst(min(indent, $0.count))) + "\n" }.joined())
                open = nil
            } else if open != nil {
                open?.append(line)
            }
        }
        guard open == nil else { throw Problem(message: "a region of \(tag) is not closed") }
        return regions
    }

    struct Problem: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// What an article's code prints: `print` in a suite that has one of these is its method.
final class Console: @unchecked Sendable {
    private var text = ""

    func print(_ items: [Any], separator: String, terminator: String) {
        text += items.map { "\($0)" }.joined(separator: separator) + terminator
    }

    /// The printed text since the last call.
    func take() -> String {
        defer { text = "" }
        return text
    }
}
