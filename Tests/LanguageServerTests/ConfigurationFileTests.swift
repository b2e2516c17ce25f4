import Testing
@testable import CustomerCenterLanguageServer

/// The configuration file as the server meets it: an invalid one is reported (a diagnostic on it
/// and an error message) and the configs under it are not checked, as `lint` would not check
/// them; a document served under a config name is checked whatever its text.
@Suite struct ConfigurationFileTests {
    static let configuration = "/work/app/.customer-center.json"
    static let configurationURI = "file:///work/app/.customer-center.json"
    static let invalid = #"{"rules": {"ref.unused-strin": "off"}}"#

    static func diagnostics(_ published: [JSON], _ uri: String) -> [JSON]? {
        published.last { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri) }?["params"]?["diagnostics"]?.array
    }

    @Test func anInvalidConfigurationFileIsReportedNeverReplacedByTheDefaults() {
        var client = TestClient(files: [Self.configuration: Self.invalid])
        client.open(sampleURI, sample)
        let published = client.published()
        #expect(Self.diagnostics(published, sampleURI) == [], "no finding under rules the user did not ask for")
        #expect(Self.diagnostics(published, Self.configurationURI)?.compactMap { $0["code"]?.string } == ["schema.unknown-field"])
        let shown = published.filter { $0["method"] == "window/showMessage" }
        #expect(shown.count == 1)
        #expect(shown.first?["params"]?["type"] == 1)
        #expect(shown.first?["params"]?["message"]?.string?.contains(Self.configuration) == true)
        // An edit says nothing new; the file fixed on disk: the document is checked again, the file's findings cleared.
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(sampleURI), "version": 2], "contentChanges": [["text": .string(sample + " ")]]])
        #expect(!client.published().contains { $0["method"] == "window/showMessage" })
        client.fileBox.files[Self.configuration] = Array(#"{"rules": {"ref.unused-string": "off"}}"#.utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(Self.configurationURI), "type": 2]]])
        let fixed = client.published()
        #expect(Self.diagnostics(fixed, sampleURI)?.isEmpty == false)
        #expect(Self.diagnostics(fixed, Self.configurationURI) == [])
    }

    @Test func aClientThatPullsDiagnosticsIsToldToo() {
        var client = TestClient(files: [Self.configuration: Self.invalid], capabilities: ["textDocument": ["diagnostic": [:]]])
        client.open(sampleURI, sample)
        let before = client.received.count
        let report = client.result("textDocument/diagnostic", ["textDocument": TestClient.document(sampleURI)])
        #expect(report["items"]?.array == [])
        let shown = client.received.dropFirst(before).filter { $0["method"] == "window/showMessage" }
        #expect(shown.count == 1)
    }

    /// `{}`, a syntax error, trailing text: a config name is a promise, and each is a finding.
    @Test func aDocumentUnderAConfigNameIsCheckedWhateverItsText() {
        for text in ["{}", #"{"a": 1,}"#, #"{"a": 1} trailing"#, "{\"screens\": ["] {
            var client = TestClient()
            client.open(sampleURI, text)
            #expect(Self.diagnostics(client.published(), sampleURI)?.isEmpty == false, "\(text)")
        }
    }
}
