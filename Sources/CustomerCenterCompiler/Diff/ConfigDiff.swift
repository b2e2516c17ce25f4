import JSONSyntax

/// Semantic differences between two versions of a config (``compare(_:_:inputFormat:)``):
/// screens, paths, survey options, offers, store offer ids, strings per locale, locales and
/// settings. Matching is by id and key, so reformatting is not a change; a new order of paths or
/// survey options is a `reordered` change, which customers see.
public enum ConfigDiff {
    /// Every change from `old` to `new`, breaking first; `reordered` ones left out when `ignoringOrder`.
    package static func changes(from old: CustomerCenterConfig, to new: CustomerCenterConfig, ignoringOrder: Bool = false) -> [ConfigChange] {
        var changes: [ConfigChange] = []
        let oldResolved = ResolvedConfig(old), newResolved = ResolvedConfig(new)
        screens(old, new, into: &changes)
        paths(old, new, into: &changes)
        if !ignoringOrder { order(old, new, into: &changes) }
        offers(oldResolved, newResolved, into: &changes)
        offerSites(old, new, oldResolved, newResolved, into: &changes)
        locales(oldResolved, newResolved, into: &changes)
        strings(old, new, into: &changes)
        settings(old, new, into: &changes)
        return changes.sorted(by: ConfigChange.order)
    }

    static func q(_ text: String) -> String { MessageText.quoted(text) }

    static func screens(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, into changes: inout [ConfigChange]) {
        let oldKeys = Set(old.screens.map(\.key.value)), newKeys = Set(new.screens.map(\.key.value))
        for screen in old.screens where !newKeys.contains(screen.key.value) {
            changes.append(ConfigChange(kind: .removed, breaking: true, subject: "screen", pointer: screen.pointer,
                                        message: "removed screen \(q(screen.key.value)): its customers see an empty fallback"))
        }
        for screen in new.screens where !oldKeys.contains(screen.key.value) {
            changes.append(ConfigChange(kind: .added, breaking: false, subject: "screen", pointer: screen.pointer, message: "added screen \(q(screen.key.value))"))
        }
    }

    static func paths(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, into changes: inout [ConfigChange]) {
        func byID(_ config: CustomerCenterConfig) -> [String: Path] {
            var result: [String: Path] = [:]
            for path in config.allPaths { if let id = path.id?.value, result[id] == nil { result[id] = path } }
            return result
        }
        let oldPaths = byID(old), newPaths = byID(new)
        // A removed id and an added one of the same type at the same place on the same screen: a rename.
        changes += identityChanges(
            subject: "path", pointer: \.pointer,
            removed: old.allPaths.filter { $0.id.map { newPaths[$0.value] == nil } ?? false },
            added: new.allPaths.filter { $0.id.map { oldPaths[$0.value] == nil } ?? false },
            samePlace: { $0.screenKey == $1.screenKey && $0.type?.value == $1.type?.value && $0.pointer.tokens.last == $1.pointer.tokens.last },
            renamed: { "renamed path \(q($0.id?.value ?? "")) to \(q($1.id?.value ?? "")): analytics history of the old id ends" },
            removedText: { "removed path \(q($0.id?.value ?? "")) from screen \(q($0.screenKey)): analytics history for this id ends" },
            addedText: { "added path \(q($0.id?.value ?? "")) to screen \(q($0.screenKey))" })
        for (id, newPath) in newPaths.sorted(by: { $0.key < $1.key }) {
            guard let oldPath = oldPaths[id] else { continue }
            var details: [String] = []
            if oldPath.screenKey != newPath.screenKey { details.append("moved from \(q(oldPath.screenKey)) to \(q(newPath.screenKey))") }
            for (name, a, b) in [("type", oldPath.type?.value, newPath.type?.value), ("title", text(oldPath.title), text(newPath.title)),
                                 ("offer", offerKey(oldPath.offer), offerKey(newPath.offer)), ("url", oldPath.url?.value, newPath.url?.value),
                                 ("open_method", oldPath.openMethod?.value, newPath.openMethod?.value),
                                 ("action_identifier", oldPath.actionIdentifier?.value, newPath.actionIdentifier?.value),
                                 ("refund_window", oldPath.refundWindow?.value, newPath.refundWindow?.value)] where a != b {
                details.append("\(name) \(describe(a)) → \(describe(b))")
            }
            if (oldPath.survey == nil) != (newPath.survey == nil) { details.append(newPath.survey == nil ? "survey removed" : "survey added") }
            let placeholders = placeholdersChanged(oldPath.title, newPath.title) || placeholdersChanged(oldPath.survey?.title, newPath.survey?.title)
            if text(oldPath.survey?.title) != text(newPath.survey?.title), oldPath.survey != nil, newPath.survey != nil {
                details.append("survey title \(describe(text(oldPath.survey?.title))) → \(describe(text(newPath.survey?.title)))")
            }
            if !details.isEmpty {
                changes.append(ConfigChange(kind: .changed, breaking: placeholders, subject: "path", pointer: newPath.pointer,
                                            message: "changed path \(q(id)): " + details.joined(separator: "; ") + (placeholders ? " (its placeholders changed)" : "")))
            }
            options(oldPath, newPath, into: &changes)
        }
    }

    static func options(_ oldPath: Path, _ newPath: Path, into changes: inout [ConfigChange]) {
        let oldOptions = oldPath.survey?.options ?? [], newOptions = newPath.survey?.options ?? []
        let oldIDs = Set(oldOptions.compactMap(\.id?.value)), newIDs = Set(newOptions.compactMap(\.id?.value))
        let pathID = q(newPath.id?.value ?? "")
        changes += identityChanges(
            subject: "survey-option", pointer: \.pointer,
            removed: oldOptions.filter { $0.id.map { !newIDs.contains($0.value) } ?? false },
            added: newOptions.filter { $0.id.map { !oldIDs.contains($0.value) } ?? false },
            samePlace: { $0.pointer.tokens.last == $1.pointer.tokens.last },
            renamed: { "renamed survey option \(q($0.id?.value ?? "")) of path \(pathID) to \(q($1.id?.value ?? "")): its answers no longer add up" },
            removedText: { "removed survey option \(q($0.id?.value ?? "")) of path \(pathID): analytics history for this answer ends" },
            addedText: { "added survey option \(q($0.id?.value ?? "")) to path \(pathID)" })
        for option in newOptions {
            guard let id = option.id?.value, let before = oldOptions.first(where: { $0.id?.value == id }) else { continue }
            var details: [String] = []
            if text(before.title) != text(option.title) { details.append("title \(describe(text(before.title))) → \(describe(text(option.title)))") }
            if offerKey(before.offer) != offerKey(option.offer) { details.append("offer \(describe(offerKey(before.offer))) → \(describe(offerKey(option.offer)))") }
            if !details.isEmpty {
                let placeholders = placeholdersChanged(before.title, option.title)
                changes.append(ConfigChange(kind: .changed, breaking: placeholders, subject: "survey-option", pointer: option.pointer,
                                            message: "changed survey option \(q(id)) of path \(pathID): " + details.joined(separator: "; ")
                                                + (placeholders ? " (its placeholders changed)" : "")))
            }
        }
    }

    /// What became of the elements known by id: a removed one and an added one at the same place
    /// are a rename (breaking), the rest are removals (breaking) and additions, in that order.
    static func identityChanges<T>(subject: String, pointer: KeyPath<T, JSONPointer>, removed: [T], added: [T],
                                   samePlace: (T, T) -> Bool, renamed: (T, T) -> String,
                                   removedText: (T) -> String, addedText: (T) -> String) -> [ConfigChange] {
        var remaining = added
        var renames: [ConfigChange] = []
        var removals: [ConfigChange] = []
        for element in removed {
            if let index = remaining.firstIndex(where: { samePlace(element, $0) }) {
                let successor = remaining.remove(at: index)
                renames.append(ConfigChange(kind: .renamed, breaking: true, subject: subject, pointer: successor[keyPath: pointer],
                                            message: renamed(element, successor)))
            } else {
                removals.append(ConfigChange(kind: .removed, breaking: true, subject: subject, pointer: element[keyPath: pointer],
                                             message: removedText(element)))
            }
        }
        let additions = remaining.map {
            ConfigChange(kind: .added, breaking: false, subject: subject, pointer: $0[keyPath: pointer], message: addedText($0))
        }
        return renames + removals + additions
    }

    static func text(_ source: TextSource?) -> String? { source?.located.value }

    /// Whether two texts written in place (a response's) name different placeholders: as
    /// breaking as a string of an authoring config whose placeholders changed. A key names none.
    static func placeholdersChanged(_ a: TextSource?, _ b: TextSource?) -> Bool {
        guard let a, let b, a.key == nil, b.key == nil else { return false }
        return Placeholders.names(in: a.located.value) != Placeholders.names(in: b.located.value)
    }

    /// The `promotional_offer_key` (authoring); an inline offer is compared where it is shown (`offerSites`).
    static func offerKey(_ reference: OfferReference?) -> String? {
        if case .key(let key)? = reference { return key.value }
        return nil
    }

    static func describe(_ value: String?) -> String { value.map { q($0) } ?? "none" }
}
