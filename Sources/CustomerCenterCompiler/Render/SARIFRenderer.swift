import JSONSyntax

/// SARIF 2.1.0 for GitHub code scanning and other consumers: the rule catalog in
/// `tool.driver.rules`, one result per diagnostic with its region, and `partialFingerprints`.
package struct SARIFRenderer {
    /// The rules in `tool.driver.rules` (the catalog: `ruleIndex` points into it).
    let rules: [RuleDescriptor]
    let toolVersion: String
    /// The absolute working directory: relative paths under it become URIs relative to
    /// `%SRCROOT%`; other paths become `file://` URIs. `nil`: relative paths stay relative.
    let workingDirectory: String?

    /// Creates a renderer.
    package init(rules: [RuleDescriptor], toolVersion: String = CustomerCenter.version, workingDirectory: String? = nil) {
        self.rules = rules
        self.toolVersion = toolVersion
        self.workingDirectory = workingDirectory
    }

    /// The SARIF log, with a trailing newline.
    package func render(_ report: LintReport) -> String {
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var occurrences: [String: Int] = [:]
        var results: [JSONValue] = []
        for diagnostic in report.allDiagnostics {
            guard let source = report.source(named: diagnostic.file) else { continue }
            var members: [(String, JSONValue)] = [
                ("ruleId", .text(diagnostic.id.rawValue)),
                ("level", .text(diagnostic.severity.rawValue)),
                ("message", .record([("text", .text(diagnostic.message + (diagnostic.fix.map { " (\($0.message))" } ?? "")))])),
                ("locations", .list([location(diagnostic.file, diagnostic.range, in: source)])),
                ("partialFingerprints", .record([("primaryLocationLineHash", .text(fingerprint(diagnostic, occurrences: &occurrences)))])),
            ]
            if let index = ruleIndex[diagnostic.id] { members.insert(("ruleIndex", .integer(index)), at: 1) }
            if let fix = diagnostic.fix {
                // SARIF's own fix object; `applicability` in its property bag (safe: lint --fix applies it).
                members.append(("fixes", .list([.record([
                    ("description", .record([("text", .text(fix.message))])),
                    ("artifactChanges", .list([.record([
                        ("artifactLocation", artifact(diagnostic.file)),
                        ("replacements", .list(fix.edits.map { edit in
                            .record([
                                ("deletedRegion", .record([("byteOffset", .integer(edit.range.start)), ("byteLength", .integer(edit.range.count))])),
                                ("insertedContent", .record([("text", .text(edit.replacement))])),
                            ])
                        })),
                    ])])),
                    ("properties", .record([("applicability", .text(fix.applicability.rawValue))])),
                ])])))
            }
            if !diagnostic.notes.isEmpty {
                members.append(("relatedLocations", .list(diagnostic.notes.enumerated().map { index, note in
                    let noteSource = report.source(named: note.file) ?? source
                    guard case .object(var fields) = location(note.file, note.range, in: noteSource).kind else { return .record([]) }
                    fields.insert(JSONMember(key: "id", keyRange: .at(0), value: .integer(index + 1)), at: 0)
                    fields.append(JSONMember(key: "message", keyRange: .at(0), value: .record([("text", .text(note.message))])))
                    return JSONValue(.object(fields), range: .at(0))
                })))
            }
            results.append(.record(members))
        }
        let driver = JSONValue.record([
            ("name", .text("customer-center")),
            ("semanticVersion", .text(toolVersion)),
            ("rules", .list(rules.map(Self.rule))),
        ])
        var run: [(String, JSONValue)] = [("tool", .record([("driver", driver)]))]
        if let workingDirectory {
            run.append(("originalUriBaseIds", .record([(Self.baseID, .record([("uri", .text(Self.fileURI(workingDirectory) + "/"))]))])))
        }
        // What failed the run besides its findings (an unreadable input, a failed fetch or write):
        // the run did not succeed, and its notifications say why.
        run.append(("invocations", .list([.record([
            ("executionSuccessful", .flag(report.failures.isEmpty)),
            ("toolExecutionNotifications", .list(report.unreadable.map { file in
                .record([
                    ("level", .text("error")),
                    ("message", .record([("text", .text("cannot read '\(file.path)': \(file.reason)"))])),
                    ("locations", .list([.record([("physicalLocation", .record([("artifactLocation", artifact(file.path))]))])])),
                ])
            } + report.events.compactMap { event -> JSONValue? in
                // The run's other events (unreadable inputs are listed above).
                if case .unreadable = event { return nil }
                var members: [(String, JSONValue)] = [("level", .text(event.severity.rawValue)), ("message", .record([("text", .text(event.message))]))]
                if let path = event.path {
                    members.append(("locations", .list([.record([("physicalLocation", .record([("artifactLocation", artifact(path))]))])])))
                }
                members.append(("properties", .record([("kind", .text(event.kind))])))
                return .record(members)
            } + report.files.flatMap { file in
                // Results past the display cap are counted, not listed: say how many.
                file.omitted.sorted { $0.key < $1.key }.map { rule, count in
                    JSONValue.record([
                        ("level", .text("note")),
                        ("message", .record([("text", .text("… and \(MessageText.count(count, "more finding", "more findings")) of '\(rule)' in '\(file.source.path)' (not listed)"))])),
                        ("descriptor", .record([("id", .text(rule.rawValue))])),
                        ("locations", .list([.record([("physicalLocation", .record([("artifactLocation", artifact(file.source.path))]))])])),
                    ])
                }
            })),
            ("properties", .record([("counts", .record([
                ("errors", .integer(report.summary.errors)), ("warnings", .integer(report.summary.warnings)), ("notes", .integer(report.summary.notes)),
            ]))])),
        ])])))
        // Our columns count Unicode scalars (SARIF's default would be UTF-16 code units).
        run.append(("columnKind", .text("unicodeCodePoints")))
        run.append(("results", .list(results)))
        let log = JSONValue.record([
            ("$schema", .text("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .text("2.1.0")),
            ("runs", .list([.record(run)])),
        ])
        return JSONWriter(sortKeys: false).write(log)
    }

    static func rule(_ rule: RuleDescriptor) -> JSONValue {
        let level = rule.defaultSeverity.rawValue
        return .record([
            ("id", .text(rule.id.rawValue)),
            ("name", .text(rule.id.rawValue.split(separator: ".").map { $0.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() }.joined())),
            ("shortDescription", .record([("text", .text(String(rule.summary.prefix(1024))))])),
            ("fullDescription", .record([("text", .text(String(rule.rationale.prefix(1024))))])),
            ("defaultConfiguration", .record([("level", .text(level))])),
            ("help", .record([
                ("text", .text("\(rule.summary) \(rule.rationale) Run `customer-center explain \(rule.id)` for examples.")),
                ("markdown", .text("**\(rule.summary)**\n\n\(rule.rationale)\n\nRun `customer-center explain \(rule.id)` for a failing and a passing example.")),
            ])),
            ("properties", .record([("tags", .list([.text(String(rule.id.rawValue.split(separator: ".").first ?? ""))]))])),
        ])
    }

    /// The base id of paths relative to the working directory.
    static let baseID = "%SRCROOT%"

    /// An `artifactLocation`: `file://` URI for an absolute path (or one outside the working
    /// directory), else a relative reference with `uriBaseId`.
    func artifact(_ path: String) -> JSONValue {
        if path.hasPrefix("/") { return .record([("uri", .text(Self.fileURI(path)))]) }
        guard let workingDirectory else { return .record([("uri", .text(Self.uri(path)))]) }
        let normalized = PathText.normalized(path)
        if normalized == ".." || normalized.hasPrefix("../") {
            return .record([("uri", .text(Self.fileURI(Self.resolve(normalized, against: workingDirectory))))])
        }
        return .record([("uri", .text(Self.uri(normalized))), ("uriBaseId", .text(Self.baseID))])
    }

    /// `file://` and the absolute path, percent-encoded.
    static func fileURI(_ absolutePath: String) -> String { "file://" + uri(absolutePath) }

    /// A relative path joined to an absolute directory, `..` resolved.
    static func resolve(_ path: String, against directory: String) -> String {
        var parts: [Substring] = directory.split(separator: "/")
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    func location(_ file: String, _ range: ByteRange, in source: SourceFile) -> JSONValue {
        let start = source.location(of: range.start)
        // SARIF regions end after the last character; an empty range still covers one column.
        var end = source.location(of: range.end)
        if range.count == 0 || end.line < start.line || (end.line == start.line && end.column <= start.column) {
            end = SourceLocation(line: start.line, column: start.column + 1, offset: range.start)
        }
        return .record([("physicalLocation", .record([
            ("artifactLocation", artifact(file)),
            ("region", .record([
                ("startLine", .integer(start.line)), ("startColumn", .integer(start.column)),
                ("endLine", .integer(end.line)), ("endColumn", .integer(end.column)),
                ("byteOffset", .integer(range.start)), ("byteLength", .integer(range.count)),
            ])),
        ]))])
    }

    /// A relative URI reference: `/` separators, everything outside RFC 3986's unreserved set
    /// (and `/`) percent-encoded.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// Stable across edits that move lines: rule, file and JSON pointer (plus an occurrence
    /// count for repeats), as `<16 hex>:<n>` like GitHub's own line hashes.
    func fingerprint(_ diagnostic: Diagnostic, occurrences: inout [String: Int]) -> String {
        let key = "\(diagnostic.id)\u{0}\(diagnostic.file)\u{0}\(diagnostic.pointer)"
        occurrences[key, default: 0] += 1
        return String(SHA256.hex(Array(key.utf8)).prefix(16)) + ":\(occurrences[key] ?? 1)"
    }
}
