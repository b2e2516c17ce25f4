import CustomerCenterCompiler
import JSONSyntax

/// The diagnostics after an edit inside one screen's `paths` or inside `promotional_offers` (a
/// letter typed in a path's id, title key or url, a path added or removed, an offer's field
/// changed, an offer added, removed or renamed), or inside the value of one of a screen's own
/// fields (its title key, its type), without checking the whole document; `nil`: check it whole.
///
/// As `StructuralEditCheck` does for the table: the edit changed a run of the list's elements,
/// the *segment* (with an untouched neighbour on each side; a screen's field: its value); two reduced copies
/// (`ElementCopy`), of the analysed and of the current text, alike but for the segment, hold what
/// a finding the edit can change depends on; both are checked with every rule, and their
/// difference is what the edit changed. A copy of the analysed text must find, inside the segment
/// and inside the members of the keys the segment names, what the whole check found there, or
/// the copies are not trusted.
///
/// Anything it cannot vouch for goes to the whole check: syntax findings, a baseline, an
/// `ignore` entry that names a path by its index, a change of a finding whose fix names the
/// nearest key or offer of the whole config (`ref.unresolved-*`) outside the segment, or inside it
/// when `UnresolvedReferences` cannot make that fix (offers renamed, the budget of suggestions
/// spent), offers renamed beside a
/// reference to no offer, a change of a finding that counts a locale's texts in the whole table,
/// an offer edited where the target platforms are inferred from the offers and the other offers
/// do not name both stores, copies that target other locales, a rule at its display cap.
enum ElementEditCheck {
    /// The diagnostics of the current text `current`, the analysed one changed by `edit`; `nil`: check it whole.
    static func diagnostics(current: [UInt8], path: String, edit: IncrementalEdit, since cached: AnalysisCache.Entry,
                            session: EditorSession) -> [Diagnostic]? {
        let analysis = cached.analysis, policy = cached.judgement.policy
        guard !session.hasBaseline, let resolved = analysis.resolved, resolved.config.format == .authoring, let tape = analysis.tape,
              let segment = ElementSegment(tape: tape, edit: edit),
              // An `ignore` entry's pointer names a path by its index, which a copy's paths do not keep.
              !policy.ignores(for: SourceFile(path: path, bytes: [])).contains(where: { $0.pointer.tokens.first == "screens" })
        else { return nil }
        let segmentNow = segment.segment.start..<(segment.segment.end + edit.delta)
        guard let now = segment.parsed(current[segmentNow]) else { return nil }
        // A screen's field: what it named before is read from the analysed text's value.
        var then = (elements: segment.elements, offerKeys: segment.offerKeys)
        var isPaths = true, isOffers = false
        switch segment.list {
        case .paths: break
        case .offers: (isPaths, isOffers) = (false, true)
        case .screenField:
            guard let parsed = segment.parsed(cached.lexical.bytes[segment.segment.start..<segment.segment.end]) else { return nil }
            then = parsed
            isPaths = false
        }
        var names = ElementSegment.Names()
        names.add(then.elements, paths: isPaths)
        names.add(now.elements, paths: isPaths)
        let oldOffers = Set(then.offerKeys), newOffers = Set(now.offerKeys)
        if isOffers { names.offers.formUnion(oldOffers.union(newOffers)) }
        let changedOffers = oldOffers.symmetricDifference(newOffers)
        guard let plan = plan(segment, names: names, changedOffers: changedOffers, resolved: resolved, tape: tape) else { return nil }
        guard let before = plan.copy(of: cached.lexical.bytes, tape: tape, shift: { _ in 0 }, segmentEnd: segment.segment.end,
                                     count: segment.elements.count),
              let after = plan.copy(of: current, tape: tape, shift: { $0 >= edit.analysedEnd ? edit.delta : 0 },
                                    segmentEnd: segment.segment.end + edit.delta, count: now.elements.count) else { return nil }
        // The copies suggest among their own keys and offers, never shown: a reference to no key
        // or offer in the segment gets the whole config's fix below, or sends the edit to the
        // whole check, and one outside it is the analysed one while the keys and offers stay (an
        // element edit leaves the table alone; the budget's spending changes only with the
        // segment's own references). When offers change, the copies' suggestions (of their
        // offers) may tell a finding outside the segment changed: they are made.
        guard let (checkedBefore, checkedAfter) = StructuralEditCheck.checkedCopies(before, after, path: path, since: cached, session: session,
                                                                                    suggesting: !changedOffers.isEmpty)
        else { return nil }
        // The target platforms, when inferred from the offers (an authoring config's paths name
        // offers only by key): the same for the current text, or the copies were checked for others.
        if isOffers, policy.options.platforms == nil {
            guard analysis.platforms == Set(Platform.allCases), let copied = checkedAfter.resolved else { return nil }
            let outside = resolved.offers.values.filter { offer in offer.key.map { !segment.segment.contains($0.range) } ?? false }
            let ios = outside.contains { $0.iosOfferID != nil } || copied.offers.values.contains { $0.iosOfferID != nil }
            let android = outside.contains { $0.androidOfferID != nil } || copied.offers.values.contains { $0.androidOfferID != nil }
            guard ios == android else { return nil }
        }
        guard var old = StructuralEditCheck.sourced(checkedBefore.report.diagnostics, before),
              var new = StructuralEditCheck.sourced(checkedAfter.report.diagnostics, after) else { return nil }
        // References to no key or offer in the segment (a `*_key` being typed): their fixes are
        // the whole config's when the keys and offers stay and the budget of suggestions lasts.
        let segmentNowRange = ByteRange(segment.segment.start, segment.segment.end + edit.delta)
        let settlesReferences = oldOffers == newOffers
            && UnresolvedReferences.budgetLasts(resolved, segment: segment.segment, now: now.elements)
        if settlesReferences {
            guard let fixedOld = UnresolvedReferences.wholeFixes(old, inside: segment.segment, text: cached.lexical.bytes, resolved: resolved,
                                                                 suggestions: cached.suggestions, known: analysis.report.diagnostics),
                  let fixedNew = UnresolvedReferences.wholeFixes(new, inside: segmentNowRange, text: current, resolved: resolved,
                                                                 suggestions: cached.suggestions) else { return nil }
            (old, new) = (fixedOld, fixedNew)
        }
        // Findings whose message or fix names the nearest key or offer of the whole config (or
        // none, past the config's budget of suggestions), and a locale's finding that counts every
        // text of the table: only the whole check knows them when they change.
        let whole = StructuralEditCheck.countsEveryText.union([UnresolvedStringRule.descriptor.id, UnresolvedOfferRule.descriptor.id])
        // The copy of the analysed text is trusted where it must be exact: the segment, and the
        // members of the keys the segment names (but for the references to no key or offer,
        // whose suggestions are the whole config's: they must not change, below).
        for place in [segment.segment] + plan.namedMembers {
            func here(_ diagnostics: [Diagnostic]) -> [Diagnostic] { diagnostics.filter { place.contains($0.range) && !whole.contains($0.id) } }
            guard Delta.sameFindings(here(old), here(analysis.report.diagnostics)) else { return nil }
        }
        let delta = Delta(old: old, new: new, edit: edit)
        // A reference to no key or offer in the segment, settled above: its message is the
        // copy's (an offer's says whether the config has offers at all: the copies must agree).
        func settled(_ diagnostic: Diagnostic, in place: ByteRange) -> Bool {
            guard settlesReferences, UnresolvedReferences.ids.contains(diagnostic.id), place.contains(diagnostic.range) else { return false }
            guard diagnostic.id == UnresolvedOfferRule.descriptor.id else { return true }
            return [checkedBefore, checkedAfter].allSatisfy { $0.resolved?.offers.isEmpty == resolved.offers.isEmpty }
        }
        guard !delta.removed.contains(where: { whole.contains($0.id) && !settled($0, in: segment.segment) }),
              !delta.added.contains(where: { whole.contains($0.id) && !settled($0, in: segmentNowRange) }) else { return nil }
        // Offers added, removed or renamed change the nearest offer another reference to no offer suggests.
        if oldOffers != newOffers, analysis.report.diagnostics.contains(where: { $0.id == UnresolvedOfferRule.descriptor.id }) { return nil }
        return delta.applied(to: analysis.report.diagnostics, cap: policy.settings.displayCap)
    }

    /// What the copies keep beside the segment (`ElementCopy`); `nil` when the config has no
    /// such member as the segment's list (the whole check decides). `changedOffers`: the offers
    /// the edit adds, removes or renames.
    static func plan(_ segment: ElementSegment, names: ElementSegment.Names, changedOffers: Set<String> = [], resolved: ResolvedConfig,
                     tape: JSONTape) -> ElementCopy? {
        guard let root = tape.root?.objectMembers else { return nil }
        func outside(_ range: ByteRange) -> Bool { !segment.segment.contains(range) }
        // The table's entries of the keys named (their positions), and the names no entry has.
        let positions = Set(names.keys.compactMap { resolved.strings.position(of: $0) })
        let unknownKeys = names.keys.filter { resolved.strings.position(of: $0) == nil }
        let keyLengths = Set(unknownKeys.map(\.utf8.count)), offerLengths = Set(names.offers.map(\.utf8.count))
        // Marks: what makes a path or an offer outside the segment kept, where it is written.
        var marks: [ByteRange] = []
        // (Each use's key read alone: a use built whole reads its owner's name too.)
        let references = resolved.stringReferences
        for index in references.indices {
            let key = references.key(at: index)
            guard outside(key.range) else { continue }
            if let position = resolved.referencedPositions[index] {
                if positions.contains(position) { marks.append(key.range) }
            } else if keyLengths.contains(key.value.utf8.count), unknownKeys.contains(key.value) {
                marks.append(key.range)
            }
        }
        // Of the other paths naming an offer the edit names, a path's finding changes only when
        // the edit adds, removes or renames that offer (`ref.unresolved-offer`): then all are
        // kept. Otherwise only whether the offer is named at all can change (`ref.unused-offer`;
        // no rule compares the paths naming one offer, nor reads the offer's fields on a path): one is kept.
        var offersNamed = Set<String>()
        for reference in resolved.offerReferences where offerLengths.contains(reference.value.utf8.count)
            && names.offers.contains(reference.value) && outside(reference.range) {
            guard changedOffers.contains(reference.value) || offersNamed.insert(reference.value).inserted else { continue }
            marks.append(reference.range)
        }
        if !names.ids.isEmpty {
            let lengths = Set(names.ids.map(\.utf8.count))
            for path in resolved.allPaths {
                guard let id = path.id, lengths.contains(id.value.utf8.count), names.ids.contains(id.value), outside(id.range) else { continue }
                marks.append(id.range)
            }
        }
        // Only a built-in type repeated on a screen is a finding (`path.duplicate-type`): the
        // paths of another type are not kept for theirs (a large screen has thousands of CUSTOM_URL paths).
        var names = names
        names.types.formIntersection(DuplicatePathTypeRule.builtIn)
        if case .paths(let screenKey) = segment.list, !names.types.isEmpty {
            for screen in resolved.config.screens where screen.key.value == screenKey {
                for path in screen.paths {
                    guard let type = path.type, names.types.contains(type.value), outside(type.range) else { continue }
                    marks.append(type.range)
                }
            }
        }
        marks.sort { $0.start < $1.start }
        /// Whether a mark lies inside `range`.
        func marked(_ range: ByteRange, _ sorted: [ByteRange]) -> Bool {
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].start < range.start { low = middle + 1 } else { high = middle }
            }
            return low < sorted.count && sorted[low].end <= range.end
        }
        var paths = Set<Int>(), keptPathRanges: [ByteRange] = []
        var offers = Set<Int>()
        var table: JSONNode?
        for member in root {
            if member.keyEquals("screens"), let screens = member.value.objectMembers {
                for screen in screens {
                    guard let list = screen.value.objectMembers?.first(named: "paths")?.member.value.arrayElements else { continue }
                    for path in list where outside(path.range) && marked(path.range, marks) {
                        paths.insert(path.range.start)
                        keptPathRanges.append(path.range)
                    }
                }
            } else if member.keyEquals("localization") {
                table = member.value.objectMembers?.first(named: "localized_strings")?.member.value
            }
        }
        // The offers a kept path names, and those the segment names or is.
        var offerNames = names.offers
        if !keptPathRanges.isEmpty {
            keptPathRanges.sort { $0.start < $1.start }
            for reference in resolved.offerReferences {
                // The last kept path that starts before the reference: it holds it, or none does.
                var low = 0, high = keptPathRanges.count
                while low < high {
                    let middle = (low + high) / 2
                    if keptPathRanges[middle].start <= reference.range.start { low = middle + 1 } else { high = middle }
                }
                if low > 0, keptPathRanges[low - 1].contains(reference.range) { offerNames.insert(reference.value) }
            }
        }
        let offerStarts = Set(offerNames.compactMap { resolved.offers[$0]?.key?.range.start })
        if let list = root.first(named: "promotional_offers")?.member.value.objectMembers {
            for offer in list where outside(offer.range) && (offerStarts.contains(offer.keyRange.start) || marked(offer.value.range, marks)) {
                offers.insert(offer.range.start)
            }
        }
        // The table: the members of the keys named, and where the texts set the target locales,
        // the first member with a text in each of them.
        var tableMembers: [ByteRange] = [], namedMembers: [ByteRange] = []
        if let members = table?.objectMembers {
            var starts = Set(positions.map { resolved.strings.entries.keyRange(at: $0).start })
            var wanted = Set(IncrementalChecker.tableLocales(resolved) ?? [])
            for member in members {
                var keeps = false
                if starts.remove(member.keyRange.start) != nil {
                    namedMembers.append(member.range)
                    keeps = true
                }
                if !wanted.isEmpty, let texts = member.value.objectMembers {
                    for text in texts where wanted.remove(text.key) != nil { keeps = true }
                }
                if keeps { tableMembers.append(member.range) }
                if starts.isEmpty, wanted.isEmpty { break }
            }
            guard starts.isEmpty, wanted.isEmpty else { return nil }
        }
        return ElementCopy(segment: segment, table: table?.range, tableMembers: tableMembers, paths: paths, offers: offers,
                           namedMembers: namedMembers)
    }
}
