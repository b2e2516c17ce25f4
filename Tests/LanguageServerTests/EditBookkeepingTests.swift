import CustomerCenterCompiler
import JSONSyntax
import Testing
import TestSupport
@testable import CustomerCenterLanguageServer

/// What the server keeps up to date on each edit instead of recomputing it from the whole text:
/// the line table, where the analysed text's strings and comments are, the region the edits
/// since the analysis changed. Each must equal what the whole text gives.
@Suite struct EditBookkeepingTests {
    /// Line breaks of every kind, a CR and an LF that edits can join or split, multi-byte text.
    static let lines = "{\r\n  \"a\": \"x\",\r  \"b\": \"日本\"\n\n}\r\r\n\"😀\"\n"

    @Test func theLineTableFollowsEveryEdit() {
        var random = SeededGenerator(seed: 33)
        let pieces: [[UInt8]] = [[], [0x0A], [0x0D], [0x0D, 0x0A], Array("x".utf8), Array("\r\nab\n".utf8), Array("日".utf8), [0x0A, 0x0D]]
        for round in 0..<200 {
            var document = TextDocument(uri: "x", version: 0, text: Self.lines)
            for step in 0..<8 {
                let start = random.next(document.bytes.count + 1)
                let end = min(document.bytes.count, start + random.next(4))
                let inserted = pieces[random.next(pieces.count)] + (random.next(3) == 0 ? pieces[random.next(pieces.count)] : [])
                document.replace(start..<end, with: inserted)
                #expect(document.lineStarts == TextDocument.lineStarts(of: document.bytes), "round \(round), step \(step)")
            }
            // The whole text replaced.
            document.replace(0..<document.bytes.count, with: Array(Self.lines.utf8))
            #expect(document.lineStarts == TextDocument.lineStarts(of: document.bytes))
        }
    }

    @Test func aRefusedChangeLeavesTheTextAndItsLinesAsTheyWere() {
        var document = TextDocument(uri: "x", version: 1, text: Self.lines)
        let before = (document.bytes, document.lineStarts)
        #expect(throws: TextDocument.EditError.missingText) {
            try document.apply([
                ["range": ["start": ["line": 0, "character": 1], "end": ["line": 1, "character": 0]], "text": "\n\n\r"],
                ["range": ["start": ["line": 3, "character": 0], "end": ["line": 4, "character": 0]], "text": ""],
                ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]],
            ], version: 2, encoding: .utf16)
        }
        #expect(document.bytes == before.0 && document.lineStarts == before.1 && document.version == 1)
    }

    /// Strings (escapes, both quotes), comments of both kinds across checkpoint strides.
    static let lexical = #"{"a\"b": 'c\'', // "x"#
        + "\n" + #" /* "y \" */ "z\\", "long": "# + "\"" + String(repeating: "ab\\\" ", count: 9) + "\", /* " + String(repeating: "* / ", count: 8) + "*/ 'q'}\n// \"open"

    @Test func checkpointsAnswerAsAScanFromTheStart() {
        let bytes = Array(Self.lexical.utf8)
        for stride in [1, 3, 16, 4096] {
            let checkpoints = LexicalCheckpoints(bytes, stride: stride)
            for end in 0...bytes.count {
                let expected = bytes.withUnsafeBufferPointer { EditFootprint.lexicalState($0, at: end) }
                #expect(checkpoints.state(at: end) == expected, "stride \(stride), offset \(end)")
            }
        }
    }

    /// The footprint of a run of changes equals that of one change of the whole text (which
    /// compares the two texts from end to end, as before the region was followed).
    @Test func theChangesRegionGivesTheWholeTextsFootprint() throws {
        let source = SourceFile(path: "customer_center.json", bytes: Array(sample.utf8))
        var request = Policy(settings: RunSettings(), configuration: nil).request(for: source)
        request.keepsTape = true
        let analysis = Pipeline.run(request).analysis
        let resolved = try #require(analysis.resolved), tape = try #require(analysis.tape)
        let analysed = source.bytes
        let lexical = LexicalCheckpoints(analysed, stride: 64)
        let pieces = [" ", "\n", "  ", "a", "é", "\"", ",", "{", "x y", "\\"]
        var random = SeededGenerator(seed: 2033)
        var kinds: [String: Int] = [:]
        for _ in 0..<600 {
            var current = analysed
            var changes: [TextDocument.ByteChange] = []
            for _ in 0...random.next(3) {
                // Near the last change, or anywhere.
                let near = changes.last.map { max(0, min(current.count, $0.start + random.next(9) - 4)) }
                let start = random.next(2) == 0 ? (near ?? random.next(current.count + 1)) : random.next(current.count + 1)
                let end = min(current.count, start + (random.next(2) == 0 ? 0 : random.next(4)))
                // Sometimes what was there again (the text comes back to the analysed one).
                let inserted = random.next(4) == 0 ? Array(current[start..<end]) : Array(pieces[random.next(pieces.count)].utf8)
                current.replaceSubrange(start..<end, with: inserted)
                changes.append(TextDocument.ByteChange(start: start, oldEnd: end, newEnd: start + inserted.count))
            }
            let followed = EditFootprint(analysed: analysed, current: current, changes: changes, lexical: lexical, resolved: resolved).kind
            let whole = EditFootprint(analysed: analysed, current: current,
                                      changes: [TextDocument.ByteChange(start: 0, oldEnd: analysed.count, newEnd: current.count)],
                                      lexical: lexical, resolved: resolved).kind
            #expect(followed == whole, "\(changes)")
            // The key of an edited text read on the tape is the one the resolved config names.
            let onTape = EditFootprint(analysed: analysed, current: current, changes: changes, lexical: lexical, resolved: resolved, tape: tape).kind
            #expect(onTape == followed, "\(changes)")
            kinds["\(whole)".prefix(5).description, default: 0] += 1
        }
        // Every kind was met.
        #expect(kinds.keys.sorted() == ["blank", "other", "text("], "\(kinds)")
    }

    /// The keys completion offers are found once per analysis, and found again with the next one.
    @Test func completionOffersTheKeysOfTheLatestAnalysis() {
        var client = NavigationTests.client()
        let reference = position(of: "\"restore\"}", in: sample, offset: 1)
        #expect(HoverAndCompletionTests.labels(client.result("textDocument/completion", TestClient.at(sampleURI, reference))) == ["title", "restore", "unused", "offer_title"])
        // A key added on the line after "title" (a new line: the reference's position stays).
        let added = position(of: "    \"restore\": {", in: sample)
        RecentAnalysisTests.change(&client, version: 2, [["range": ["start": added.json, "end": added.json], "text": "    \"added\": {\"en\": \"Added\"},\n"]])
        // The diagnostics re-check the key added (StructuralEditCheck), and mark the last analysis' keys out of date.
        _ = client.server.publishPending()
        #expect(client.server.editor.cache[sampleURI]?.version == 1)
        #expect(client.server.editor.cache.outdated.contains(sampleURI))
        let moved = Position(line: reference.line + 1, character: reference.character)
        let labels = HoverAndCompletionTests.labels(client.result("textDocument/completion", TestClient.at(sampleURI, moved)))
        #expect(labels == ["title", "added", "restore", "unused", "offer_title"])
        // Completion analysed the new text.
        #expect(client.server.editor.cache[sampleURI]?.version == 2)
    }

    /// While typing, completion finds the cursor's slot on the last analysis' tape or by parsing
    /// again only the container the edits are in: the slot is the one the whole current text gives.
    @Test func theSlotWhileTypingIsTheWholeTextsSlot() {
        let pieces = ["a", "\"", ", \"\"", ": ", "{", "}", "[", "]", " ", "\n", "\"x\": 1", "/", "//", "'", "\\"]
        var random = SeededGenerator(seed: 533)
        var containerAnswers = 0
        for _ in 0..<120 {
            var client = TestClient(encodings: ["utf-8"])
            client.open(sampleURI, sample)
            _ = client.server.publishPending()  // analysed at version 1
            var edits: [Int] = []
            for version in 2...(2 + random.next(3)) {
                let document = client.server.editor.store[sampleURI]!
                // A character's first byte, near the last edit or anywhere.
                var offset = edits.last.map { max(0, min(document.bytes.count, $0 + random.next(7) - 3)) } ?? random.next(document.bytes.count)
                if random.next(3) == 0 { offset = random.next(document.bytes.count) }
                while offset < document.bytes.count, document.bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                let from = document.position(of: offset, encoding: .utf8)
                var end = offset + (random.next(3) == 0 ? random.next(3) : 0)
                while end < document.bytes.count, document.bytes[end] & 0xC0 == 0x80 { end += 1 }
                let to = document.position(of: end, encoding: .utf8)
                let text = random.next(4) == 0 ? "" : pieces[random.next(pieces.count)]
                RecentAnalysisTests.change(&client, version: version, [["range": ["start": from.json, "end": to.json], "text": .string(text)]])
                edits.append(offset)
            }
            let document = client.server.editor.store[sampleURI]!
            let whole = JSONParser.parseTape(document.bytes).tape.root
            let recent = client.server.editor.recent(sampleURI)
            #expect(recent?.changes.isEmpty == false, "the edits are followed, not analysed")
            for offset in Set(edits.flatMap { [$0 - 1, $0, $0 + 1, $0 + 2] } + [random.next(document.bytes.count)]) where offset >= 0 && offset <= document.bytes.count {
                let expected = whole.flatMap { CompletionSlot.at(offset, in: $0) }
                #expect(recent.flatMap { CompletionSlot.at(offset, in: $0) } == expected, "offset \(offset) of \(String(decoding: document.bytes, as: UTF8.self))")
                if let recent, let root = recent.analysis?.tape?.root,
                   CompletionSlot.inChangedContainer(at: offset, current: document.bytes, analysedRoot: root, changes: recent.changes) != nil {
                    containerAnswers += 1
                }
            }
        }
        #expect(containerAnswers > 100, "the container was parsed again \(containerAnswers) times")
    }

    @Test func bracketsThatCloseOnTheirOwn() {
        for (text, closes) in [
            ("{}", true), ("{\"a\": [1, {\"b\": \"}\"}]}", true), ("{\"a\": 1} ", false), ("{\"a\": 1}}", false),
            ("{\"a\": [1}", false), ("{\"a\": \"x}", false), ("{/* } */}", true), ("{// }\n}", true), ("{'\\'}'}", true), ("{} {}", false), ("{\"a\n}\"}", false),
        ] {
            #expect(CompletionSlot.closesOnItsOwnBracket(Array(text.utf8)) == closes, "\(text)")
        }
    }

    @Test func theRegionOfChangesCoversThemAll() {
        typealias Change = TextDocument.ByteChange
        // "abcdef" -> "abXYcdef" (two inserted at 2) -> "abXYef" (two deleted at 4): "cd" became "XY".
        let region = EditFootprint.region(of: [Change(start: 2, oldEnd: 2, newEnd: 4), Change(start: 4, oldEnd: 6, newEnd: 4)])
        #expect(region == (2, 4, 4) as (Int, Int, Int))
        // A change before an earlier one: "abcdef" -> "abcdeZf" -> "QcdeZf": "abcde" became "QcdeZ".
        let before = EditFootprint.region(of: [Change(start: 5, oldEnd: 5, newEnd: 6), Change(start: 0, oldEnd: 2, newEnd: 1)])
        #expect(before == (0, 5, 5) as (Int, Int, Int))
    }
}
