/// Renders a report in a format.

import JSONSyntax
public enum ReportRenderer {
    /// The full output text for `report` in `format`.
    public static func render(_ report: LintReport, format: ReportFormat, options: RenderOptions = RenderOptions()) -> String {
        switch format {
        case .human: return HumanRenderer(color: options.color).render(report)
        case .compact: return CompactRenderer().render(report)
        case .json: return JSONReportRenderer().render(report)
        case .sarif: return SARIFRenderer(rules: RuleCatalog.all, toolVersion: options.toolVersion, workingDirectory: options.workingDirectory).render(report)
        case .github: return GitHubRenderer().render(report)
        case .junit: return JUnitRenderer(rules: RuleCatalog.all).render(report)
        }
    }
}
