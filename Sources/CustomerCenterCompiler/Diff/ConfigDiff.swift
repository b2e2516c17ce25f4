import JSONSyntax

/// Semantic differences between two versions of a config (``compare(_:_:inputFormat:)``):
/// screens, paths, survey options, offers, store offer ids, strings per locale, locales and
/// settings. Matching is by id and key, so reformatting is not a change; a new order of paths or
/// survey options is a `reordered` change, which customers see.
public enum ConfigDiff {
    /// Every change from `old` to `new`, breaking first; `reordered` ones left out when
    /// `ignoringOrder`. A loss counts on `platforms` (default: both sides' target platforms).
    /// `resolved`: the two configs as the pipeline resolved them (resolved here when `nil`).
    package static func changes(from old: CustomerCenterConfig, to new: CustomerCenterConfig, ignoringOrder: Bool = false,
                                platforms: Set<Platform>? = nil, resolved: (old: ResolvedConfig, new: ResolvedConfig)? = nil) -> [ConfigChange] {
        var changes: [ConfigChange] = []
        let (oldResolved, newResolved) = resolved ?? (ResolvedConfig(old), ResolvedConfig(new))
        var context = DiffContext(old, new)
        if let platforms { context.platforms = platforms }
        screens(old, new, context, into: &changes)
        paths(old, new, context, into: &changes)
        if !ignoringOrder { order(old, new, into: &changes) }
        offers(oldResolved, newResolved, context, into: &changes)
        offerSites(old, new, oldResolved, newResolved, context, into: &changes)
        locales(oldResolved, newResolved, into: &changes)
        strings(old, new, into: &changes)
        settings(old, new, context, into: &changes)
        return changes.sorted(by: ConfigChange.order)
    }

    static func q(_ text: String) -> String { MessageText.quoted(text) }

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
