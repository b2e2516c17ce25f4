import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

@Suite struct CompilerTests {
    /// Every authoring config we ship or test with.
    static let configs = ["customer_center.json", "default.json"]

    static func source(_ name: String) throws -> SourceFile {
        SourceFile(path: name, bytes: Array(try Data(contentsOf: TestPaths.examples.appendingPathComponent(name))))
    }

    static func compileAll(_ source: SourceFile, customer: Customer? = nil) -> [CompiledPayload] {
        Workspace().run(Compile(source, lintOptions: LintOptions(platforms: [.ios, .android]), options: CompileOptions(customer: customer))).payloads ?? []
    }

    /// Each payload decodes on its SDK (the compat predictions are clean) and lints clean as a
    /// response for its platform (docs/commands.md, `compile`): no error or warning, and no note
    /// but Android's for the refund and plan-change paths the config has for iOS. The Android
    /// payloads carry `default_subject` / `default_body` as the backend sends them, in the table's
    /// translation, which is not a text of the config's.
    @Test(arguments: configs)
    func everyPayloadIsAcceptedByItsSDK(_ name: String) throws {
        let payloads = Self.compileAll(try Self.source(name))
        #expect(!payloads.isEmpty)
        for payload in payloads {
            let report = Linter.lint(SourceFile(path: Compiler.relativePath(of: payload), text: payload.text),
                                     options: LintOptions(inputFormat: .response, platforms: [payload.platform]))
            let findings = report.diagnostics.filter { $0.id != "path.platform-unsupported" || $0.severity != .note }
            #expect(findings.isEmpty, "\(Compiler.relativePath(of: payload)): \(findings.map(\.message))")
        }
    }

    /// Each payload's `localized_strings` is built in the writer's key order (sorted once a run,
    /// docs/performance.md), so writing a payload does not sort the table again.
    @Test func localizedStringsComeInTheWritersOrder() throws {
        let payloads = Self.compileAll(try Self.source("default.json"))
        #expect(payloads.count == 2 * 32)
        for payload in payloads {
            let table = payload.tree.objectMembers?.first?.value.objectMembers?.first { $0.key == "localization" }?
                .value.objectMembers?.first { $0.key == "localized_strings" }?.value.objectMembers ?? []
            let keys = table.map(\.key)
            #expect(keys.count > 100)
            #expect(keys == keys.sorted(by: JSONWriter.keyOrder), "\(payload.platform) \(payload.locale)")
        }
    }

    @Test func defaultConfigCompilesToEveryPlatformAndLocale() throws {
        let payloads = Self.compileAll(try Self.source("default.json"))
        #expect(payloads.count == 2 * 32)
        #expect(Set(payloads.map(\.locale)) == Set(DefaultConfig.locales))
    }

    @Test(arguments: [("customer_center.json", Platform.ios, "en"), ("customer_center.json", Platform.android, "de"),
                      ("default.json", Platform.ios, "ja"), ("default.json", Platform.android, "ar")])
    func goldenPayloads(_ name: String, _ platform: Platform, _ locale: String) throws {
        let payload = try #require(Self.compileAll(try Self.source(name)).first { $0.platform == platform && $0.locale == locale })
        try assertGolden(payload.text, "compile/\(name.replacingOccurrences(".json", with: ""))-\(platform.rawValue)-\(locale).json")
    }

    @Test func compilingIsDeterministicAndFormatIndependent() throws {
        for name in Self.configs {
            let source = try Self.source(name)
            let first = Self.compileAll(source), second = Self.compileAll(source)
            #expect(first == second)
            // Reformatting (here: minified, keys reversed by re-sorting from a different layout) changes no payload.
            let reshaped = SourceFile(path: name, text: JSONWriter(sortKeys: false, inlineArrayLimit: 0).write(try #require(JSONParserHelper.root(source))))
            #expect(Self.compileAll(reshaped) == first)
            let formatted = try #require(Formatter.format(source).formatted)
            #expect(Self.compileAll(SourceFile(path: name, text: formatted)) == first)
        }
    }

    @Test func payloadShapeFollowsSpec() throws {
        let payload = try #require(Self.compileAll(try Self.source("customer_center.json")).first { $0.platform == .android && $0.locale == "de" })
        let root = try #require(JSONParserHelper.root(SourceFile(path: "p", text: payload.text)))
        let center = try #require(root.member("customer_center")?.value)
        #expect(center.member("localization")?.value.member("locale")?.value.stringValue == "de")
        let strings = try #require(center.member("localization")?.value.member("localized_strings")?.value.objectMembers)
        // The config's 11 keys, and every SDK built-in key it does not define (docs/commands.md, `compile`).
        let keys = Set(strings.map(\.key))
        let own = Set(["cancel_offer_subtitle", "cancel_offer_title", "cancel_survey_title", "contact_support", "management_title"])
        #expect(own.isSubset(of: keys))
        #expect(SDKStrings.keys.isSubset(of: keys))
        #expect(strings.count == 11 + SDKStrings.keys.subtracting(own).count)
        #expect(strings.first { $0.key == "contact_support" }?.value.stringValue == "Support kontaktieren")
        let option = try #require(JSONPointer(parsing: "/customer_center/screens/MANAGEMENT/paths/1/feedback_survey/options/0/promotional_offer")?.resolve(in: root))
        #expect(option.member("android_offer_id")?.value.stringValue == "cancel-offer")
        #expect(option.member("ios_offer_id") == nil)
        #expect(option.member("title")?.value.stringValue == "Warte!")
        #expect(option.member("product_mapping")?.value.objectMembers?.count == 1)
        #expect(option.member("eligible")?.value.kind == .bool(true))
        #expect(payload.text.hasSuffix("}\n"))
    }

    @Test func eligibilityIsEvaluatedForACustomer() throws {
        let source = try Self.source("customer_center.json")  // eligible when first seen more than 14 days ago
        func eligible(_ customer: Customer?) throws -> Bool {
            let payload = try #require(Self.compileAll(source, customer: customer).first)
            return payload.text.contains("\"eligible\": true")
        }
        #expect(try eligible(nil))
        #expect(try eligible(Customer(firstSeen: 30 * 86_400)))
        #expect(try !eligible(Customer(firstSeen: 3 * 86_400)))
        #expect(try !eligible(Customer(firstPurchase: 30 * 86_400)))
        #expect(Customer.seconds(fromAge: "30d") == 2_592_000)
        #expect(Customer.seconds(fromAge: "P2W") == 1_209_600)
        #expect(Customer.seconds(fromAge: "PT12H") == 43_200)
        #expect(Customer.seconds(fromAge: "12x") == nil)
        #expect(Customer.seconds(fromAge: "-3d") == nil)
    }

    @Test func localeFallsBackToLanguageThenDefault() throws {
        let text = Examples.authoring(strings: #""title": {"en": "Help", "pt": "Ajuda"}"#)
        let payloads = Workspace().run(Compile(SourceFile(path: "f", text: text), options: CompileOptions(platforms: [.ios], locales: ["pt-BR", "fr"]))).payloads ?? []
        #expect(payloads.map(\.locale) == ["pt-BR", "fr"])
        #expect(payloads[0].text.contains("\"title\": \"Ajuda\""))
        #expect(payloads[1].text.contains("\"title\": \"Help\""))
    }

    @Test func configWithErrorsCompilesNothing() {
        let result = Workspace().run(Compile(SourceFile(path: "f", text: Examples.authoring(strings: #""other": {"en": "x"}"#))))
        #expect(result.payloads == nil)
        #expect(result.output.report.diagnostics.contains { $0.id == "ref.unresolved-string" })
    }

    @Test func manifestAndBundle() throws {
        let source = try Self.source("customer_center.json")
        let payloads = Self.compileAll(source)
        let manifest = try #require(JSONParserHelper.root(SourceFile(path: "m", text: Compiler.manifest(payloads, source: source))))
        #expect(manifest.member("source")?.value.member("sha256")?.value.stringValue == SHA256.hex(source.bytes))
        #expect(manifest.member("payloads")?.value.member("ios/en.json")?.value.member("sha256")?.value.stringValue
                == SHA256.hex(Array(try #require(payloads.first { $0.platform == .ios && $0.locale == "en" }).text.utf8)))
        let bundle = try #require(JSONParserHelper.root(SourceFile(path: "b", text: Compiler.bundle(payloads, source: source))))
        #expect(bundle.member("payloads")?.value.member("android")?.value.member("de")?.value.member("customer_center") != nil)
    }

    @Test(arguments: ["en", "pt-BR", "zh_Hans", "es-419"]) func safeLocaleNames(_ locale: String) { #expect(Compiler.isSafeFileName(locale)) }
    @Test(arguments: ["../x", "a/b", "", ".", "en\u{0}"]) func unsafeLocaleNames(_ locale: String) { #expect(!Compiler.isSafeFileName(locale)) }
}

enum JSONParserHelper {
    static func root(_ source: SourceFile) -> JSONValue? { JSONParser.parse(source.bytes).root }
}
