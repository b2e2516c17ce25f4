import CustomerCenterCompiler
import Foundation
import Testing
import TestSupport
@testable import CustomerCenterLanguageServer

/// The server judges an open document as `lint` judges the same file (docs/commands.md
/// "customer-center lsp"): the same selection (the configuration file's `exclude`), the same
/// policy (its levels and a file-scoped `ignore`) and the same baseline.
@Suite struct WorkspaceSessionTests {
    /// A workspace on disk: a configuration file that raises one rule, switches one off, ignores
    /// one finding of one file and leaves `drafts/` out; the same config in `app/` and `drafts/`.
    static func workspace() throws -> (root: String, app: String, drafts: String) {
        let root = try Scratch.directory("lsp-session").path
        let app = root + "/app/customer_center.json", drafts = root + "/drafts/customer_center.json"
        for folder in ["app", "drafts"] { try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        try #"""
            {"rules": {"l10n.whitespace": "error", "ref.unused-string": "off"}, "exclude": ["drafts/**"],
             "ignore": [{"rule": "l10n.empty-translation", "pointer": "/localization/localized_strings/title", "file": "app/customer_center.json"}]}
            """#.write(toFile: root + "/.customer-center.json", atomically: true, encoding: .utf8)
        for path in [app, drafts] { try IncrementalCheckTests.findings.write(toFile: path, atomically: true, encoding: .utf8) }
        return (root, app, drafts)
    }

    /// Each finding as the client shows it: rule, severity (1 error, 2 warning, 3 note), line, message.
    static func shown(_ diagnostics: [Diagnostic], in text: String) -> [String] {
        let document = TextDocument(uri: "x", version: 0, text: text)
        return diagnostics.map { diagnostic in
            let severity = diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3
            let message = diagnostic.message + (diagnostic.fix.map { " (\($0.message))" } ?? "")
            return "\(diagnostic.id.rawValue) \(severity) \(document.position(of: diagnostic.range.start, encoding: .utf16).line) \(message)"
        }
    }

    static func shown(_ published: [JSON]) -> [String]? {
        published.last { $0["method"] == "textDocument/publishDiagnostics" }?["params"]?["diagnostics"]?.array?.map { diagnostic in
            "\(diagnostic["code"]?.string ?? "") \(diagnostic["severity"]?.int ?? 0) \(diagnostic["range"]?["start"]?["line"]?.int ?? -1) \(diagnostic["message"]?.string ?? "")"
        }
    }

    @Test func anOpenDocumentIsJudgedAsLintJudgesTheFile() throws {
        let (root, app, drafts) = try Self.workspace()
        // A baseline that accepts the first finding `lint` shows for the app's config.
        let first = try #require(Workspace().run(Lint([app])).report.files.first)
        let baselinePath = root + "/baseline.json"
        try Baseline.write([FileReport(source: first.source, diagnostics: Array(first.diagnostics.prefix(1)))],
                           pathKey: { _ in "app/customer_center.json" }).write(toFile: baselinePath, atomically: true, encoding: .utf8)
        var settings = RunSettings()
        settings.baselinePath = baselinePath
        let linted = Workspace(settings: settings).run(Lint([root]))
        #expect(linted.report.files.map(\.source.path).filter { $0.hasSuffix(".json") && $0.contains("/drafts/") }.isEmpty, "lint leaves drafts/ out")
        let report = try #require(linted.report.files.first { $0.source.path == app })
        let expected = Self.shown(report.diagnostics, in: IncrementalCheckTests.findings)
        #expect(!expected.isEmpty)
        #expect(expected.count < first.diagnostics.count, "the baseline accepted one")
        #expect(expected.contains { $0.hasPrefix("l10n.whitespace 1 ") }, "the configuration file's level")
        #expect(!expected.contains { $0.hasPrefix("l10n.empty-translation") }, "its ignore entry")

        var server = Server(readFile: StdioLoop.readFile, settings: settings)
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        for (path, wanted) in [(app, expected), (drafts, [])] {
            _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
                "uri": .string(FileURI.uri(of: path)), "languageId": "json", "version": 1, "text": .string(IncrementalCheckTests.findings)]]])
            #expect(Self.shown(server.publishPending()) == wanted, "\(path)")
        }
    }
}
