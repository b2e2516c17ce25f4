import JSONSyntax

/// The output formats of `lint --format` (docs/formats.md, "Output formats").
public enum ReportFormat: String, Sendable, CaseIterable {
    /// For people: each finding with its source line, a caret and notes, then a summary.
    case human
    /// One line per finding: `file:line:column: severity: message [rule]`.
    case compact
    /// A versioned JSON document of every finding, the exact counts and the unreadable files.
    case json
    /// SARIF 2.1.0, for code scanning.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…`), shown as annotations.
    case github
    /// JUnit XML: a test suite per file, a test case per rule, failing with its findings.
    case junit
    /// GitLab Code Quality: a JSON array of issues for the merge request.
    case gitlab
    /// Checkstyle XML: a `<file>` per file, an `<error>` per finding (Jenkins, Bitbucket, Danger, reviewdog).
    case checkstyle
    /// reviewdog's Diagnostic Format, one document (`DiagnosticResult`), fixes as suggestions.
    case rdjson
    /// reviewdog's Diagnostic Format, one `Diagnostic` per line.
    case rdjsonl
}

/// Options every renderer may use.
public struct RenderOptions: Sendable {
    /// Emit ANSI colour (human format only).
    public var color: Bool
    /// The tool's version (SARIF, JSON).
    public var toolVersion: String
    /// The absolute working directory (SARIF URIs); `nil` keeps paths as given.
    public var workingDirectory: String?

    /// Creates options.
    public init(color: Bool = false, toolVersion: String = CustomerCenter.version, workingDirectory: String? = nil) {
        self.color = color
        self.toolVersion = toolVersion
        self.workingDirectory = workingDirectory
    }
}
