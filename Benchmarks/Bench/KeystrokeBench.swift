import CustomerCenterCompiler
import CustomerCenterLanguageServer
import Foundation
import JSONSyntax

/// Keystroke → published diagnostics on the generated 400 KB and 4 MB configs (issues 42, 57): a
/// letter typed (then deleted) inside a text of `localized_strings`, which the server re-checks
/// alone (IncrementalChecker), against a letter typed in a path's id, which it checks whole,
/// interleaved in one run so that the machine's noise hits both alike; then opening the document
/// (open → published diagnostics) against a `lint` of the same text in-process.
func keystrokeBenchmarks(quick: Bool) {
    print("\n#### Keystroke → published diagnostics (issues 42, 57: re-check what the edit can affect)\n")
    print("| config | a letter typed in a text | a letter typed in a path's id (the whole check) | ÷ whole check | target | diagnostics | N |")
    print("|---|---|---|---|---|---|---|")
    let uri = "file:///bench/customer_center.json"
    for (label, bytes, target) in [("400 KB generated", 400_000, "≤ 1 ms"), ("4 MB generated", 4_000_000, "≤ 5 ms")] {
        let paths = ConfigGenerator.paths(forBytes: bytes)
        let text = ConfigGenerator.config(paths: paths)
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        /// The line and UTF-16 column just after the first `needle` (ASCII) on the first line
        /// that holds `owner`.
        func place(after needle: String, on owner: String) -> (line: Int, character: Int) {
            func find(_ text: String, in bytes: [UInt8]) -> Int? {
                let wanted = Array(text.utf8)
                guard bytes.count >= wanted.count else { return nil }
                return (0...(bytes.count - wanted.count)).first { bytes[$0..<($0 + wanted.count)].elementsEqual(wanted) }.map { $0 + wanted.count }
            }
            for (number, line) in lines.enumerated() {
                let bytes = Array(line)
                guard find(owner, in: bytes) != nil, let end = find(needle, in: bytes) else { continue }
                return (number, String(decoding: bytes[..<end], as: UTF8.self).utf16.count)
            }
            fatalError("no \(needle) on a line with \(owner)")
        }
        let middle = paths / 2 - paths / 2 % 4  // a CUSTOM_URL path: its title is no survey option's
        let inText = place(after: "\"en\": \"Help", on: "\"path_\(middle)_title\": {")
        let inID = place(after: "{\"id\": \"path_\(middle)", on: "{\"id\": \"path_\(middle)\"")
        func opened() -> Server {
            var server = started()
            _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
                "uri": .string(uri), "languageId": "json", "version": 1, "text": .string(text)]]])
            _ = server.publishPending()
            return server
        }
        var typing = opened(), structural = opened()
        var typingVersion = 1, structuralVersion = 1
        let iterations = quick ? 10 : (bytes > 1_000_000 ? 30 : 60)
        let timings = measureInterleaved(iterations, [
            {
                typingVersion += 1
                _ = typing.handle(letterTyped(uri: uri, version: typingVersion, line: inText.line, character: inText.character))
                _ = typing.publishPending()
            },
            {
                structuralVersion += 1
                _ = structural.handle(letterTyped(uri: uri, version: structuralVersion, line: inID.line, character: inID.character))
                _ = structural.publishPending()
            },
        ])
        let (incremental, whole) = (timings[0].median, timings[1].median)
        // The next keystroke's publish against a fresh server's of the same text.
        typingVersion += 1
        _ = typing.handle(letterTyped(uri: uri, version: typingVersion, line: inText.line, character: inText.character))
        let published = typing.publishPending()
        var typed = Array(text.utf8)
        if typingVersion % 2 == 0 {
            // The generated lines are ASCII: the UTF-16 column is the byte offset in the line.
            typed.insert(UInt8(ascii: "a"), at: lines.prefix(inText.line).reduce(0) { $0 + $1.count + 1 } + inText.character)
        }
        var fresh = started()
        _ = fresh.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": .string(uri), "languageId": "json", "version": .int(typingVersion), "text": .string(String(decoding: typed, as: UTF8.self))]]])
        let identical = !published.isEmpty && published == fresh.publishPending()
        print("| \(label) | **\(ms(incremental))** | \(ms(whole)) | **\(ratio(incremental / whole))** | \(target) | \(identical ? "identical to a fresh server's" : "**DIFFERENT**") | \(iterations) |")
    }
    openBenchmarks(quick: quick)
}

/// Opening a document (didOpen, then its diagnostics published) against `lint` of the same text
/// in-process (`Linter.lint`), interleaved: opening parses and checks it once.
func openBenchmarks(quick: Bool) {
    print("\n#### Open → published diagnostics, against a lint of the same text (issue 57: open parses once)\n")
    print("| config | open | lint in-process | ÷ lint | N |")
    print("|---|---|---|---|---|")
    let uri = "file:///bench/customer_center.json"
    for (label, bytes) in [("400 KB generated", 400_000), ("4 MB generated", 4_000_000)] {
        let text = ConfigGenerator.config(paths: ConfigGenerator.paths(forBytes: bytes))
        let utf8 = Array(text.utf8)
        let iterations = quick ? 5 : (bytes > 1_000_000 ? 15 : 30)
        let timings = measureInterleaved(iterations, [
            {
                var server = started()
                _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
                    "uri": .string(uri), "languageId": "json", "version": 1, "text": .string(text)]]])
                _ = server.publishPending()
            },
            { _ = Linter.lint(SourceFile(path: "/bench/customer_center.json", bytes: utf8)) },
        ])
        print("| \(label) | \(ms(timings[0].median)) | \(ms(timings[1].median)) | **\(ratio(timings[0].median / timings[1].median))** | \(iterations) |")
    }
}
