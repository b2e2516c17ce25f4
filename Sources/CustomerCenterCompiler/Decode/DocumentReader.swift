import JSONSyntax

/// One document as read (docs/design.md "The pipeline"): the parsed text, its format, and the
/// config when it is one. Everything that reads a config reads it through ``Pipeline`` (and
/// `Formatter.format(_:)` of a text), so a file is parsed once for every question asked of it.
package struct Document: Sendable {
    /// The text.
    package let source: SourceFile
    /// The parse: tape and syntax issues.
    package let parsed: JSONTapeResult
    /// The format it is read as (given, or detected from its root).
    package let format: InputFormat?
    /// The decoded config, when asked for and the root is an object of a known format.
    package let config: CustomerCenterConfig?
    /// Where keys that repeat an earlier key of their object start.
    package let repeatedKeyOffsets: [Int]

    /// What other kind of JSON its own members say it is (a JSON Schema, a problem matcher, a
    /// package manifest), when they say so; `nil` for anything that could be a config.
    package var otherKind: String? { format == nil ? ForeignJSON.kind(of: parsed) : nil }
}

/// bytes → tape → format → config, and the syntax findings of a read document.
package enum DocumentReader {
    /// Reads `source`. `decoding`: decode the config too. `collectingTable`: the `localized_strings`
    /// table goes into its columns instead of onto the tape when the parser can hand it over
    /// (an authoring table of plain members and no repeated key); anything else is parsed again
    /// onto the tape. `plan`: how many threads reading the table and decoding may use, and from
    /// what sizes (``ExecutionPlan``). `issueLimit`: syntax issues read before the parser gives up
    /// (``PipelineRequest/syntaxIssueLimit``).
    package static func read(_ source: SourceFile, inputFormat: InputFormat? = nil, decoding: Bool = true,
                             collectingTable: Bool = false, plan: ExecutionPlan = .oneThread,
                             issueLimit: Int = JSONParser.defaultIssueLimit) -> Document {
        let table = collectingTable && decoding ? StringTableCollector(bytes: source.bytes, plan: plan) : nil
        var parsed = table.map { JSONParser.parseTape(source.bytes, tableAt: StringTableCollector.tablePointer, tableSink: $0, issueLimit: issueLimit) }
            ?? JSONParser.parseTape(source.bytes, issueLimit: issueLimit)
        var format = inputFormat ?? parsed.root.flatMap(FormatDetection.detect)
        var repeated = repeatedKeyOffsets(parsed.issues)
        guard decoding else { return Document(source: source, parsed: parsed, format: format, config: nil, repeatedKeyOffsets: repeated) }
        var config = format.flatMap { format in parsed.root.flatMap { ConfigDecoder.decode($0, format: format, repeatedKeyOffsets: repeated, table: table, plan: plan) } }
        if parsed.hasElidedTable, format != .authoring || config?.localization?.entries.hasRepeatedKeys != false {
            parsed = JSONParser.parseTape(source.bytes, issueLimit: issueLimit)
            format = inputFormat ?? parsed.root.flatMap(FormatDetection.detect)
            repeated = repeatedKeyOffsets(parsed.issues)
            config = format.flatMap { format in parsed.root.flatMap { ConfigDecoder.decode($0, format: format, repeatedKeyOffsets: repeated, plan: plan) } }
        }
        return Document(source: source, parsed: parsed, format: format, config: config, repeatedKeyOffsets: repeated)
    }

    /// The document's syntax findings into `sink` (through its gate).
    package static func emitSyntax(of document: Document, into sink: inout DiagnosticSink) {
        SyntaxDiagnostics.emit(document.parsed.issues, source: document.source, root: document.parsed.root, into: &sink)
    }

    /// The document's syntax findings that make it invalid JSON (asked of each rule's
    /// descriptor: ``RuleDescriptor/isSyntax``).
    package static func syntaxErrors(of document: Document) -> [Diagnostic] {
        var sink = DiagnosticSink(file: document.source.path)
        emitSyntax(of: document, into: &sink)
        return sink.diagnostics.filter { $0.id.descriptor?.isSyntax == true && $0.severity == .error }
    }

    private static func repeatedKeyOffsets(_ issues: [JSONSyntaxIssue]) -> [Int] {
        issues.compactMap { issue -> Int? in
            if case .duplicateKey = issue.kind { return issue.range.start }
            return nil
        }
    }
}

/// JSON whose own members say it is something other than a Customer Center config
/// (docs/commands.md "Directories"). Only that skips a file found by name in a directory: `{}`,
/// a syntax error, trailing text or a config's keys in the wrong case are checked, and fail.
enum ForeignJSON {
    /// Keywords that make an object with `$schema` a JSON Schema.
    static let schemaKeywords: Set<String> = [
        "type", "properties", "definitions", "$defs", "items", "$ref", "allOf", "anyOf", "oneOf", "enum", "required",
        "additionalProperties", "patternProperties", "title", "$id",
    ]

    /// What the document's root says it is, or `nil`. A syntax error does not hide what the
    /// members read before it say (a schema cut short is still a schema).
    static func kind(of parsed: JSONTapeResult) -> String? {
        guard let members = parsed.root?.objectMembers else { return nil }
        let keys = Set(members.map(\.key))
        // A config's own keys, in any case, mean a config with a mistake, not another kind.
        let configKeys = FormatDetection.authoringRootKeys.union(["customer_center", "customercenter"])
        if keys.contains(where: { configKeys.contains($0.lowercased()) }) { return nil }
        if keys.contains("$schema"), !keys.isDisjoint(with: schemaKeywords) { return "a JSON Schema" }
        if keys.contains("problemMatcher") { return "a problem matcher" }
        if keys.contains("name"), !keys.isDisjoint(with: ["version", "dependencies", "devDependencies", "scripts"]) { return "a package manifest" }
        if keys.contains("pins"), keys.contains("version") { return "a package resolution file (Package.resolved)" }
        if keys.contains("runs"), keys.contains("version") { return "a SARIF log" }
        if keys.contains("compilerOptions") { return "a compiler configuration (tsconfig)" }
        if keys.contains("info"), !keys.isDisjoint(with: ["images", "colors", "data", "properties"]) { return "an asset catalog's Contents.json" }
        return nil
    }
}
