import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// A message that speaks of a platform's customers speaks only of target platforms (docs/commands.md, "Target platforms"): an
/// Android-only config is never told what iOS does, and the reverse.
@Suite struct PlatformScopeTests {
    static let targets: [Set<Platform>] = [[.ios], [.android], [.ios, .android]]

    static func speaksOf(_ platform: Platform, _ message: String) -> Bool {
        message.contains(platform.displayName + " ") || message.contains(platform.displayName + ",") || message.contains(platform.displayName + ")")
    }

    @Test(arguments: RuleCatalog.all.filter { !$0.formats.isEmpty && !RuleCatalog.previewRules.contains($0.id) }.map(\.id))
    func messagesSpeakOnlyOfTargetPlatforms(_ id: RuleID) throws {
        let rule = try #require(RuleCatalog.descriptor(for: id))
        for example in [rule.failingExample, rule.passingExample] {
            let text = MarkedText(example).text
            for platforms in Self.targets {
                var options = rule.exampleOptions
                options.platforms = platforms
                let report = Linter.lint(SourceFile(path: "e.json", text: text), options: options)
                for diagnostic in report.diagnostics {
                    for other in Platform.allCases where !platforms.contains(other) {
                        #expect(!Self.speaksOf(other, diagnostic.message), "\(platforms.map(\.rawValue)): \(diagnostic.id): \(diagnostic.message)")
                    }
                }
            }
        }
    }

    static let customURL = Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": "CUSTOM_URL", "title_key": "title", "url": "https://example.com"}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "restore_none", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#,
                                              extra: #""support": {"email": "a@example.com"}"#)

    @Test func androidTreatsAMissingOpenMethodAsExternal() {
        let ios = Linter.lint(SourceFile(path: "c.json", text: Self.customURL), options: LintOptions(platforms: [.ios]))
        #expect(ios.diagnostics.contains { $0.id == "path.custom-url-missing-url" })
        let android = Linter.lint(SourceFile(path: "c.json", text: Self.customURL), options: LintOptions(platforms: [.android]))
        #expect(!android.diagnostics.contains { $0.id == "path.custom-url-missing-url" }, "\(android.diagnostics.map(\.message))")
        // And so an Android-only config compiles.
        let compiled = Workspace().run(Compile(SourceFile(path: "c.json", text: Self.customURL), options: CompileOptions(platforms: [.android])))
        #expect(compiled.payloads != nil, "\(compiled.output.report.diagnostics.map(\.message))")
    }

    @Test func promoAndSurveyPointsAtTheOfferWithANoteAtTheSurvey() throws {
        let rule = PromoAndSurveyRule.descriptor
        let marked = MarkedText(rule.failingExample)
        let report = Linter.lint(SourceFile(path: "e.json", text: marked.text))
        let finding = try #require(report.diagnostics.first { $0.id == rule.id })
        #expect(report.source.text(in: finding.range) == "\"stay\"")
        #expect(finding.pointer.description.hasSuffix("/promotional_offer_key"))
        let note = try #require(finding.notes.first)
        #expect(report.source.text(in: note.range) == "\"feedback_survey\"")
    }
}
