import JSONSyntax

/// Options of one lint run (SPEC §2, §6), already merged from flags and configuration.
public struct LintOptions: Sendable {
    /// The format to read the input as; `nil` = detect (SPEC §1).
    public var inputFormat: InputFormat?
    /// Per-rule levels from configuration and `--rule`.
    public var severityOverrides: [RuleID: RuleLevel]
    /// Report errors only.
    public var quiet: Bool

    /// Creates options.
    public init(inputFormat: InputFormat? = nil, severityOverrides: [RuleID: RuleLevel] = [:], quiet: Bool = false) {
        self.inputFormat = inputFormat
        self.severityOverrides = severityOverrides
        self.quiet = quiet
    }

    /// Applies overrides and `quiet` to emitted diagnostics.
    func applyPolicy(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { diagnostic in
            var result = diagnostic
            if let level = severityOverrides[diagnostic.id] {
                guard let severity = level.severity else { return nil }
                result.severity = severity
            }
            if quiet, result.severity != .error { return nil }
            return result
        }
    }
}

/// The lint pipeline: bytes → tree → diagnostics. One screen, every stage a plain call.
public enum Linter {
    /// Lints one file.
    public static func lint(_ source: SourceFile, options: LintOptions = LintOptions()) -> FileReport {
        var sink = DiagnosticSink(file: source.path)
        let parsed = JSONParser.parse(source.bytes)
        SyntaxDiagnostics.emit(parsed.issues, source: source, root: parsed.root, into: &sink)
        return FileReport(source: source, diagnostics: options.applyPolicy(to: sink.diagnostics))
    }
}

/// A configured rule level: a severity, or off (SPEC §6, `--rule`).
public enum RuleLevel: String, Sendable, CaseIterable {
    case off, note, warning, error

    /// The severity, or `nil` for off.
    public var severity: Severity? {
        switch self {
        case .off: return nil
        case .note: return .note
        case .warning: return .warning
        case .error: return .error
        }
    }
}
