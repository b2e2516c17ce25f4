/// The output formats of SPEC §3.
public enum ReportFormat: String, Sendable, CaseIterable {
    case human
    case compact
    case json
    case sarif
    case github
    case junit
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

/// Renders a report in a format.
public enum ReportRenderer {
    /// The full output text for `report` in `format`.
    public static func render(_ report: LintReport, format: ReportFormat, options: RenderOptions = RenderOptions()) -> String {
        switch format {
        case .human: return HumanRenderer(color: options.color).render(report)
        case .compact: return CompactRenderer().render(report)
        case .json: return JSONReportRenderer().render(report)
        case .sarif: return SARIFRenderer(toolVersion: options.toolVersion, workingDirectory: options.workingDirectory).render(report)
        case .github: return GitHubRenderer().render(report)
        case .junit: return JUnitRenderer().render(report)
        }
    }
}
