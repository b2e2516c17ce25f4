import CustomerCenterCompiler

/// Prints a run's result and turns its verdict into the exit code (docs/commands.md "Exit codes").
enum RunOutput {
    /// Documents to stdout, events to stderr (`would reformat` to stdout: it is `format --check`'s
    /// list), the report to `stream`, then the exit code.
    static func finish<Output>(_ result: RunResult<Output>, format: ReportFormat, options: RenderOptions, stream: Int32 = 1,
                       renderReport: Bool = true) -> ExitStatus {
        for document in result.documents { Terminal.out(document) }
        // When a machine format shares standard error with these lines, the format alone goes
        // there (it carries the events).
        let plain = !(stream == 2 && renderReport && ![ReportFormat.human, .compact].contains(format))
        for event in result.events where event.placement != .trailer { say(event, plain: plain) }
        if case .refused = result.verdict { return .usage }
        if renderReport {
            let text = ReportRenderer.render(result.report, format: format, options: options)
            if stream == 2 { Terminal.err(text) } else { Terminal.out(text) }
        }
        for event in result.events where event.placement == .trailer { say(event, plain: plain) }
        switch result.verdict {
        case .passed: return .success
        case .failed(let reason):
            if let reason, plain { Terminal.err("failing: \(reason)\n") }
            return .findings
        case .invalidConfiguration:
            if plain { Terminal.err("error: the configuration file has errors (above); nothing was checked under it\n") }
            return .usage
        case .unreadable: return .io
        case .refused: return .usage
        }
    }

    /// One event for people, where it goes.
    static func say(_ event: RunEvent, plain: Bool) {
        switch event.placement {
        case .answer: Terminal.out(event.line)
        case .refusal: Terminal.err(event.line)
        case .notice, .trailer: if plain { Terminal.err(event.line) }
        }
    }

    /// A refusal of the library (a usage error it found before doing anything), as this
    /// command's usage error: exit 2, with the usage lines.
    static func refusal<Output>(_ result: RunResult<Output>) throws(UsageError) {
        if case .refused(let message, let help) = result.verdict { throw UsageError(message: message, help: help) }
    }

    /// Lines for people on standard error (what a job did, worded by the library).
    static func say(_ lines: [String]) {
        for line in lines { Terminal.err(line + "\n") }
    }
}
