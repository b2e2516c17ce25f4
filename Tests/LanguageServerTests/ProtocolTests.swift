import Testing
@testable import CustomerCenterLanguageServer

@Suite struct FramingTests {
    static func frame(_ body: String) -> [UInt8] { MessageFramer.frame(Array(body.utf8)) }

    @Test func messagesArriveWhateverTheChunks() {
        let bytes = Self.frame(#"{"a":1}"#) + Self.frame(#"{"b":"日本"}"#)
        for size in [1, 2, 7, bytes.count] {
            var framer = MessageFramer()
            var bodies: [String] = []
            var index = 0
            while index < bytes.count {
                framer.append(bytes[index..<min(bytes.count, index + size)])
                index += size
                while let frame = framer.next() {
                    guard case .message(let body) = frame else { Issue.record("unexpected \(frame)"); continue }
                    bodies.append(String(decoding: body, as: UTF8.self))
                }
            }
            #expect(bodies == [#"{"a":1}"#, #"{"b":"日本"}"#], "chunks of \(size)")
        }
    }

    @Test(arguments: [
        ("Content-Type: application/json\r\n\r\n{}", "no Content-Length header"),
        ("Content-Length: twelve\r\n\r\n{}", "Content-Length 'twelve' is not a number"),
        ("Content-Length: 999999999999\r\n\r\n{}", "Content-Length 999999999999 is larger than"),
        ("garbage\r\n\r\n{}", "a header line without ':'"),
    ])
    func aBadHeaderIsReportedAndSkipped(_ header: String, _ why: String) {
        var framer = MessageFramer()
        framer.append(Array(header.utf8) + Self.frame(#"{"ok":true}"#))
        guard case .malformed(let reason)? = framer.next() else { Issue.record("not reported"); return }
        #expect(reason.hasPrefix(why), "\(reason)")
        // The stream goes on: the next good message is read (after the skipped body, if any).
        var bodies: [String] = []
        while let frame = framer.next() {
            if case .message(let body) = frame { bodies.append(String(decoding: body, as: UTF8.self)) }
        }
        #expect(bodies.last == #"{"ok":true}"#)
    }

    @Test func aShortContentLengthCostsOneMessageNotTheStream() {
        var client = TestClient()
        var framer = MessageFramer()
        // Says 5 bytes, sends 30: the body is cut, the rest is garbage before the next header.
        framer.append(Array("Content-Length: 5\r\n\r\n".utf8) + Array(#"{"jsonrpc":"2.0","id":9,"method":"shutdown"}"#.utf8))
        framer.append(Self.frame(#"{"jsonrpc":"2.0","id":10,"method":"textDocument/hover","params":{}}"#))
        var replies: [JSON] = []
        while let frame = framer.next() {
            switch frame {
            case .message(let body): replies += client.server.handle(body: body)
            case .malformed: break
            }
        }
        #expect(replies.contains { $0["error"]?["code"] == -32700 })
        #expect(replies.contains { $0["id"] == 10 && $0["result"] == .null })
    }
}

@Suite struct PositionTests {
    static let text = "{\"a\": \"können\", \"b\": \"日本語\"}\r\n{\"c\": \"😀x\"}\n\rend"

    @Test(arguments: [PositionEncoding.utf8, .utf16])
    func positionsRoundTripOnNonASCIILines(_ encoding: PositionEncoding) {
        let document = TextDocument(uri: "x", version: 1, text: Self.text)
        for needle in ["können", "\"b\"", "日本語", "語", "\"}", "😀", "x\"", "end"] {
            let expected = position(of: needle, in: Self.text, encoding: encoding)
            let offset = Array(Self.text.utf8).firstRange(of: Array(needle.utf8))!.lowerBound
            #expect(document.position(of: offset, encoding: encoding) == expected, "\(needle) \(encoding)")
            #expect(document.offset(of: expected, encoding: encoding) == offset, "\(needle) \(encoding)")
        }
    }

    @Test func columnsDifferBetweenEncodingsExactlyAsTheyShould() {
        let document = TextDocument(uri: "x", version: 1, text: Self.text)
        let offset = Array(Self.text.utf8).firstRange(of: Array("x\"".utf8))!.lowerBound
        // `{"c": "😀x"}`: 7 characters before the emoji; it is 4 UTF-8 bytes, 2 UTF-16 units.
        #expect(document.position(of: offset, encoding: .utf8) == Position(line: 1, character: 11))
        #expect(document.position(of: offset, encoding: .utf16) == Position(line: 1, character: 9))
    }

    @Test func outOfRangePositionsAreClampedNeverTrusted() {
        let document = TextDocument(uri: "x", version: 1, text: Self.text)
        let emoji = Array(Self.text.utf8).firstRange(of: Array("😀".utf8))!.lowerBound
        // Between the halves of the surrogate pair: the emoji's start.
        #expect(document.offset(of: Position(line: 1, character: 8), encoding: .utf16) == emoji)
        // Inside its UTF-8 bytes: the emoji's start.
        #expect(document.offset(of: Position(line: 1, character: 9), encoding: .utf8) == emoji)
        // Past the end of a line: the line's end, before its line break (CRLF here).
        let firstLineEnd = Array(Self.text.utf8).firstIndex(of: 0x0D)!
        #expect(document.offset(of: Position(line: 0, character: 500), encoding: .utf16) == firstLineEnd)
        // Past the last line: the end.
        #expect(document.offset(of: Position(line: 99, character: 0), encoding: .utf16) == Self.text.utf8.count)
        // A lone CR ends a line too.
        #expect(document.lineStarts.count == 4)
    }

    @Test func editsApplyInOrderOrNotAtAll() throws {
        var document = TextDocument(uri: "x", version: 1, text: "héllo\nwörld")
        try document.apply([
            ["range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 5]], "text": "日本"],
            ["range": ["start": ["line": 0, "character": 1], "end": ["line": 0, "character": 2]], "text": "e"],
        ], version: 2, encoding: .utf16)
        #expect(document.text == "hello\n日本")
        #expect(document.version == 2)
        #expect(throws: TextDocument.EditError.invertedRange) {
            try document.apply([
                ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]], "text": "X"],
                ["range": ["start": ["line": 1, "character": 2], "end": ["line": 0, "character": 1]], "text": "Y"],
            ], version: 3, encoding: .utf16)
        }
        #expect(document.text == "hello\n日本", "nothing of a rejected change is applied")
        #expect(throws: TextDocument.EditError.invalidRange) {
            try document.apply([["range": ["start": ["line": -1, "character": 0], "end": ["line": 0, "character": 1]], "text": "X"]], version: 3, encoding: .utf16)
        }
        #expect(throws: TextDocument.EditError.missingText) {
            try document.apply([["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]]]], version: 3, encoding: .utf16)
        }
        #expect(document.text == "hello\n日本")
        #expect(document.version == 2)
    }
}

@Suite struct LifecycleTests {
    @Test func requestsBeforeInitializeAreRefused() {
        var server = Server(readFile: { _ in nil })
        let reply = server.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": [:]])
        #expect(reply.first?["error"]?["code"] == -32002)
    }

    @Test(arguments: [(["utf-8", "utf-16"], "utf-8"), (["utf-16"], "utf-16"), ([], "utf-16"), (["utf-32"], "utf-16")])
    func thePositionEncodingIsNegotiated(_ offered: [String], _ chosen: String) {
        var server = Server(readFile: { _ in nil })
        let reply = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [
            "capabilities": ["general": ["positionEncodings": .array(offered.map(JSON.string))]]]])
        #expect(reply.first?["result"]?["capabilities"]?["positionEncoding"]?.string == chosen)
    }

    @Test func badMessagesGetErrorsAndTheServerKeepsServing() {
        var client = TestClient()
        #expect(client.server.handle(body: Array("{not json".utf8)).first?["error"]?["code"] == -32700)
        #expect(client.server.handle(.array([1, 2])).first?["error"]?["code"] == -32600)
        #expect(client.server.handle(["jsonrpc": "2.0", "id": 5]).first?["error"]?["code"] == -32600)
        #expect(client.server.handle(["jsonrpc": "2.0", "id": [1], "method": "shutdown"]).first?["error"]?["code"] == -32600)
        #expect(client.request("workspace/noSuchThing", [:])["error"]?["code"] == -32601)
        #expect(client.notify("$/noSuchNotification", [:]).isEmpty)
        // Documents never opened: empty answers.
        let unknown = "file:///nowhere/customer_center.json"
        #expect(client.result("textDocument/hover", TestClient.at(unknown, Position(line: 0, character: 0))) == .null)
        #expect(client.result("textDocument/documentSymbol", ["textDocument": TestClient.document(unknown)]) == [])
        #expect(client.result("textDocument/formatting", ["textDocument": TestClient.document(unknown)]) == [])
        #expect(client.result("textDocument/diagnostic", ["textDocument": TestClient.document(unknown)])["items"] == [])
        // A change to a document never opened, or with an inverted range, changes nothing.
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(unknown), "version": 2], "contentChanges": [["text": "{}"]]])
        client.open(sampleURI, sample)
        let log = client.notify("textDocument/didChange", ["textDocument": ["uri": .string(sampleURI), "version": 2], "contentChanges": [
            ["range": ["start": ["line": 3, "character": 0], "end": ["line": 1, "character": 0]], "text": "oops"]]])
        #expect(log.first?["method"] == "window/logMessage")
        #expect(client.server.editor.store[sampleURI]?.text == sample)
        #expect(client.server.editor.store[sampleURI]?.version == 1)
        // Still serving.
        #expect(client.result("textDocument/documentSymbol", ["textDocument": TestClient.document(sampleURI)]) != [])
    }

    @Test func cancelledRequestsAnswerRequestCancelled() {
        var client = TestClient()
        client.open(sampleURI, sample)
        client.notify("$/cancelRequest", ["id": .int(client.nextID)])
        #expect(client.request("textDocument/documentSymbol", ["textDocument": TestClient.document(sampleURI)])["error"]?["code"] == -32800)
        #expect(client.request("textDocument/documentSymbol", ["textDocument": TestClient.document(sampleURI)])["error"] == nil)
    }

    @Test func shutdownThenExit() {
        var client = TestClient()
        #expect(client.request("shutdown", .null)["result"] == .null)
        #expect(client.request("textDocument/hover", [:])["error"]?["code"] == -32600)
        client.notify("exit", .null)
        #expect(client.server.exitCode == 0)
        var abrupt = TestClient()
        abrupt.notify("exit", .null)
        #expect(abrupt.server.exitCode == 1)
    }
}
