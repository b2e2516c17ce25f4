import Foundation
import Testing
import TestSupport
import CustomerCenterCompiler

/// The code of the catalog's job articles (Linting, Fixing, Compiling, Formatting, Diffing,
/// Rendering Reports), run: each region between `// article: NAME.md` and `// end` is a `swift`
/// block of that article, in order (`GettingStartedTests` checks that), and what it prints is the
/// article's next `text` block. The articles use `json` and `config` of GettingStarted.md.
/// Regions that name files on disk are compiled here but not run.
@Suite struct DocumentationArticleTests {
    /// What the articles' code prints (`print` in the regions below is this method).
    let console = Console()

    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        console.print(items, separator: separator, terminator: terminator)
    }

    func printed() -> String { console.take() }

    /// GettingStarted.md's config (`gettingStartedDefinesThisConfig` holds them together).
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
    var config: SourceFile { SourceFile(path: "customer_center.json", text: json) }

    @Test func gettingStartedDefinesThisConfig() throws {
        let article = try Article.blocks(of: "GettingStarted.md").map(\.code).joined()
        #expect(article.contains("let json = \"\"\"\n" + json + "\n\"\"\"\n"))
    }

    // MARK: Linting

    @Test func linting() throws {
        let outputs = try Article.outputs(of: "Linting.md")
        try #require(outputs.count == 3)
        // article: Linting.md
        let configuration = LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: """
        {"platforms": ["ios"], "rules": {"screen.missing": "off"}, "locales": {"required": ["en"]}}
        """))
        let result = Workspace().run(Lint(sources: [config], configuration: configuration))
        print("findings: \(result.report.counts.total), passed: \(result.verdict == .passed)")
        // end
        #expect(printed() == outputs[0])
        #expect(result.report.counts.total == 0 && result.verdict == .passed)

        // article: Linting.md
        let misspelled = LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: """
        {"rules": {"screen.mising": "off"}}
        """))
        let refused = Workspace().run(Lint(sources: [config], configuration: misspelled))
        print(refused.verdict == .invalidConfiguration)
        for diagnostic in misspelled.diagnostics {
            print(diagnostic.message)
        }
        // end
        #expect(printed() == outputs[1])
        #expect(refused.report.files.map(\.source.path) == [".customer-center.json"], "a run under it lints nothing")
    }

    /// Compiled, not run: it reads the paths it names.
    func lintingFilesAndDirectories() {
        // article: Linting.md
        var settings = RunSettings()
        settings.maxWarnings = 0
        let run = Workspace(settings: settings).run(Lint(["Resources", "Configs/customer_center.json"]))
        for file in run.report.files {
            print(file.source.path, file.counts.errors, file.counts.warnings)
        }
        for file in run.report.unreadable {
            print("could not read \(file.path): \(file.reason)")
        }
        // end
    }

    @Test func lintingCounts() throws {
        let outputs = try Article.outputs(of: "Linting.md")
        // article: Linting.md
        var capped = RunSettings()
        capped.displayCap = 0
        let counted = Workspace(settings: capped).run(Lint(sources: [config]))
        let file = counted.report.files[0]
        print(file.diagnostics.count, file.counts.warnings, file.omitted)
        // end
        #expect(printed() == outputs[2])
        #expect(counted.verdict == .passed)
    }

    // MARK: Fixing

    @Test func fixing() throws {
        let outputs = try Article.outputs(of: "Fixing.md")
        try #require(outputs.count == 1)
        // article: Fixing.md
        let broken = SourceFile(path: "customer_center.json", text: json.replacing(#""support@example.com"}"#, with: #""support@example.com",}"#))
        let fixed = Workspace().run(Autofix(broken, unsafe: false))
        print("changed: \(fixed.changed), applied: \(fixed.applied)")
        print(fixed.report.allDiagnostics.map(\.id))
        print(String(decoding: fixed.source.bytes, as: UTF8.self) == json)
        // end
        #expect(printed() == outputs[0])
        #expect(Workspace().run(Lint(sources: [broken])).report.allDiagnostics.contains { $0.id == "json.trailing-comma" }, "the example had a trailing comma")
    }

    /// Compiled, not run: it reads the file it names.
    func fixingFiles() {
        // article: Fixing.md
        let dryRun = Workspace(settings: RunSettings()).run(Lint(["Resources/customer_center.json"], fix: .dryRun))
        for diff in dryRun.documents {
            print(diff, terminator: "")
        }
        // end
    }

    // MARK: Compiling

    @Test func compiling() throws {
        let outputs = try Article.outputs(of: "Compiling.md")
        try #require(outputs.count == 2)
        // article: Compiling.md
        let options = CompileOptions(platforms: [.ios], locales: ["en"], customer: Customer(firstSeen: 30 * 86_400))
        let compiled = Workspace().run(Compile(config, options: options))
        for payload in compiled.payloads ?? [] {
            print(payload.platform.displayName, payload.locale, payload.text.utf8.count > 1_000)
        }
        print(compiled.bundle?.contains(#""sha256""#) == true)
        // end
        #expect(printed() == outputs[0])
        #expect(compiled.payloads?.count == 1)

        // article: Compiling.md
        let untitled = SourceFile(path: "customer_center.json", text: json.replacing(#""title_key": "path_cancel""#, with: #""title_key": "path_quit""#))
        let refused = Workspace().run(Compile(untitled))
        print(refused.payloads == nil, refused.verdict == .passed)
        print(refused.report.allDiagnostics.filter { $0.severity == .error }.map(\.id))
        // end
        #expect(printed() == outputs[1])
    }

    // MARK: Formatting

    @Test func formatting() throws {
        let outputs = try Article.outputs(of: "Formatting.md")
        try #require(outputs.count == 2)
        // article: Formatting.md
        let messy = SourceFile(path: "customer_center.json", text: #"{"support":{"email":"help@example.com"},"localization":{"supported":["en","de"],"default":"en"}}"#)
        let formatted = Formatter.format(messy)
        if let text = formatted.formatted, formatted.changesFile {
            print(text, terminator: "")
        }
        // end
        #expect(printed() == outputs[0])
        #expect(Formatter.format(SourceFile(path: "f.json", text: outputs[0])).changesFile == false, "the output is canonical")

        // article: Formatting.md
        let unparsable = Formatter.format(SourceFile(path: "customer_center.json", text: #"{"support": {"email": "help@example.com"}"#))
        print(unparsable.formatted == nil, unparsable.report.diagnostics.map(\.id))
        // end
        #expect(printed() == outputs[1])
    }

    // MARK: Diffing

    @Test func diffing() throws {
        let outputs = try Article.outputs(of: "Diffing.md")
        try #require(outputs.count == 1)
        // article: Diffing.md
        let renamed = SourceFile(path: "customer_center.json", text: json.replacing(#""id": "cancel""#, with: #""id": "cancel_subscription""#))
        let diff = ConfigDiff.compare(config, renamed)
        if let problem = diff.problem {
            print(problem.message)
        } else {
            print(DiffRenderer.human(diff.changes), terminator: "")
            print("breaking: \(diff.hasBreakingChanges)")
        }
        // end
        #expect(printed() == outputs[0])
        #expect(diff.hasBreakingChanges)
    }

    // MARK: Rendering reports

    @Test func renderingReports() throws {
        let outputs = try Article.outputs(of: "RenderingReports.md")
        try #require(outputs.count == 2)
        // article: RenderingReports.md
        let result = Workspace().run(Lint(sources: [config]))
        print(ReportRenderer.render(result.report, format: .github), terminator: "")
        // end
        #expect(printed() == outputs[0])

        // article: RenderingReports.md
        let options = RenderOptions(color: false, workingDirectory: "/work/app")
        let sarif = ReportRenderer.render(result.report, format: .sarif, options: options)
        print(sarif.contains(#""version": "2.1.0""#), sarif.contains("file:///work/app/"))
        // end
        #expect(printed() == outputs[1])
    }
}
