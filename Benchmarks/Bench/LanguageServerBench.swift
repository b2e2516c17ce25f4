import CustomerCenterCompiler
import CustomerCenterLanguageServer
import Foundation
import JSONSyntax

/// The language server's core, in-process: what an editor waits for after a keystroke.
func languageServerBenchmarks(quick: Bool) {
    print("\n## Language server (in-process core; an edit is one incremental change)\n")
    print("| config | change → published diagnostics | hover | hover after a change | hover after another key's text changed | completion after a change | N |")
    print("|---|---|---|---|---|---|---|")
    let configs = [
        ("default config, 32 locales (\(DefaultConfig.json().utf8.count / 1024) KB)", DefaultConfig.json()),
        ("400 KB generated", ConfigGenerator.config(paths: ConfigGenerator.paths(forBytes: 400_000))),
    ]
    let uri = "file:///bench/customer_center.json"
    for (label, text) in configs {
        var server = started()
        _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": .string(uri), "languageId": "json", "version": 1, "text": .string(text)]]])
        _ = server.publishPending()
        var version = 1
        func edit() {
            version += 1
            _ = server.handle(spaceTyped(uri: uri, version: version))
        }
        let iterations = quick ? 20 : 60
        let lint = measure(iterations) {
            edit()
            _ = server.publishPending()
        }
        // Hover on the first key reference (the analysis of the current version is reused).
        let reference = text.range(of: "\"title_key\": \"")!.upperBound
        let line = text[..<reference].filter { $0 == "\n" }.count
        let column = text[text[..<reference].lastIndex(of: "\n").map { text.index(after: $0) }!..<reference].utf16.count
        let position: JSON = ["textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(column + 1)]]
        var id = 100
        let hover = measure(iterations) {
            id += 1
            _ = server.handle(["jsonrpc": "2.0", "id": .int(id), "method": "textDocument/hover", "params": position])
        }
        // An edit, then hover at once (no diagnostics published in between, as when a client
        // sends both in one go): the last analysis answers, its positions moved.
        let hoverAfterChange = measure(iterations) {
            edit()
            id += 1
            _ = server.handle(["jsonrpc": "2.0", "id": .int(id), "method": "textDocument/hover", "params": position])
        }
        // A letter typed (then deleted) in another key's English text, then hover at once: the
        // last analysis still answers (the hovered key's texts did not change).
        let owner = text.range(of: "\"no_active_title\": {")!.upperBound
        let other = text.range(of: "\"en\": \"", range: owner..<text.endIndex)!.upperBound
        let otherLine = text[..<other].filter { $0 == "\n" }.count
        let otherColumn = text[text[..<other].lastIndex(of: "\n").map { text.index(after: $0) }!..<other].utf16.count
        let hoverAfterTextChange = measure(iterations) {
            version += 1
            _ = server.handle(letterTyped(uri: uri, version: version, line: otherLine, character: otherColumn))
            id += 1
            _ = server.handle(["jsonrpc": "2.0", "id": .int(id), "method": "textDocument/hover", "params": position])
        }
        let completion = measure(iterations) {
            edit()
            id += 1
            _ = server.handle(["jsonrpc": "2.0", "id": .int(id), "method": "textDocument/completion", "params": position])
        }
        print("| \(label) | **\(ms(lint.median))** | \(ms(hover.median)) | **\(ms(hoverAfterChange.median))** | **\(ms(hoverAfterTextChange.median))** | **\(ms(completion.median))** | \(iterations) |")
    }

    // Memory over a long session: resident size after 1,000 and after 10,000 edits of the default config.
    var server = started()
    let text = DefaultConfig.json()
    _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
        "uri": .string(uri), "languageId": "json", "version": 1, "text": .string(text)]]])
    var version = 1
    func session(_ edits: Int) {
        for _ in 0..<edits {
            version += 1
            _ = server.handle(spaceTyped(uri: uri, version: version))
            _ = server.publishPending()
        }
    }
    session(1_000)
    let early = residentBytes()
    session(9_000)
    let late = residentBytes()
    print("\nResident memory of the process after 1,000 edits: \(mb(early)); after 10,000: \(mb(late)) (**\(ratio(Double(late) / Double(early)))**).")
    keystrokeBenchmarks(quick: quick)
}

/// A space typed at the start of line 2 (even versions), then deleted (odd ones): the document keeps its size.
func spaceTyped(uri: String, version: Int) -> JSON {
    let start: JSON = ["line": 1, "character": 0]
    let change: JSON = version % 2 == 0
        ? ["range": ["start": start, "end": start], "text": " "]
        : ["range": ["start": start, "end": ["line": 1, "character": 1]], "text": ""]
    return ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
        "textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [change]]]
}

/// A letter typed at `line`:`character` (even versions), then deleted (odd ones).
func letterTyped(uri: String, version: Int, line: Int, character: Int) -> JSON {
    let start: JSON = ["line": .int(line), "character": .int(character)]
    let change: JSON = version % 2 == 0
        ? ["range": ["start": start, "end": start], "text": "a"]
        : ["range": ["start": start, "end": ["line": .int(line), "character": .int(character + 1)]], "text": ""]
    return ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
        "textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [change]]]
}

func started() -> Server {
    var server = Server(readFile: { _ in nil })
    _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
    _ = server.handle(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
    return server
}

/// The process's current resident set (Linux `/proc/self/statm`), in bytes.
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}
