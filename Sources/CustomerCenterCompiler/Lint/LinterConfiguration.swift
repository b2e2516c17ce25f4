import JSONSyntax

/// `.customer-center.json` (docs/configuration.md): target platforms, rule levels, required locales and
/// pointer-scoped ignores, read with the same positioned machinery as a config.
public struct LinterConfiguration: Sendable {
    /// The configuration file.
    public let source: SourceFile
    /// `platforms`, if given.
    public var platforms: Set<Platform>?
    /// `rules`: level per rule id or group, in file order.
    package var ruleSelections: [RuleSelection] = []
    /// `rules` as a level per rule id (a single rule wins over its group).
    package var rules: [RuleID: RuleLevel] { RuleSelection.levels(ruleSelections) }
    /// `include`: globs (relative to the file's folder) naming the configs a directory holds;
    /// empty: `customer_center*.json` and `customer-center*.json`.
    public var include: [String] = []
    /// `exclude`: globs of files a directory's configs never include.
    public var exclude: [String] = []
    /// `locales.required`.
    public var requiredLocales: [String] = []
    /// `ignore` entries in file order.
    package var ignores: [IgnoreEntry] = []
    /// `oldest_sdk`: the oldest SDK versions in the field (docs/sdk-compatibility.md); empty:
    /// today's SDKs only.
    package var oldestSDK = OldestSDK()
    /// Findings about the configuration file itself (malformed JSON, unknown keys, rule ids,
    /// levels, platforms or locale codes). Every one is an error: a setting the tool cannot
    /// follow stops the run (exit 2) instead of being silently dropped (docs/configuration.md).
    public var diagnostics: [Diagnostic] = []

    /// Whether the file can be followed: no findings.
    public var isValid: Bool { diagnostics.isEmpty }

    /// The name searched for when walking up from a linted file.
    public static let fileName = ConfigurationFile.name

    /// One suppression: findings of `rule` at `pointer` or inside it, in every file or in `file`.
    package struct IgnoreEntry: Sendable {
        /// The rule.
        package var rule: RuleID
        /// The value whose findings (and its children's) are ignored.
        package var pointer: JSONPointer
        /// Only in files whose path is this or ends with `/` + this.
        package var file: String?
        /// The entry's bytes in the configuration file.
        package var range: ByteRange
        /// The entry's pointer in the configuration file.
        package var location: JSONPointer

        /// Whether it suppresses `diagnostic`.
        package func matches(_ diagnostic: Diagnostic) -> Bool {
            guard diagnostic.id == rule, diagnostic.pointer.hasPrefix(pointer) else { return false }
            guard let file else { return true }
            return diagnostic.file == file || diagnostic.file.hasSuffix("/" + file)
        }
    }

    static let schema = ObjectSchema("LinterConfiguration", "customer-center's configuration file.", fields: [
        Field("$schema", .text, "The schema of this file (for editors)."),
        Field("platforms", .array(.string(StringSchema(enumValues: Platform.allCases.map(\.rawValue)))), "The SDKs to check for."),
        Field("rules", .map(MapSchema(key: "a rule id", description: "The rule's level.",
                                      value: .string(StringSchema(enumValues: RuleLevel.allCases.map(\.rawValue)))))
              , "Level per rule id: off, note, warning or error."),
        Field("include", .array(.string(StringSchema(nonEmpty: true))),
              "Globs, relative to this file, of the files a directory argument holds (default: customer_center*.json and customer-center*.json at any depth)."),
        Field("exclude", .array(.string(StringSchema(nonEmpty: true))), "Globs, relative to this file, of files never linted or formatted as part of a directory."),
        Field("locales", .object(ObjectSchema("Locales", "Locale requirements.", fields: [
            Field("required", .array(.string(StringSchema(nonEmpty: true))), "Locales every key must be translated into (a gap is an error)."),
        ])), "Locale requirements."),
        Field("oldest_sdk", .object(ObjectSchema("OldestSDK", "The oldest SDK versions still in customers' hands.", fields: [
            Field("ios", .string(StringSchema(nonEmpty: true, pattern: #"^[0-9]+\.[0-9]+\.[0-9]+$"#)), "The oldest purchases-ios version in the field (MAJOR.MINOR.PATCH)."),
            Field("android", .string(StringSchema(nonEmpty: true, pattern: #"^[0-9]+\.[0-9]+\.[0-9]+$"#)), "The oldest purchases-android version in the field (MAJOR.MINOR.PATCH)."),
        ])), "The oldest SDK versions still in customers' hands (a platform left out: today's SDK only)."),
        Field("ignore", .array(.object(ObjectSchema("Ignore", "A suppression.", fields: [
            Field("rule", .string(StringSchema(nonEmpty: true)), required: true, "The rule id."),
            Field("pointer", .text, required: true, "The JSON pointer of the value whose findings are ignored (children included)."),
            Field("file", .string(StringSchema(nonEmpty: true)), "Only in this file (path or path suffix)."),
        ]))), "Findings to suppress."),
    ])

    /// Reads a configuration file; problems become `diagnostics`, never errors.
    public init(source: SourceFile) {
        self.source = source
        var sink = DiagnosticSink(file: source.path)
        let parsed = JSONParser.parseTape(source.bytes)
        SyntaxDiagnostics.emit(parsed.issues, source: source, root: parsed.root, into: &sink)
        guard let root = parsed.root else {
            diagnostics = sink.diagnostics
            return
        }
        var walker = SchemaWalker(mode: .authoring, source: source, sink: sink, platforms: [])
        walker.walk(root, .object(Self.schema), pointer: .root, anchor: ByteRange(root.range.start, root.range.start + 1),
                    name: "configuration", readers: [])
        sink = walker.sink
        if let reader = ObjectReader(root, pointer: .root, format: .authoring) {
            read(reader, into: &sink)
        }
        // Everything said about a configuration file is an error: its settings are not followed.
        diagnostics = sink.diagnostics.map { diagnostic in
            var strict = diagnostic
            strict.severity = .error
            return strict
        }
    }

    private mutating func read(_ reader: ObjectReader, into sink: inout DiagnosticSink) {
        let knownIDs = RuleCatalog.all.map(\.id.rawValue)
        if let list = reader.array("platforms") {
            platforms = Set(list.compactMap { $0.node.stringValue.flatMap(Platform.init(rawValue:)) })
        }
        for (key, value) in reader.entries("rules") ?? [] {
            // A level that is not one (or not a string) the schema walk reported already.
            guard let levelText = value.stringValue, RuleLevel(rawValue: levelText) != nil else { continue }
            do {
                ruleSelections.append(try RuleSelection.parse(target: key.value, level: levelText))
            } catch {
                let level = Located(levelText, range: value.range, pointer: key.pointer)
                let place = error.part == .target ? key : level
                let message = error.part == .target ? RuleMessage.unknownRuleKey(key.value, error.message)
                                                    : RuleMessage.badLevel(error.message)
                sink.emit(message, at: place.range, pointer: place.pointer,
                          fix: error.suggestion.map { RuleContext.replace(place, with: $0) })
            }
        }
        for field in ["include", "exclude"] {
            let globs = (reader.array(field) ?? []).compactMap { $0.node.stringValue }.filter { !$0.isEmpty }
            if field == "include" { include = globs } else { exclude = globs }
        }
        if let locales = reader.object("locales") {
            for (node, pointer) in locales.reader.array("required") ?? [] {
                guard let code = node.stringValue, !code.isEmpty else { continue }
                if let meant = LocaleCode.knownMistakes[LocaleCode.normalized(code)] ?? (LocaleCode.isWellFormed(code) ? nil : "") {
                    let located = Located(code, range: node.range, pointer: pointer)
                    sink.emit(.unknownLocaleCode(code, meant: meant.isEmpty ? nil : meant), at: node.range, pointer: pointer,
                              fix: meant.isEmpty ? nil : RuleContext.replace(located, with: meant))
                    continue
                }
                requiredLocales.append(code)
            }
        }
        if let (versions, _) = reader.object("oldest_sdk") {
            for platform in Platform.allCases {
                guard let text = versions.string(platform.rawValue), !text.value.isEmpty else { continue }
                guard let version = SDKVersion(parsing: text.value) else {
                    sink.emit(.notAVersion(text.value), at: text.range, pointer: text.pointer)
                    continue
                }
                oldestSDK[platform] = version
            }
        }
        for entry in reader.objects("ignore") {
            guard let rule = entry.string("rule"), let pointerText = entry.string("pointer") else { continue }
            guard RuleCatalog.descriptor(for: RuleID(rawValue: rule.value)) != nil else {
                sink.emit(.unknownRuleValue(rule.value), at: rule.range, pointer: rule.pointer,
                          fix: Suggestion.closest(to: rule.value, among: knownIDs).map { RuleContext.replace(rule, with: $0) })
                continue
            }
            guard let pointer = JSONPointer(parsing: pointerText.value) else {
                sink.emit(.notAPointer(pointerText.value),
                          at: pointerText.range, pointer: pointerText.pointer)
                continue
            }
            ignores.append(IgnoreEntry(rule: RuleID(rawValue: rule.value), pointer: pointer, file: entry.string("file")?.value,
                                       range: entry.node.range, location: entry.pointer))
        }
    }
}

extension RuleMessage {
    /// `schema.unknown-field` in a configuration file's `rules`: an unknown rule id or group.
    static func unknownRuleKey(_ id: String, _ sentence: String) -> RuleMessage {
        RuleMessage(SchemaUnknownFieldRule.descriptor, sentence)
    }

    /// `schema.enum-value` in a configuration file's `rules`: a level that is not one, or one a
    /// syntax rule cannot take.
    static func badLevel(_ sentence: String) -> RuleMessage {
        RuleMessage(SchemaEnumValueRule.descriptor, sentence)
    }

    /// `schema.enum-value` in `oldest_sdk`: not a release version.
    static func notAVersion(_ text: String) -> RuleMessage {
        RuleMessage(SchemaEnumValueRule.descriptor, "\(MessageText.quoted(text)) is not an SDK version: write \(SDKVersion.acceptedForm)")
    }

    /// `schema.enum-value` in `locales.required`: not a BCP 47 tag, or a known mistake.
    static func unknownLocaleCode(_ code: String, meant: String?) -> RuleMessage {
        RuleMessage(SchemaEnumValueRule.descriptor, "\(MessageText.quoted(code)) is not a locale code"
            + (meant.map { "; did you mean \(MessageText.quoted($0))?" } ?? " (BCP 47, e.g. 'de', 'pt-BR', 'zh-Hant')"))
    }
}
