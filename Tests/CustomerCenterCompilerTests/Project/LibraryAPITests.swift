import Testing
import CustomerCenterCompiler

/// The public members that stand in for the types the API cut made package (issue 29): rule
/// metadata through `RuleDescriptor.all` and `RuleID.descriptor` (the catalog), and whether a
/// finding can be fixed through `Diagnostic.fixApplicability` (the fix's edits).
@Suite struct LibraryAPITests {
    @Test func everyRuleIsListedOnceAndFoundByItsID() {
        let ids = RuleDescriptor.all.map(\.id)
        #expect(ids.count > 50, "the catalog's rules")
        #expect(Set(ids).count == ids.count, "each rule once")
        for descriptor in RuleDescriptor.all {
            #expect(descriptor.id.descriptor?.id == descriptor.id)
            #expect(descriptor.id.descriptor?.summary == descriptor.summary)
        }
        #expect(RuleID(rawValue: "json.trailing-comma").descriptor?.isSyntax == true)
        #expect(RuleID(rawValue: "schema.unknown-field").descriptor?.isSyntax == false)
        #expect(RuleID(rawValue: "no.such-rule").descriptor == nil)
    }

    /// A rule's first failing example, its `↓` marker removed.
    static func failing(_ id: RuleID) throws -> SourceFile {
        let example = try #require(id.descriptor?.failingExample)
        return SourceFile(path: "\(id).json", text: example.replacing("↓", with: ""))
    }

    @Test func aFindingSaysWhetherAndHowItCanBeFixed() throws {
        // A trailing comma has a safe fix; an unknown field's did-you-mean is a guess; a
        // missing field has none.
        let sources = try ["json.trailing-comma", "schema.unknown-field", "schema.missing-field"].map { try Self.failing($0) }
        let findings = Workspace().run(Lint(sources: sources)).report.allDiagnostics
        func applicability(_ id: RuleID) -> [FixApplicability?] { findings.filter { $0.id == id }.map(\.fixApplicability) }
        #expect(applicability("json.trailing-comma") == [.safe])
        #expect(applicability("schema.unknown-field") == [.unsafe])
        #expect(!applicability("schema.missing-field").isEmpty && applicability("schema.missing-field").allSatisfy { $0 == nil })
        // What the fix job (Autofix) does with each kind.
        let safe = Workspace().run(Autofix(sources[0], unsafe: false))
        #expect(safe.changed && !safe.report.allDiagnostics.contains { $0.id == "json.trailing-comma" })
        #expect(!Workspace().run(Autofix(sources[1], unsafe: false)).changed, "a guess needs unsafe: true")
        #expect(Workspace().run(Autofix(sources[1], unsafe: true)).changed)
    }
}
