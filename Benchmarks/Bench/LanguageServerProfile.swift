import CustomerCenterLanguageServer
import Foundation

/// `--lsp-profile SCENARIO [N] [BYTES]`: one scenario of the language server table on the 400 KB
/// config (or one of about BYTES), N times (default 20), the repeated part in `lspProfiledLoop` so that an instruction count can
/// be taken of it alone, load-independent:
///
///     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*lspProfiledLoop*' \
///         customer-center-bench --lsp-profile hover-after-change 20
///
/// Scenarios: `diagnostics` (an edit, then the diagnostics published), `hover`, `hover-after-change`,
/// `hover-after-text-change` (a letter in another key's English text), `completion-after-change`,
/// `completion-while-typing` (a letter typed in a reference, completion right after it),
/// `diagnostics-after-text-change` (a letter typed in another key's English text, then the
/// diagnostics published: the keystroke the incremental check serves),
/// `diagnostics-after-path-title-key` and `diagnostics-after-option-key` (a letter typed at the end
/// of a path's title key or a survey option's, as in the keystroke table), `open` (a new server opens
/// the document and publishes its diagnostics).
func languageServerProfile(_ arguments: [String]) {
    let scenario = arguments.first ?? "hover-after-change"
    let count = arguments.count > 1 ? Int(arguments[1]) ?? 20 : 20
    let bytes = arguments.count > 2 ? Int(arguments[2]) ?? 400_000 : 400_000
    let text = ConfigGenerator.config(paths: ConfigGenerator.paths(forBytes: bytes))
    let uri = "file:///bench/customer_center.json"
    var server = Server(readFile: { _ in nil })
    _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
    _ = server.handle(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
    _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
        "uri": .string(uri), "languageId": "json", "version": 1, "text": .string(text)]]])
    _ = server.publishPending()
    func place(_ offset: String.Index) -> (line: Int, character: Int) {
        let line = text[..<offset].filter { $0 == "\n" }.count
        let lineStart = text[..<offset].lastIndex(of: "\n").map { text.index(after: $0) }!
        return (line, text[lineStart..<offset].utf16.count)
    }
    let reference = place(text.range(of: "\"title_key\": \"")!.upperBound)
    let position: JSON = ["textDocument": ["uri": .string(uri)], "position": ["line": .int(reference.line), "character": .int(reference.character + 1)]]
    let owner = text.range(of: "\"no_active_title\": {")!.upperBound
    let other = place(text.range(of: "\"en\": \"", range: owner..<text.endIndex)!.upperBound)
    // The keystroke table's key references (KeystrokeBench.swift): a path's title key and a
    // survey option's title key, a letter typed at their end.
    let middle = ConfigGenerator.paths(forBytes: bytes) / 2 - ConfigGenerator.paths(forBytes: bytes) / 2 % 4
    func after(_ needle: String, from owner: String) -> (line: Int, character: Int) {
        let from = text.range(of: owner)!.lowerBound
        return place(text.range(of: needle, range: from..<text.endIndex)!.upperBound)
    }
    let pathTitleKey = after("\"title_key\": \"path_\(middle)_title", from: "{\"id\": \"path_\(middle)\"")
    let optionKey = after("\"title_key\": \"option_\(middle + 2)_1", from: "{\"id\": \"path_\(middle + 2)\"")
    var version = 1
    var id = 100
    func change(_ line: Int, _ character: Int, _ letter: String) -> JSON {
        version += 1
        let start: JSON = ["line": .int(line), "character": .int(character)]
        let change: JSON = version % 2 == 0
            ? ["range": ["start": start, "end": start], "text": .string(letter)]
            : ["range": ["start": start, "end": ["line": .int(line), "character": .int(character + 1)]], "text": ""]
        return ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [change]]]
    }
    func request(_ method: String) -> JSON {
        id += 1
        return ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": position]
    }
    let step: () -> Void
    switch scenario {
    case "diagnostics": step = { _ = server.handle(change(1, 0, " ")); _ = server.publishPending() }
    case "hover": step = { _ = server.handle(request("textDocument/hover")) }
    case "hover-after-change": step = { _ = server.handle(change(1, 0, " ")); _ = server.handle(request("textDocument/hover")) }
    case "open":
        step = {
            var fresh = Server(readFile: { _ in nil })
            _ = fresh.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
            _ = fresh.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
                "uri": .string(uri), "languageId": "json", "version": 1, "text": .string(text)]]])
            _ = fresh.publishPending()
        }
    case "diagnostics-after-text-change":
        step = { _ = server.handle(change(other.line, other.character, "a")); _ = server.publishPending() }
    case "diagnostics-after-path-title-key":
        step = { _ = server.handle(change(pathTitleKey.line, pathTitleKey.character, "a")); _ = server.publishPending() }
    case "diagnostics-after-option-key":
        step = { _ = server.handle(change(optionKey.line, optionKey.character, "a")); _ = server.publishPending() }
    case "hover-after-text-change":
        step = { _ = server.handle(change(other.line, other.character, "a")); _ = server.handle(request("textDocument/hover")) }
    case "completion-after-change":
        step = { _ = server.handle(change(1, 0, " ")); _ = server.handle(request("textDocument/completion")) }
    case "completion-while-typing":
        // A letter typed in the hovered reference's value, then completion right after it: the
        // cursor is in changed text.
        var typed = 0
        step = {
            version += 1
            let at: JSON = ["line": .int(reference.line), "character": .int(reference.character + 1 + typed)]
            _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                "textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [["range": ["start": at, "end": at], "text": "a"]]]])
            typed += 1
            id += 1
            _ = server.handle(["jsonrpc": "2.0", "id": .int(id), "method": "textDocument/completion", "params": [
                "textDocument": ["uri": .string(uri)], "position": ["line": .int(reference.line), "character": .int(reference.character + 1 + typed)]]])
        }
    default:
        print("unknown scenario '\(scenario)'"); exit(2)
    }
    step()  // warm-up: the first answer after the open may analyse
    let start = Date()
    lspProfiledLoop(count, step)
    print("\(scenario): \(count) steps, \(String(format: "%.3f", -start.timeIntervalSinceNow * 1000 / Double(count))) ms each")
}

@inline(never)
func lspProfiledLoop(_ count: Int, _ step: () -> Void) {
    for _ in 0..<count { step() }
}
