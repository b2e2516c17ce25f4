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
        #expect(client.server.editor.cache[sampleURI]?.version == 1, "answered from the last analysis")
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
        let shown: String = expected["contents"]?["value"]?.string ?? ""
        #expect(shown.contains("**unused**"))
        #expect(client.result("textDocument/hover", TestClient.at(sampleURI, at)) == expected)
        #expect(client.server.editor.cache[sampleURI]?.version == 2, "analysed again")
    }

    /// Replaces the first `needle` of `sample` by `replacement` with one incremental change (the
    /// client's analysis at version 1 first); returns the new text.
    static func edit(_ client: inout TestClient, _ needle: String, _ replacement: String) -> String {
        _ = client.result("textDocument/hover", TestClient.at(sampleURI, position(of: "\"restore\"}", in: sample, offset: 3)))
        let start = position(of: needle, in: sample)
        precondition(!needle.contains("\n"))
        let end = Position(line: start.line, character: start.character + needle.utf16.count)
        change(&client, version: 2, [["range": ["start": start.json, "end": end.json], "text": .string(replacement)]])
        return replacingFirst(needle, with: replacement, in: sample)
    }

    /// The hover at `needle` (its `occurrence`) of `text`, from `client` and from a server that
    /// analysed `text` itself.
    static func hovers(_ client: inout TestClient, _ needle: String, in text: String, occurrence: Int = 0, offset: Int = 3) -> (JSON, JSON) {
        let at = TestClient.at(sampleURI, position(of: needle, in: text, occurrence: occurrence, offset: offset))
        var reference = fresh(text)
        return (client.result("textDocument/hover", at), reference.result("textDocument/hover", at))
    }

    @Test func hoverAfterATranslationChangedShowsTheNewText() {
        var client = NavigationTests.client()
        // The German text of "restore" changes; the hover is on a reference far from it.
        let text = Self.edit(&client, "Wiederherstellen\"}", "Wiederherstellen jetzt\"}")
        let (answer, expected) = Self.hovers(&client, "\"restore\"}", in: text, occurrence: 1)
        let shown: String = expected["contents"]?["value"]?.string ?? ""
        #expect(shown.contains("Wiederherstellen jetzt"))
        #expect(answer == expected)
        #expect(client.server.editor.cache[sampleURI]?.version == 2, "analysed again: the answer reads the changed text")
    }

    @Test func hoverOnAnOfferAfterItsTitleTextChangedShowsTheNewTitle() {
        var client = NavigationTests.client()
        let text = Self.edit(&client, "\"Stay\"", "\"Stay with us\"")
        let (answer, expected) = Self.hovers(&client, "\"stay\"}", in: text, offset: 2)
        let shown: String = expected["contents"]?["value"]?.string ?? ""
        #expect(shown.contains("Stay with us"))
        #expect(answer == expected)
    }

    @Test func aTextOfAnotherKeyChangedLeavesTheLastAnalysisAnswering() {
        var client = NavigationTests.client()
        // The English text of "title" changes: the hover on "restore", the offer (its title is
        // "offer_title") and a colour read nothing of it.
        let text = Self.edit(&client, "\"Help\"", "\"Help me\"")
        for (needle, offset) in [("\"restore\"}", 3), ("\"stay\"}", 2), ("\"#777777\"", 3), ("\"MISSING_PURCHASE\"", 3)] {
            let (answer, expected) = Self.hovers(&client, needle, in: text, offset: offset)
            #expect(answer == expected, "\(needle)")
        }
        #expect(client.server.editor.cache[sampleURI]?.version == 1, "answered from the last analysis")
        // The key whose text changed: analysed again.
        let (answer, expected) = Self.hovers(&client, "\"title\"", in: text, occurrence: 2, offset: 2)
        let shown: String = expected["contents"]?["value"]?.string ?? ""
        #expect(shown.contains("Help me"))
        #expect(answer == expected)
        #expect(client.server.editor.cache[sampleURI]?.version == 2)
    }

    @Test func aTranslationAddedOrAKeyRenamedElsewhereIsAnalysedAgain() {
        for (needle, replacement, hovered, occurrence, shows) in [
            // A Japanese text added to "restore" (structure, not one text).
            ("\"Wiederherstellen\"}", "\"Wiederherstellen\", \"ja\": \"復元\"}", "\"restore\"}", 1, "復元"),
            // The offer's title now names another key (a reference, not a text).
            ("\"title_key\": \"offer_title\", \"subtitle", "\"title_key\": \"title\", \"subtitle", "\"stay\"}", 0, "Title: “Help”"),
        ] {
            var client = NavigationTests.client()
            let text = Self.edit(&client, needle, replacement)
            let (answer, expected) = Self.hovers(&client, hovered, in: text, occurrence: occurrence, offset: 2)
            let shown: String = expected["contents"]?["value"]?.string ?? ""
            #expect(shown.contains(shows), "\(replacement)")
            #expect(answer == expected, "\(replacement)")
        }
    }

    @Test func whereAnOffsetIsInTheText() {
        typealias State = EditFootprint.LexicalState
        func state(_ text: String, _ end: Int) -> State {
            Array(text.utf8).withUnsafeBufferPointer { EditFootprint.lexicalState($0, at: end) }
        }
        let text = #"{"a\"b": 'c', // "x\#n /* "y */ "z"}"#
        #expect(state(text, 1) == .between)
        #expect(state(text, 2) == .string(start: 1, quote: UInt8(ascii: "\"")))
        #expect(state(text, 4) == .escaped, "just after the backslash")
        #expect(state(text, 6) == .string(start: 1, quote: UInt8(ascii: "\"")), "the escaped quote does not close it")
        #expect(state(text, 8) == .between)
        #expect(state(text, 11) == .string(start: 9, quote: UInt8(ascii: "'")))
        #expect(state(text, 13) == .between)
        #expect(state(text, 18) == .comment, "a quote in a line comment opens nothing")
        let block = Array(text.utf8).firstIndex(of: UInt8(ascii: "*"))!
        #expect(state(text, block + 3) == .comment)
        let z = Array(text.utf8).lastIndex(of: UInt8(ascii: "z"))!
        #expect(state(text, z) == .string(start: z - 1, quote: UInt8(ascii: "\"")), "after the comments")
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
        #expect(client.server.editor.cache[sampleURI]?.version == 1, "answered from the last analysis")
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
        for version in 2...(AnalysisCache.changesFollowed + 3) {
            Self.change(&client, version: version, [version % 2 == 0 ? Self.spaceTyped : deleted])
        }
        #expect(client.server.editor.cache.changes(since: sampleURI) == nil, "no longer followed")
        let text = (AnalysisCache.changesFollowed + 3) % 2 == 0 ? Self.edited : sample
        let at = TestClient.at(sampleURI, position(of: "\"restore\"}", in: text, offset: 3))
        var reference = Self.fresh(text)
        #expect(client.result("textDocument/hover", at) == reference.result("textDocument/hover", at))
        #expect(client.server.editor.cache[sampleURI]?.version == AnalysisCache.changesFollowed + 3)
        #expect(client.server.editor.cache.changes(since: sampleURI) == [])
    }

    @Test func positionsMoveThroughChanges() {
        typealias Change = TextDocument.ByteChange
        // "abcdef" -> "abXYcdef" (two inserted at 2) -> "abXYcf" (two deleted at 4).
        let map = ChangeMap(changes: [Change(start: 2, oldEnd: 2, newEnd: 4), Change(start: 4, oldEnd: 6, newEnd: 4)])
        #expect(map.analysed(0) == 0 && map.analysed(1) == 1)
        #expect(map.analysed(2) == nil && map.analysed(3) == nil && map.analysed(4) == nil)
        #expect(map.analysed(5) == 5)  // "f"
        #expect(map.current(ByteRange(0, 1)) == ByteRange(0, 1))
        #expect(map.current(ByteRange(0, 2)) == nil, "touches the insertion")
        #expect(map.current(ByteRange(5, 6)) == ByteRange(5, 6))
        #expect(map.current(ByteRange(3, 4)) == nil, "deleted")
        let shifted = ChangeMap(changes: [Change(start: 0, oldEnd: 0, newEnd: 3)])
        #expect(shifted.analysed(10) == 7 && shifted.current(ByteRange(7, 9)) == ByteRange(10, 12))
    }
}
