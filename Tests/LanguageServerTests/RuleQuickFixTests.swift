import Testing
@testable import CustomerCenterCompiler
@testable import CustomerCenterLanguageServer

/// The quick fixes beyond a finding's own fix come from the rule's descriptor
/// (`RuleDescriptor.editorAddition`): each rule that declares one gets it on its failing example,
/// under its example configuration, and applying it removes the finding.
@Suite struct RuleQuickFixTests {
    static let rules = RuleDescriptor.all.filter { $0.editorAddition != nil }

    @Test func theRulesThatDeclareAnAddition() {
        #expect(Set(Self.rules.map(\.id.rawValue)) == ["ref.unresolved-string", "l10n.missing-translation", "l10n.missing-required-translation"])
    }

    @Test(arguments: rules.map(\.id))
    func theDescriptorsAdditionIsOfferedAndRemovesTheFinding(_ id: RuleID) throws {
        let rule = try #require(id.descriptor)
        let title = rule.editorAddition == .createMissingString ? "Create the key" : "Add de"
        // The example configuration, as the `.customer-center.json` next to the document.
        let files = rule.exampleConfiguration.isEmpty ? [:] : ["/work/app/.customer-center.json": rule.exampleConfiguration.fileText]
        let marked = rule.failingExample
        let markerAt = try #require(marked.firstIndex(of: RuleDescriptor.marker))
        let text = marked.filter { $0 != RuleDescriptor.marker }
        let at = TextDocument(uri: sampleURI, version: 0, text: text).position(of: marked[..<markerAt].utf8.count, encoding: .utf16)

        var client = TestClient(files: files)
        client.open(sampleURI, text)
        let actions = client.result("textDocument/codeAction", ["textDocument": TestClient.document(sampleURI), "range": ["start": at.json, "end": at.json],
                                                                 "context": ["diagnostics": []]]).array ?? []
        let action = try #require(actions.first { $0["title"]?.string?.hasPrefix(title) == true && $0["diagnostics"]?[0]?["code"] == .string(id.rawValue) },
                                  "\(id): \(actions.compactMap { $0["title"]?.string })")
        let changed = applying(action["edit"]?["changes"]?[sampleURI]?.array ?? [], to: text)
        #expect(changed != text)

        var check = TestClient(files: files)
        check.open(sampleURI, changed)
        let codes = (check.published().first?["params"]?["diagnostics"]?.array ?? []).compactMap { $0["code"]?.string }
        #expect(!codes.contains(id.rawValue) && !codes.contains("json.syntax"), "\(id): \(changed)")
    }
}
