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

extension RecordBaseline: Job {
    /// Lints the inputs and records every finding; the findings do not fail the run.
    package func run(in context: inout RunContext) {
        let baselinePath = context.settings.baselinePath
        context.settings.displayCap = nil
        context.settings.baselinePath = nil
        // `--quiet` hides warnings from a report; a baseline records every finding, or the next
        // run with it would show the warnings it was written to accept as new.
        context.settings.quiet = false
        context.log.findingsFail = false
        let groups = context.select(paths)
        for group in groups {
            for input in group.inputs { context.writer.noteRead(input.path) }
        }
        if let baselinePath { context.writer.noteRead(baselinePath) }
        if output != "-" {
            if context.refuses(output, option: "--write-baseline") { return }
            if FileSystem.exists(output), !force {
                let existing = (try? FileSystem.read(output)).map { Baseline(source: SourceFile(path: output, bytes: $0)) }
                if existing?.diagnostics.isEmpty != true {
                    context.log.record(.refused(message: "'\(output)' exists and is not a baseline; nothing was written",
                                                help: "choose another path, or add --force to replace it"))
                    return
                }
            }
        }
        var none: BaselineLedger?
        Lint(paths).check(groups, ledger: &none, in: &context)
        // A configuration the run cannot follow, or an input it could not read: a baseline
        // recorded now would accept less than the files hold. Nothing is written.
        guard !context.log.cannotVouch else {
            context.log.record(.baselineNotWritten)
            return
        }
        let key = BaselineLedger.pathKey(relativeTo: output)
        let inputs = context.log.inputReports
        let text = Baseline.write(inputs, pathKey: { name in key(inputs.first { $0.source.path == name }?.source.location ?? name) })
        let findings = inputs.reduce(0) { $0 + $1.counts.total }
        if output == "-" {
            context.log.print(text)
        } else if !context.write(Array(text.utf8), to: output, option: "--write-baseline") {
            return
        }
        context.log.record(.wroteBaseline(path: output, findings: findings))
    }
}
