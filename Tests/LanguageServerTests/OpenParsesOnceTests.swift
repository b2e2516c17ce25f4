import CustomerCenterCompiler
import Testing
import TestSupport
@testable import CustomerCenterLanguageServer

/// Opening a document analyses (and so parses) its text once: the diagnostics published, pulled
/// again, hover and completion all read that one analysis, and a keystroke inside a text or a
/// key added to the table is re-checked without analysing the whole text again.
@Suite struct OpenParsesOnceTests {
    @Test func openingADocumentAnalysesItOnce() {
        var client = TestClient()
        client.open(sampleURI, sample)
        _ = client.published()
        #expect(client.server.editor.wholeAnalyses == 1)
        // What the editor asks right after opening reads the same analysis.
        _ = client.result("textDocument/diagnostic", ["textDocument": TestClient.document(sampleURI)])
        let reference = position(of: "\"restore\"}", in: sample, offset: 1)
        _ = client.result("textDocument/hover", TestClient.at(sampleURI, reference))
        _ = client.result("textDocument/completion", TestClient.at(sampleURI, reference))
        _ = client.result("textDocument/documentSymbol", ["textDocument": TestClient.document(sampleURI)])
        #expect(client.server.editor.wholeAnalyses == 1)
        #expect(client.server.editor.cache[sampleURI]?.analysis.tape != nil, "the analysis keeps its parse for later edits")
    }

    @Test func editsTheServerRechecksIncrementallyAnalyseNothingWhole() {
        var client = TestClient()
        client.open(sampleURI, sample)
        _ = client.published()
        // A letter typed in a text, then a key added to localized_strings.
        let inText = position(of: "\"Restore", in: sample, offset: 2)
        RecentAnalysisTests.change(&client, version: 2, [["range": ["start": inText.json, "end": inText.json], "text": "x"]])
        _ = client.published()
        let added = position(of: "    \"restore\": {", in: sample)
        RecentAnalysisTests.change(&client, version: 3, [["range": ["start": added.json, "end": added.json], "text": "    \"added\": {\"en\": \"Added\"},\n"]])
        _ = client.published()
        #expect(client.server.editor.wholeAnalyses == 1)
    }
}
