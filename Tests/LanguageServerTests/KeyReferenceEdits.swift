import CustomerCenterCompiler
import JSONSyntax
import Testing
import TestSupport
@testable import CustomerCenterLanguageServer

/// The edits an `EditWalk` makes in the references of paths and offers, as a person typing a key
/// does: a letter typed in (or deleted from) a `title_key`, a `subtitle_key`, a
/// `promotional_offer_key` or a survey option's key, which names no key or offer at nearly every
/// letter (its finding suggests the nearest key of the whole table).
extension EditWalk {
    /// The string values of `*_key` members inside the screens' paths and the offers.
    func keyReferences() -> [ByteRange] {
        guard let (paths, offers) = elements() else { return [] }
        var found: [ByteRange] = []
        func collect(_ node: JSONNode) {
            if let members = node.objectMembers {
                for member in members {
                    if member.key.hasSuffix("_key"), member.value.kind == .string { found.append(member.value.range) }
                    collect(member.value)
                }
            } else if let items = node.arrayElements {
                for item in items { collect(item) }
            }
        }
        for (_, path) in paths { collect(path) }
        if let offers { collect(offers) }
        return found
    }

    /// A letter typed in, or deleted from, a key reference of a path or an offer; `false` when there is none.
    mutating func typeInKeyReference() -> Bool {
        typeIn(keyReferences(), letters: ["a", "e", "_", "t", "1", "-", "é"])
    }

    /// A letter typed in (mostly at the end, where a person types), or deleted from, one of
    /// `literals` (string values, quotes included); `false` when there is none.
    mutating func typeIn(_ literals: [ByteRange], letters: [String]) -> Bool {
        guard !literals.isEmpty else { return false }
        let literal = literals[generator.next(literals.count)]
        let inner = (literal.start + 1)..<(literal.end - 1)
        if generator.next(3) == 0, !inner.isEmpty {
            let offset = boundary(inner.lowerBound + generator.next(inner.count))
            apply(offset: offset, length: min(inner.upperBound, scalars(from: offset, count: 1)) - offset, text: [])
        } else {
            let offset = generator.next(2) == 0 ? inner.upperBound : boundary(inner.lowerBound + generator.next(inner.count + 1))
            apply(offset: offset, length: 0, text: Array(letters[generator.next(letters.count)].utf8))
        }
        return true
    }
}

extension EditWalk {
    /// The string values of the screens' own fields (their type, title and subtitle keys; not their paths).
    func screenFields() -> [ByteRange] {
        let parsed = JSONParser.parseTape(bytes)
        guard parsed.issues.isEmpty, let screens = parsed.root?.member("screens")?.value.objectMembers else { return [] }
        var found: [ByteRange] = []
        for screen in screens {
            guard let fields = screen.value.objectMembers else { continue }
            for field in fields where !field.keyEquals("paths") && field.value.kind == .string {
                found.append(field.value.range)
            }
        }
        return found
    }

    /// A letter typed in, or deleted from, one of a screen's own fields; `false` when there is none.
    mutating func typeInScreenField() -> Bool {
        typeIn(screenFields(), letters: ["a", "E", "_", "t", "1", " ", "é"])
    }
}

extension IncrementalCheckTests {
    /// A long MANAGEMENT screen as the benchmark's generated configs have (docs/performance.md,
    /// "The editor"), each key in two locales: CUSTOM_URL paths, CUSTOM_ACTION paths naming an
    /// offer, surveys whose first option names one; an offer for every ten paths. With
    /// `unresolved`, that many more paths name no key (past `RuleContext.suggestionLimit`, the
    /// later ones get no suggestion).
    static func longScreen(paths: Int, unresolved: Int = 0) -> String {
        var strings: [String] = [], management: [String] = [], offers: [String] = []
        func text(_ key: String, _ english: String) -> String {
            strings.append("\"\(key)\": {\"en\": \"\(english)\", \"de\": \"\(english) (de)\"}")
            return key
        }
        let offerCount = max(1, paths / 10)
        for o in 0..<offerCount {
            offers.append("\"offer-\(o)\": {\"android_offer_id\": \"offer-\(o)\", \"ios_offer_id\": \"offer_\(o)\", "
                + "\"subtitle_key\": \"\(text("offer_\(o)_subtitle", "Stay, offer \(o)."))\", \"title_key\": \"\(text("offer_\(o)_title", "Wait \(o)!"))\"}")
        }
        for p in 0..<paths {
            let title = text("path_\(p)_title", "Help option \(p)")
            switch p % 4 {
            case 1:
                management.append(#"{"id": "path_\#(p)", "type": "CUSTOM_ACTION", "action_identifier": "a_\#(p)", "title_key": "\#(title)", "promotional_offer_key": "offer-\#(p % offerCount)"}"#)
            case 2:
                let question = text("survey_\(p)_title", "Why, \(p)?")
                let options = (0..<2).map { i in
                    #"{"id": "option_\#(p)_\#(i)", "title_key": "\#(text("option_\(p)_\(i)", "Reason \(i) of \(p)"))"\#(i == 0 ? #", "promotional_offer_key": "offer-\#(p % offerCount)""# : "")}"#
                }
                management.append(#"{"id": "path_\#(p)", "type": "CUSTOM_ACTION", "action_identifier": "l_\#(p)", "title_key": "\#(title)", "feedback_survey": {"title_key": "\#(question)", "options": [\#(options.joined(separator: ", "))]}}"#)
            default:
                management.append(#"{"id": "path_\#(p)", "type": "CUSTOM_URL", "url": "https://example.com/\#(p)", "open_method": "EXTERNAL", "title_key": "\#(title)"}"#)
            }
        }
        for u in 0..<unresolved {
            management.append(#"{"id": "broken_\#(u)", "type": "CUSTOM_URL", "url": "https://example.com/b", "open_method": "EXTERNAL", "title_key": "path_\#(u)_titel"}"#)
        }
        let restore = text("restore", "Restore purchases"), screen = text("management_title", "How can we help?")
        management.insert(#"{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "\#(restore)"}"#, at: 0)
        return """
            {
              "localization": {"default": "en", "supported": ["en", "de"], "localized_strings": {
                \(strings.joined(separator: ",\n    "))
              }},
              "promotional_offers": {
                \(offers.joined(separator: ",\n    "))
              },
              "screens": {
                "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "\(screen)", "paths": [
                  \(management.joined(separator: ",\n      "))
                ]},
                "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "\(screen)", "paths": [{"id": "restore_none", "type": "MISSING_PURCHASE", "title_key": "\(restore)"}]}
              },
              "support": {"email": "support@example.com"}
            }
            """
    }

    /// A path removed from the middle of a long screen (its line, with its comma), then written
    /// back, as the benchmark does: each is re-checked incrementally (the copies keep later paths
    /// that name the same offer, whose index the removal moves) and publishes what a fresh server does.
    @Test(arguments: [8, 9, 10, 11])
    func aPathRemovedFromALongScreenAndWrittenBack(path: Int) throws {
        let text = Self.longScreen(paths: 40)
        var walk = EditWalk(text: text, files: [:], seed: 1)
        let bytes = Array(text.utf8), needle = Array("{\"id\": \"path_\(path)\"".utf8)
        let start = try #require((0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
        let end = try #require(bytes[start...].firstIndex(of: UInt8(ascii: "\n")))
        let line = Array(bytes[start..<end])
        walk.replace(offset: start, length: line.count, with: [])
        walk.compare()
        walk.replace(offset: start, length: 0, with: line)
        walk.compare()
        #expect(walk.incremental == 2, "path_\(path): \(walk.whole) of 2 checked whole")
    }

    /// Letters typed in and deleted from the key references of paths and offers (title keys,
    /// offer keys, survey options' keys; each letter makes a reference to no key or offer, or
    /// mends one): each publish equals a fresh server's, and most are re-checks of the paths or
    /// offers touched. On a config with more references to no key than the budget of
    /// suggestions, the whole check decides (the later references get no suggestion).
    @Test(arguments: [
        ("long screen", 0x5EED_0031 as UInt64), ("long screen", 0x5EED_0032), ("duplicates", 0x5EED_0033),
        ("structure", 0x5EED_0034), ("sample", 0x5EED_0035), ("default config", 0x5EED_0036),
        ("past the budget of suggestions", 0x5EED_0037),
    ])
    func lettersTypedInKeyReferencesPublishWhatAFullCheckDoes(config: String, seed: UInt64) throws {
        let text: String
        switch config {
        case "long screen": text = Self.longScreen(paths: 40)
        case "duplicates": text = Self.duplicates
        case "structure": text = Self.structure
        case "sample": text = sample
        case "past the budget of suggestions": text = Self.longScreen(paths: 12, unresolved: RuleContext.suggestionLimit + 2)
        default: text = DefaultConfig.json()
        }
        var walk = EditWalk(text: text, files: [:], seed: seed)
        walk.run(steps: 60, keyReferencesOnly: true)
        if config == "past the budget of suggestions" {
            // Most letters change which references get a suggestion (two keys a letter apart may both be the table's).
            #expect(walk.elementIncremental * 2 < walk.elementChecks, "\(walk.elementIncremental) of \(walk.elementChecks) checked incrementally past the budget")
        } else {
            #expect(walk.elementIncremental * 2 > walk.elementChecks, "\(config): only \(walk.elementIncremental) of \(walk.elementChecks) letters typed in key references were checked incrementally")
        }
    }
}

extension IncrementalCheckTests {
    /// Letters typed in and deleted from a screen's own fields (its title key: a reference to no
    /// key at nearly every letter; its subtitle key; its type): each publish equals a fresh
    /// server's, and most are re-checks of the field (ElementEditCheck), not of the document.
    @Test(arguments: [
        ("long screen", 0x5EED_0041 as UInt64), ("duplicates", 0x5EED_0042), ("structure", 0x5EED_0043),
        ("sample", 0x5EED_0044), ("default config", 0x5EED_0045), ("findings", 0x5EED_0046),
    ])
    func lettersTypedInAScreensOwnFieldsPublishWhatAFullCheckDoes(config: String, seed: UInt64) throws {
        let text: String
        switch config {
        case "long screen": text = Self.longScreen(paths: 40)
        case "duplicates": text = Self.duplicates
        case "structure": text = Self.structure
        case "sample": text = sample
        case "findings": text = Self.findings
        default: text = DefaultConfig.json()
        }
        var walk = EditWalk(text: text, files: [:], seed: seed)
        walk.run(steps: 50, screenFieldsOnly: true)
        #expect(walk.elementIncremental * 2 > walk.elementChecks, "\(config): only \(walk.elementIncremental) of \(walk.elementChecks) letters typed in a screen's fields were checked incrementally")
    }
}
