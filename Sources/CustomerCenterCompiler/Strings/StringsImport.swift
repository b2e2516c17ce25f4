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
    }

    /// The plan for importing `files` into `config`; with `allOrNothing`, no change when any
    /// unit is refused.
    package static func plan(config: SourceFile, files: [SourceFile], allOrNothing: Bool = false) -> Plan {
        // UTF-16 XLIFF is read (and reported) as its UTF-8 text.
        let files = files.map(TranslationFileContents.utf8)
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
        var candidates: [Candidate] = []
        var sinks: [[Diagnostic]] = Array(repeating: [], count: files.count)
        for (index, file) in files.enumerated() {
            var refuse = Refusals(file: file.path, allOrNothing: allOrNothing)
            candidates += table.candidates(in: file, fileIndex: index, configName: config.path, refusals: &refuse)
            sinks[index] = refuse.diagnostics
            plan.refused += refuse.units
            if refuse.wholeFile { plan.refusedFiles += 1 }
        }
        // One key in one locale from two units with a translation to take: neither is taken
        // (which is meant is a guess). An empty or fuzzy unit never competes: a TMS delivery
        // split into batches has the unit translated in one file and untranslated in the others.
        var byTarget: [String: [Int]] = [:]
        for (index, candidate) in candidates.enumerated() where !candidate.unit.target.isEmpty && !candidate.unit.fuzzy {
            byTarget[candidate.key + "\u{0}" + LocaleCode.normalized(candidate.locale), default: []].append(index)
        }
        var duplicated = Set<Int>(), repeated = Set<Int>()
        for indices in byTarget.values.sorted(by: { $0[0] < $1[0] }) where indices.count > 1 {
            // The same translation from several units (batches that overlap): the first is taken.
            if Set(indices.map { candidates[$0].unit.target }).count == 1 {
                repeated.formUnion(indices.dropFirst())
                continue
            }
            for index in indices {
                let candidate = candidates[index]
                let others = indices.filter { $0 != index }.map { candidates[$0] }
                sinks[candidate.fileIndex].append(Diagnostic(
                    id: ImportFinding.duplicateUnit, severity: .error,
                    message: "\(MessageText.count(indices.count, "unit")) translate '\(candidate.key)' into '\(candidate.locale)': none is taken",
                    file: files[candidate.fileIndex].path, range: candidate.unit.range,
                    notes: others.map { DiagnosticNote(message: "another unit for '\(candidate.key)'", file: files[$0.fileIndex].path, range: $0.unit.range) }))
                duplicated.insert(index)
            }
            plan.refused += indices.count
        }
        plan.repeated = repeated.count
        for (index, candidate) in candidates.enumerated() where !duplicated.contains(index) && !repeated.contains(index) {
            let unit = candidate.unit
            if unit.target.isEmpty { plan.empty += 1; continue }
            if unit.fuzzy { plan.fuzzy += 1; continue }
            let path = files[candidate.fileIndex].path
            // A stale unit is refused even when its translation is what the config has: the
            // file is older than the config, and the translator should see the new text.
            if let finding = table.checkSource(candidate, file: path) {
                sinks[candidate.fileIndex].append(finding)
                plan.refused += 1
                continue
            }
            let old = table.text(candidate.key, locale: candidate.locale)
            if old == unit.target { plan.unchanged += 1; continue }
            if let finding = table.checkText(candidate, file: path) {
                sinks[candidate.fileIndex].append(finding)
                plan.refused += 1
                continue
            }
            plan.changes.append(Change(key: candidate.key, locale: candidate.locale, old: old, new: unit.target))
            if let warning = ConfigTable.checkRoom(candidate, notes: notes, file: path) { sinks[candidate.fileIndex].append(warning) }
        }
        plan.reports = files.enumerated().map { FileReport(source: $1, diagnostics: sinks[$0]) }
        // A transaction: any refused unit or file, and nothing is taken from any file.
        if allOrNothing, plan.refused > 0 || plan.refusedFiles > 0 {
            plan.withheld = plan.changes.count
            plan.changes = []
        }
        plan.bytes = ConfigEdits.apply(plan.changes, to: config, table: table)
        return plan
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
struct Candidate {
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
