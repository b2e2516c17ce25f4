import JSONSyntax

// Order is what customers see: a screen lists its paths and a survey its options in the order of
// the document, and a survey's answers are read (and an A/B test measured) in that order. The
// screens themselves have no order on screen (each SDK keeps them in a map by type), so only
// paths and options can be reordered (docs/commands.md, `diff`).
extension ConfigDiff {
    static func order(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, into changes: inout [ConfigChange]) {
        for screen in new.screens {
            guard let before = old.screens.first(where: { $0.key.value == screen.key.value }) else { continue }
            if let change = reordering(old: before.paths.compactMap(\.id?.value), new: screen.paths.compactMap(\.id?.value),
                                       subject: "path", pointer: screen.pointer.appending("paths"),
                                       what: "the paths of screen \(q(screen.key.value))") {
                changes.append(change)
            }
        }
        var oldPaths: [String: Path] = [:]
        for path in old.allPaths { if let id = path.id?.value, oldPaths[id] == nil { oldPaths[id] = path } }
        for path in new.allPaths {
            guard let id = path.id?.value, let before = oldPaths.removeValue(forKey: id), let survey = path.survey else { continue }
            if let change = reordering(old: (before.survey?.options ?? []).compactMap(\.id?.value), new: survey.options.compactMap(\.id?.value),
                                       subject: "survey-option", pointer: survey.pointer.appending("options"),
                                       what: "the survey options of path \(q(id))") {
                changes.append(change)
            }
        }
    }

    /// A `reordered` change when the ids both lists hold are in another order (an id added or
    /// removed is its own change, not a new order); the message shows both whole lists.
    static func reordering(old: [String], new: [String], subject: String, pointer: JSONPointer, what: String) -> ConfigChange? {
        let kept = Set(old).intersection(new)
        func common(_ ids: [String]) -> [String] {
            var seen: Set<String> = []
            return ids.filter { kept.contains($0) && seen.insert($0).inserted }
        }
        guard common(old) != common(new) else { return nil }
        let list = { (ids: [String]) in ids.map { q($0) }.joined(separator: ", ") }
        return ConfigChange(kind: .reordered, breaking: false, subject: subject, pointer: pointer,
                            message: "reordered \(what): \(list(old)) → \(list(new))", order: (old, new))
    }
}
