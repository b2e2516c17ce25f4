import CustomerCenterCompiler
import JSONSyntax

/// The diagnostics after a keystroke without checking the whole document again, when the edits
/// since its last analysis provably change only what a small check can recompute; else `nil`,
/// and the whole text is checked. The result is what a check of the whole current text reports,
/// finding for finding (same set, order, ranges and messages: `IncrementalCheckTests` compares
/// them after every one of thousands of random edits).
///
/// - Blanks between tokens (`EditFootprint.Kind.blanks`) change no finding: the last analysis'
///   findings, their ranges moved past the edit.
/// - Edits inside one text of `localized_strings[K]` of an authoring config (no quote, escape or
///   control byte added or removed: the literal still ends where it did) change only the
///   findings of `RuleCatalog.rules(reading: .texts)` inside K's member. Those are found by checking a
///   reduced copy of the current text, K alone in `localized_strings` (the rest of the config
///   as it is), with only those rules on; every other finding is the last analysis', moved.
///
/// - Other edits inside `localized_strings` (keys added, removed or renamed, a locale's text
///   added or removed, quotes and escapes typed) re-check the members they touched
///   (`StructuralEditCheck`): every rule on two reduced copies, before and after the edit.
/// - Edits inside one screen's `paths` or inside `promotional_offers` (a path's id, type, title
///   key or url typed in, a path added or removed, an offer's field changed), or inside the value
///   of a screen's own field, re-check the paths, offers or field they touched the same way
///   (`ElementEditCheck`).
///
/// Anything it cannot vouch for goes to the whole check: other edits, a text of a key a rule
/// compares with other keys' texts (`RuleCatalog.keysWhoseTextsAreCompared`), a
/// document with syntax findings (or a syntax rule switched off), a rule at its display cap, a
/// finding whose range starts or ends inside the changed bytes, or a reduced copy that targets
/// other locales or platforms than the document.
enum IncrementalChecker {
    /// The diagnostics of `document`, changed by `log` since the analysis `cached`; `nil`: check
    /// the whole text. `structureChanged` is set when the edits changed the config's structure
    /// (its keys, its locales): then what the analysis says of them is out of date.
    static func diagnostics(of document: TextDocument, after log: [TextDocument.ByteChange], since cached: AnalysisCache.Entry,
                            session: EditorSession, structureChanged: inout Bool) -> [Diagnostic]? {
        let analysis = cached.analysis
        let policy = cached.judgement.policy
        guard let resolved = analysis.resolved, let tape = analysis.tape, analysis.report.omitted.isEmpty,
              !analysis.report.diagnostics.contains(where: { RuleCatalog.textRules.contains($0.id) }),
              !policy.options.severityOverrides.contains(where: { RuleCatalog.textRules.contains($0.key) && $0.value == .off }) else { return nil }
        let footprint = EditFootprint(analysed: cached.lexical.bytes, current: document.bytes, changes: log,
                                      lexical: cached.lexical, resolved: resolved, tape: tape)
        let edit = IncrementalEdit(prefix: footprint.prefix, analysedEnd: cached.lexical.bytes.count - footprint.suffix,
                                   currentEnd: document.bytes.count - footprint.suffix)
        switch footprint.kind {
        case .other:
            structureChanged = true
            let path = FileURI.displayPath(document.uri)
            return StructuralEditCheck.diagnostics(current: document.bytes, path: path, edit: edit, since: cached, session: session)
                ?? ElementEditCheck.diagnostics(current: document.bytes, path: path, edit: edit, since: cached, session: session)
        case .blanks:
            return edit.moved(analysis.report.diagnostics)
        case .text(let key):
            // A baseline matches findings by count across the file: the whole check decides.
            guard !session.hasBaseline else { return nil }
            guard resolved.config.format == .authoring, !RuleCatalog.keysWhoseTextsAreCompared(in: resolved).contains(key),
                  let spans = IncrementalEdit.Spans(tape: tape, key: key, containing: edit.prefix, locales: tableLocales(resolved))
            else { return nil }
            let rules = RuleCatalog.rules(reading: .texts)
            // The findings of the rules re-checked, about K, are the reduced copy's; every other one is the last analysis'.
            let kept = analysis.report.diagnostics.filter { !(rules.contains($0.id) && spans.member.contains($0.range)) }
            guard var result = edit.moved(kept), let fresh = recheck(key: key, spans: spans, edit: edit, document: document,
                                                                      policy: policy, like: analysis, session: session) else { return nil }
            result += fresh
            // Past the display cap the whole check decides which findings show.
            var counts: [RuleID: Int] = [:]
            for diagnostic in result { counts[diagnostic.id, default: 0] += 1 }
            if let cap = policy.settings.displayCap, counts.values.contains(where: { $0 > cap }) { return nil }
            return result.sorted(by: Diagnostic.reportOrder)
        }
    }

    /// The target locales the texts of `localized_strings` add, as first written (`nil`: the
    /// config lists its `supported` locales, the texts add none).
    static func tableLocales(_ resolved: ResolvedConfig) -> [String]? {
        guard let localization = resolved.config.localization, localization.supported == nil else { return nil }
        // The default locale, when written, is the first target locale whatever the texts say.
        return Array(resolved.targetLocaleCodes.dropFirst(localization.defaultLocale == nil ? 0 : 1))
    }

    /// The findings of `RuleCatalog.rules(reading: .texts)` inside key `key`'s member of the current
    /// text: a copy of it with only what those findings depend on (`ReducedCopy`) is checked with
    /// only those rules on, for the platforms the whole text was checked for, and its findings
    /// inside the member are moved back to where the member is.
    static func recheck(key: String, spans: IncrementalEdit.Spans, edit: IncrementalEdit, document: TextDocument,
                        policy: Policy, like analysis: Analysis, session: EditorSession) -> [Diagnostic]? {
        guard let original = analysis.resolved, let root = analysis.tape?.root,
              let copy = ReducedCopy(current: document.bytes, root: root, spans: spans, edit: edit,
                                     references: original.stringReferences.ranges(naming: [key])) else { return nil }
        let inReduced = copy.member, offset = copy.offset
        let checked = session.check(SourceFile(path: FileURI.displayPath(document.uri), bytes: copy.bytes), policy: policy,
                                    onlyRules: RuleCatalog.rules(reading: .texts), platforms: analysis.platforms)
        guard checked.otherKind == nil, let resolved = checked.resolved,
              resolved.config.format == .authoring, resolved.defaultLocale == original.defaultLocale,
              resolved.targetLocales == original.targetLocales, checked.platforms == analysis.platforms,
              !checked.report.diagnostics.contains(where: { RuleCatalog.textRules.contains($0.id) }) else { return nil }
        var found: [Diagnostic] = []
        for diagnostic in checked.report.diagnostics where inReduced.contains(diagnostic.range) {
            guard diagnostic.notes.allSatisfy({ $0.file != diagnostic.file || inReduced.contains($0.range) }),
                  let moved = diagnostic.relocated({ $0.shifted(by: offset) }) else { return nil }
            found.append(moved)
        }
        return found
    }
}

/// The bytes the edits since an analysis changed: `prefix..<analysedEnd` of the analysed text
/// became `prefix..<currentEnd` of the current one; before and after, the bytes are the same.
struct IncrementalEdit {
    let prefix: Int
    let analysedEnd: Int
    let currentEnd: Int

    var delta: Int { currentEnd - analysedEnd }

    /// Where `range` of the analysed text is in the current one; `nil` when an end of it is in
    /// (or, empty, at) the changed bytes: which side of the edit it belongs to is not known.
    func current(_ range: ByteRange) -> ByteRange? {
        func start(_ offset: Int) -> Int? { offset < prefix ? offset : offset >= analysedEnd ? offset + delta : nil }
        guard let from = start(range.start) else { return nil }
        if range.count == 0 { return range.start == prefix ? nil : ByteRange(from, from) }
        let to: Int
        if range.end <= prefix { to = range.end } else if range.end > analysedEnd { to = range.end + delta } else { return nil }
        return ByteRange(from, to)
    }

    /// The analysed text's findings (their notes in the same file and their fixes' edits too)
    /// in the current text; `nil` when one cannot be placed.
    func moved(_ diagnostics: [Diagnostic]) -> [Diagnostic]? {
        var result: [Diagnostic] = []
        result.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics {
            guard let moved = diagnostic.relocated(current) else { return nil }
            result.append(moved)
        }
        return result
    }

    /// Where `localization.localized_strings` and its member `key` are in an analysed text, when
    /// the member's value holds `offset`; with the members the reduced copy keeps beside it.
    struct Spans {
        /// The table's value, `{` to `}`.
        let table: ByteRange
        /// The member, its key to its value's end.
        let member: ByteRange
        /// The members the reduced copy keeps, in document order: `member`, and where the config
        /// lists no `supported` locales (its target locales are those of the texts, in the order
        /// first written), the first member written with each of `locales` (the target locales
        /// as first written), so that the copy targets the same locales in the same order.
        let kept: [ByteRange]

        init?(tape: JSONTape, key: String, containing offset: Int, locales: [String]?) {
            guard let root = tape.root?.objectMembers, let (localization, _) = root.first(named: "localization"),
                  let (table, _) = localization.value.objectMembers?.first(named: "localized_strings"),
                  let members = table.value.objectMembers else { return nil }
            var wanted = Set(locales ?? [])
            var member: ByteRange?
            var kept: [ByteRange] = []
            for candidate in members {
                let value = candidate.value.range
                var keeps = false
                if value.start < offset && offset < value.end {
                    guard candidate.keyEquals(key), candidate.value.kind == .object else { return nil }
                    member = candidate.range
                    keeps = true
                }
                if !wanted.isEmpty, let texts = candidate.value.objectMembers {
                    for text in texts where wanted.remove(text.key) != nil { keeps = true }
                }
                if keeps { kept.append(candidate.range) }
                if member != nil, wanted.isEmpty { break }
            }
            guard let member, wanted.isEmpty else { return nil }
            self.table = table.value.range
            self.member = member
            self.kept = kept
        }
    }
}
