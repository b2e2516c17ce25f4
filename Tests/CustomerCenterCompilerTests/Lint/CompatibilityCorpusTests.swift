import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// The shipped examples and the dashboard-format docs samples: no false findings.
@Suite struct CompatibilityCorpusTests {
    @Test(arguments: ["customer_center.json", "response.json"])
    func shippedExamplesAreLintClean(_ name: String) throws {
        let data = try Data(contentsOf: TestPaths.examples.appendingPathComponent(name))
        let report = Linter.lint(SourceFile(path: name, bytes: Array(data)))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map { "\($0.id): \($0.message)" })")
    }

    /// Docs samples are partial configs: what they contain must decode without false findings.
    /// Allowed: the comments of the `.jsonc` sample, required fields its elisions ("// other
    /// paths") leave out, and the parts of a whole config a snippet does not include.
    static let dashboardSamples = TestPaths.files(in: TestPaths.fixtures.appendingPathComponent("dashboard-docs"), extensions: ["json", "jsonc"])
        .map(\.lastPathComponent)

    /// A corpus that is there but empty would make the test below pass on nothing.
    @Test(.enabled(if: TestPaths.sharedIsPresent, "skipped: ../shared/fixtures is absent (a clone on its own)"))
    func dashboardCorpusIsNotEmpty() {
        #expect(Self.dashboardSamples.count >= 7, "found \(Self.dashboardSamples)")
    }

    @Test(.enabled(if: TestPaths.sharedIsPresent, "skipped: ../shared/fixtures is absent (a clone on its own)"), arguments: dashboardSamples)
    func dashboardSamplesDecodeCleanly(_ name: String) throws {
        let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("dashboard-docs/\(name)"))
        let source = SourceFile(path: name, bytes: Array(data))
        let parsed = JSONParser.parseTape(source.bytes)
        let root = try #require(parsed.root)
        var sink = DiagnosticSink(file: name)
        // Snippets that are not whole configs are checked against the definition they show.
        let schema: SchemaType
        if root.member("paths") != nil, root.member("screens") == nil {
            schema = .object(ObjectSchema("PathsSnippet", "", fields: [Field("paths", .array(.object(AuthoringSchema.path)), required: true, "")]))
        } else if root.member("type") != nil {
            schema = .object(AuthoringSchema.path)
        } else if root.member("id") != nil {
            schema = .object(AuthoringSchema.surveyOption)
        } else {
            schema = .object(AuthoringSchema.root)
        }
        var walker = SchemaWalker(mode: .authoring, source: source, sink: sink, platforms: [])
        walker.walk(root, schema, pointer: .root, anchor: ByteRange(0, 1), name: "sample", readers: [])
        sink = walker.sink
        let syntax = parsed.issues.map { $0.kind }
        let allowedSyntax = syntax.allSatisfy { if case .comment = $0 { return true } else { return false } }
        #expect(allowedSyntax, "\(syntax)")
        let unexpected = sink.diagnostics.filter { $0.id != "schema.missing-field" }
        #expect(unexpected.isEmpty, "\(unexpected.map { "\($0.id) \($0.pointer): \($0.message)" })")
        // Missing fields are only whole-config parts a snippet leaves out, or what an elision comment hides.
        for missing in sink.diagnostics where missing.id == "schema.missing-field" {
            let atRoot = missing.pointer == .root
            #expect(atRoot || name.hasSuffix(".jsonc"), "\(missing.pointer): \(missing.message)")
        }
    }
}
