import JSONSyntax

/// `lint --write-baseline FILE` (docs/commands.md "Baselines"): every finding of the inputs
/// recorded in a baseline at `path` (`-`: standard output). Refused before anything is written
/// when `path` is an input of the run, or an existing file that is not a baseline (unless
/// `force`). Recording findings is the job: they do not fail it.
package struct RecordBaseline: Sendable {
    /// Files, directories, `-`.
    package var paths: [String]
    /// Where the baseline goes.
    package var output: String
    /// Replace a file that is not a baseline.
    package var force: Bool

    package init(_ paths: [String], to output: String, force: Bool) {
        self.paths = paths
        self.output = output
        self.force = force
    }
}

extension Workspace {
    /// Runs a ``RecordBaseline`` job.
    package func run(_ job: RecordBaseline) -> RunResult {
        var settings = self.settings
        settings.displayCap = nil
        settings.baselinePath = nil
        // `--quiet` hides warnings from a report; a baseline records every finding, or the next
        // run with it would show the warnings it was written to accept as new.
        settings.quiet = false
        var workspace = Workspace(settings: settings)
        var log = RunLog()
        log.findingsFail = false
        let groups = workspace.select(job.paths, log: &log)
        for group in groups {
            for input in group.inputs { workspace.writer.noteRead(input.path) }
        }
        if let baselinePath = self.settings.baselinePath { workspace.writer.noteRead(baselinePath) }
        if job.output != "-" {
            if workspace.refuses(job.output, option: "--write-baseline", log: &log) { return workspace.finish(log) }
            if FileSystem.exists(job.output), !job.force {
                let existing = (try? FileSystem.read(job.output)).map { Baseline(source: SourceFile(path: job.output, bytes: $0)) }
                if existing?.diagnostics.isEmpty != true {
                    log.record(.refused(message: "'\(job.output)' exists and is not a baseline; nothing was written",
                                        help: "choose another path, or add --force to replace it"))
                    return workspace.finish(log)
                }
            }
        }
        var none: BaselineLedger?
        workspace.lint(groups, ledger: &none, job: Lint(job.paths), log: &log)
        // A configuration the run cannot follow, or an input it could not read: a baseline
        // recorded now would accept less than the files hold. Nothing is written.
        guard !log.cannotVouch else {
            log.record(.baselineNotWritten)
            return workspace.finish(log)
        }
        let key = BaselineLedger.pathKey(relativeTo: job.output)
        let inputs = log.inputReports
        let text = Baseline.write(inputs, pathKey: { name in key(inputs.first { $0.source.path == name }?.source.location ?? name) })
        let findings = inputs.reduce(0) { $0 + $1.counts.total }
        if job.output == "-" {
            log.print(text)
        } else if !workspace.write(Array(text.utf8), to: job.output, option: "--write-baseline", log: &log) {
            return workspace.finish(log)
        }
        log.record(.wroteBaseline(path: job.output, findings: findings))
        return workspace.finish(log)
    }
}
