import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// `localized_strings` is held in flat columns (`StringEntries`) with an open-addressing index
/// (`StringIndex`) instead of a dictionary of entries: every lookup must find what a dictionary
/// of the entries (first of repeated keys, keys compared as Swift compares strings) finds.
@Suite struct StringIndexTests {
    @Test func everyKeyIsFoundAsADictionaryFindsIt() throws {
        // 700 keys (the index grows past its first size and probes past collisions), some
        // written with escapes or in another normalization than their references.
        var members = (0..<700).map { #""k\#($0)": {"en": "text \#($0)", "de": "Text \#($0)"}"# }
        members.insert(#""caf\u00e9": {"en": "coffee"}"#, at: 100)
        members.insert(#""esc\u0061ped": {"en": "escaped"}"#, at: 300)
        members.insert(#""k5": {"en": "a repeat of k5"}"#, at: 500)
        let source = SourceFile(path: "c.json", text: Examples.authoring(strings: members.joined(separator: ", ")))
        let analysis = Linter.analyze(source)
        let resolved = try #require(analysis.resolved)
        let entries = try #require(analysis.config?.localization?.entries)
        var reference: [String: StringEntry] = [:]
        for entry in entries where reference[entry.key.value] == nil { reference[entry.key.value] = entry }
        #expect(entries.count == 702, "the repeat of k5 is not an entry")
        #expect(resolved.strings.count == reference.count)
        #expect(resolved.strings.keys == entries.map(\.key.value))
        for key in reference.keys.sorted() + ["cafe\u{301}", "escaped"] {
            let found = try #require(resolved.strings[key], "\(key)")
            let expected = try #require(reference[key])
            #expect(found.key.range == expected.key.range && found.key.value == expected.key.value, "\(key)")
            #expect(found.translations.map(\.textValue) == expected.translations.map(\.textValue), "\(key)")
        }
        #expect(resolved.strings["k5"]?.translations.first?.textValue == "text 5", "the first of a repeated key")
        for absent in ["k700", "k", "", "K5", "cafe"] { #expect(resolved.strings[absent] == nil, "\(absent)") }
        // The texts and their keys as the table numbers them.
        #expect(resolved.key(ofTextAt: try #require(resolved.strings["k42"]?.translations[1].text.range.start)) == "k42")
        #expect(resolved.key(ofTextAt: try #require(resolved.strings["k42"]?.key.range.start)) == nil, "a key is not a text")
    }

    /// Each reference's key is looked up once, when the references are bound: the entry it
    /// names, and whether an entry is named, are what comparing the keys as strings says (a key
    /// referred to in another normalization than it is written in is named).
    @Test func whatTheReferencesNameIsWhatTheirKeysFind() throws {
        let screens = #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": ["#
            + #"{"id": "a", "type": "CUSTOM_URL", "url": "https://x.example", "title_key": "cafe\u0301"}, "#
            + #"{"id": "b", "type": "CANCEL", "title_key": "missing", "feedback_survey": {"title_key": "k3", "options": ["#
            + #"{"id": "o1", "title_key": "k1"}, {"id": "o2", "title_key": "k1"}, {"id": "o3", "title_key": ""}]}}]}"#
        let strings = (0..<40).map { #""k\#($0)": {"en": "text \#($0)"}"# }.joined(separator: ", ")
            + #", "title": {"en": "Help"}, "caf\u00e9": {"en": "coffee"}, "cafe\u0301": {"en": "coffee again"}"#
        let source = SourceFile(path: "c.json", text: Examples.authoring(screens: screens, strings: strings))
        let resolved = try #require(Linter.analyze(source).resolved)
        let entries = resolved.strings.entries
        #expect(resolved.referencedPositions.count == resolved.stringReferences.count)
        for (reference, position) in zip(resolved.stringReferences, resolved.referencedPositions) {
            #expect(position == resolved.strings.position(of: reference.key.value), "\(reference.key.value)")
        }
        #expect(resolved.referencedPositions.contains(nil), "`missing` and the empty key name nothing")
        let named = Set(resolved.stringReferences.map(\.key.value))
        for position in entries.indices {
            let key = entries.key(at: position)
            #expect(resolved.isReferenced(entryAt: position) == named.contains(key), "\(key)")
            #expect(resolved.isReferenced(key) == named.contains(key), "\(key)")
        }
        #expect(resolved.isReferenced("caf\u{E9}") && resolved.isReferenced("k1") && resolved.isReferenced("k3") && !resolved.isReferenced("k2"))
        #expect(!resolved.isReferenced("missing"), "not a key of the table")
    }

    /// Entries with one key twice (which the readers never make: the parser drops a repeated key)
    /// still count as named together: a later entry is named when its key's first entry is.
    @Test func aRepeatedKeysLaterEntryIsNamedWithItsFirst() throws {
        let source = SourceFile(path: "c.json", text: Examples.authoring(strings: #""title": {"en": "Help"}"#))
        var config = try #require(Linter.analyze(source).config)
        let bytes = Array(#""title" "other" "title""#.utf8)
        let table = TranslationTable(columns: TextColumns(capacity: 0), exceptions: [], locales: [], strings: JSONStrings.asWritten(in: bytes),
                                     localeIsKey: true, fixedLocaleRange: nil)
        var builder = StringEntries.Builder(capacity: 3)
        for range in [ByteRange(0, 7), ByteRange(8, 15), ByteRange(16, 23)] { builder.add(keyAt: range, firstRecord: 0) }
        config.localization?.entries = builder.build(table: table, recordCount: 0, parent: JSONPointer(tokens: ["localization", "localized_strings"]))
        let resolved = ResolvedConfig(config)
        #expect(resolved.strings.entries.hasRepeatedKeys && resolved.strings.entries.count == 3)
        #expect(resolved.isReferenced(entryAt: 0) && !resolved.isReferenced(entryAt: 1) && resolved.isReferenced(entryAt: 2))
        #expect(resolved.driftingKeys.isEmpty)
    }

    @Test func aConfigWithoutTextsHasAnEmptyIndex() throws {
        let resolved = try #require(Linter.analyze(SourceFile(path: "c.json", text: #"{"screens": {}}"#)).resolved)
        #expect(resolved.strings.count == 0 && resolved.strings.keys.isEmpty && resolved.strings["title"] == nil)
    }
}
