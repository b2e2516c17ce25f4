import JSONSyntax

/// Something a run did or met besides its findings, as a value (docs/commands.md "What a run
/// says"): the CLI words it for people, `--format json` lists it under `events`, SARIF as a
/// tool execution notification.
public enum RunEvent: Sendable, Equatable {
    /// Why a payload a previous manifest listed, and this compile does not, was kept.
    public enum KeptReason: Sendable, Equatable {
        /// Its bytes differ from what the manifest recorded (edited by hand).
        case edited
        /// The run read it (an input of this compile).
        case input
        /// Removing it failed.
        case removalFailed(String)
        /// Its platform was not built only because the target platforms were inferred from the
        /// config (no `--platform`, no `platforms` in the configuration file): inference never
        /// removes a platform's payloads (docs/commands.md, "compile").
        case platformInferred
    }

    /// `--fix` applied `count` fixes to the file at `path` (written, or printed for standard input).
    case fixed(path: String, count: Int)
    /// `--fix-dry-run` would apply `count` fixes to `path`.
    case wouldFix(path: String, count: Int)
    /// `format --write` rewrote `path`.
    case formatted(path: String)
    /// `format --check`: `path` is not in the canonical form.
    case wouldReformat(path: String)
    /// `format` refused `path`: it has syntax errors (they are the report).
    case notFormatted(path: String)
    /// A baseline was written to `path` (`-`: standard output) with `findings` findings.
    case wroteBaseline(path: String, findings: Int)
    /// The baseline was not written: the run could not vouch for every file.
    case baselineNotWritten
    /// `path` could not be written (`message` says why, with the path).
    case writeFailed(path: String, message: String)
    /// `compile` built no payload from `path`: it has errors (`reason`, when it is not that).
    case notCompiled(path: String, reason: String?)
    /// A stale payload the previous manifest listed was removed.
    case removedStale(path: String)
    /// A stale payload the previous manifest listed was kept, and why.
    case keptStale(path: String, reason: KeptReason)
    /// A file a directory held was not checked (it is another kind of JSON).
    case skipped(path: String, reason: String)
    /// An input, configuration file or baseline could not be read.
    case unreadable(path: String, reason: String)
    /// The run refused to start (a usage error found by the library).
    case refused(message: String, help: String?)
    /// `preview` made no page from `path`: it is not a config that can be read (its findings say why).
    case notPreviewed(path: String)
    /// `preview` made the page of `path` although it has `errors` errors (a missing text shows its key).
    case previewedWithErrors(path: String, errors: Int)
    /// `preview --check` did not measure the page of `path` (no browser, or it failed): exit 3.
    case notChecked(path: String, reason: String)
    /// `pull` got no config it could save (the API's answer, or a body that is not whole JSON): exit 3, nothing written.
    case notPulled(message: String)
    /// `diff` or `strings export` cannot use `path` as it must (not JSON, not a config): exit 3,
    /// nothing done. `message` is the whole line; the findings that say why come before it.
    case notUsable(path: String, message: String)

    /// How much it matters: `error` events fail the run, `warning` ones are worth a look.
    public var severity: Severity {
        switch self {
        case .fixed, .wouldFix, .formatted, .wouldReformat, .wroteBaseline, .removedStale, .skipped: return .note
        case .keptStale, .previewedWithErrors: return .warning
        case .notFormatted, .baselineNotWritten, .writeFailed, .notCompiled, .unreadable, .refused, .notPreviewed, .notChecked, .notPulled,
             .notUsable:
            return .error
        }
    }

    /// What an event does to the verdict (docs/commands.md "Exit codes"), weakest first; the run
    /// log judges by the strongest one recorded.
    package enum Effect: Int, Comparable, Sendable {
        /// Nothing: it says what was done, or it is a warning.
        case none
        /// The job found what it checks for (a file `format --check` would change, a config
        /// that did not compile or preview): exit 1, as an error does.
        case failsJob
        /// The run could not do all it was asked (an input unread, an output unwritten, a page
        /// unmeasured, nothing pulled): exit 3.
        case cannotFinish
        /// The run refused to start: exit 2, whatever else happened.
        case refuses

        package static func < (lhs: Effect, rhs: Effect) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Its effect on the verdict.
    package var effect: Effect {
        switch self {
        case .refused: return .refuses
        case .unreadable, .writeFailed, .notChecked, .notPulled, .notUsable: return .cannotFinish
        case .wouldReformat, .notFormatted, .notCompiled, .notPreviewed: return .failsJob
        case .fixed, .wouldFix, .formatted, .wroteBaseline, .baselineNotWritten, .removedStale, .keptStale, .skipped,
             .previewedWithErrors:
            return .none
        }
    }

    /// Where the command line shows an event in words.
    package enum Placement: Sendable {
        /// On standard output, in every format: it is the command's answer (`format --check`'s list).
        case answer
        /// On standard error before the report, in a human format (a machine format sharing
        /// standard error carries it instead).
        case notice
        /// The same, after the report (it sums the report up: nothing was compiled).
        case trailer
        /// On standard error in every format: the run did not start.
        case refusal
    }

    /// Where the command line shows it.
    package var placement: Placement {
        switch self {
        case .wouldReformat: return .answer
        case .notCompiled, .notUsable: return .trailer
        case .refused: return .refusal
        default: return .notice
        }
    }

    /// What the command line writes before the message: `note: `, `warning: `, `error: `, or
    /// nothing for what was done as asked (fixed, formatted, written, removed) and for an answer.
    package var label: String {
        switch self {
        case .skipped: return "note: "
        case .fixed, .wouldFix, .formatted, .wroteBaseline, .removedStale, .wouldReformat: return ""
        default: return severity == .warning ? "warning: " : "error: "
        }
    }

    /// The hint of a refusal (a usage error found by the library).
    package var help: String? {
        if case .refused(_, let help) = self { return help }
        return nil
    }

    /// The event as the command line writes it: its label, its message, and a `help:` line when
    /// it has a hint.
    package var line: String {
        label + message + "\n" + (help.map { "help: \($0)\n" } ?? "")
    }

    /// The unreadable file, for the report's list of them.
    package var unreadableFile: UnreadableFile? {
        if case .unreadable(let path, let reason) = self { return UnreadableFile(path: path, reason: reason) }
        return nil
    }

    /// The skipped file, for the report's list of them.
    package var skippedFile: SkippedFile? {
        if case .skipped(let path, let reason) = self { return SkippedFile(path: path, reason: reason) }
        return nil
    }

    /// The event in words, one line, as the CLI prints it after its severity label (if any).
    public var message: String {
        switch self {
        case .fixed(let path, let count): return "fixed \(MessageText.count(count, "problem")) in \(path)"
        case .wouldFix(let path, let count): return "would fix \(MessageText.count(count, "problem")) in \(path)"
        case .formatted(let path): return "formatted \(path)"
        case .wouldReformat(let path): return "would reformat \(path)"
        case .notFormatted(let path): return "\(path) has syntax errors (below); it was not formatted"
        case .wroteBaseline(let path, let findings):
            return "wrote \(path == "-" ? "the baseline to standard output" : path) with \(MessageText.count(findings, "finding"))"
        case .baselineNotWritten: return "the baseline was not written"
        case .writeFailed(_, let message): return message
        case .notCompiled(let path, let reason): return reason ?? "\(path) has errors; nothing was compiled"
        case .removedStale(let path): return "removed \(path): the previous manifest listed it, this compile does not"
        case .keptStale(let path, .edited):
            return "kept \(path): the previous manifest listed it, but it was changed since (its sha256 differs); remove it by hand if it is stale"
        case .keptStale(let path, .input): return "kept \(path): the previous manifest listed it, but this compile read it (an input)"
        case .keptStale(let path, .removalFailed(let reason)): return "could not remove stale \(path): \(reason)"
        case .keptStale(let path, .platformInferred):
            return "kept \(path): the previous manifest listed it, but this compile inferred its platforms from the config's offers and left that platform out; pin them with --platform or \"platforms\" in \(ConfigurationFile.name) to build it again or remove it"
        case .skipped(let path, let reason): return "skipped '\(path)': \(reason)"
        case .unreadable(let path, let reason): return "cannot read '\(path)': \(reason)"
        case .refused(let message, _): return message
        case .notPreviewed(let path): return "nothing to preview: \(path) is not a config that can be read"
        case .previewedWithErrors(let path, let errors):
            return "\(path) has \(MessageText.count(errors, "error")); the preview shows what can be shown (a missing text shows its key)"
        case .notChecked(_, let reason): return reason
        case .notPulled(let message): return message
        case .notUsable(_, let message): return message
        }
    }

    /// Whether it fails the run by itself, whatever the findings (exit 2 or 3), and so is a
    /// failure every format renders (`LintReport.failures`). Unreadable inputs are listed there
    /// from `LintReport.unreadable`; `refused` ends a run before any report.
    package var failsRun: Bool {
        switch self {
        case .writeFailed, .notChecked, .notPulled, .baselineNotWritten: return true
        default: return false
        }
    }

    /// A short name of the kind of event (`--format json`'s `kind`).
    public var kind: String {
        switch self {
        case .fixed: return "fixed"
        case .wouldFix: return "would-fix"
        case .formatted: return "formatted"
        case .wouldReformat: return "would-reformat"
        case .notFormatted: return "not-formatted"
        case .wroteBaseline: return "wrote-baseline"
        case .baselineNotWritten: return "baseline-not-written"
        case .writeFailed: return "write-failed"
        case .notCompiled: return "not-compiled"
        case .removedStale: return "removed-stale"
        case .keptStale: return "kept-stale"
        case .skipped: return "skipped"
        case .unreadable: return "unreadable"
        case .refused: return "refused"
        case .notPreviewed: return "not-previewed"
        case .previewedWithErrors: return "previewed-with-errors"
        case .notChecked: return "not-checked"
        case .notPulled: return "not-pulled"
        case .notUsable: return "not-usable"
        }
    }

    /// The file the event is about, if it is about one.
    public var path: String? {
        switch self {
        case .fixed(let path, _), .wouldFix(let path, _), .formatted(let path), .wouldReformat(let path), .notFormatted(let path),
             .wroteBaseline(let path, _), .writeFailed(let path, _), .notCompiled(let path, _), .removedStale(let path),
             .keptStale(let path, _), .skipped(let path, _), .unreadable(let path, _), .notPreviewed(let path),
             .previewedWithErrors(let path, _), .notChecked(let path, _), .notUsable(let path, _):
            return path == "-" ? nil : path
        case .baselineNotWritten, .refused, .notPulled: return nil
        }
    }
}
