import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// A rule says what its check reads (`RuleDescriptor.reads`), and the language server trusts it:
/// after an edit inside one text it re-checks only `RuleCatalog.rules(reading: .texts)`, inside
/// that key's member. So every text of every rule's examples is rewritten (emptied, padded, given
/// placeholders, another script, another text of the document, the SDK's own English) and the
/// whole document re-checked: a finding of a rule that does not declare the text may not move,
/// appear or vanish, and a rule that declares it may change its findings only inside the key's
/// member (unless it compares that key's texts with others', `.textsOfSeveralKeys`).
@Suite struct RuleReadsTests {
    /// A document to edit and what it is checked with.
    struct Document: Sendable {
        let text: String
        let options: LintOptions
        let format: InputFormat
    }

    /// One text of a `localized_strings` table: its key, the key's member and the text's content.
    struct TextSpot {
        let key: String
        let member: ByteRange
        let content: ByteRange
    }

    /// Every rule's examples (as `RuleExamplesTests` reads them), and responses whose texts are
    /// ones someone wrote (rule examples carry none).
    static let documents: [Document] = {
        var documents: [Document] = []
        for rule in RuleExamplesTests.documentRules {
            for marked in rule.failingExamples + rule.passingExamples {
                documents.append(Document(text: MarkedText(marked).text, options: rule.exampleOptions, format: rule.exampleFormat))
            }
        }
        var response = LintOptions(inputFormat: .response)
        response.oldestSDK = OldestSDK(ios: SDKVersion(5, 20, 0))
        let written = Examples.response().replacingOccurrences(
            #""localized_strings": {}"#,
            with: #""localized_strings": {"default_subject": "Help with my plan", "buy_subscription": "Subscribe now", "title": "Help"}"#)
        documents.append(Document(text: written, options: response, format: .response))
        return documents
    }()

    /// The texts an edit may become: none adds or removes a quote, an escape or a control byte.
    static func replacements(for spot: TextSpot, in bytes: [UInt8], others: [String]) -> [String] {
        var texts = ["", "  Help  ", "Hello {{ app_name }}", "{{ no_such_placeholder }} %@", "{ broken", "Привет мир", "Help"]
        if let english = SDKStrings.english[spot.key] { texts.append(english) }
        texts += others
        let current = String(decoding: bytes[spot.content.start..<spot.content.end], as: UTF8.self)
        return texts.filter { $0 != current }
    }

    /// The texts of every `localized_strings` table in `root` (authoring: key → locale → text;
    /// response: key → text) whose bytes hold no escape.
    static func textSpots(_ root: JSONValue, bytes: [UInt8]) -> [TextSpot] {
        var spots: [TextSpot] = []
        func plain(_ value: JSONValue) -> ByteRange? {
            guard value.stringValue != nil, value.range.count >= 2 else { return nil }
            let content = ByteRange(value.range.start + 1, value.range.end - 1)
            return bytes[content.start..<content.end].contains(UInt8(ascii: "\\")) ? nil : content
        }
        func visit(_ node: JSONValue) {
            for member in node.objectMembers ?? [] {
                if member.key == "localized_strings", let keys = member.value.objectMembers {
                    for entry in keys {
                        let texts = entry.value.objectMembers.map { $0.map(\.value) } ?? [entry.value]
                        spots += texts.compactMap(plain).map { TextSpot(key: entry.key, member: entry.range, content: $0) }
                    }
                } else {
                    visit(member.value)
                }
            }
            for element in node.arrayElements ?? [] { visit(element) }
        }
        visit(root)
        return spots
    }

    /// A finding, as the comparison sees it: its position in the text before the edit.
    struct Seen: Hashable, Comparable {
        let rule: String
        let start: Int
        let end: Int
        let message: String
        static func < (a: Seen, b: Seen) -> Bool { (a.rule, a.start, a.end, a.message) < (b.rule, b.start, b.end, b.message) }
    }

    /// The findings an edit of `spot` may not change: those of rules that do not read the text,
    /// and every finding outside the key's member except those of rules comparing the key's texts.
    static func unchangeable(_ analysis: Analysis, spot: TextSpot, delta: Int, after: Bool, format: InputFormat,
                             compared: Set<String>) -> [Seen] {
        let readers = RuleCatalog.rules(reading: format == .authoring ? .texts : [.texts, .responseTexts])
        let comparing = RuleCatalog.rules(reading: .textsOfSeveralKeys)
        let member = after ? ByteRange(spot.member.start, spot.member.end + delta) : spot.member
        let contentEnd = spot.content.end + (after ? delta : 0)
        // Positions in the text before the edit; one inside the edited text is its start.
        func before(_ offset: Int) -> Int {
            if offset < spot.content.start { return offset }
            if offset >= contentEnd { return offset - (after ? delta : 0) }
            return spot.content.start
        }
        return analysis.report.diagnostics.compactMap { finding in
            if readers.contains(finding.id), member.start <= finding.range.start, finding.range.end <= member.end { return nil }
            if comparing.contains(finding.id), compared.contains(spot.key) { return nil }
            return Seen(rule: finding.id.rawValue, start: before(finding.range.start), end: before(finding.range.end), message: finding.message)
        }.sorted()
    }

    @Test func aFindingATextCanChangeComesFromARuleThatSaysItReadsTexts() throws {
        var edits = 0
        var problems: Set<String> = []
        for document in Self.documents {
            let bytes = Array(document.text.utf8)
            guard let root = JSONParser.parse(bytes).root else { continue }
            let before = Linter.analyze(SourceFile(path: "example.json", bytes: bytes), options: document.options)
            guard !before.report.diagnostics.contains(where: { RuleCatalog.textRules.contains($0.id) }) else { continue }
            let compared = before.resolved.map { RuleCatalog.keysWhoseTextsAreCompared(in: $0) } ?? []
            let spots = Self.textSpots(root, bytes: bytes)
            let others = spots.map { String(decoding: bytes[$0.content.start..<$0.content.end], as: UTF8.self) }
            for spot in spots {
                for replacement in Self.replacements(for: spot, in: bytes, others: others) {
                    let edited = Array(bytes[..<spot.content.start]) + Array(replacement.utf8) + Array(bytes[spot.content.end...])
                    let delta = edited.count - bytes.count
                    let after = Linter.analyze(SourceFile(path: "example.json", bytes: edited), options: document.options)
                    edits += 1
                    let old = Self.unchangeable(before, spot: spot, delta: delta, after: false, format: document.format, compared: compared)
                    let new = Self.unchangeable(after, spot: spot, delta: delta, after: true, format: document.format, compared: compared)
                    guard old != new else { continue }
                    let changed = Set(old).symmetricDifference(new).map(\.rule).sorted()
                    problems.insert("\(changed) changed when the text of '\(spot.key)' became \(MessageText.quoted(replacement))")
                }
            }
        }
        #expect(edits > 1_000, "edited the examples' texts")
        #expect(problems.sorted() == [], "a rule reads texts without saying so in its descriptor's `reads`")
    }

    /// The query the language server uses is the descriptors' declarations, and the survey's
    /// comparison of option texts names the options' keys.
    @Test func theCatalogAnswersFromTheDescriptors() throws {
        let texts = RuleCatalog.rules(reading: .texts)
        #expect(texts.contains(WhitespaceRule.descriptor.id) && texts.contains(SchemaEmptyValueRule.descriptor.id))
        #expect(!texts.contains(UnusedStringRule.descriptor.id) && !texts.contains(DuplicateOptionTitleRule.descriptor.id))
        #expect(RuleCatalog.rules(reading: .structure).count == RuleCatalog.all.count)
        let rule = DuplicateOptionTitleRule.descriptor
        let analysis = Linter.analyze(SourceFile(path: "e.json", text: MarkedText(rule.failingExample).text), options: rule.exampleOptions)
        let resolved = try #require(analysis.resolved)
        #expect(RuleCatalog.keysWhoseTextsAreCompared(in: resolved) == ["opt_a", "opt_b"])
    }
}
