import JSONSyntax

/// What `format` does with each file's canonical form (docs/commands.md "format").
package enum FormatMode: Sendable, Equatable {
    /// Print it (the default).
    case print
    /// List the files it would change (`--check`); change nothing.
    case check
    /// Rewrite changed files in place (`--write`).
    case write
}

/// The `format` job: the same inputs as `lint` (directories expanded, each file once; a file
/// found in a directory whose members say it is another kind of JSON is skipped with a note,
/// never rewritten), each in the canonical form: printed, listed when it would change, or
/// rewritten through the guarded writer (only if it still holds what was read). A file with a
/// syntax error is refused: its findings are the report and fail the run.
package struct Reformat: Sendable {
    /// Files, directories, `-`.
    package var paths: [String]
    /// Print, check or write.
    package var mode: FormatMode

    package init(_ paths: [String], mode: FormatMode) {
        self.paths = paths
        self.mode = mode
    }
}

extension Workspace {
    /// Runs a ``Reformat`` job.
    package func run(_ job: Reformat) -> RunResult {
        var workspace = self
        var log = RunLog()
        var discovery = InputDiscovery()
        let inputs = discovery.inputs(job.paths.isEmpty ? ["-"] : job.paths, stdinName: settings.stdinName, forceExclude: settings.forceExclude)
        for directory in discovery.unreadable { log.record(.unreadable(path: directory.path, reason: directory.reason)) }
        for input in inputs { workspace.writer.noteRead(input.path) }
        // Side by side (`settings.jobs`); each file's log joins the run's in the inputs' order.
        let reader = workspace
        let logs = Parallel.map(inputs, jobs: settings.jobs) { input in reader.reformat(input, mode: job.mode) }
        for fileLog in logs { log.append(fileLog) }
        return workspace.finish(log)
    }

    /// One file of a ``Reformat`` job, into a log of its own.
    func reformat(_ input: RunInput, mode: FormatMode) -> RunLog {
        var workspace = self
        var log = RunLog()
        guard let source = workspace.read(input, log: &log) else { return log }
        // One read answers both questions: is it another kind of JSON, and its canonical form.
        let document = Pipeline.read(source)
        if !input.explicit, let kind = document.otherKind {
            log.record(.skipped(path: input.display, reason: Self.otherKindReason(kind)))
            return log
        }
        let result = Formatter.format(document)
        guard let formatted = result.formatted else {
            log.record(result.report)
            log.record(.notFormatted(path: input.display))
            return log
        }
        switch mode {
        case .print:
            log.print(formatted)
        case .check:
            if result.changesFile { log.record(.wouldReformat(path: input.display)) }
        case .write:
            guard result.changesFile else { return log }
            do {
                try workspace.writer.rewrite(input.path, with: Array(formatted.utf8), original: source.bytes)
                log.record(.formatted(path: input.display))
            } catch {
                log.record(.writeFailed(path: input.display, message: error.message))
            }
        }
        return log
    }
}
