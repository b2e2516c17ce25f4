import CustomerCenterCompiler
import JSONSyntax

/// The diagnostics after an edit that changed the structure of `localization.localized_strings`
/// (a key added, removed or renamed, a locale's text added or removed, a text replaced by a
/// number, quotes and escapes typed) without checking the whole document; `nil`: check it whole.
///
/// The edit changed a run of the table's members, the *segment* (the members it touched, with an
/// untouched neighbour on each side so that the commas between them are the document's own).
/// What can depend on those members is in two reduced copies, one of the analysed text and one
/// of the current text, alike but for the segment: the segment, the members that keep the target
/// locales in their order (`IncrementalEdit.Spans`), the screens with only the paths that name a
/// key of the segment (old or new), the offers that name one, the other root members as they
/// are. Both are checked with every rule; a finding of one copy that the other does not have is
/// a finding the edit removed or added; every other finding is the last analysis', moved past
/// the edit. A copy of the analysed text must find, inside the segment, what the whole check
/// found there, or the copies are not trusted.
///
/// Anything it cannot vouch for goes to the whole check: syntax findings anywhere, a baseline,
/// a rule at its display cap, keys added, removed or renamed beside a reference to no key (its
/// finding suggests the nearest key of the whole table), a key of the segment whose texts a rule compares with other keys'
/// (`RuleCatalog.keysWhoseTextsAreCompared`), a change of the default or target locales, a copy
/// whose config does not decode, an `ignore` entry that names a path by its index, a change
/// of a finding that counts a locale's texts in the whole table (`countsEveryText`).
enum StructuralEditCheck {
    /// The diagnostics of the current text `current`, the analysed one changed by `edit`; `nil`: check it whole.
    static func diagnostics(current: [UInt8], path: String, edit: IncrementalEdit, since cached: AnalysisCache.Entry,
                            session: EditorSession) -> [Diagnostic]? {
        let analysis = cached.analysis, policy = cached.judgement.policy
        guard !session.hasBaseline, let resolved = analysis.resolved, resolved.config.format == .authoring, let tape = analysis.tape,
              let plan = TableSegment(tape: tape, edit: edit, locales: IncrementalChecker.tableLocales(resolved)),
              // An `ignore` entry's pointer names a path by its index, which a copy's paths do not keep.
              !policy.ignores(for: SourceFile(path: path, bytes: [])).contains(where: { $0.pointer.tokens.first == "screens" })
        else { return nil }
        // The keys whose members the segment holds, before and after the edit.
        let segmentNow = (plan.segment.start)..<(plan.segment.end + edit.delta)
        guard let newKeys = TableSegment.keys(in: current[segmentNow]) else { return nil }
        // A key written again outside the segment: the whole check reports the repeated key.
        guard !newKeys.contains(where: { !plan.oldKeys.contains($0) && resolved.strings.position(of: $0) != nil }) else { return nil }
        let keys = plan.oldKeys.union(newKeys)
        // The texts of the keys the edit touched (not its neighbours', the same in both copies).
        let touched = keys.subtracting(plan.neighbourKeys)
        guard RuleCatalog.keysWhoseTextsAreCompared(in: resolved).isDisjoint(with: touched) else { return nil }
        let references = resolved.stringReferences.ranges(naming: keys)
        let analysed = cached.lexical.bytes
        guard let before = plan.copy(of: analysed, root: tape, references: references, shift: { _ in 0 }, segmentEnd: plan.segment.end),
              let after = plan.copy(of: current, root: tape, references: references, shift: { $0 >= edit.analysedEnd ? edit.delta : 0 },
                                    segmentEnd: plan.segment.end + edit.delta) else { return nil }
        guard let (checkedBefore, checkedAfter) = checkedCopies(before, after, path: path, since: cached, session: session,
                                                                where: { RuleCatalog.keysWhoseTextsAreCompared(in: $0).isDisjoint(with: touched) })
        else { return nil }
        guard let old = sourced(checkedBefore.report.diagnostics, before), let new = sourced(checkedAfter.report.diagnostics, after),
              Delta.sameFindings(old.filter { plan.segment.contains($0.range) },
                                 analysis.report.diagnostics.filter { plan.segment.contains($0.range) })
        else { return nil }
        // A locale's finding is reported once, at its first text, counting every text in it: when
        // the edit changes one, the copies cannot see the texts in it outside them.
        let delta = Delta(old: old, new: new, edit: edit)
        guard !(delta.removed + delta.added).contains(where: { Self.countsEveryText.contains($0.id) }) else { return nil }
        // An unresolved reference's finding names the nearest key of the whole table: when the
        // keys change, only the whole check knows which. (The copies' own, of the keys a kept
        // path names that they leave out, are alike in both and cancel.)
        let unresolved = UnresolvedStringRule.descriptor.id
        if plan.oldKeys != newKeys,
           analysis.report.diagnostics.contains(where: { $0.id == unresolved }) || (delta.removed + delta.added).contains(where: { $0.id == unresolved }) {
            return nil
        }
        return delta.applied(to: analysis.report.diagnostics, cap: policy.settings.displayCap)
    }

    /// Rules that report a locale once for the whole table, with how many texts are in it.
    static let countsEveryText: Set<RuleID> = [UndeclaredLocaleRule.descriptor.id, UnknownLocaleRule.descriptor.id]

    /// Every rule: a reduced copy is checked with all of them.
    static let everyRule = Set(RuleCatalog.all.map(\.id))

    /// The copies of the text before and after an edit, each checked with every rule; `nil` when
    /// either is not an authoring config with the analysed text's locales, has a finding of a rule
    /// that reads a text's content, or fails `holds`. Without `suggesting`, the copies' references
    /// to no key or offer get no "did you mean" fix (the caller never shows a copy's).
    static func checkedCopies(_ before: PieceCopy, _ after: PieceCopy, path: String, since cached: AnalysisCache.Entry,
                              session: EditorSession, suggesting: Bool = true, where holds: (ResolvedConfig) -> Bool = { _ in true })
        -> (before: Analysis, after: Analysis)? {
        let analysis = cached.analysis, policy = cached.judgement.policy
        guard let resolved = analysis.resolved else { return nil }
        let checked = [before, after].map {
            session.check(SourceFile(path: path, bytes: $0.bytes), policy: policy, onlyRules: everyRule, platforms: analysis.platforms,
                          suggesting: suggesting)
        }
        for one in checked {
            guard one.otherKind == nil, let copy = one.resolved, copy.config.format == .authoring,
                  copy.defaultLocale == resolved.defaultLocale, copy.targetLocales == resolved.targetLocales,
                  copy.targetLocaleCodes == resolved.targetLocaleCodes,
                  !one.report.diagnostics.contains(where: { RuleCatalog.textRules.contains($0.id) }), holds(copy) else { return nil }
        }
        return (checked[0], checked[1])
    }

    /// Every finding of a copy placed on its source; `nil` when one cannot be.
    static func sourced(_ diagnostics: [Diagnostic], _ copy: PieceCopy) -> [Diagnostic]? {
        var out: [Diagnostic] = []
        out.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics {
            guard let placed = copy.source(diagnostic) else { return nil }
            out.append(placed)
        }
        return out
    }
}

/// What an edit changed, as findings: those of the copy of the analysed text (`old`, analysed
/// places) that the copy of the current text (`new`, current places) does not have, and the
/// reverse.
struct Delta {
    /// Findings the edit removed, at their analysed places.
    let removed: [Diagnostic]
    /// Findings the edit added, at their current places.
    let added: [Diagnostic]
    let edit: IncrementalEdit

    init(old: [Diagnostic], new: [Diagnostic], edit: IncrementalEdit) {
        // A finding of both copies (the old one moved past the edit) is one the edit left alone,
        // whatever its pointer: a path added or removed moves the index of every later path of its
        // screen, which a pointer names (and an editor is not shown: `Editor.convert`), so a
        // finding on a later path the copies keep is the same finding under a new pointer. Those
        // the copies leave out keep their analysed pointer, as the moved findings do.
        var unmatched: [Int: [Int]] = [:]
        var moved: [Diagnostic?] = []
        moved.reserveCapacity(old.count)
        for (index, diagnostic) in old.enumerated() {
            let placed = edit.moved([diagnostic])?.first
            moved.append(placed)
            if let placed { unmatched[placed.range.start, default: []].append(index) }
        }
        var kept = [Bool](repeating: false, count: old.count)
        var added: [Diagnostic] = []
        for diagnostic in new {
            if let candidates = unmatched[diagnostic.range.start],
               let found = candidates.firstIndex(where: { moved[$0].map { Self.same($0, diagnostic) } ?? false }) {
                kept[candidates[found]] = true
                unmatched[diagnostic.range.start]!.remove(at: found)
            } else {
                added.append(diagnostic)
            }
        }
        removed = old.indices.compactMap { kept[$0] ? nil : old[$0] }
        self.added = added
        self.edit = edit
    }

    /// The analysed text's findings with this delta applied, in the current text, in report
    /// order; `nil` when a removed finding is not among them, one left cannot be moved past the
    /// edit, or a rule's findings pass the display cap (the whole check decides which show).
    func applied(to diagnostics: [Diagnostic], cap: Int?) -> [Diagnostic]? {
        var remaining = diagnostics
        if !removed.isEmpty {
            var byStart: [Int: [Int]] = [:]
            for (index, diagnostic) in diagnostics.enumerated() { byStart[diagnostic.range.start, default: []].append(index) }
            var dropped = Set<Int>()
            for diagnostic in removed {
                guard let found = byStart[diagnostic.range.start]?.first(where: { !dropped.contains($0) && diagnostics[$0] == diagnostic }) else { return nil }
                dropped.insert(found)
            }
            remaining = diagnostics.indices.compactMap { dropped.contains($0) ? nil : diagnostics[$0] }
        }
        guard var result = edit.moved(remaining) else { return nil }
        result += added
        if let cap {
            var counts: [RuleID: Int] = [:]
            for diagnostic in result { counts[diagnostic.id, default: 0] += 1 }
            if counts.values.contains(where: { $0 > cap }) { return nil }
        }
        return result.sorted(by: Diagnostic.reportOrder)
    }

    /// Whether `a` and `b` are the same finding but perhaps for their pointers.
    static func same(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        var a = a
        a.pointer = b.pointer
        return a == b
    }

    /// Whether `a` and `b` hold the same findings, whatever their order.
    static func sameFindings(_ a: [Diagnostic], _ b: [Diagnostic]) -> Bool {
        guard a.count == b.count else { return false }
        var left = b
        for diagnostic in a {
            guard let found = left.firstIndex(of: diagnostic) else { return false }
            left.remove(at: found)
        }
        return true
    }
}
