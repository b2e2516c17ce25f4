import Foundation
import Testing
@testable import CustomerCenterLanguageServer

/// A rename onto a key the SDKs read for their own label is allowed (it may be the point), but the
/// user is told what it replaces, and asked first where the client can ask.
@Suite struct RenameWarningTests {
    static let at = TestClient.at(sampleURI, position(of: "\"unused\": {", in: sample, offset: 2))

    @Test func renamingOntoABuiltInKeyWarnsAndSaysWhatItReplaces() throws {
        var client = TestClient(encodings: ["utf-16"])
        client.open(sampleURI, sample)
        let before = client.received.count
        let response = client.request("textDocument/rename", Self.at.merging(["newName": "contact_support"]))
        let edits = try #require(response["result"]?["changes"]?[sampleURI]?.array)
        #expect(applying(edits, to: sample).contains("\"contact_support\": {\"en\": \"Never used\"}"))
        let warning = try #require(client.received.dropFirst(before).first { $0["method"] == "window/showMessage" })
        #expect(warning["params"]?["type"] == 2)
        let message = warning["params"]?["message"]?.string ?? ""
        #expect(message.contains("'contact_support'") && message.contains("\"Contact support\"") && message.contains("\"Never used\""))
        // An ordinary new name: no warning.
        let quiet = client.received.count
        _ = client.request("textDocument/rename", Self.at.merging(["newName": "never_used"]))
        #expect(!client.received.dropFirst(quiet).contains { $0["method"] == "window/showMessage" })
    }

    @Test func aClientThatCanAskGetsAnEditThatNeedsConfirmation() throws {
        let capabilities: JSON = ["workspace": ["workspaceEdit": ["documentChanges": true, "changeAnnotationSupport": ["groupsOnLabel": true]]]]
        var client = TestClient(encodings: ["utf-16"], capabilities: capabilities)
        client.open(sampleURI, sample)
        let result = client.result("textDocument/rename", Self.at.merging(["newName": "contact_support"]))
        let change = try #require(result["documentChanges"]?[0])
        #expect(change["textDocument"]?["uri"] == .string(sampleURI))
        let edits = change["edits"]?.array ?? []
        #expect(!edits.isEmpty && edits.allSatisfy { $0["annotationId"] == "sdk-label" })
        #expect(result["changeAnnotations"]?["sdk-label"]?["needsConfirmation"] == true)
        #expect(result["changeAnnotations"]?["sdk-label"]?["description"]?.string?.contains("Contact support") == true)
    }
}
