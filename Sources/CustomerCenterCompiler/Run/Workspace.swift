import JSONSyntax

/// A run of one job (docs/design.md "The top floor"): the command line's settings, and the one
/// entry point that runs any ``Job`` in a fresh ``RunContext`` (the only owner of the run's I/O)
/// and returns what it recorded, counted and judged once, with the job's own output.
///
/// ```swift
/// var settings = RunSettings()
/// settings.maxWarnings = 10
/// let result = Workspace(settings: settings).run(Lint(["Configs/"]))
/// print(result.report.counts.warnings, result.verdict)
/// ```
public struct Workspace: Sendable {
    /// The command line's settings.
    public let settings: RunSettings

    /// A workspace for a run with `settings`.
    public init(settings: RunSettings = RunSettings()) {
        self.settings = settings
    }

    /// Runs `job`: its findings, events, text for standard output and verdict, and its output.
    public func run<J: Job>(_ job: J) -> RunResult<J.Output> {
        var context = RunContext(settings: settings)
        let output = job.run(in: &context)
        return context.finish(output)
    }

    /// Render options for a report of a run in the current directory (the base of its relative
    /// paths, as the user reached it: SARIF, GitLab).
    package static func renderOptions(color: Bool) -> RenderOptions {
        RenderOptions(color: color, workingDirectory: FileSystem.shownCurrentDirectory())
    }

    /// Whether a file or folder is at `path` (the command line's hint for a file named like an option).
    package static func exists(_ path: String) -> Bool { FileSystem.exists(path) }

    /// Fixes one text under `policy` (an editor's "fix all"): every finding's fix, not only those
    /// a display would show. The findings that remain are the caller's to check.
    package static func fix(_ source: SourceFile, policy: Policy, unsafe: Bool) -> Fixer.Outcome {
        Autofix.fixing(source, policy: policy, unsafe: unsafe)
    }
}
