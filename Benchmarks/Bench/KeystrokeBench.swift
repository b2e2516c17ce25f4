import CustomerCenterCompiler
import CustomerCenterLanguageServer
import Foundation
import JSONSyntax

/// Keystroke → published diagnostics on the generated 400 KB and 4 MB configs (issues 42, 57),
/// interleaved in one run so that the machine's noise hits every row alike: a letter typed (then
/// deleted) inside a text of `localized_strings`, which the server re-checks alone
/// (IncrementalChecker); a key added to the table (then removed) and a locale's text removed from
/// a key (then written again), structural edits it re-checks in two reduced copies
/// (StructuralEditCheck); a letter typed in a path's id, a path removed, a letter typed in a
/// path's title key, offer key or survey option's key (each then names no key or offer:
/// UnresolvedReferences), a letter typed in a screen's title key and a letter typed in an offer's
/// store id, which it re-checks in two reduced copies of the paths, offers or screen field touched
/// (ElementEditCheck); a letter typed in the support email, which it checks whole. Each row's next
/// publish is compared with a fresh server's of the same text. Then opening the document (open →
/// published diagnostics) against a `lint` of the same text in-process.
func keystrokeBenchmarks(quick: Bool) {
    print("\n#### Keystroke → published diagnostics (issues 42, 57: re-check what the edit can affect)\n")
    print("| config | edit | median | ÷ the whole check (a letter in the support email) | target | diagnostics | N |")
    print("|---|---|---|---|---|---|---|")
    let uri = "file:///bench/customer_center.json"
    for (label, bytes, target) in [("400 KB generated", 400_000, "≤ 1 ms"), ("4 MB generated", 4_000_000, "≤ 5 ms")] {
        let paths = ConfigGenerator.paths(forBytes: bytes)
        let text = ConfigGenerator.config(paths: paths)
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
        /// The line and column (bytes; the generated lines are ASCII, so UTF-16 units too) just
        /// after the first `needle` on the first line that holds `owner`.
        func place(after needle: String, on owner: String) -> (line: Int, character: Int) {
            func find(_ text: String, in bytes: [UInt8]) -> Int? {
                let wanted = Array(text.utf8)
                guard bytes.count >= wanted.count else { return nil }
                return (0...(bytes.count - wanted.count)).first { bytes[$0..<($0 + wanted.count)].elementsEqual(wanted) }.map { $0 + wanted.count }
            }
            for (number, line) in lines.enumerated() {
                guard find(owner, in: line) != nil, let end = find(needle, in: line) else { continue }
                return (number, end)
            }
            fatalError("no \(needle) on a line with \(owner)")
        }
        let middle = paths / 2 - paths / 2 % 4  // a CUSTOM_URL path: its title is no survey option's
        let owner = "\"path_\(middle)_title\": {"
        let inText = place(after: "\"en\": \"Help", on: owner)
        let inID = place(after: "{\"id\": \"path_\(middle)", on: "{\"id\": \"path_\(middle)\"")
        // A key added before path_<middle>_title's, at the start of its line.
        let keyLine = place(after: owner, on: owner)
        let key = Toggle(line: keyLine.line, character: keyLine.character - owner.utf8.count, text: #""bench_key": {"en": "Added"}, "#)
        // The first text of path_<middle>_title (its default locale's), with the comma after it.
        let firstText = lines[keyLine.line][keyLine.character...].prefix { $0 != UInt8(ascii: ",") }
        let locale = Toggle(line: keyLine.line, character: keyLine.character, text: String(decoding: firstText, as: UTF8.self) + ", ", removedFirst: true)
        // The same path removed (then written again): its whole line after the indentation, with its comma.
        let pathLine = place(after: "", on: "{\"id\": \"path_\(middle)\"")
        let pathStart = lines[pathLine.line].firstIndex(of: UInt8(ascii: "{")) ?? 0
        let removedPath = Toggle(line: pathLine.line, character: pathStart,
                                 text: String(decoding: lines[pathLine.line][pathStart...], as: UTF8.self), removedFirst: true)
        // Key references typed (a letter makes each name no key or offer): the path's title key,
        // the offer key of the CUSTOM_ACTION path after it, a survey option's key of the next.
        let inTitleKey = place(after: "\"title_key\": \"path_\(middle)_title", on: "{\"id\": \"path_\(middle)\"")
        let inOfferKey = place(after: "\"promotional_offer_key\": \"offer-", on: "{\"id\": \"path_\(middle + 1)\"")
        let inOptionKey = place(after: "\"title_key\": \"option_\(middle + 2)_1", on: "{\"id\": \"path_\(middle + 2)\"")
        let inScreenTitle = place(after: "\"title_key\": \"management_title", on: "\"MANAGEMENT\": {\"type\"")
        let inStoreID = place(after: "\"ios_offer_id\": \"offer_", on: "\"offer-1\": {")
        let inEmail = place(after: "\"email\": \"support", on: "\"support\"")
        let rows: [(String, Toggle)] = [
            ("a letter typed in a text", Toggle(line: inText.line, character: inText.character, text: "a")),
            ("a key added to localized_strings", key),
            ("a locale's text removed from a key", locale),
            ("a letter typed in a path's id", Toggle(line: inID.line, character: inID.character, text: "a")),
            ("a path removed from a screen", removedPath),
            ("a letter typed in a path's title_key", Toggle(line: inTitleKey.line, character: inTitleKey.character, text: "a")),
            ("a letter typed in a path's promotional_offer_key", Toggle(line: inOfferKey.line, character: inOfferKey.character, text: "a")),
            ("a letter typed in a survey option's title_key", Toggle(line: inOptionKey.line, character: inOptionKey.character, text: "a")),
            ("a letter typed in a screen's title_key", Toggle(line: inScreenTitle.line, character: inScreenTitle.character, text: "a")),
            ("a letter typed in an offer's store id", Toggle(line: inStoreID.line, character: inStoreID.character, text: "a")),
            ("a letter typed in the support email (the whole check)", Toggle(line: inEmail.line, character: inEmail.character, text: "a")),
        ]
        var sessions = rows.map { KeystrokeSession(uri: uri, text: text, toggle: $0.1) }
        let iterations = quick ? 10 : (bytes > 1_000_000 ? 30 : 60)
        let timings = measureInterleaved(iterations, sessions.indices.map { index in { _ = sessions[index].step() } })
        let whole = timings[rows.count - 1].median
        for (index, row) in rows.enumerated() {
            let identical = sessions[index].publishesWhatAFreshServerDoes()
            let isTarget = index == 0
            print("| \(label) | \(row.0) | **\(ms(timings[index].median))** | \(ratio(timings[index].median / whole)) | \(isTarget ? target : "") | "
                + "\(identical ? "identical to a fresh server's" : "**DIFFERENT**") | \(iterations) |")
        }
    }
    openBenchmarks(quick: quick)
}

/// One edit made and undone in turn at one place: `text` inserted at (`line`, `character`) on
/// the even steps and deleted on the odd ones (the reverse with `removedFirst`, where the
/// document holds `text` there). One line, ASCII.
struct Toggle {
    let line: Int
    let character: Int
    let text: String
    var removedFirst = false
}

/// A server with one document open and edited by a toggle, with the text it should hold.
struct KeystrokeSession {
    let uri: String
    var server: Server
    var bytes: [UInt8]
    let toggle: Toggle
    var version = 1

    init(uri: String, text: String, toggle: Toggle) {
        self.uri = uri
        self.toggle = toggle
        bytes = Array(text.utf8)
        server = started()
        _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": .string(uri), "languageId": "json", "version": 1, "text": .string(text)]]])
        _ = server.publishPending()
    }

    /// The next edit, then its published diagnostics.
    mutating func step() -> [JSON] {
        version += 1
        let inserts = (version % 2 == 0) != toggle.removedFirst
        let start: JSON = ["line": .int(toggle.line), "character": .int(toggle.character)]
        let end: JSON = inserts ? start : ["line": .int(toggle.line), "character": .int(toggle.character + toggle.text.utf8.count)]
        _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": .string(uri), "version": .int(version)],
            "contentChanges": [["range": ["start": start, "end": end], "text": .string(inserts ? toggle.text : "")]]]])
        var offset = 0, line = 0
        while line < toggle.line {
            if bytes[offset] == UInt8(ascii: "\n") { line += 1 }
            offset += 1
        }
        offset += toggle.character
        if inserts { bytes.insert(contentsOf: Array(toggle.text.utf8), at: offset) } else { bytes.removeSubrange(offset..<(offset + toggle.text.utf8.count)) }
        return server.publishPending()
    }

    /// Whether the next step's publish is a fresh server's of the same text.
    mutating func publishesWhatAFreshServerDoes() -> Bool {
        let published = step()
        var fresh = started()
        _ = fresh.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": .string(uri), "languageId": "json", "version": .int(version), "text": .string(String(decoding: bytes, as: UTF8.self))]]])
        return !published.isEmpty && published == fresh.publishPending()
    }
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
