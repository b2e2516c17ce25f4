import JSONSyntax

/// The `diff` job (docs/commands.md "diff"): two versions of a config read (`-`: standard input,
/// one side only) and compared. With the oldest SDKs in the field (the configuration file's
/// `oldest_sdk` that applies to NEW, `--oldest-sdk` overriding it per platform), a change that
/// breaks one of them is breaking too. A side that cannot be read or used is recorded (exit 3);
/// two sides that cannot be compared are refused (exit 2).
package struct Diff: Sendable {
    /// The old and the new version.
    package var old: String
    package var new: String
    /// Format, platforms, order, `--compiled`.
    package var options: DiffOptions
    /// `--oldest-sdk`.
    package var oldestSDK: OldestSDK?

    package init(old: String, new: String, options: DiffOptions, oldestSDK: OldestSDK? = nil) {
        self.old = old
        self.new = new
        self.options = options
        self.oldestSDK = oldestSDK
    }
}

extension Diff: Job {
    /// The comparison, or `nil` when there is none (why is recorded).
    package func run(in context: inout RunContext) -> DiffResult? {
        var options = options
        if let oldest = ConfigDiff.oldestSDK(for: new, flag: oldestSDK) { options.sdkBreaks = ConfigDiff.sdkBreaks(oldest: oldest) }
        guard let oldSource = context.read(old, display: Self.shown(old)), let newSource = context.read(new, display: Self.shown(new)) else {
            return nil
        }
        let diff = ConfigDiff.compare(oldSource, newSource, options: options)
        guard let problem = diff.problem else { return diff }
        switch problem {
        case .invalidJSON(let report):
            context.log.record(report)
            context.log.record(.notUsable(path: report.source.path, message: problem.message + " (above)"))
        case .notAConfig(let path):
            context.log.record(.notUsable(path: path, message: problem.message))
        case .mismatchedFormats, .mismatchedPlatforms:
            context.log.record(.refused(message: problem.message, help: problem.help))
        }
        return nil
    }

    /// How a side is named in messages.
    private static func shown(_ path: String) -> String { path == "-" ? "<stdin>" : path }
}
