import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// `lint --fix` derives the fixed text's report from the scan before it when the round's fixes
/// provably change no other finding (`FixCandidates.derivedScan(of:applied:)`, docs/performance.md
/// "Fixes in linear time"): on random configs, whatever it derives is exactly what a lint of the
/// fixed text gives, and it derives often enough to matter and refuses where it must.
@Suite struct DerivedScanTests {
    /// Words of texts: scripts, placeholders well and badly formed, a lone brace, escapes, a
    /// control character, a no-break space.
    static let words = ["Help", "Cancel", "my plan", "帮助", "幫助", "{{ price }}", "{{  price }}", "{{price}}", "{price}", "}",
                        "é", "\\t", "\\n", "\\u0007", "\u{00A0}", "a\\\"b", "ok"]
    /// Words no rule but `l10n.whitespace` minds.
    static let plainWords = ["Help", "Cancel", "my plan", "é", "ok"]
    static let runs = ["", " ", "  ", "   "]

    /// A text with spaces around and between its words, sometimes (when `empty`) empty, or only spaces.
    static func text(_ random: inout SeededGenerator, words: [String], empty: Bool = true) -> String {
        switch random.next(14) {
        case 0 where empty: return ""
        case 1 where empty || random.next(10) == 0: return String(repeating: " ", count: 1 + random.next(3))
        default:
            var text = runs[random.next(runs.count)]
            for index in 0..<(1 + random.next(3)) {
                if index > 0 { text += runs[1 + random.next(runs.count - 1)] }
                text += words[random.next(words.count)]
            }
            return text + runs[random.next(runs.count)]
        }
    }

    /// A config whose screen names a title, a subtitle and three survey options (whose texts
    /// `duplicate-option-title` compares, two of them alike but for spaces), with more keys no
    /// one names. Half of them messy: some keys lack some locales, and the texts have every word;
    /// the other half only spaces to fix (and texts that are only spaces).
    static func config(_ random: inout SeededGenerator) -> String {
        let locales = ["en", "de", "zh-Hant", "fr"]
        let messy = random.next(2) == 0
        // (Any fix of an option's text is linted: their texts are compared.)
        let spacedOptions = messy || random.next(4) == 0
        var keys = ["title", "sub", "opt_a", "opt_b", "opt_c"]
        for index in 0..<random.next(6) { keys.append("k\(index)") }
        let members = keys.map { key -> String in
            let texts = locales.enumerated().compactMap { index, locale -> String? in
                guard index == 0 || !messy || random.next(6) != 0 else { return nil }
                let text = !key.hasPrefix("opt_") ? Self.text(&random, words: messy ? Self.words : Self.plainWords, empty: messy)
                    : spacedOptions ? Self.text(&random, words: ["Too expensive", "Other"], empty: messy) : "Option \(key)"
                return "\"\(locale)\": \"\(text)\""
            }
            return "\"\(key)\": {\(texts.joined(separator: ", "))}"
        }
        let options = ["opt_a", "opt_b", "opt_c"].enumerated().map { "{\"id\": \"o\($0.offset)\", \"title_key\": \"\($0.element)\"}" }
        return """
            {"localization": {"default": "en", "localized_strings": {\(members.joined(separator: ",\n"))}},
             "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "subtitle_key": "sub", "paths": [
               {"id": "cancel", "type": "CANCEL", "title_key": "title",
                "feedback_survey": {"title_key": "sub", "options": [\(options.joined(separator: ", "))]}}]}},
             "support": {"email": "help@example.com"}}
            """
    }

    /// One round on `text`: its scan, the fixed text, and the scan derived from the first.
    static func round(_ text: String, policy: Policy) -> (found: FixCandidates, fixed: SourceFile, count: Int, derived: FixCandidates?) {
        let source = SourceFile(path: "c.json", text: text)
        let found = policy.fixes(source, unsafe: false, reporting: true)
        let (bytes, count) = found.applied(to: source.bytes)
        let fixed = SourceFile(path: "c.json", bytes: bytes)
        return (found, fixed, count, count > 0 ? found.derivedScan(of: fixed, applied: count) : nil)
    }

    @Test func aDerivedScanIsTheLintOfTheFixedText() throws {
        var random = SeededGenerator(seed: 57)
        var derivedRounds = 0, linted = 0
        for index in 0..<600 {
            var settings = RunSettings()
            settings.displayCap = [1, 2, 1000][random.next(3)]
            let policy = Policy(settings: settings, configuration: nil)
            let text = Self.config(&random)
            let (_, fixed, count, derived) = Self.round(text, policy: policy)
            guard count > 0 else { continue }
            guard let derived else {
                linted += 1
                continue
            }
            derivedRounds += 1
            let real = policy.fixes(fixed, unsafe: false, reporting: true)
            let (ours, theirs) = (try #require(derived.check), try #require(real.check))
            #expect(ours.report.diagnostics == theirs.report.diagnostics, "config \(index):\n\(text)")
            #expect(ours.report.counts == theirs.report.counts, "config \(index):\n\(text)")
            #expect(ours.report.omitted == theirs.report.omitted, "config \(index)")
            #expect(ours.report.disabledRules == theirs.report.disabledRules, "config \(index)")
            #expect(ours.usedIgnores == theirs.usedIgnores, "config \(index)")
            #expect(derived.findings == real.findings && derived.errors == real.errors, "config \(index):\n\(text)")
            #expect(derived.count == 0 && real.count == 0, "config \(index): fixes left")
            #expect(derived.doesNotParse == real.doesNotParse)
        }
        // Both ways are taken often: the comparison is not of a few lucky texts.
        #expect(derivedRounds >= 60, "derived \(derivedRounds)")
        #expect(linted >= 60, "linted \(linted)")
    }

    /// What must be linted, not derived: each of these fixed texts has a finding (or words)
    /// the text before it did not.
    @Test(arguments: [
        // Only spaces: the fixed text is empty (l10n.empty-translation).
        #""t": {"en": "Help"}, "u": {"en": "   "}"#,
        // Two survey options' texts alike but for a trailing space (survey.duplicate-option-title).
        #""t": {"en": "Help"}, "a": {"en": "Too expensive "}, "b": {"en": "Too expensive"}"#,
        // A finding quoting the fixed default text (l10n.missing-translation: 'c' has no German).
        #""t": {"en": "Help", "de": "Hilfe"}, "a": {"en": "A", "de": "A"}, "b": {"en": "B", "de": "B"}, "c": {"en": "Too  expensive"}"#,
    ])
    func aRoundThatChangesAnotherFindingIsLinted(_ strings: String) {
        #expect(Self.derives(strings) == false)
    }

    /// Texts whose fixes are linted, not derived, though no rule minds them today: a brace (a
    /// placeholder rule reads what is inside), a no-break space removed (not a space).
    @Test(arguments: [#""u": {"en": "{{ price }}  "}"#, #""u": {"en": "Help\#u{00A0}"}"#])
    func aTextAnotherRuleCouldReadIsLinted(_ strings: String) {
        #expect(Self.derives(#""t": {"en": "Help"}, "a": {"en": "A"}, "b": {"en": "B"}, "# + strings) == false)
    }

    /// Whether the round of the config with `strings` (whose keys 'a' and 'b' are two survey
    /// options' texts and 't' the rest) is derived; `nil` when it has nothing to fix.
    static func derives(_ strings: String) -> Bool? {
        let text = """
            {"localization": {"default": "en", "localized_strings": {\(strings)}},
             "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "t", "paths": [
               {"id": "cancel", "type": "CANCEL", "title_key": "t",
                "feedback_survey": {"title_key": "t", "options": [{"id": "x", "title_key": "a"}, {"id": "y", "title_key": "b"}]}}]}},
             "support": {"email": "help@example.com"}}
            """
        let (_, _, count, derived) = Self.round(text, policy: Policy(settings: RunSettings(), configuration: nil))
        return count > 0 ? derived != nil : nil
    }

    /// The same config with its texts' spaces doubled is derived (the tests above fail for the
    /// reason they name, not another).
    @Test func theSameConfigWithPlainTextsIsDerived() {
        #expect(Self.derives(#""t": {"en": "Help", "de": "Hilfe"}, "a": {"en": "A", "de": "A"}, "b": {"en": "B", "de": "B"}, "c": {"en": "Too  expensive", "de": "Zu  teuer "}"#) == true)
    }

    /// A file full of whitespace fixes (the benchmark's kind) is fixed with one lint: the fixed
    /// text's report is derived, and it is the lint of the fixed text.
    @Test func aFileOfWhitespaceFixesIsLintedOnce() throws {
        let members = (0..<200).map { "\"k\($0)\": {\"en\": \"Extra \($0)  \", \"de\": \"  Mehr  \($0)\"}" }
        let text = """
            {"localization": {"default": "en", "localized_strings": {"t": {"en": "Help", "de": "Hilfe"}, \(members.joined(separator: ", "))}},
             "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "t", "paths": [{"id": "p", "type": "MISSING_PURCHASE", "title_key": "t"}]}},
             "support": {"email": "help@example.com"}}
            """
        let policy = Policy(settings: RunSettings(), configuration: nil)
        var scans = 0
        let outcome = Fixer.fix(SourceFile(path: "c.json", text: text)) { file in
            scans += 1
            return policy.fixes(file, unsafe: false, reporting: true)
        }
        #expect(scans == 1)
        #expect(outcome.applied == 600)
        let check = try #require(outcome.check)
        let lint = try #require(policy.fixes(outcome.source, unsafe: false, reporting: true).check)
        #expect(check.report.diagnostics == lint.report.diagnostics)
        #expect(check.report.counts == lint.report.counts)
        #expect(check.report.counts.byRule["ref.unused-string"] == 200)
        #expect(check.report.counts.byRule["l10n.whitespace"] == nil)
    }
}
