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
        /// The finding's severity when it was accepted: a finding now more severe is new.
        /// `nil` in an entry written before baselines recorded what a finding says.
        package var severity: Severity? = nil
        /// What the finding said (when it is one thing): another message is another finding.
        package var message: String? = nil
        /// What the finding gathered (the locales a key had no text in): a finding that gathers
        /// one more is new; one that gathers fewer is still accepted.
        package var parts: [String]? = nil

        /// The keys under which the gate matches a finding against this entry (``FindingGate``):
        /// one for a finding that is one thing, one per part for a gathering one, and the
        /// place alone for an entry that recorded neither.
        package var keys: [String] {
            let place = BaselineKey.place(rule, pointer)
            guard let severity else { return [place] }
            if let parts { return parts.map { BaselineKey.key(place, severity, part: $0) } }
            return [BaselineKey.key(place, severity, message: message ?? "")]
        }
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
            Field("severity", .string(StringSchema(enumValues: ["error", "warning", "note"])), "Its severity when accepted: a finding now more severe is new."),
            Field("message", .text, "What it said: a finding that says something else is new."),
            Field("parts", .array(.text), "What it gathered (the locales a key had no text in): a finding that gathers more is new."),
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
                var entry = Entry(file: Self.normalizedPath(file), rule: RuleID(rawValue: rule), pointer: pointer, count: max(1, count), range: finding.node.range)
                entry.severity = finding.string("severity").flatMap { Severity(rawValue: $0.value) }
                entry.parts = finding.array("parts")?.compactMap { $0.node.stringValue }
                entry.message = entry.parts == nil ? finding.string("message")?.value : nil
                if entry.severity != nil, entry.parts?.isEmpty ?? (entry.message == nil) { entry.severity = nil }
                entries.append(entry)
            }
        }
        diagnostics = sink.diagnostics
    }

    /// The baseline of `reports`' findings, canonical JSON.
    package static func write(_ reports: [FileReport], pathKey: (String) -> String = Baseline.normalizedPath) -> String {
        typealias Written = (file: String, rule: String, pointer: String, severity: String, message: String?, parts: [String]?, count: Int)
        var counts: [String: Written] = [:]
        for diagnostic in reports.flatMap(\.diagnostics) {
            let file = pathKey(diagnostic.file)
            let parts = diagnostic.parts.map { Array(Set($0)).sorted() }
            let message = parts == nil ? diagnostic.message : nil
            let substance = parts.map { "p" + $0.joined(separator: "\u{0}") } ?? "m" + diagnostic.message
            let key = "\(file)\u{0}\(diagnostic.id)\u{0}\(diagnostic.pointer)\u{0}\(diagnostic.severity.rawValue)\u{0}\(substance)"
            counts[key, default: (file, diagnostic.id.rawValue, diagnostic.pointer.description, diagnostic.severity.rawValue, message, parts, 0)].count += 1
        }
        let findings = counts.sorted { ($0.value.file, $0.value.rule, $0.value.pointer, $0.key) < ($1.value.file, $1.value.rule, $1.value.pointer, $1.key) }.map { _, entry in
            var members: [(String, JSONValue)] = [("file", .text(entry.file)), ("rule", .text(entry.rule)), ("pointer", .text(entry.pointer)),
                                                  ("count", .integer(entry.count)), ("severity", .text(entry.severity))]
            if let parts = entry.parts { members.append(("parts", .list(parts.map { .text($0) }))) }
            if let message = entry.message { members.append(("message", .text(message))) }
            return JSONValue.record(members)
        }
        return JSONWriter(sortKeys: true).write(.record([("version", .integer(1)), ("findings", .list(findings))]))
    }

    /// A path with `.` segments and repeated slashes removed (`./a//b.json` → `a/b.json`).
    @Sendable package static func normalizedPath(_ path: String) -> String { PathText.normalized(path) }
}
