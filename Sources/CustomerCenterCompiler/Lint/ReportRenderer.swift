import JSONSyntax

/// Renders a lint report in one of the formats `customer-center lint --format` writes.
public enum ReportRenderer {
    /// The full output text for `report` in `format` (docs/formats.md, "Output formats"): `human` with source excerpts,
    /// `compact` lines, `json`, SARIF 2.1.0, GitHub annotations, JUnit XML, GitLab Code Quality,
    /// Checkstyle XML, reviewdog's rdjson and rdjsonl.
    ///
    /// ```swift
    /// let result = Workspace().run(Lint(sources: [SourceFile(path: "customer_center.json", text: json)]))
    /// let sarif = ReportRenderer.render(result.report, format: .sarif)
    /// let human = ReportRenderer.render(result.report, format: .human, options: RenderOptions(color: true))
    /// ```
    public static func render(_ report: LintReport, format: ReportFormat, options: RenderOptions = RenderOptions()) -> String {
        switch format {
        case .human: return HumanRenderer(color: options.color).render(report)
        case .compact: return CompactRenderer().render(report)
        case .json: return JSONReportRenderer().render(report)
        case .sarif: return SARIFRenderer(rules: RuleCatalog.all, toolVersion: options.toolVersion, workingDirectory: options.workingDirectory).render(report)
        case .github: return GitHubRenderer().render(report)
        case .junit: return JUnitRenderer(rules: RuleCatalog.all).render(report)
        case .gitlab: return GitLabRenderer(workingDirectory: options.workingDirectory).render(report)
        case .checkstyle: return CheckstyleRenderer().render(report)
        case .rdjson: return RDJSONRenderer().render(report)
        case .rdjsonl: return RDJSONRenderer(lines: true).render(report)
        }
    }
}
