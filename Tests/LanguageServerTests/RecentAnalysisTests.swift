import Testing
@testable import CustomerCenterLanguageServer
import JSONSyntax

/// Hover and completion right after an edit answer from the document's last analysis, its
/// positions moved past the changes (no new analysis, no tree); where the cursor or the answer
/// is in changed text, the current text is analysed first. Either way the answer is the one a
/// server that analysed the current text gives, when the edit leaves the config's meaning alone.
@Suite struct RecentAnalysisTests {
    /// A space typed at the start of the first path's line (line 10), before the tokens hovered.
    static let edited = replacingFirst("\n      {\"id\": \"restore\"", with: "\n       {\"id\": \"restore\"", in: sample)
    static let spaceTyped: JSON = ["range": ["start": ["line": 9, "character": 0], "end": ["line": 9, "character": 0]], "text": " "]

    static func change(_ client: inout TestClient, version: Int, _ changes: [JSON]) {
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(sampleURI), "version": .int(version)], "contentChanges": .array(changes)])
    }

    static func replacingFirst(_ needle: String, with replacement: String, in text: String) -> String {
        let range = text.range(of: needle, range: text.startIndex..<text.endIndex)!
        var copy = text
        copy.replaceSubrange(range, with: replacement)
        return copy
    }

    static func fresh(_ text: String) -> TestClient {
        var client = TestClient(encodings: ["utf-16"])
        client.open(sampleURI, text)
        return client
    }

    @Test func hoverAfterAnEditComesFromTheLastAnalysisMoved() {
        var client = NavigationTests.client()
        let before = client.result("textDocument/hover", TestClient.at(sampleURI, position(of: "\"restore\"}", in: sample, offset: 3)))
        #expect(before != .null)
        Self.change(&client, version: 2, [Self.spaceTyped])
        for (needle, offset) in [("\"restore\"}", 3), ("\"stay\"}", 2), ("\"#777777\"", 3), ("\"MISSING_PURCHASE\"", 3)] {
            let at = TestClient.at(sampleURI, position(of: needle, in: Self.edited, offset: offset))
            var reference = Self.fresh(Self.edited)
            let expected = reference.result("textDocument/hover", at)
            #expect(client.result("textDocument/hover", at) == expected, "\(needle)")
        }
        #expect(client.server.analyses[sampleURI]?.version == 1, "answered from the last analysis")
        // The hovered reference moved one column with the space typed before it.
        let range = client.result("textDocument/hover", TestClient.at(sampleURI, position(of: "\"restore\"}", in: Self.edited, offset: 3)))["range"]
        #expect(range?["start"] == position(of: "\"restore\"}", in: Self.edited).json)
        #expect(position(of: "\"restore\"}", in: Self.edited).character == position(of: "\"restore\"}", in: sample).character + 1)
    }

    @Test func hoverOnChangedTextAnalysesTheCurrentText() {
        var client = NavigationTests.client()
        _ = client.result("textDocument/hover", TestClient.at(sampleURI, position(of: "\"restore\"}", in: sample, offset: 3)))
        // The first path's title now names another key: the cursor is in changed text.
        let text = Self.replacingFirst("\"title_key\": \"restore\"}", with: "\"title_key\": \"unused\"}", in: sample)
        let at = position(of: "\"unused\"}", in: text, offset: 1)
        let start = position(of: "restore\"}", in: sample)
        Self.change(&client, version: 2, [["range": ["start": start.json, "end": Position(line: start.line, character: start.character + 7).json], "text": "unused"]])
        var reference = Self.fresh(text)
        let expected = reference.result("textDocument/hover", TestClient.at(sampleURI, at))
        #expect((expected["contents"]?["value"]?.string ?? "").contains("**unused**"))
        #expect(client.result("textDocument/hover", TestClient.at(sampleURI, at)) == expected)
        #expect(client.server.analyses[sampleURI]?.version == 2, "analysed again")
    }

    @Test func completionAfterAnEditReadsTheCurrentTextAndTheLastAnalysis() {
        var client = NavigationTests.client()
        _ = client.result("textDocument/hover", TestClient.at(sampleURI, position(of: "\"restore\"}", in: sample, offset: 3)))
        Self.change(&client, version: 2, [Self.spaceTyped])
        for needle in ["\"restore\"}", "\"stay\"}", "\"CANCEL\"", "\"de\": \"Wiederherstellen\""] {
            let at = TestClient.at(sampleURI, position(of: needle, in: Self.edited, offset: 1))
            var reference = Self.fresh(Self.edited)
            let expected = reference.result("textDocument/completion", at)
            #expect(HoverAndCompletionTests.labels(expected).count > 0)
            #expect(client.result("textDocument/completion", at) == expected, "\(needle)")
        }
        #expect(client.server.analyses[sampleURI]?.version == 1, "answered from the last analysis")
        // A member being typed: its slot is read on the current text.
        let quotes = position(of: "restore\"}", in: Self.edited, offset: 8)
        Self.change(&client, version: 3, [["range": ["start": quotes.json, "end": quotes.json], "text": ", \"\""]])
        let inside = Position(line: quotes.line, character: quotes.character + 3)
        let fields = HoverAndCompletionTests.labels(client.result("textDocument/completion", TestClient.at(sampleURI, inside)))
        #expect(fields.contains("url") && fields.contains("feedback_survey") && !fields.contains("id") && !fields.contains("title_key"))
    }

    @Test func aLongRunOfEditsIsAnalysedAgainInsteadOfFollowed() {
        var client = NavigationTests.client()
        _ = client.result("textDocument/hover", TestClient.at(sampleURI, position(of: "\"restore\"}", in: sample, offset: 3)))
        let deleted: JSON = ["range": ["start": ["line": 9, "character": 0], "end": ["line": 9, "character": 1]], "text": ""]
        for version in 2...(Server.changesFollowed + 3) {
            Self.change(&client, version: version, [version % 2 == 0 ? Self.spaceTyped : deleted])
        }
        #expect(client.server.changesSinceAnalysis[sampleURI] == nil, "no longer followed")
        let text = (Server.changesFollowed + 3) % 2 == 0 ? Self.edited : sample
        let at = TestClient.at(sampleURI, position(of: "\"restore\"}", in: text, offset: 3))
        var reference = Self.fresh(text)
        #expect(client.result("textDocument/hover", at) == reference.result("textDocument/hover", at))
        #expect(client.server.analyses[sampleURI]?.version == Server.changesFollowed + 3)
        #expect(client.server.changesSinceAnalysis[sampleURI] == .some([]))
    }

    @Test func positionsMoveThroughChanges() {
        typealias Change = TextDocument.ByteChange
        // "abcdef" -> "abXYcdef" (two inserted at 2) -> "abXYcf" (two deleted at 4).
        let map = Server.ChangeMap(changes: [Change(start: 2, oldEnd: 2, newEnd: 4), Change(start: 4, oldEnd: 6, newEnd: 4)])
        #expect(map.analysed(0) == 0 && map.analysed(1) == 1)
        #expect(map.analysed(2) == nil && map.analysed(3) == nil && map.analysed(4) == nil)
        #expect(map.analysed(5) == 5)  // "f"
        #expect(map.current(ByteRange(0, 1)) == ByteRange(0, 1))
        #expect(map.current(ByteRange(0, 2)) == nil, "touches the insertion")
        #expect(map.current(ByteRange(5, 6)) == ByteRange(5, 6))
        #expect(map.current(ByteRange(3, 4)) == nil, "deleted")
        let shifted = Server.ChangeMap(changes: [Change(start: 0, oldEnd: 0, newEnd: 3)])
        #expect(shifted.analysed(10) == 7 && shifted.current(ByteRange(7, 9)) == ByteRange(10, 12))
    }
}
