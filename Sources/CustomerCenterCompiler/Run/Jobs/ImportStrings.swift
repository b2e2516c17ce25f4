import JSONSyntax
import PlatformLayer

/// The `strings import` job (docs/translation.md): translation files merged into a config. The
/// files are read one at a time (one that cannot be read: nothing is written, exit 3); each unit is
/// checked (refused ones are findings in their file's report); the config is rewritten in place
/// through the guarded writer (only if it still holds what was read), or the change printed as
/// a unified diff with `dryRun`.
package struct ImportStrings: Sendable {
    /// The config to merge into.
    package var config: String
    /// The XLIFF and PO files.
    package var files: [String]
    /// Print the diff; write nothing.
    package var dryRun: Bool
    /// Take nothing when a unit is refused.
    package var allOrNothing: Bool

    package init(config: String, files: [String], dryRun: Bool = false, allOrNothing: Bool = false) {
        self.config = config
        self.files = files
        self.dryRun = dryRun
        self.allOrNothing = allOrNothing
    }
}

/// What an import gives back besides its run's report: its plan (`nil` when an input could not
/// be read) and whether the config was rewritten.
package struct ImportOutput: Sendable {
    package var plan: StringsImport.Plan?
    /// Whether the config was rewritten.
    package var wrote = false
    /// What the import did in one line for standard error ("imported 3 translations into c.json
    /// (2 units as the config has them; 1 refused (below))"), never "imported" when the config
    /// could not be written; `nil` when nothing was planned.
    package var summary: String?
}

extension ImportStrings: Job {
    /// Reads every input, plans the merge, then rewrites the config (or prints the diff).
    package func run(in context: inout RunContext) -> ImportOutput {
        guard let source = context.read(config) else {
            // Each input that cannot be read is named, the config's and the files'.
            for file in files { _ = context.read(file) }
            return ImportOutput(plan: nil)
        }
        // The files are read one at a time as the plan comes to them (docs/performance.md
        // "strings"); one that cannot be read: nothing is written. Each file's bytes and units
        // are freed before the next is read: let them go back, so that the peak follows the
        // largest file, not the heap the files leave behind.
        OS.returnLargeBlocksWhenFreed()
        var unread = 0
        let plan = StringsImport.plan(config: source, paths: files, allOrNothing: allOrNothing) { index in
            let file = context.read(files[index])
            if file == nil { unread += 1 }
            return file
        }
        if !plan.changedWhileRead.isEmpty {
            for path in plan.changedWhileRead {
                context.log.record(.unreadable(path: path, reason: "it changed while it was imported (read again to show its findings, it was not what was read); nothing was imported"))
            }
            return ImportOutput(plan: nil)
        }
        guard unread == 0 else { return ImportOutput(plan: nil) }
        if let unusable = plan.unusable {
            // Nothing was read but the config: each file that cannot be read is named too.
            for file in files where context.read(file) == nil { unread += 1 }
            if unread > 0 { return ImportOutput(plan: nil) }
            if !unusable.report.diagnostics.isEmpty { context.log.record(unusable.report) }
            context.log.record(.unreadable(path: config, reason: "it \(unusable.problem); nothing was imported"))
            return ImportOutput(plan: plan)
        }
        for report in plan.reports { context.log.record(report) }
        var output = ImportOutput(plan: plan)
        if plan.bytes != source.bytes, dryRun {
            let old = config.hasPrefix("/") ? config : "a/" + config
            let new = config.hasPrefix("/") ? config : "b/" + config
            context.log.print(UnifiedDiff.make(old: String(decoding: source.bytes, as: UTF8.self), new: String(decoding: plan.bytes, as: UTF8.self),
                                               oldName: old, newName: new))
        } else if plan.bytes != source.bytes {
            output.wrote = context.rewrite(config, shown: config, with: plan.bytes, original: source.bytes)
        }
        output.summary = summary(plan, wrote: output.wrote)
        return output
    }

    /// The plan in one line (``ImportOutput/summary``).
    private func summary(_ plan: StringsImport.Plan, wrote: Bool) -> String {
        let count = MessageText.count(plan.changes.count, "translation")
        var text: String
        if plan.changes.isEmpty {
            text = "\(config) unchanged: no translation to take"
        } else if dryRun {
            text = "would import \(count) into \(config)"
        } else if wrote {
            text = "imported \(count) into \(config)"
        } else {
            text = "\(config) unchanged: it could not be written (below); \(count) not imported"
        }
        let parts = [(plan.unchanged, "unit", "as the config has them"), (plan.fuzzy, "fuzzy unit", "(needing review) not taken"),
                     (plan.repeated, "unit", "repeating another's translation"), (plan.empty, "unit", "without a translation"),
                     (plan.refused, "unit", "refused (below)"), (plan.refusedFiles, "file", "refused as a whole (below)"),
                     (plan.withheld, "good translation", "withheld by --all-or-nothing")]
            .filter { $0.0 > 0 }.map { "\(MessageText.count($0.0, $0.1)) \($0.2)" }
        if !parts.isEmpty { text += " (" + parts.joined(separator: "; ") + ")" }
        return text
    }
}
