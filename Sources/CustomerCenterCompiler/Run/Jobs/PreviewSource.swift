import JSONSyntax

/// The reading half of `preview`: one authoring config analysed under its configuration file's
/// levels and ignores for one platform, every finding kept, for the page and its `--check`.
package struct PreviewSource: Sendable {
    /// The config file.
    package var path: String
    /// Whose texts and screens the page shows.
    package var platform: Platform

    package init(_ path: String, platform: Platform) {
        self.path = path
        self.platform = platform
    }
}

extension Workspace {
    /// Runs a ``PreviewSource`` job: the analysis (`nil` when the file or its configuration
    /// file could not be read or followed) and the run so far.
    package func run(_ job: PreviewSource) -> (analysis: Analysis?, run: RunResult) {
        var workspace = self
        var log = RunLog()
        guard let group = workspace.selectOne(job.path, display: job.path, log: &log), let policy = workspace.policy(of: group, log: &log),
              let input = group.inputs.first, let source = workspace.read(input, log: &log) else {
            return (nil, workspace.finish(log))
        }
        var none: BaselineLedger?
        let (analysis, gate) = FilePipeline.check(source, policy: policy, baseline: &none, keep: .everything,
                                                  inputFormat: settings.inputFormat, platforms: [job.platform])
        if let report = policy.configurationReport(used: gate.usedIgnores, checked: [source]) { log.recordOwn(report) }
        return (analysis, workspace.finish(log))
    }
}
