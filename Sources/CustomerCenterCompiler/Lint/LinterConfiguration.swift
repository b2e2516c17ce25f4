import JSONSyntax

/// `.customer-center.json` (SPEC §6): target platforms, rule levels, required locales and
/// pointer-scoped ignores, read with the same positioned machinery as a config.
public struct LinterConfiguration: Sendable {
    /// The configuration file.
    public let source: SourceFile
    /// `platforms`, if given.
    public var platforms: Set<Platform>?
    /// `rules`: level per rule id.
    public var rules: [RuleID: RuleLevel] = [:]
    /// `locales.required`.
    public var requiredLocales: [String] = []
    /// `ignore` entries in file order.
    public var ignores: [IgnoreEntry] = []
    /// Findings about the configuration file itself (malformed JSON, unknown keys, unknown rule ids).
    public var diagnostics: [Diagnostic] = []

    /// The name searched for when walking up from a linted file.
    public static let fileName = ".customer-center.json"

    /// One suppression: findings of `rule` at `pointer` or inside it, in every file or in `file`.
    public struct IgnoreEntry: Sendable {
        /// The rule.
        public var rule: RuleID
        /// The value whose findings (and its children's) are ignored.
        public var pointer: JSONPointer
        /// Only in files whose path is this or ends with `/` + this.
        public var file: String?
        /// The entry's bytes in the configuration file.
        public var range: ByteRange
        /// The entry's pointer in the configuration file.
        public var location: JSONPointer

        /// Whether it suppresses `diagnostic`.
        public func matches(_ diagnostic: Diagnostic) -> Bool {
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
        Field("locales", .object(ObjectSchema("Locales", "Locale requirements.", fields: [
            Field("required", .array(.string(StringSchema(nonEmpty: true))), "Locales every key must be translated into (a gap is an error)."),
        ])), "Locale requirements."),
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
        diagnostics = sink.diagnostics
    }

    private mutating func read(_ reader: ObjectReader, into sink: inout DiagnosticSink) {
        let knownIDs = RuleCatalog.all.map(\.id.rawValue)
        if let list = reader.array("platforms") {
            platforms = Set(list.compactMap { $0.node.stringValue.flatMap(Platform.init(rawValue:)) })
        }
        for (key, value) in reader.entries("rules") ?? [] {
            guard RuleCatalog.descriptor(for: RuleID(rawValue: key.value)) != nil else {
                let suggestion = Suggestion.closest(to: key.value, among: knownIDs)
                sink.emit(.unknownRuleKey(key.value), at: key.range, pointer: key.pointer,
                          fix: suggestion.map { RuleContext.replace(key, with: $0) })
                continue
            }
            if let level = value.stringValue.flatMap(RuleLevel.init(rawValue:)) { rules[RuleID(rawValue: key.value)] = level }
        }
        if let locales = reader.object("locales") {
            requiredLocales = (locales.reader.array("required") ?? []).compactMap { $0.node.stringValue }
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
