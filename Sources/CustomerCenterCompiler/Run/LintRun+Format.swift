import JSONSyntax

/// What `format` does with each file's canonical form (SPEC §4.3).
package enum FormatMode: Sendable, Equatable {
    /// Print it (the default).
    case print
    /// List the files it would change (`--check`); change nothing.
    case check
    /// Rewrite changed files in place (`--write`).
    case write
}

extension LintRun {
    /// `format`: the same inputs as `lint` (directories expanded, each file once; a JSON file a
    /// directory holds that is not a config is skipped with a note, never rewritten), each in
    /// the canonical form: printed, listed when it would change (`would reformat …`, a failing
    /// verdict), or rewritten through the guarded writer (only if it still holds what was read).
    /// A file with a syntax error is refused: its findings are the report and fail the verdict.
    package func format(_ arguments: [String], mode: FormatMode) -> RunResult {
        var state = RunState()
        var discovery = InputDiscovery()
        let inputs = discovery.inputs(arguments.isEmpty ? ["-"] : arguments, stdinName: settings.stdinName, forceExclude: settings.forceExclude)
        state.unreadable += discovery.empty
        var wouldChange = false
        for input in inputs {
            guard let bytes = state.readConfig(input, notAConfig: "not a Customer Center config") else { continue }
            let result = Formatter.format(SourceFile(path: input.display, bytes: bytes))
            guard let formatted = result.formatted else {
                state.reports.append(RunState.Entry(report: result.report, isConfigurationReport: false))
                state.messages.append("error: \(input.display) has syntax errors (below); it was not formatted")
                continue
            }
            switch mode {
            case .print:
                state.documents.append(formatted)
            case .check:
                guard result.changesFile else { continue }
                state.documents.append("would reformat \(input.display)\n")
                wouldChange = true
            case .write:
                guard result.changesFile else { continue }
                do {
                    try state.writer.rewrite(input.path, with: Array(formatted.utf8), original: bytes)
                    state.messages.append("formatted \(input.display)")
                } catch {
                    state.messages.append("error: \(error.message)")
                    state.unreadable.append(UnreadableFile(path: input.display, reason: "could not be written: \(error.reason)"))
                }
            }
        }
        var result = state.finish(settings)
        if wouldChange, result.verdict == .passed { result.verdict = .failed(reason: nil) }
        return result
    }
}
