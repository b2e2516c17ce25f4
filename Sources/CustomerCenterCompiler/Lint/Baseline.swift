import JSONSyntax

/// Findings a team accepts for now (`lint --write-baseline`, `--baseline`): matched by file, rule
/// and JSON pointer with a count, so they survive edits that move lines; only new findings fail.
package struct Baseline: Sendable {
    /// One accepted finding kind at one place.
    package struct Entry: Sendable, Equatable {
        package var file: String
        package var rule: RuleID
        package var pointer: String
        package var count: Int
        /// The entry's bytes in the baseline file (for stale reports).
        package var range: ByteRange
    }

    /// The baseline file.
    package let source: SourceFile
    /// Its entries.
    package var entries: [Entry] = []
    /// Problems reading it.
    package var diagnostics: [Diagnostic] = []
    /// How a reported file path is recorded and compared (the CLI makes it relative to the
    /// baseline's folder, so `customer_center.json` and `./customer_center.json` are one file).
    package let pathKey: @Sendable (String) -> String

    static let schema = ObjectSchema("Baseline", "Accepted findings.", fields: [
        Field("version", .integer(minimum: 1, maximum: 1), required: true, "Format version (1)."),
        Field("findings", .array(.object(ObjectSchema("BaselineFinding", "Accepted findings of one rule at one place.", fields: [
            Field("file", .text, required: true, "The file, as reported."),
            Field("rule", .text, required: true, "The rule id."),
            Field("pointer", .text, required: true, "The JSON pointer of the finding."),
            Field("count", .integer(minimum: 1, maximum: nil), "How many (default 1)."),
        ]))), required: true, "The findings."),
    ])

    /// Reads a baseline file; problems become `diagnostics`.
    package init(source: SourceFile, pathKey: @escaping @Sendable (String) -> String = Baseline.normalizedPath) {
        self.source = source
        self.pathKey = pathKey
        var sink = DiagnosticSink(file: source.path)
        let parsed = JSONParser.parseTape(source.bytes)
        SyntaxDiagnostics.emit(parsed.issues, source: source, root: parsed.root, into: &sink)
        if let root = parsed.root {
            var walker = SchemaWalker(mode: .authoring, source: source, sink: sink, platforms: [])
            walker.walk(root, .object(Self.schema), pointer: .root, anchor: ByteRange(root.range.start, root.range.start + 1), name: "baseline", readers: [])
            sink = walker.sink
            for finding in ObjectReader(root, pointer: .root, format: .authoring)?.objects("findings") ?? [] {
                guard let file = finding.string("file")?.value, let rule = finding.string("rule")?.value,
                      let pointer = finding.string("pointer")?.value else { continue }
                let count = Int(finding.number("count")?.value.int64Value ?? 1)
                entries.append(Entry(file: Self.normalizedPath(file), rule: RuleID(rawValue: rule), pointer: pointer, count: max(1, count), range: finding.node.range))
            }
        }
        diagnostics = sink.diagnostics
    }

    /// The baseline of `reports`' findings, canonical JSON.
    package static func write(_ reports: [FileReport], pathKey: (String) -> String = Baseline.normalizedPath) -> String {
        var counts: [String: (file: String, rule: String, pointer: String, count: Int)] = [:]
        for diagnostic in reports.flatMap(\.diagnostics) {
            let file = pathKey(diagnostic.file)
            let key = "\(file)\u{0}\(diagnostic.id)\u{0}\(diagnostic.pointer)"
            counts[key, default: (file, diagnostic.id.rawValue, diagnostic.pointer.description, 0)].count += 1
        }
        let findings = counts.values.sorted { ($0.file, $0.rule, $0.pointer) < ($1.file, $1.rule, $1.pointer) }.map { entry in
            JSONValue.record([("file", .text(entry.file)), ("rule", .text(entry.rule)), ("pointer", .text(entry.pointer)), ("count", .integer(entry.count))])
        }
        return JSONWriter(sortKeys: true).write(.record([("version", .integer(1)), ("findings", .list(findings))]))
    }

    /// A path with `.` segments and repeated slashes removed (`./a//b.json` → `a/b.json`).
    @Sendable package static func normalizedPath(_ path: String) -> String { PathText.normalized(path) }
}
