/// Files that share one configuration file (or none).
struct FileGroup {
    /// The configuration file's absolute path.
    var configurationPath: String?
    /// The inputs, in the order given.
    var inputs: [RunInput]
    /// The configuration, once read.
    var configuration: LinterConfiguration?
    /// The configuration could not be read: these files are not linted.
    var unusable = false
}

/// What a run has gathered so far.
struct RunState {
    struct Entry {
        var report: FileReport
        /// A configuration file's or baseline's own report (not an input).
        var isConfigurationReport: Bool
    }

    var reports: [Entry] = []
    var unreadable: [UnreadableFile] = []
    var skipped: [SkippedFile] = []
    var messages: [String] = []
    var documents: [String] = []
    var invalidConfiguration = false
    var writer = GuardedWriter()

    /// The real path of a reported file (its display name when it has none).
    func location(of display: String) -> String {
        reports.first { $0.report.source.path == display }?.report.source.location ?? display
    }

    /// The result: exact counts from every finding, then the verdict.
    func finish(_ settings: RunSettings) -> RunResult {
        var report = LintReport(files: reports.map(\.report), unreadable: unreadable)
        report.skipped = skipped
        var result = RunResult(report: report, messages: messages, documents: documents)
        result.readPaths = writer.readPaths
        let summary = report.summary
        if invalidConfiguration {
            result.verdict = .invalidConfiguration
        } else if !unreadable.isEmpty {
            result.verdict = .unreadable
        } else if summary.errors > 0 {
            result.verdict = .failed(reason: nil)
        } else if settings.strict, summary.warnings > 0 {
            result.verdict = .failed(reason: "\(MessageText.count(summary.warnings, "warning")) under --strict")
        } else if let maximum = settings.maxWarnings, summary.warnings > maximum {
            result.verdict = .failed(reason: "\(MessageText.count(summary.warnings, "warning")), more than --max-warnings \(maximum) allows")
        }
        return result
    }
}

extension RunState {
    /// The bytes of `input`, noted as read; `nil` when it cannot be read (listed as unreadable)
    /// or, found in a directory, is not a config (listed as skipped with `notAConfig`).
    mutating func readConfig(_ input: RunInput, notAConfig: String) -> [UInt8]? {
        writer.noteRead(input.path)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(input.path)
        } catch {
            unreadable.append(UnreadableFile(path: input.display, reason: error.reason))
            return nil
        }
        if !input.explicit, !InputDiscovery.isCustomerCenterConfig(bytes) {
            skipped.append(SkippedFile(path: input.display, reason: notAConfig))
            return nil
        }
        return bytes
    }
}
