import Testing
@testable import CustomerCenterLanguageServer

/// A client driving the server core in-process: one message in, the messages out.
struct TestClient {
    var server: Server
    var files: [String: [UInt8]]
    var nextID = 1
    var received: [JSON] = []

    init(files: [String: String] = [:], encodings: [String] = ["utf-16"], capabilities extra: JSON = [:]) {
        let stored = files.mapValues { Array($0.utf8) }
        self.files = stored
        let box = FileBox(stored)
        server = Server(readFile: { box.files[$0] })
        fileBox = box
        var capabilities: JSON = ["general": ["positionEncodings": .array(encodings.map(JSON.string))]]
        capabilities = capabilities.merging(extra)
        let reply = request("initialize", ["processId": nil, "rootUri": "file:///work", "capabilities": capabilities])
        #expect(reply["result"]?["capabilities"] != nil)
        notify("initialized", [:])
    }

    var fileBox: FileBox

    /// Files "on disk" the server reads through its `readFile`.
    final class FileBox: @unchecked Sendable {
        var files: [String: [UInt8]]
        init(_ files: [String: [UInt8]]) { self.files = files }
    }

    mutating func send(_ message: JSON) -> [JSON] {
        let out = server.handle(message)
        received += out
        return out
    }

    /// A request's whole response message.
    @discardableResult
    mutating func request(_ method: String, _ params: JSON) -> JSON {
        let id = nextID
        nextID += 1
        let out = send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        return out.first { $0["id"] == .int(id) } ?? .null
    }

    /// A request's result (or `.null`).
    mutating func result(_ method: String, _ params: JSON) -> JSON {
        request(method, params)["result"] ?? .null
    }

    @discardableResult
    mutating func notify(_ method: String, _ params: JSON) -> [JSON] {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    mutating func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "json", "version": .int(version), "text": .string(text)]])
    }

    /// The diagnostics published after the messages so far.
    mutating func published() -> [JSON] {
        server.publishPending()
    }

    static func document(_ uri: String) -> JSON { ["uri": .string(uri)] }

    static func at(_ uri: String, _ position: Position) -> JSON {
        ["textDocument": document(uri), "position": position.json]
    }
}

/// Where `needle` (its `occurrence`-th appearance, from 0) starts in `text`, counted the way the
/// protocol counts, independently of the server: lines split at "\n", characters as UTF-8 bytes
/// or UTF-16 code units of the line before it. `offset` moves that many characters into the needle.
func position(of needle: String, in text: String, occurrence: Int = 0, offset: Int = 0, encoding: PositionEncoding = .utf16) -> Position {
    var searchStart = text.startIndex
    var found = text.startIndex
    for _ in 0...occurrence {
        let range = text.range(of: needle, range: searchStart..<text.endIndex)!
        found = range.lowerBound
        searchStart = text.index(after: range.lowerBound)
    }
    let target = text.index(found, offsetBy: offset)
    // Lines end at "\n", "\r\n" or a lone "\r", counted over scalars (a String sees "\r\n" as one character).
    let scalars = Array(text[..<target].unicodeScalars)
    var line = 0
    var lineStart = 0
    for (index, scalar) in scalars.enumerated() {
        if scalar == "\n" || (scalar == "\r" && (index + 1 >= scalars.count || scalars[index + 1] != "\n")) {
            line += 1
            lineStart = index + 1
        }
    }
    let prefix = String(String.UnicodeScalarView(scalars[lineStart...]))
    return Position(line: line, character: encoding == .utf8 ? prefix.utf8.count : prefix.utf16.count)
}

extension String {
    func range(of needle: String, range: Range<String.Index>) -> Range<String.Index>? {
        var index = range.lowerBound
        while index < range.upperBound {
            if self[index...].hasPrefix(needle) { return index..<self.index(index, offsetBy: needle.count) }
            index = self.index(after: index)
        }
        return nil
    }
}

/// Applies protocol text edits (UTF-16 or UTF-8 positions) to `text`, as an editor does.
func applying(_ edits: [JSON], to text: String, encoding: PositionEncoding = .utf16) -> String {
    var document = TextDocument(uri: "x", version: 0, text: text)
    let sorted = edits.sorted { Position($0["range"]?["start"])! > Position($1["range"]?["start"])! }
    for edit in sorted {
        try! document.apply([["range": edit["range"]!, "text": edit["newText"]!]], version: 0, encoding: encoding)
    }
    return document.text
}

let sampleURI = "file:///work/app/customer_center.json"

let sample = """
{
  "localization": {"default": "en", "supported": ["en", "de", "ja"], "localized_strings": {
    "title": {"en": "Help", "de": "Hilfe", "ja": "ヘルプ 😀"},
    "restore": {"en": "Restore", "de": "Wiederherstellen"},
    "unused": {"en": "Never used"},
    "offer_title": {"en": "Stay", "de": "Bleib", "ja": "待って"}
  }},
  "screens": {
    "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [
      {"id": "restore", "type": "MISSING_PURCHASE", "title_key": "restore"},
      {"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay"}]},
    "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "restore2", "type": "MISSING_PURCHASE", "title_key": "restore"}]}
  },
  "promotional_offers": {"stay": {"ios_offer_id": "stay", "android_offer_id": "stay", "title_key": "offer_title", "subtitle_key": "offer_title",
    "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 1209600}]}},
  "appearance": {"light": {"text_color": "#777777", "background_color": "#FFFFFF"}, "dark": {"text_color": "#FFFFFF", "background_color": "#000000"}},
  "support": {"email": "help@example.com"}
}
"""
