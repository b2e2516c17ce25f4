import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

@Suite struct SchemaFileTests {
    static let committed = TestPaths.packageRoot.appendingPathComponent("Schemas/customer-center.schema.json")

    @Test func committedSchemaEqualsGenerated() throws {
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(committed == JSONSchemaGenerator.authoringSchema(),
                "Schemas/customer-center.schema.json is out of date; run: swift run customer-center schema > Schemas/customer-center.schema.json")
    }

    /// Python's `jsonschema` (an independent implementation) accepts the schema as 2020-12,
    /// accepts every shipped authoring example, and rejects a broken config (so the check is real).
    @Test(.needs(.jsonschema)) func independentValidatorAgrees() throws {
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            errors = sorted(e.message for e in validator.iter_errors(json.load(open(path))))
            print(path.rsplit("/", 1)[-1], len(errors))
        """
        let broken = try Scratch.directory("cc-schema").appendingPathComponent("broken.json")
        try #"{"localization": {"default": "en", "localized_strings": {}}, "screens": {"MANAGEMENT": {"type": "cancel", "title_key": 3, "paths": []}}, "extra": 1}"#
            .write(to: broken, atomically: true, encoding: .utf8)
        let examples = ["customer_center.json", "default.json"].map { TestPaths.examples.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        let result = try Subprocess.run(command: "python3", ["-c", script, Self.committed.path] + examples.map(\.path) + [broken.path])
        let output = result.stdout
        #expect(result.status == 0, "\(output)\(result.stderr)")
        let lines = output.split(separator: "\n").map(String.init)
        for example in examples { #expect(lines.contains("\(example.lastPathComponent) 0"), "\(output)") }
        #expect(lines.contains("\(broken.lastPathComponent) 3"), "\(output)")
    }
}

@Suite struct SchemaRuleTests {
    /// Each authoring defect, with `↓` where the finding must start, and the one rule that reports
    /// it (no other `schema.*` finding, so one defect is never reported twice).
    static let cases: [(String, RuleID)] = [
        (#""screens": {"MANAGEMENT": {"type": "MANAGEMENT", ↓"titel_key": "t", "title_key": "t", "paths": []}}"#, "schema.unknown-field"),
        (#""screens": {↓"MANAGEMENT": {"type": "MANAGEMENT", "paths": []}}"#, "schema.missing-field"),
        (#""screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": ↓7, "paths": []}}"#, "schema.type-mismatch"),
        (#""screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": ↓null, "paths": []}}"#, "schema.type-mismatch"),
        (#""screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "t", "paths": ↓{}}}"#, "schema.type-mismatch"),
        (#""screens": {"MANAGEMENT": {"type": ↓"management", "title_key": "t", "paths": []}}"#, "schema.enum-value"),
        (#""screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": ↓"", "paths": []}}"#, "schema.empty-value"),
        (#""screens": {}, "promotional_offers": {"o": {"title_key": "t", "subtitle_key": "t", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": ↓1.5}]}}"#,
         "offer.invalid-eligibility-amount"),
        (#""screens": {}, "promotional_offers": {"o": {"title_key": "t", "subtitle_key": "t", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": ↓-1}]}}"#,
         "offer.invalid-eligibility-amount"),
        (#""screens": {}, "promotional_offers": {"o": {"title_key": "t", "subtitle_key": "t", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": ↓99999999999999999999}]}}"#,
         "offer.invalid-eligibility-amount"),
        (#""screens": {}, "promotional_offers": {"o": {"title_key": "t", "subtitle_key": "t", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": ↓"14d"}]}}"#,
         "schema.type-mismatch"),
        (#""screens": {}, "support": {"email": "a@b.co", "should_warn_customer_to_update": ↓"true"}"#, "schema.type-mismatch"),
    ]

    static func config(_ body: String) -> String {
        "{\n  \"localization\": {\"default\": \"en\", \"localized_strings\": {\"t\": {\"en\": \"Help\"}}},\n  \(body)\n}"
    }

    @Test(arguments: cases)
    func defectIsReportedAtItsPosition(_ body: String, _ id: RuleID) {
        let marked = MarkedText(Self.config(body))
        let report = Linter.lint(SourceFile(path: "f", text: marked.text))
        let found = report.diagnostics.filter { $0.id.rawValue.hasPrefix("schema.") || $0.id == id }
        #expect(found.map(\.id) == [id])
        #expect(found.map(\.range.start) == marked.offsets)
    }

    @Test func everySchemaDefectInOneRun() {
        let text = Self.config(#""screens": {"MANAGEMENT": {"type": "cancel", "titel_key": "t", "paths": [{"id": "", "type": "CANCEL", "title_key": 1}]}}"#)
        let ids = positions(text, prefix: "schema.").map { $0.split(separator: " ")[1] }
        #expect(ids == ["schema.missing-field", "schema.enum-value", "schema.unknown-field", "schema.empty-value", "schema.type-mismatch"])
    }

    @Test func fixesForEnumCaseAndUnknownField() throws {
        let report = Linter.lint(SourceFile(path: "f", text: Self.config(#""screens": {"MANAGEMENT": {"type": "management", "titel_key": "t", "paths": []}}"#)))
        let enumFix = try #require(report.diagnostics.first { $0.id == "schema.enum-value" }?.fix)
        #expect(enumFix.edits.map(\.replacement) == ["\"MANAGEMENT\""])
        let fieldFix = try #require(report.diagnostics.first { $0.id == "schema.unknown-field" }?.fix)
        #expect(fieldFix.message == "did you mean 'title_key'?")
        #expect(fieldFix.edits.map(\.replacement) == ["\"title_key\""])
    }

    @Test func optionalFieldsMayBeNull() {
        let text = Self.config(#""screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "t", "subtitle_key": null, "paths": []}}, "support": null"#)
        #expect(positions(text, prefix: "schema.").isEmpty)
    }

    @Test func neitherFormatGetsOneClearError() {
        #expect(positions(#"{"paths": []}"#) == ["1:1 schema.missing-field"])
        #expect(positions("[1, 2]") == ["1:1 schema.type-mismatch"])
        let report = Linter.lint(SourceFile(path: "f", text: #"{"paths": []}"#))
        #expect(report.diagnostics.first?.message.contains("customer_center") == true)
    }

    @Test func formatIsDetectedOrForced() {
        let response = #"{"customer_center": {}}"#
        #expect(Linter.analyze(SourceFile(path: "f", text: response)).format == .response)
        #expect(Linter.analyze(SourceFile(path: "f", text: #"{"screens": {}}"#)).format == .authoring)
        #expect(Linter.analyze(SourceFile(path: "f", text: response), options: LintOptions(inputFormat: .authoring)).format == .authoring)
    }
}

@Suite struct KeyConversionTests {
    @Test(arguments: [
        ("ios_offer_id", "iosOfferId"), ("IOS_OFFER_ID", "iosOfferId"), ("ios__offer_id", "iosOfferId"),
        ("ios_offerId", "iosOfferid"), ("_ios_offer", "_iosOffer"), ("title", "title"), ("TITLE", "TITLE"),
        ("localizedStrings", "localizedStrings"), ("", ""), ("___", "___"),
    ])
    func convertFromSnakeCase(_ key: String, _ expected: String) {
        #expect(KeyConversion.convertFromSnakeCase(key) == expected)
    }

    @Test func camelCaseResponseDecodesOnIOSOnly() {
        let text = #"{"customerCenter": {"appearance": {"light": {}, "dark": {}}, "screens": {}, "localization": {"locale": "en", "localizedStrings": {}}, "support": {"email": ""}, "changePlans": []}}"#
        let ios = Linter.lint(SourceFile(path: "f", text: text), options: LintOptions(platforms: [.ios])).diagnostics
        #expect(ios.filter { $0.id.rawValue.hasPrefix("compat.") || $0.id == "schema.unknown-field" }.isEmpty)
        let android = Linter.lint(SourceFile(path: "f", text: text), options: LintOptions(platforms: [.android])).diagnostics
        #expect(android.map(\.id) .contains("compat.android-decode-failure"))
    }
}

/// The schema walk matches a key to a field by its bytes when the key is ASCII, and as Swift
/// compares strings otherwise: a key equal to a field's name only canonically (KELVIN SIGN for
/// `K`) still names the field, as it did when every key was decoded and compared as a string.
@Suite struct FieldLookupTests {
    static let schema = ObjectSchema("Probe", "A probe.", fields: [
        Field("title_key", .string(StringSchema()), "A key."),
        Field("Kelvin", .string(StringSchema()), "A field with a K."),
    ])

    func lookup(_ key: String) throws -> (index: Int, key: String)? {
        let root = try #require(JSONParser.parseTape(Array("{\(key): 1}".utf8)).root)
        let member = try #require(root.objectMembers?.first)
        return Self.schema.fieldIndex(ofKey: member.keyNode)
    }

    @Test func keysMatchAsStrings() throws {
        #expect(try lookup(#""title_key""#)?.index == 0)
        #expect(try lookup(#""title_key""#)?.key == "title_key")
        #expect(try lookup(#""\u0074itle_key""#)?.index == 0)
        #expect(try lookup(#""title_ke""#) == nil)
        #expect(try lookup(#""title_keys""#) == nil)
        #expect(try lookup(#""Title_key""#) == nil)
        #expect(try lookup(#""Kelvin""#)?.index == 1)
        let kelvin = try lookup("\"\u{212A}elvin\"")
        #expect(kelvin?.index == 1)
        // The pointer names the key as written.
        #expect(kelvin?.key == "\u{212A}elvin")
        #expect(try lookup("\"\u{212A}elvi\"") == nil)
    }
}

/// An object schema of any size: fields past the 64th are tracked too (a required one missing is
/// reported, a present one is not), and a field with a non-ASCII name matches as a string.
@Suite struct WideSchemaTests {
    @Test func fieldsPastTheSixtyFourthAndNonASCIINames() throws {
        let fields = (0..<70).map { Field("f\($0)", .string(StringSchema()), required: $0 == 66 || $0 == 68, "Field \($0).") }
            + [Field("\u{212A}", .string(StringSchema()), "A non-ASCII name.")]
        let schema = ObjectSchema("Wide", "A wide object.", fields: fields)
        let source = SourceFile(path: "w.json", text: #"{"f66": "x", "K": "y"}"#)
        let root = try #require(JSONParser.parseTape(source.bytes).root)
        let key = try #require(root.objectMembers?.dropFirst().first?.keyNode)
        #expect(schema.fieldIndex(ofKey: key)?.index == 70)
        var walker = SchemaWalker(mode: .authoring, source: source, sink: DiagnosticSink(file: "w.json"), platforms: [])
        walker.walk(root, .object(schema), pointer: .root, anchor: root.range, name: "Wide", readers: [])
        let missing = walker.sink.diagnostics.filter { $0.id.rawValue == "schema.missing-field" }.map(\.message)
        #expect(missing.count == 1)
        #expect(missing.first?.contains("'f68'") == true)
    }
}
