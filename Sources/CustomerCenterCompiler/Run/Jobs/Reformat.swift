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

extension Reformat: Job {
    /// Every file in its canonical form, side by side (`settings.jobs`); each file's log joins
    /// the run's in the inputs' order.
    package func run(in context: inout RunContext) {
        var discovery = InputDiscovery()
        let inputs = discovery.inputs(paths.isEmpty ? ["-"] : paths, stdinName: context.settings.stdinName,
                                      forceExclude: context.settings.forceExclude)
        for directory in discovery.unreadable { context.log.record(.unreadable(path: directory.path, reason: directory.reason)) }
        for input in inputs { context.writer.noteRead(input.path) }
        let shared = context
        let logs = Parallel.map(inputs, jobs: context.settings.jobs) { input in
            var one = shared.forOneInput()
            reformat(input, in: &one)
            return one.log
        }
        for fileLog in logs { context.log.append(fileLog) }
    }

    /// One file, into a context of its own.
    func reformat(_ input: RunInput, in context: inout RunContext) {
        guard let source = context.read(input) else { return }
        // One read answers both questions: is it another kind of JSON, and its canonical form.
        let document = Pipeline.read(source)
        if !input.explicit, let kind = document.otherKind {
            context.log.record(.skipped(path: input.display, reason: Lint.otherKindReason(kind)))
            return
        }
        let result = Formatter.format(document)
        guard let formatted = result.formatted else {
            context.log.record(result.report)
            context.log.record(.notFormatted(path: input.display))
            return
        }
        switch mode {
        case .print:
            context.log.print(formatted)
        case .check:
            if result.changesFile { context.log.record(.wouldReformat(path: input.display)) }
        case .write:
            guard result.changesFile else { return }
            if context.rewrite(input.path, shown: input.display, with: Array(formatted.utf8), original: source.bytes) {
                context.log.record(.formatted(path: input.display))
            }
        }
    }
}
