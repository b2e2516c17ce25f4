import JSONSyntax

/// The `strings import` job (docs/translation.md): translation files merged into a config. Every
/// input is read first (one that cannot be read: nothing is written, exit 3); each unit is
/// checked (refused ones are findings in their file's report); the config is rewritten in place
/// through the guarded writer (only if it still holds what was read), or the change printed as
/// a unified diff with `dryRun`.
package struct ImportStrings: Sendable {
    /// The config to merge into.
    package var config: String
    /// The XLIFF and PO files.
    package var files: [String]
    /// Print the diff; write nothing.
    package var dryRun: Bool
    /// Take nothing when a unit is refused.
    package var allOrNothing: Bool

    package init(config: String, files: [String], dryRun: Bool = false, allOrNothing: Bool = false) {
        self.config = config
        self.files = files
        self.dryRun = dryRun
        self.allOrNothing = allOrNothing
    }
}

/// What an import did: the run's result and its plan (`nil` when an input could not be read).
package struct ImportOutcome: Sendable {
    package var result: RunResult
    package var plan: StringsImport.Plan?
    /// Whether the config was rewritten.
    package var wrote: Bool
}

extension Workspace {
    /// Runs an ``ImportStrings`` job.
    package func run(_ job: ImportStrings) -> ImportOutcome {
        var workspace = self
        var log = RunLog()
        let configInput = RunInput(display: job.config, path: job.config, explicit: true)
        let config = workspace.read(configInput, log: &log)
        var files: [SourceFile] = []
        for path in job.files {
            if let file = workspace.read(RunInput(display: path, path: path, explicit: true), log: &log) { files.append(file) }
        }
        guard let config, files.count == job.files.count else {
            return ImportOutcome(result: workspace.finish(log), plan: nil, wrote: false)
        }
        let plan = StringsImport.plan(config: config, files: files, allOrNothing: job.allOrNothing)
        if let unusable = plan.unusable {
            if !unusable.report.diagnostics.isEmpty { log.record(unusable.report) }
            log.record(.unreadable(path: job.config, reason: unusable.reason.replacingOccurrences(job.config + " ", with: "it ") + "; nothing was imported"))
            return ImportOutcome(result: workspace.finish(log), plan: plan, wrote: false)
        }
        for report in plan.reports { log.record(report) }
        var wrote = false
        if plan.bytes != config.bytes {
            if job.dryRun {
                let old = job.config.hasPrefix("/") ? job.config : "a/" + job.config
                let new = job.config.hasPrefix("/") ? job.config : "b/" + job.config
                log.print(UnifiedDiff.make(old: String(decoding: config.bytes, as: UTF8.self), new: String(decoding: plan.bytes, as: UTF8.self),
                                           oldName: old, newName: new))
            } else {
                do {
                    try workspace.writer.rewrite(job.config, with: plan.bytes, original: config.bytes)
                    wrote = true
                } catch {
                    log.record(.writeFailed(path: job.config, message: error.message))
                }
            }
        }
        return ImportOutcome(result: workspace.finish(log), plan: plan, wrote: wrote)
    }
}
