/// `strings import`: which translated units of translation files to take into a config, and the
/// config's bytes after taking them (docs/translation.md). Every unit is checked first; a
/// refused one is a finding at its place in the translation file.

import JSONSyntax
package enum StringsImport {
    /// A translation taken: the text of `key` in `locale` (spelled as the config spells it)
    /// goes from `old` (nil: the key has no text in that locale) to `new`.
    package struct Change: Sendable, Equatable {
        package var key: String
        package var locale: String
        package var old: String?
        package var new: String
    }

    /// What an import would do.
    package struct Plan: Sendable {
        /// One report per translation file: its refused units (and why it could not be read).
        package var reports: [FileReport] = []
        /// The translations to take, in file order.
        package var changes: [Change] = []
        /// The config after the changes (its bytes as they are when there are none).
        package var bytes: [UInt8] = []
        /// Units whose translation is what the config already has.
        package var unchanged = 0
        /// Units not taken because they are marked for review (fuzzy) or have no translation.
        package var fuzzy = 0, empty = 0
        /// Units whose key and locale another unit translates the same way (taken once).
        package var repeated = 0
        /// Units refused (each a finding).
        package var refused = 0
        /// Files refused as a whole (malformed, for another config or locale, or, with
        /// `--all-or-nothing`, carrying no unit): each a finding in its file.
        package var refusedFiles = 0
        /// Units that passed but were not taken: `--all-or-nothing` with some refused.
        package var withheld = 0
        /// The config cannot be used: why, and its findings.
        package var unusable: UnusableConfig?
        /// Files read again to show their findings that were not what was read the first time
        /// (changed meanwhile): their findings cannot be placed.
        package var changedWhileRead: [String] = []
    }

    /// The plan for importing `files` into `config`; with `allOrNothing`, no change when any
    /// unit is refused.
    package static func plan(config: SourceFile, files: [SourceFile], allOrNothing: Bool = false) -> Plan {
        plan(config: config, paths: files.map(\.path), allOrNothing: allOrNothing) { files[$0] }
    }

    /// The plan for importing the files at `paths` into `config`, reading each with `read` (its
    /// index) when its turn comes: one file's text and units are in memory at a time, and what
    /// is kept of it is its findings, the text they show, and per unit with a translation its
    /// place (docs/performance.md "strings"). A file that got findings after it was let go (a
    /// unit of a later file translates the same key differently) is read again to show them;
    /// when it is then not what was read, its path is in ``Plan/changedWhileRead``. A file
    /// `read` cannot give is skipped (the caller says why).
    package static func plan(config: SourceFile, paths: [String], allOrNothing: Bool = false, read: (Int) -> SourceFile?) -> Plan {
        var plan = Plan()
        plan.bytes = config.bytes
        let resolved: ResolvedConfig
        switch StringsConfig.resolve(config) {
        case .success(let value): resolved = value
        case .failure(let failure):
            plan.unusable = failure
            return plan
        }
        let table = ConfigTable(config, resolved: resolved)
        let notes = TranslatorNotes(resolved)
        var ledger = ImportLedger(table: table, paths: paths)
        for index in paths.indices {
            // UTF-16 XLIFF is read (and reported) as its UTF-8 text.
            guard let file = read(index).map(TranslationFileContents.utf8) else { continue }
            var refuse = Refusals(file: file.path, allOrNothing: allOrNothing)
            let candidates = table.candidates(in: file, fileIndex: index, configName: config.path, refusals: &refuse)
            ledger.files[index].findings = refuse.diagnostics
            plan.refused += refuse.units
            if refuse.wholeFile { plan.refusedFiles += 1 }
            // One key in one locale from two units with a translation to take: neither is taken
            // (which is meant is a guess). An empty or fuzzy unit never competes: a TMS delivery
            // split into batches has the unit translated in one file and untranslated in the others.
            var shownRanges: [ByteRange] = []
            for candidate in candidates { ledger.record(candidate, notes: notes, path: file.path, shownRanges: &shownRanges) }
            ledger.files[index].fingerprint = FileFingerprint(file.bytes)
            ledger.files[index].shown = shownText(of: file, findings: ledger.files[index].findings.compactMap { $0 }, ranges: shownRanges)
        }
        plan.repeated = ledger.judgeDuplicates()
        plan.refused += ledger.refused
        (plan.unchanged, plan.fuzzy, plan.empty) = (ledger.unchanged, ledger.fuzzy, ledger.empty)
        plan.changes = ledger.changes.compactMap { $0 }
        for (index, file) in ledger.files.enumerated() {
            let findings = file.findings.compactMap { $0 }
            guard file.needsText else {
                plan.reports.append(FileReport(source: file.shown ?? SourceFile(path: file.path, bytes: []), diagnostics: findings))
                continue
            }
            // Read again, one at a time, to show the findings it got after it was let go.
            guard let again = read(index).map(TranslationFileContents.utf8), FileFingerprint(again.bytes) == file.fingerprint else {
                plan.changedWhileRead.append(file.path)
                plan.reports.append(FileReport(source: SourceFile(path: file.path, bytes: []), diagnostics: []))
                continue
            }
            plan.reports.append(FileReport(source: again, diagnostics: findings).keepingShownText())
        }
        // A transaction: any refused unit or file, and nothing is taken from any file.
        if allOrNothing, plan.refused > 0 || plan.refusedFiles > 0 {
            plan.withheld = plan.changes.count
            plan.changes = []
        }
        plan.bytes = ConfigEdits.apply(plan.changes, to: config, table: table)
        return plan
    }

    /// What of `file` its findings, and the duplicate findings it will get at `ranges`, show
    /// (an excerpt; nothing when there are none), so that its text can be let go.
    static func shownText(of file: SourceFile, findings: [Diagnostic], ranges: [ByteRange]) -> SourceFile {
        let marks = ranges.map { Diagnostic(id: ImportFinding.duplicateUnit, severity: .error, message: "", file: file.path, range: $0) }
        return FileReport(source: file, diagnostics: findings + marks).keepingShownText().source
    }
}

/// The ids of `strings import`'s findings (docs/translation.md "What it refuses"). The text
/// rules' own ids are used for what they check (`l10n.whitespace`, `l10n.script-mismatch`).
enum ImportFinding {
    static let malformed: RuleID = "strings.malformed"
    static let unknownKey: RuleID = "strings.unknown-key"
    static let unknownLocale: RuleID = "strings.unknown-locale"
    static let wrongConfig: RuleID = "strings.wrong-config"
    static let duplicateUnit: RuleID = "strings.duplicate-unit"
    static let staleSource: RuleID = "strings.stale-source"
    static let placeholderMismatch: RuleID = "strings.placeholder-mismatch"
    static let emptyFile: RuleID = "strings.empty-file"
    static let tooLong: RuleID = "strings.too-long"
}

/// A unit whose key and locale are the config's.
struct ImportCandidate {
    var unit: ImportedUnit
    var key: String
    /// As the config spells it.
    var locale: String
    var fileIndex: Int
}

/// The findings of one translation file, and how many units they refuse.
struct Refusals {
    let file: String
    /// `--all-or-nothing`: a file with no unit is refused, not only warned about.
    var allOrNothing = false
    var diagnostics: [Diagnostic] = []
    var units = 0
    /// The file is refused as a whole (a finding that takes none of its units).
    var wholeFile = false

    mutating func refuse(_ id: RuleID, _ message: String, at range: ByteRange, units count: Int = 1) {
        diagnostics.append(Diagnostic(id: id, severity: .error, message: message, file: file, range: range))
        units += count
    }

    /// A file that carries no unit: a warning (the translations it should carry are lost
    /// without a word otherwise); with `--all-or-nothing` the file is refused.
    mutating func noUnits(_ message: String) {
        diagnostics.append(Diagnostic(id: ImportFinding.emptyFile, severity: allOrNothing ? .error : .warning, message: message, file: file, range: ByteRange.at(0)))
        if allOrNothing { wholeFile = true }
    }

    /// Refuses the whole file: `units` of its units are counted as refused (0 when they could not be read).
    mutating func refuseFile(_ id: RuleID, _ message: String, at range: ByteRange, units count: Int = 0) {
        refuse(id, message, at: range, units: count)
        wholeFile = true
    }
}
