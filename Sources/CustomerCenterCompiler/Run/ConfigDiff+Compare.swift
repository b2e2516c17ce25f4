import JSONSyntax

// The diff job's entry point sits with the run, above both the reader it needs (Lint's decode)
// and the comparison (Diff), which stands on the model alone.
extension ConfigDiff {
    /// Compares two versions of a config (docs/commands.md "diff"): screens, paths, survey options, offers,
    /// store offer ids, strings per locale, locales and settings, matched by id and key, so
    /// reordering and reformatting are not changes. Both sides must be valid JSON of one format
    /// (detected unless `inputFormat` is given); otherwise `problem` says which side is not.
    ///
    /// ```swift
    /// let old = SourceFile(path: "live.json", text: liveJSON)
    /// let new = SourceFile(path: "customer_center.json", text: localJSON)
    /// let diff = ConfigDiff.compare(old, new)
    /// if let problem = diff.problem {
    ///     print(problem.message)
    /// } else {
    ///     print(DiffRenderer.human(diff.changes), terminator: "")
    ///     if diff.hasBreakingChanges { print("breaking: review before publishing") }
    /// }
    /// ```
    public static func compare(_ old: SourceFile, _ new: SourceFile, inputFormat: InputFormat? = nil) -> DiffResult {
        var sides: [(config: CustomerCenterConfig, format: InputFormat?)] = []
        for source in [old, new] {
            let analysis = Linter.decode(source, inputFormat: inputFormat)
            // Only syntax errors stop the comparison: the model of a config with other findings
            // is still what the SDKs would read.
            let syntax = analysis.report.diagnostics.filter { $0.id.rawValue.hasPrefix("json.") && $0.severity == .error }
            guard syntax.isEmpty else {
                return DiffResult(changes: [], problem: .invalidJSON(FileReport(source: source, diagnostics: syntax)))
            }
            guard let config = analysis.config else { return DiffResult(changes: [], problem: .notAConfig(path: source.path)) }
            sides.append((config, analysis.format))
        }
        if let oldFormat = sides[0].format, let newFormat = sides[1].format, oldFormat != newFormat {
            return DiffResult(changes: [], problem: .mismatchedFormats(old: old.path, oldFormat: oldFormat, new: new.path, newFormat: newFormat))
        }
        return DiffResult(changes: changes(from: sides[0].config, to: sides[1].config), problem: nil)
    }
}
