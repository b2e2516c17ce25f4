import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// A rule is one room (docs/design.md): every descriptor lives under `Rules/`, nothing else in
/// the sources keys behaviour by a rule's id string, and what the documentation says about the
/// rules is what the descriptors say.
@Suite struct RuleRoomTests {
    static let sources = TestPaths.packageRoot.appendingPathComponent("Sources")

    /// Every Swift file under `Sources/`, as a path relative to it, with its text.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        var files: [(String, String)] = []
        for case let name as String in walker where name.hasSuffix(".swift") {
            files.append((name, try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The text without `//` comments (a rule id in a comment keys nothing).
    static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            // Cut at the first `//` outside a string literal.
            var inString = false
            var previous: Character = " "
            var kept = ""
            for character in line {
                if !inString, previous == "/", character == "/" { kept.removeLast(); break }
                if character == "\"", previous != "\\" { inString.toggle() }
                kept.append(character)
                previous = character
            }
            return kept
        }.joined(separator: "\n")
    }

    static let rulesFolder = "CustomerCenterCompiler/Rules/"

    @Test func everyRuleTypeIsDeclaredUnderRules() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100, "found the sources")
        for rule in RuleCatalog.ruleTypes {
            let name = String(describing: rule)
            let homes = files.filter { $0.text.contains("enum \(name): ") }.map(\.path)
            #expect(homes.count == 1 && homes.allSatisfy { $0.hasPrefix(Self.rulesFolder) }, "\(name) is declared in \(homes)")
        }
    }

    @Test func noDescriptorIsMadeOutsideRules() throws {
        let outside = try Self.swiftFiles().filter { !$0.path.hasPrefix(Self.rulesFolder) && Self.code($0.text).contains("RuleDescriptor(") }
        #expect(outside.map(\.path) == [])
    }

    /// No source outside `Rules/` names a rule by its id: it asks the descriptor
    /// (`diagnostic.id.descriptor?.editorAddition`, `.isSyntax`, `.blocksCompile`).
    @Test func noRuleIDStringOutsideRules() throws {
        let groups = Set(RuleCatalog.all.map { String($0.id.rawValue.split(separator: ".")[0]) })
        let pattern = try Regex("\"(" + groups.sorted().joined(separator: "|") + #")\.[a-z0-9-]+""#)
        var found: [String] = []
        for file in try Self.swiftFiles() where !file.path.hasPrefix(Self.rulesFolder) {
            for match in Self.code(file.text).matches(of: pattern) { found.append("\(file.path): \(match.output[0].substring ?? "")") }
        }
        #expect(found == [])
    }

    /// The check itself sees an id in code and none in a comment.
    @Test func theIDCheckSeesCodeOnly() {
        #expect(Self.code(#"case "ref.unresolved-string": // "l10n.whitespace""#) == #"case "ref.unresolved-string": "#)
        #expect(Self.code(#"let url = "https://example.com""#).contains("https://example.com"))
    }

    /// `explain` lints the failing example under the rule's example configuration, so it shows
    /// the finding the example is about (it showed none for `l10n.missing-required-translation`,
    /// linted without `locales.required`).
    @Test(arguments: RuleCatalog.all.filter { !$0.formats.isEmpty && !RuleCatalog.previewRules.contains($0.id) }.map(\.id))
    func explainShowsTheFailingExamplesFinding(_ id: RuleID) throws {
        let rule = try #require(RuleCatalog.descriptor(for: id))
        let text = RuleDocumentation.explain(rule)
        let failing = try #require(text.components(separatedBy: "Fails:").last?.components(separatedBy: "Passes:").first)
        #expect(failing.contains("example.json:") && failing.contains("[\(id)]"), "\(id): \(text)")
        #expect(text.contains("checked under this \(LinterConfiguration.fileName): \(rule.exampleConfiguration.fileText)") == !rule.exampleConfiguration.isEmpty)
    }

    @Test func exampleConfigurationIsWhatAConfigurationFileSays() throws {
        let settings = RuleExampleConfiguration(requiredLocales: ["de", "ja"], platforms: [.android, .ios],
                                                oldestSDK: OldestSDK(ios: SDKVersion(5, 20, 0), android: SDKVersion(8, 10, 0)))
        let configuration = try LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: settings.fileText))
        #expect(configuration.diagnostics.isEmpty)
        #expect(configuration.requiredLocales == settings.requiredLocales)
        #expect(configuration.platforms == settings.platforms)
        #expect(configuration.oldestSDK == settings.oldestSDK)
        #expect(RuleExampleConfiguration().fileText == "{}" && RuleExampleConfiguration().isEmpty)
        #expect(RuleCatalog.all.filter { !$0.exampleConfiguration.isEmpty }.map(\.id)
                == [MissingRequiredTranslationRule.descriptor.id, SDKBreaksOldVersionRule.descriptor.id, SDKHiddenOnOldVersionRule.descriptor.id,
                    SDKIgnoredOnOldVersionRule.descriptor.id])
    }

    // MARK: docs/rules.md

    static func page(_ path: String) -> String {
        (try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    static let rulesPage = page("docs/rules.md")

    /// The rule ids in backticks of the paragraph or list item of `text` (docs/rules.md) that
    /// contains `phrase`.
    static func ids(inParagraphWith phrase: String, of text: String = rulesPage) -> Set<String> {
        let paragraphs = text.components(separatedBy: "\n\n").flatMap { $0.components(separatedBy: "\n- ") }
        guard let paragraph = paragraphs.first(where: { $0.contains(phrase) }) else { return [] }
        let known = Set(RuleCatalog.all.map(\.id.rawValue))
        return Set(paragraph.components(separatedBy: "`").filter(known.contains))
    }

    /// A rule id the README or a page of docs/ names in backticks is a rule that exists.
    @Test func everyRuleIDTheDocsNameExists() throws {
        let groups = Set(RuleCatalog.all.map { String($0.id.rawValue.split(separator: ".")[0]) })
        let pattern = try Regex("`((" + groups.sorted().joined(separator: "|") + #")\.[a-z0-9-]+)`"#)
        let docs = TestPaths.packageRoot.appendingPathComponent("docs")
        let pages = ["README.md"] + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        // Config fields that read like rule ids.
        let fields: Set<String> = ["appearance.light", "appearance.dark", "support.email"]
        let known = Set(RuleCatalog.all.map(\.id.rawValue)).union(fields)
        var named = 0
        for path in pages {
            for match in Self.page(path).matches(of: pattern) {
                let id = String(match.output[1].substring ?? "")
                named += 1
                #expect(known.contains(id), "\(path) names `\(id)`, which is no rule")
            }
        }
        #expect(named > 100)
    }

    @Test func rulesPageListsWhatTheDescriptorsSay() {
        #expect(!Self.rulesPage.isEmpty)
        #expect(Self.ids(inParagraphWith: "refuses to compile") == Set(RuleCatalog.all.filter(\.blocksCompile).map(\.id.rawValue)))
        #expect(Self.ids(inParagraphWith: "only by `preview --check`") == Set(RuleCatalog.previewRules.map(\.rawValue)))
        #expect(Self.ids(inParagraphWith: "added by this project") == Set(RuleCatalog.projectRules.map(\.rawValue)))
        #expect(Self.ids(inParagraphWith: "greys out") == Set(RuleCatalog.all.filter(\.marksUnnecessaryCode).map(\.id.rawValue)))
        #expect(Self.ids(inParagraphWith: "\"create the key\"") == Set(RuleCatalog.all.filter { $0.editorAddition == .createMissingString }.map(\.id.rawValue)))
        #expect(Self.ids(inParagraphWith: "\"add the missing translations\"")
                == Set(RuleCatalog.all.filter { $0.editorAddition == .addMissingTranslations }.map(\.id.rawValue)))
        #expect(Self.ids(inParagraphWith: "cannot be switched off") == Set(RuleCatalog.all.filter(\.isSyntax).map(\.id.rawValue)))
        #expect(Self.ids(inParagraphWith: "cannot be switched off", of: Self.page("docs/configuration.md"))
                == Set(RuleCatalog.all.filter(\.isSyntax).map(\.id.rawValue)))
    }
}
