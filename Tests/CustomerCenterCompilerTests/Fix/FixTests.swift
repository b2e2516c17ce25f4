import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// Every fix does what it says (SwiftLint's `corrections`): applied to its rule's failing
/// example, the finding is gone and nothing new appears; and `Fixer` is safe and idempotent.
@Suite struct FixTests {
    static let documentRules = RuleCatalog.all.filter { !$0.formats.isEmpty && !RuleCatalog.previewRules.contains($0.id) }

    static func lint(_ text: String, _ rule: RuleDescriptor) -> FileReport {
        Linter.lint(SourceFile(path: "e.json", text: text), options: rule.exampleOptions)
    }

    /// Extra failing texts for fix kinds the examples do not show.
    static let extraExamples: [RuleID: [String]] = [
        "schema.enum-value": [Examples.authoring(screens: #""MANAGEMENT": {"type": "management", "title_key": "title", "paths": []}"#),
                              Examples.authoring(extra: #""promotional_offers": {"o": {"ios_offer_id": "o", "title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "LESS", "amount_in_seconds": 60}]}}"#)],
        "screen.unknown-type": [Examples.authoring(screens: #""management": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "r", "type": "MISSING_PURCHASE", "title_key": "title"}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "s", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#)],
        "offer.invalid-store-id": [Examples.authoring(extra: #""promotional_offers": {"o": {"ios_offer_id": " stay_offer ", "title_key": "title", "subtitle_key": "title"}}"#),
                                   Examples.authoring(extra: #""promotional_offers": {"o": {"ios_offer_id": "stay offer", "title_key": "title", "subtitle_key": "title"}}"#)],
        "appearance.invalid-color": [Examples.authoring(extra: ##""appearance": {"light": {"accent_color": "black"}, "dark": {"accent_color": "#000000"}}"##)],
        "json.syntax": ["{\"a\": \"x}\n"],
        "support.invalid-email": [Examples.authoring(extra: #""support": {"email": "mailto:help@example.com"}"#)],
        "path.custom-url-missing-url": [Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": "CUSTOM_URL", "title_key": "title", "url": "https://example.com"}]}"#)],
    ]

    @Test(arguments: documentRules.map(\.id))
    func everyFixRemovesItsFindingAndAddsNone(_ id: RuleID) throws {
        let rule = try #require(RuleCatalog.descriptor(for: id))
        var seen = Set<FixApplicability>()
        for text in rule.failingExamples.map({ MarkedText($0).text }) + (Self.extraExamples[id] ?? []) {
            let before = Self.lint(text, rule)
            for diagnostic in before.diagnostics where diagnostic.id == id {
                guard let fix = diagnostic.fix else { continue }
                seen.insert(fix.applicability)
                #expect(rule.fixes.contains(fix.applicability), "\(id) emits a \(fix.applicability) fix it does not declare")
                let fixed = String(decoding: apply(fix.edits, to: before.source.bytes), as: UTF8.self)
                let after = Self.lint(fixed, rule)
                #expect(!after.diagnostics.contains { $0.id == id && $0.pointer == diagnostic.pointer && $0.message == diagnostic.message },
                        "\(id): '\(fix.message)' left its finding: \(fixed)")
                // Nothing new: every finding after the fix was there before (by rule and message).
                let old = Set(before.diagnostics.map { "\($0.id) \($0.message)" })
                let new = after.diagnostics.filter { !old.contains("\($0.id) \($0.message)") && $0.id != id }
                #expect(new.isEmpty, "\(id): '\(fix.message)' introduced \(new.map { "\($0.id): \($0.message)" })")
            }
        }
        #expect(seen == rule.fixes, "\(id) declares \(rule.fixes.map(\.rawValue).sorted()) fixes, its examples show \(seen.map(\.rawValue).sorted())")
    }

    static let broken: String = (try? String(contentsOf: TestPaths.examples.appendingPathComponent("broken.json"), encoding: .utf8)) ?? ""

    static func run(_ text: String, unsafe: Bool = false) -> FixResult {
        Workspace().run(Autofix(SourceFile(path: "broken.json", text: text), unsafe: unsafe)).output
    }

    @Test func theBrokenExampleKeepsOnlyWhatNoFixRepairs() {
        #expect(!Self.broken.isEmpty)
        let before = Linter.lint(SourceFile(path: "broken.json", text: Self.broken))
        let result = Self.run(Self.broken)
        #expect(result.applied == 3)
        #expect(result.changed)
        let remaining = Set(result.report.diagnostics.map(\.id.rawValue))
        #expect(remaining == ["l10n.missing-translation", "json.duplicate-key", "screen.missing", "screen.empty-paths"], "\(remaining)")
        #expect(before.diagnostics.count > result.report.diagnostics.count)
        #expect(result.report.diagnostics.allSatisfy { $0.fix == nil || $0.fix?.applicability == .unsafe })
        // Idempotent: a second run changes nothing.
        let again = Self.run(String(decoding: result.source.bytes, as: UTF8.self))
        #expect(!again.changed)
        #expect(again.applied == 0)
    }

    @Test func unsafeFixesOnlyWhenAsked() {
        let text = Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "subtitel_key": "title", "paths": [{"id": "r", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#)
        #expect(!Self.run(text).changed)
        let unsafe = Self.run(text, unsafe: true)
        #expect(unsafe.applied == 1)
        #expect(String(decoding: unsafe.source.bytes, as: UTF8.self).contains(#""subtitle_key": "title""#))
    }

    @Test func aFileThatDoesNotParseGetsOnlySyntaxFixes() {
        // A missing comma (a syntax fix) and a whitespace defect (not one): only the first is applied
        // while the file does not parse; once it parses, the next round takes the rest.
        let text = #"{"localization": {"default": "en" "localized_strings": {"title": {"en": "Help "}}}, "screens": {}}"#
        let result = Self.run(text)
        let fixed = String(decoding: result.source.bytes, as: UTF8.self)
        #expect(fixed.contains(#""default": "en", "localized_strings""#))
        #expect(fixed.contains(#""en": "Help""#))
        // An unclosed file is not closed by a guess.
        let truncated = Self.run(#"{"screens": {"MANAGEMENT": {"paths": ["#)
        #expect(!truncated.changed)
    }

    @Test func overlappingFixesAreAppliedOneAtATime() {
        let a = Fix(message: "a", edits: [TextEdit(range: ByteRange(0, 4), replacement: "x")], applicability: .safe)
        let b = Fix(message: "b", edits: [TextEdit(range: ByteRange(2, 6), replacement: "y")], applicability: .safe)
        let c = Fix(message: "c", edits: [TextEdit(range: ByteRange(6, 6), replacement: "z")], applicability: .safe)
        let d = Fix(message: "d", edits: [TextEdit(range: ByteRange(6, 6), replacement: "w")], applicability: .safe)
        #expect(Fixer.nonOverlapping([b, a, c, d]).map(\.message) == ["a", "c"])
    }

    @Test func keepsLineEndings() throws {
        let text = Self.broken.replacingOccurrences(of: "\n", with: "\r\n")
        let result = Self.run(text)
        let fixed = String(decoding: result.source.bytes, as: UTF8.self)
        #expect(result.changed)
        #expect(!fixed.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func unifiedDiff() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"
        let new = "a\nb\nC\nd\ne\nf\ng\nh\ni\nj\nk\n"
        #expect(UnifiedDiff.make(old: old, new: new, oldName: "a/x", newName: "b/x") == """
            --- a/x
            +++ b/x
            @@ -1,6 +1,6 @@
             a
             b
            -c
            +C
             d
             e
             f
            @@ -8,3 +8,4 @@
             h
             i
             j
            +k

            """)
        #expect(UnifiedDiff.make(old: old, new: old, oldName: "a", newName: "b").isEmpty)
    }
}
