import CustomerCenterCompiler
import Foundation
import Testing
import TestSupport
@testable import CustomerCenterLanguageServer

/// After a keystroke the server re-checks only what the edit can affect when that is provably
/// enough (IncrementalChecker). Property: after any sequence of edits, the diagnostics it
/// publishes are exactly those a fresh server publishes for the resulting text (same set, order,
/// ranges, messages), checked after every step of seeded random edits on real configs.
@Suite struct IncrementalCheckTests {
    /// A config whose texts have findings of every re-checked rule, and a survey whose options'
    /// texts `survey.duplicate-option-title` compares (those texts take the whole check).
    static let findings = """
    {
      "localization": {"default": "en", "localized_strings": {
        "title": {"en": "Help  me", "de": "Hilfe", "zh-Hant": "帮助们", "fr": ""},
        "price_line": {"en": "Only {{ price }} a {{ period }}", "de": "Nur {{ price }}", "fr": "Seul {price} et {{ prix }}"},
        "restore": {"en": "Restore ", "de": "Wiederherstellen"},
        "opt_a": {"en": "Too expensive", "de": "Zu teuer"},
        "opt_b": {"en": "Too expensive", "de": "Anders"},
        "question": {"en": "Why?", "de": "Warum?"}
      }},
      "screens": {
        "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [
          {"id": "restore", "type": "MISSING_PURCHASE", "title_key": "restore"},
          {"id": "cancel", "type": "CANCEL", "title_key": "price_line", "feedback_survey": {"title_key": "question", "options": [
            {"id": "a", "title_key": "opt_a"}, {"id": "b", "title_key": "opt_b"}]}}]}
      },
      "support": {"email": "help@example.com"}
    }
    """

    /// Keys shown in several places (screen titles, paths of two screens, offers of either
    /// platform) and texts with placeholders shown as written: the reduced copy a keystroke is
    /// checked in keeps only the paths and offers that name the edited key, and a finding's
    /// message names the first place the key is shown.
    static let structure = """
    {
      "localization": {"default": "en", "localized_strings": {
        "title": {"en": "Help {{ price }}", "de": "Hilfe"},
        "shared": {"en": "From {{ price }}", "de": "Ab {{ price }}", "fr": "Dès"},
        "offer_title": {"en": "Stay  {{ price }}", "de": "Bleib"},
        "one": {"en": "One"}, "two": {"en": "Two {{ sub_offer_price }}", "de": "Zwei"},
        "unused": {"en": "Unused {{ price }}"}
      }},
      "screens": {
        "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [
          {"id": "a", "type": "MISSING_PURCHASE", "title_key": "one"},
          {"id": "b", "type": "CANCEL", "title_key": "two", "promotional_offer_key": "stay"},
          {"id": "c", "type": "CUSTOM_URL", "title_key": "shared", "url": "https://example.com"}]},
        "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "shared", "paths": [{"id": "d", "type": "MISSING_PURCHASE", "title_key": "two"}]}
      },
      "promotional_offers": {"stay": {"ios_offer_id": "stay", "title_key": "offer_title", "subtitle_key": "shared"},
        "other": {"android_offer_id": "other", "title_key": "one"}},
      "support": {"email": "help@example.com"}
    }
    """

    /// Paths whose findings hang on other paths: an id used on both screens and twice on one, a
    /// built-in type twice on one screen, an offer named by paths and survey options, keys
    /// shown by several paths (a path's id names where a text's finding is).
    static let duplicates = """
    {
      "localization": {"default": "en", "localized_strings": {
        "title": {"en": "Help", "de": "Hilfe"}, "one": {"en": "One {{ price }}", "de": "Eins"}, "two": {"en": "Two  x", "de": "Zwei"}
      }},
      "screens": {
        "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [
          {"id": "restore", "type": "CANCEL", "title_key": "one"},
          {"id": "a", "type": "CUSTOM_URL", "url": "https://example.com", "open_method": "EXTERNAL", "title_key": "two"},
          {"id": "b", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [
            {"id": "x", "title_key": "title", "promotional_offer_key": "stay"}, {"id": "y", "title_key": "title"}]}},
          {"id": "c", "type": "CUSTOM_ACTION", "action_identifier": "act", "title_key": "two", "promotional_offer_key": "stay"},
          {"id": "a", "type": "MISSING_PURCHASE", "title_key": "title"}]},
        "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}
      },
      "promotional_offers": {"stay": {"ios_offer_id": "s", "android_offer_id": "s", "title_key": "two", "subtitle_key": "one"},
        "other": {"ios_offer_id": "o", "android_offer_id": "o", "title_key": "title", "subtitle_key": "title"}},
      "support": {"email": "help@example.com"}
    }
    """

    static func example(_ name: String) -> String? {
        try? String(contentsOf: PackagePaths.root.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
    }

    @Test(arguments: [
        ("findings", 0x5EED_0001 as UInt64), ("sample", 0x5EED_0002), ("customer_center.json", 0x5EED_0003),
        ("default config", 0x5EED_0004), ("findings under a configuration file", 0x5EED_0005),
        ("structure", 0x5EED_0006), ("structure", 0x5EED_0007),
    ])
    func randomEditsPublishWhatAFullCheckDoes(config: String, seed: UInt64) throws {
        let text: String
        var files: [String: String] = [:]
        switch config {
        case "findings": text = Self.findings
        case "structure": text = Self.structure
        case "sample": text = sample
        case "default config": text = DefaultConfig.json()
        case "findings under a configuration file":
            text = Self.findings
            files["/work/app/.customer-center.json"] = """
                {"rules": {"l10n.whitespace": "error", "l10n.missing-translation": "note"}, "locales": {"required": ["en", "de"]},
                 "ignore": [{"rule": "l10n.empty-translation", "pointer": "/localization/localized_strings/title"}]}
                """
        default: text = try #require(Self.example(config), "Examples/\(config)")
        }
        var walk = EditWalk(text: text, files: files, seed: seed)
        walk.run(steps: 120)
        // The walk stays mostly in valid configs, so many checks take the re-check, not the whole text.
        #expect(walk.incremental * 5 > walk.checks, "\(config): only \(walk.incremental) of \(walk.checks) checks were incremental")
        #expect(walk.whole * 5 > walk.checks, "\(config): only \(walk.whole) of \(walk.checks) checks were of the whole text")
    }

    /// Structural edits of the table alone (keys added, removed, renamed; locales' texts added
    /// and removed; texts replaced by other values; some breaking the JSON, then undone): each
    /// publish equals a fresh server's, and many are re-checks of what the edit touched.
    @Test(arguments: [
        ("findings", 0x5EED_0011 as UInt64), ("sample", 0x5EED_0012), ("customer_center.json", 0x5EED_0013),
        ("default config", 0x5EED_0014), ("structure", 0x5EED_0016), ("structure", 0x5EED_0017),
    ])
    func structuralEditsOfTheTablePublishWhatAFullCheckDoes(config: String, seed: UInt64) throws {
        let text: String
        switch config {
        case "findings": text = Self.findings
        case "structure": text = Self.structure
        case "sample": text = sample
        case "default config": text = DefaultConfig.json()
        default: text = try #require(Self.example(config), "Examples/\(config)")
        }
        var walk = EditWalk(text: text, files: [:], seed: seed)
        walk.run(steps: 80, structuralOnly: true)
        // Many take the whole check (a key renamed beside a reference to no key, a locale added
        // where the texts set the target locales, a key of a survey's options): at least one in ten does not.
        #expect(walk.structuralIncremental * 10 > walk.structural, "\(config): only \(walk.structuralIncremental) of \(walk.structural) structural edits were checked incrementally")
    }

    /// Edits of paths and offers alone (a letter typed in an id, a type, a url, a key; paths and
    /// offers added, removed, renamed; values replaced by other kinds; some breaking the JSON,
    /// then undone): each publish equals a fresh server's, and many are re-checks of the paths or
    /// offers the edit touched (ElementEditCheck).
    @Test(arguments: [
        ("findings", 0x5EED_0021 as UInt64), ("sample", 0x5EED_0022), ("customer_center.json", 0x5EED_0023),
        ("default config", 0x5EED_0024), ("structure", 0x5EED_0026), ("structure", 0x5EED_0027),
        ("findings under a configuration file", 0x5EED_0025), ("duplicates", 0x5EED_0028), ("duplicates", 0x5EED_0029),
    ])
    func editsOfPathsAndOffersPublishWhatAFullCheckDoes(config: String, seed: UInt64) throws {
        let text: String
        var files: [String: String] = [:]
        switch config {
        case "findings": text = Self.findings
        case "structure": text = Self.structure
        case "duplicates": text = Self.duplicates
        case "sample": text = sample
        case "default config": text = DefaultConfig.json()
        case "findings under a configuration file":
            text = Self.structure
            files["/work/app/.customer-center.json"] = """
                {"rules": {"path.duplicate-type": "error", "ref.unused-offer": "note"}, "locales": {"required": ["en", "de"]},
                 "ignore": [{"rule": "ref.unused-string", "pointer": "/localization/localized_strings/unused"}]}
                """
        default: text = try #require(Self.example(config), "Examples/\(config)")
        }
        var walk = EditWalk(text: text, files: files, seed: seed)
        walk.run(steps: 80, elementsOnly: true)
        // Some take the whole check (an edit that makes a reference to no key, a rename beside a
        // reference to no offer, broken JSON): at least one in four does not.
        #expect(walk.elementIncremental * 4 > walk.elementChecks, "\(config): only \(walk.elementIncremental) of \(walk.elementChecks) edits of paths and offers were checked incrementally")
    }
}

extension IncrementalCheckTests {
    /// Edits of one path or offer that change a finding elsewhere (an id used again on another
    /// screen, a built-in type used again on the screen, a key's text whose finding names the
    /// path's id as where it is shown, an offer no path names any more): each is re-checked
    /// incrementally and publishes what a fresh server does.
    @Test(arguments: [
        ("a letter typed in an id another screen repeats", #"{"id": "restore", "type": "CANCEL""#, 9, 0, "x"),
        ("a letter typed in a type the screen repeats", #"{"id": "restore", "type": "CANCEL""#, 31, 0, "S"),
        ("a letter typed in a url", #""url": "https://example.com""#, 12, 0, "x"),
        ("an id made another path's", #"{"id": "c""#, 8, 1, "a"),
        ("a path removed", #"{"id": "c", "type": "CUSTOM_ACTION", "action_identifier": "act", "title_key": "two", "promotional_offer_key": "stay"},"#, 0, -1, ""),
        ("an offer's store id deleted", #""ios_offer_id": "s", "#, 0, -1, ""),
    ])
    func editsOfOnePathChangeWhatDependsOnIt(edit: String, anchor: String, at: Int, removing: Int, typed: String) throws {
        var walk = EditWalk(text: Self.duplicates, files: [:], seed: 1)
        let bytes = Array(Self.duplicates.utf8), needle = Array(anchor.utf8)
        let start = try #require((0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
        // `removing` -1: the whole anchor.
        walk.replace(offset: start + at, length: removing < 0 ? needle.count : removing, with: Array(typed.utf8))
        walk.compare()
        #expect(walk.incremental == 1, "\(edit): checked whole")
    }
}

/// A client typing at random into one document, its published diagnostics compared with a fresh
/// server's after every batch of edits.
struct EditWalk {
    var client: TestClient
    var bytes: [UInt8]
    let files: [String: String]
    var generator: SeededGenerator
    var version = 1
    var checks = 0, incremental = 0, whole = 0
    /// Checks after a batch with a structural edit of the table, and those of them the server made incrementally.
    var structural = 0, structuralIncremental = 0
    /// Whether the batch since the last check made a structural edit of the table.
    var batchIsStructural = false
    /// Checks after a batch with an edit of a path or an offer (`editElement`), and those of them made incrementally.
    var elementChecks = 0, elementIncremental = 0
    /// Whether the batch since the last check edited a path or an offer.
    var batchIsElement = false
    /// The inverse of the last edit, which the next step undoes half the time, so that an edit
    /// that breaks the structure does not keep every later check on the whole text.
    var undo: (offset: Int, length: Int, text: [UInt8])?

    /// What is typed: letters, blanks, placeholders, braces, quotes, escapes, line breaks,
    /// multi-byte characters (Simplified and Traditional Chinese for `l10n.script-mismatch`), punctuation.
    static let pieces = ["a", "Z", " ", "  ", "{{ price }}", "{{ ", " }}", "{", "}", "{price}", "{{ nope }}", "%@", "\"", "\\",
                         "\\n", "\n", "é", "日", "们", "們", "😀", ",", ":", "[", "]", "\t", "x y", "//", "/*"]

    init(text: String, files: [String: String], seed: UInt64) {
        client = TestClient(files: files)
        client.open(sampleURI, text)
        bytes = Array(text.utf8)
        self.files = files
        generator = SeededGenerator(seed: seed)
        _ = client.published()
    }

    /// `structuralOnly`: every edit is a structural edit of the table or an undo; `elementsOnly`:
    /// every edit is one of a path or an offer or an undo; with either, a text with syntax
    /// findings is always taken back.
    mutating func run(steps: Int, structuralOnly: Bool = false, elementsOnly: Bool = false, keyReferencesOnly: Bool = false,
                      screenFieldsOnly: Bool = false) {
        var clean = bytes
        let only = structuralOnly || elementsOnly || keyReferencesOnly || screenFieldsOnly
        for _ in 0..<steps {
            // One time in six, one structural edit of the table (or its undo) on its own, as a
            // person makes one; one time in six, one edit of a path or an offer (or its undo); one
            // time in six, a letter typed in a key reference; one time in six, a letter typed in a
            // screen's own field; else a burst of edits anywhere.
            batchIsStructural = false
            batchIsElement = false
            let draw = only ? 0 : generator.next(6)
            if structuralOnly || (!only && draw == 0) {
                // An edit the text has no place for (a locale removed from a key that has none) is tried again elsewhere.
                for _ in 0..<8 where !batchIsStructural {
                    batchIsStructural = undo != nil && generator.next(2) == 0 ? undoLast() : editTable()
                }
            } else if elementsOnly || draw == 1 {
                for _ in 0..<8 where !batchIsElement {
                    batchIsElement = undo != nil && generator.next(2) == 0 ? undoLast() : editElement()
                }
            } else if keyReferencesOnly || draw == 2 {
                // Counted with the edits of paths and offers.
                for _ in 0..<8 where !batchIsElement {
                    batchIsElement = undo != nil && generator.next(2) == 0 ? undoLast() : typeInKeyReference()
                }
            } else if screenFieldsOnly || draw == 3 {
                for _ in 0..<8 where !batchIsElement {
                    batchIsElement = undo != nil && generator.next(2) == 0 ? undoLast() : typeInScreenField()
                }
            }
            if !batchIsStructural && !batchIsElement {
                if only { continue }
                for _ in 0..<(1 + generator.next(3)) { edit() }
            }
            if compare() {
                clean = bytes
            } else if only || generator.next(4) != 0 {
                // Back to the last text without syntax findings (as an editor's undo does), in one change.
                var prefix = 0
                while prefix < min(bytes.count, clean.count), bytes[prefix] == clean[prefix] { prefix += 1 }
                var suffix = 0
                while suffix < min(bytes.count, clean.count) - prefix, bytes[bytes.count - 1 - suffix] == clean[clean.count - 1 - suffix] { suffix += 1 }
                // Whole characters: the change starts and ends between two.
                while prefix > 0, bytes[prefix] & 0xC0 == 0x80 { prefix -= 1 }
                while suffix > 0, bytes[bytes.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
                replace(offset: prefix, length: bytes.count - suffix - prefix, with: Array(clean[prefix..<(clean.count - suffix)]))
                undo = nil
                _ = compare()
            }
        }
    }

    /// One edit: the last one undone, or a random insertion, deletion or replacement, mostly
    /// inside a string literal.
    mutating func edit() {
        if undo != nil, generator.next(2) == 0, undoLast() { return }
        let choice = generator.next(20)
        if choice < 10, typeInText() { return }
        if choice < 13 {
            // Blanks after a comma or an opening brace: between tokens.
            let places = bytes.indices.filter { bytes[$0] == UInt8(ascii: ",") || bytes[$0] == UInt8(ascii: "{") }
            if !places.isEmpty {
                let offset = places[generator.next(places.count)] + 1
                let blank = Array([" ", "\n", "\t  "][generator.next(3)].utf8)
                replace(offset: offset, length: 0, with: blank)
                undo = (offset, blank.count, [])
                return
            }
        }
        var offset: Int
        let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
        if generator.next(10) < 7, !quotes.isEmpty {
            offset = quotes[generator.next(quotes.count)] + 1 + generator.next(4)
        } else {
            offset = generator.next(bytes.count + 1)
        }
        offset = boundary(min(offset, bytes.count))
        var end = offset
        let inserted: [UInt8]
        switch generator.next(3) {
        case 0: inserted = Array(Self.pieces[generator.next(Self.pieces.count)].utf8)
        case 1:
            inserted = []
            end = scalars(from: offset, count: 1 + generator.next(4))
        default:
            inserted = Array(Self.pieces[generator.next(Self.pieces.count)].utf8)
            end = scalars(from: offset, count: 1 + generator.next(2))
        }
        let removed = Array(bytes[offset..<end])
        replace(offset: offset, length: end - offset, with: inserted)
        undo = (offset, inserted.count, removed)
    }

    /// Undoes the last edit; `false`: there is none to undo.
    mutating func undoLast() -> Bool {
        guard let last = undo else { return false }
        replace(offset: last.offset, length: last.length, with: last.text)
        undo = nil
        return true
    }

    /// Typing inside a value's string (after `": "`): a piece without quote, backslash or line
    /// break inserted, or one or two characters deleted, inside the literal. `false`: there is none.
    mutating func typeInText() -> Bool {
        let opening = Array("\": \"".utf8)
        let starts = bytes.indices.filter { $0 + 4 <= bytes.count && Array(bytes[$0..<($0 + 4)]) == opening }.map { $0 + 4 }
        guard !starts.isEmpty else { return false }
        let start = starts[generator.next(starts.count)]
        var close = start
        while close < bytes.count, bytes[close] != UInt8(ascii: "\""), bytes[close] != UInt8(ascii: "\\"), bytes[close] >= 0x20 { close += 1 }
        let offset = boundary(start + generator.next(close - start + 1))
        let plain = Self.pieces.filter { !$0.contains("\"") && !$0.contains("\\") && !$0.contains("\n") && !$0.contains("\t") }
        if generator.next(3) == 0, offset < close {
            let end = min(close, scalars(from: offset, count: 1 + generator.next(2)))
            let removed = Array(bytes[offset..<end])
            replace(offset: offset, length: end - offset, with: [])
            undo = (offset, 0, removed)
        } else {
            let inserted = Array(plain[generator.next(plain.count)].utf8)
            replace(offset: offset, length: 0, with: inserted)
            undo = (offset, inserted.count, [])
        }
        return true
    }

    /// Replaces `length` bytes at `offset` by `text`, through a protocol change of the open document.
    mutating func replace(offset: Int, length: Int, with text: [UInt8]) {
        let start = Self.position(of: offset, in: bytes), end = Self.position(of: offset + length, in: bytes)
        version += 1
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(sampleURI), "version": .int(version)],
            "contentChanges": [["range": ["start": start.json, "end": end.json], "text": .string(String(decoding: text, as: UTF8.self))]],
        ])
        bytes.replaceSubrange(offset..<(offset + length), with: text)
    }

    /// Compares the published diagnostics with a fresh server's; whether the text has no syntax findings.
    @discardableResult
    mutating func compare() -> Bool {
        let published = client.published().first { $0["method"]?.string == "textDocument/publishDiagnostics" }
        var fresh = TestClient(files: files)
        let text = String(decoding: bytes, as: UTF8.self)
        fresh.open(sampleURI, text, version: version)
        let expected = fresh.published().first { $0["method"]?.string == "textDocument/publishDiagnostics" }
        checks += 1
        // The re-check leaves the last analysis in place: it is of an earlier version.
        let wasIncremental = client.server.editor.cache[sampleURI]?.version != version
        if wasIncremental { incremental += 1 } else { whole += 1 }
        if batchIsStructural {
            structural += 1
            if wasIncremental { structuralIncremental += 1 }
        }
        if batchIsElement {
            elementChecks += 1
            if wasIncremental { elementIncremental += 1 }
        }
        #expect(client.server.editor.store[sampleURI]?.text == text, "the server's text is the walk's")
        let got = published?["params"]?["diagnostics"], wanted = expected?["params"]?["diagnostics"]
        let extra = Self.lines(got).filter { !Self.lines(wanted).contains($0) }, missing = Self.lines(wanted).filter { !Self.lines(got).contains($0) }
        #expect(got == wanted, "after \(checks) checks: published \(extra), a full check \(missing), text:\n\(text)")
        return !(expected?["params"]?["diagnostics"]?.array ?? []).contains { $0["code"]?.string?.hasPrefix("json.") == true }
    }

    /// Each diagnostic in one line: code, range, message, related places.
    static func lines(_ diagnostics: JSON?) -> [String] {
        (diagnostics?.array ?? []).map { diagnostic in
            let range = diagnostic["range"].map { "\($0["start"]?["line"] ?? .null):\($0["start"]?["character"] ?? .null)-\($0["end"]?["line"] ?? .null):\($0["end"]?["character"] ?? .null)" } ?? ""
            return "\(diagnostic["code"]?.string ?? "") \(range) \(diagnostic["message"]?.string ?? "") \(diagnostic["relatedInformation"].map { "\($0)" } ?? "")"
        }
    }

    /// `offset`, moved back to the start of the character it is in.
    func boundary(_ offset: Int) -> Int {
        var offset = offset
        while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        return offset
    }

    /// The offset `count` characters after `offset` (at most the end).
    func scalars(from offset: Int, count: Int) -> Int {
        var end = offset
        for _ in 0..<count where end < bytes.count {
            end += 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        return end
    }

    /// The protocol position (UTF-16) of byte `offset`, counted here independently of the
    /// server: lines end at "\n" ("\r" is never typed), characters are UTF-16 code units.
    static func position(of offset: Int, in bytes: [UInt8]) -> Position {
        var lineStart = 0, line = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return Position(line: line, character: String(decoding: bytes[lineStart..<offset], as: UTF8.self).utf16.count)
    }
}
