/// `strings import`'s checks of a translation file against the config (docs/translation.md
/// "What it refuses"): which units name a key and locale of the config, stale sources, and
/// translations that would add a defect.

import JSONSyntax
extension ConfigTable {
    /// The units of `file` whose key and locale are the config's; the others are refused.
    func candidates(in file: SourceFile, fileIndex: Int, configName: String, refusals: inout Refusals) -> [ImportCandidate] {
        let contents = TranslationFileContents.read(file)
        if let problem = contents.problem {
            refusals.refuseFile(ImportFinding.malformed, problem.message + "; nothing in this file is imported", at: problem.range)
            return []
        }
        guard !contents.units.isEmpty else {
            refusals.noUnits("the file carries no translation unit (it is empty, or has only a header): nothing in it to import")
            return []
        }
        let resolved = contents.units.map(key(of:))
        guard resolved.contains(where: { if case .success = $0 { return true } else { return false } }) else {
            let from = contents.original.map { " (it says it was exported from '\($0)')" } ?? ""
            refusals.refuseFile(ImportFinding.wrongConfig,
                            "none of the \(MessageText.count(contents.units.count, "unit")) of this file is a key of \(configName)\(from): "
                                + "it belongs to another config; nothing in it is imported",
                            at: contents.units[0].range, units: contents.units.count)
            return []
        }
        // Each locale the file names, checked once.
        var locales: [String?: String?] = [:]
        var candidates: [ImportCandidate] = []
        for (unit, found) in zip(contents.units, resolved) {
            let key: String
            switch found {
            case .success(let name): key = name
            case .failure(let problem):
                refusals.refuse(ImportFinding.unknownKey, problem.description, at: unit.range)
                continue
            }
            if locales[unit.locale] == nil {
                locales[unit.locale] = .some(locale(of: unit, file: file, configName: configName, refusals: &refusals))
            }
            guard let locale = locales[unit.locale] ?? nil else {
                refusals.units += 1
                continue
            }
            candidates.append(ImportCandidate(unit: unit, key: key, locale: locale, fileIndex: fileIndex))
        }
        return candidates
    }

    /// The key of a unit, or why it has none (with a did-you-mean): the key it names; else,
    /// when it names none or a place (`cfg.json:21`, as xliff2po writes msgctxt for units that
    /// share a source), among the keys whose default text is its source the one at the line its
    /// reference gives, or the only one; or its numeric id when that is a key. A name that is
    /// neither a key nor a place is refused (a typo, or a unit of another config), and so is a
    /// source several keys have, naming them.
    func key(of unit: ImportedUnit) -> Result<String, KeyProblem> {
        let name = unit.key.name
        if let name, entries[name] != nil { return .success(name) }
        let place = name.flatMap(Self.placeLine)
        if let name, place == nil {
            let hint = Suggestion.closest(to: name, among: keys).map { " (did you mean '\($0)'?)" } ?? ""
            return .failure(KeyProblem("'\(name)' is not a key of the config's localized_strings\(hint); the unit is not imported"))
        }
        if let id = unit.key.id, entries[id] != nil { return .success(id) }
        var found = keysBySource[unit.source] ?? []
        let line = unit.key.line ?? place
        if found.count > 1, let line {
            let atLine = found.filter { source.location(of: entries[$0]!.keyRange.start).line == line }
            if !atLine.isEmpty { found = atLine }
        }
        if found.count == 1 { return .success(found[0]) }
        let names = name.map { "names the place '\($0)', not a key," } ?? "names no key,"
        if found.isEmpty {
            return .failure(KeyProblem("the unit \(names) and no key's '\(defaultCode)' text is its source \(MessageText.quoted(unit.source)); the unit is not imported"))
        }
        let notAt = line.map { ", none of them at line \($0), which its reference names" } ?? ""
        return .failure(KeyProblem("the unit \(names) and \(found.count) keys (\(found.joined(separator: ", "))) have its source \(MessageText.quoted(unit.source)) as their '\(defaultCode)' text\(notAt): "
            + "import the file strings export wrote, or keep the key in the unit's resname or msgctxt; the unit is not imported"))
    }

    /// The line of a name that is a place in a file (`cfg.json:21`), not a key.
    static func placeLine(_ name: String) -> Int? {
        guard let colon = name.lastIndex(of: ":"), colon != name.startIndex else { return nil }
        let digits = name[name.index(after: colon)...]
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) ? Int(digits) : nil
    }

    struct KeyProblem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The config's spelling of the locale a unit translates into, or `nil` (refused: one
    /// finding for the file).
    func locale(of unit: ImportedUnit, file: SourceFile, configName: String, refusals: inout Refusals) -> String? {
        let range = unit.localeRange ?? ByteRange.at(0)
        // Without a language in the file, its name (`de.po`, as `strings export --out-dir` names it).
        let base = String(file.path.split(separator: "/").last ?? "").split(separator: ".").first.map(String.init) ?? ""
        guard let written = unit.locale ?? (known.contains { LocaleCode.normalized($0) == LocaleCode.normalized(base) } ? base : nil) else {
            refusals.refuseFile(ImportFinding.unknownLocale,
                            "the file does not say which locale it translates into (no XLIFF target-language, no PO 'Language' header) and its name is not one of \(configName)'s locales; nothing in it is imported",
                            at: range, units: 0)
            return nil
        }
        if LocaleCode.normalized(written) == defaultLocale {
            refusals.refuseFile(ImportFinding.unknownLocale,
                            "'\(written)' is the default locale of \(configName): its texts are what translators translate from; nothing in this file is imported",
                            at: range, units: 0)
            return nil
        }
        if let spelling = known.first(where: { LocaleCode.normalized($0) == LocaleCode.normalized(written) }) { return spelling }
        let hint = LocaleCode.suggestion(for: written, among: known).map { " (did you mean '\($0)'?)" } ?? ""
        refusals.refuseFile(ImportFinding.unknownLocale,
                        "\(configName) does not translate into '\(written)'\(hint): its locales are \(known.isEmpty ? "none but the default" : known.joined(separator: ", ")); nothing in this file is imported",
                        at: range, units: 0)
        return nil
    }

    /// A stale unit: its source is not the key's default text any more.
    func checkSource(_ candidate: ImportCandidate, file: String) -> Diagnostic? {
        let unit = candidate.unit
        guard let current = text(candidate.key, locale: defaultLocale) else {
            return Diagnostic(id: ImportFinding.staleSource, severity: .error,
                              message: "'\(candidate.key)' has no '\(defaultCode)' text in the config any more; the unit is not imported",
                              file: file, range: unit.sourceRange)
        }
        guard current != unit.source else { return nil }
        return Diagnostic(id: ImportFinding.staleSource, severity: .error,
                          message: "stale: the unit translates \(MessageText.quoted(unit.source)), but the '\(defaultCode)' text of '\(candidate.key)' is now \(MessageText.quoted(current)); export again and translate the new text",
                          file: file, range: unit.sourceRange)
    }

    /// A translation that would add a defect: other placeholders than its source, or what the
    /// text rules report (whitespace, the other Chinese script).
    func checkText(_ candidate: ImportCandidate, file: String) -> Diagnostic? {
        let unit = candidate.unit, key = candidate.key, locale = candidate.locale
        func refuse(_ id: RuleID, _ message: String) -> Diagnostic {
            Diagnostic(id: id, severity: .error, message: message + "; the unit is not imported", file: file, range: unit.targetRange)
        }
        if let control = ControlCharacterRule.first(in: unit.target) {
            return refuse(ControlCharacterRule.descriptor.id,
                          "the '\(locale)' text of '\(key)' has the control character \(control) (only tab and line feed belong in a text: the SDKs would show it raw, or a terminal would act on it)")
        }
        let expected = Self.placeholders(unit.source), actual = Self.placeholders(unit.target)
        if expected != actual {
            return refuse(ImportFinding.placeholderMismatch,
                          "the '\(locale)' text of '\(key)' \(Self.placeholderDifference(source: expected, target: actual)): keep each '{{ … }}' of the source exactly")
        }
        if let span = WhitespaceRule.spans(of: unit.target).first {
            return refuse(WhitespaceRule.descriptor.id, "the '\(locale)' text of '\(key)' has \(span.problem)")
        }
        if let script = LocaleCode.chineseScript(locale) {
            var target = unit.target
            let sample = target.withUTF8 { ChineseScriptCharacters.sample(in: $0, foreignTo: script) }
            if !sample.isEmpty { return refuse(ScriptMismatchRule.descriptor.id, RuleMessage.scriptMismatch(key, locale: locale, script: script, sample: sample).text) }
        }
        return nil
    }

    /// Each `{{ … }}` of `text` as written (a well-formed one in its canonical spelling), sorted:
    /// two texts agree when these are equal (a placeholder used twice counts twice).
    static func placeholders(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return Placeholders.scan(text).map { match in
            match.isWellFormed ? (match.canonical ?? "") : String(String.UnicodeScalarView(scalars[match.range]))
        }.sorted()
    }

    /// What differs between the placeholders of a source and of its translation (sorted
    /// multisets), each placeholder once: "lacks 'A'", "has 'B' that the source does not",
    /// "has 'C' 2 times where the source has it once".
    static func placeholderDifference(source: [String], target: [String]) -> String {
        var lacks: [String] = [], extra: [String] = [], counts: [String] = []
        func times(_ n: Int) -> String { n == 1 ? "once" : "\(n) times" }
        for name in Array(Set(source + target)).sorted() {
            let inSource = source.filter { $0 == name }.count, inTarget = target.filter { $0 == name }.count
            if inTarget == 0 { lacks.append("'\(name)'") }
            else if inSource == 0 { extra.append("'\(name)'") }
            else if inSource != inTarget { counts.append("'\(name)' \(times(inTarget)) where the source has it \(times(inSource))") }
        }
        var parts: [String] = []
        if !lacks.isEmpty { parts.append("lacks " + lacks.joined(separator: ", ")) }
        if !extra.isEmpty { parts.append("has " + extra.joined(separator: ", ") + " that the source does not") }
        if !counts.isEmpty { parts.append("has " + counts.joined(separator: ", ")) }
        return parts.joined(separator: " and ")
    }
}
