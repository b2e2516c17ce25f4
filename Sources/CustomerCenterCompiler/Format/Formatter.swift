import JSONSyntax

/// The canonical authoring form (docs/commands.md, `format`): sorted keys, 2-space indent, `": "`, short scalar
/// arrays on one line, non-ASCII kept, numbers as written, one trailing newline. Every value is
/// kept, unknown fields included; a file with a syntax error is refused (its data is uncertain:
/// which of two duplicate keys, what a malformed string held).
public enum Formatter {
    /// The outcome for one file.
    public struct Result: Sendable {
        /// The syntax findings (errors mean the file was refused).
        public var report: FileReport
        /// The canonical text, or `nil` when refused.
        public var formatted: String?

        /// Whether formatting would change the file's bytes.
        public var changesFile: Bool {
            guard let formatted else { return false }
            return Array(formatted.utf8) != report.source.bytes
        }
    }

    /// Formats one file into the canonical authoring form; a file with a syntax error is
    /// refused (`formatted` is `nil`, `report` says why).
    ///
    /// ```swift
    /// let result = Formatter.format(SourceFile(path: "customer_center.json", text: json))
    /// if let formatted = result.formatted, result.changesFile {
    ///     print(formatted, terminator: "")
    /// }
    /// ```
    public static func format(_ source: SourceFile) -> Result {
        format(DocumentReader.read(source, decoding: false))
    }

    /// Formats a document already read (``DocumentReader``).
    package static func format(_ document: Document) -> Result {
        let source = document.source
        var sink = DiagnosticSink(file: source.path)
        DocumentReader.emitSyntax(of: document, into: &sink)
        let report = FileReport(source: source, diagnostics: sink.diagnostics)
        guard let root = document.parsed.root, !sink.diagnostics.contains(where: { $0.severity == .error }) else {
            return Result(report: report, formatted: nil)
        }
        let text = JSONWriter(sortKeys: true).write(root)
        // Keep the file's line endings: a Windows checkout must not fail `format --check`.
        let ending = source.lineEnding
        return Result(report: report, formatted: ending == "\n" ? text : text.replacingOccurrences("\n", with: ending))
    }
}
