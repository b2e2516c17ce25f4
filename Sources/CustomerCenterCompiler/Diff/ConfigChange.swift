import JSONSyntax

/// One semantic difference between two versions of a config (docs/commands.md, `diff`).
public struct ConfigChange: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable { case added, removed, renamed, changed }

    /// What happened.
    public var kind: Kind
    /// Whether it breaks analytics history, store offers, a locale, a screen or a string's placeholders.
    public var breaking: Bool
    /// What changed: `screen`, `path`, `survey-option`, `offer`, `store-offer-id`, `string`, `locale`, `setting`.
    public var subject: String
    /// Where, in the new version (the old one for removals).
    public var pointer: JSONPointer
    /// One line for people.
    public var message: String

    /// Breaking first, then by pointer and message: a stable order.
    static func order(_ a: ConfigChange, _ b: ConfigChange) -> Bool {
        if a.breaking != b.breaking { return a.breaking }
        if a.pointer != b.pointer { return a.pointer < b.pointer }
        return a.message < b.message
    }
}

/// Renders the changes of ``ConfigDiff/compare(_:_:inputFormat:)`` as `customer-center diff` prints them.
public enum DiffRenderer {
    /// One line per change (`breaking removed  removed path 'x' …`) and a summary line.
    ///
    /// ```swift
    /// let diff = ConfigDiff.compare(old, new)
    /// print(DiffRenderer.human(diff.changes), terminator: "")
    /// ```
    public static func human(_ changes: [ConfigChange]) -> String {
        var out = ""
        for change in changes {
            out += (change.breaking ? "breaking " : "         ") + change.kind.rawValue.padded(to: 8) + " " + TerminalText.safeLine(change.message) + "\n"
        }
        let breaking = changes.filter(\.breaking).count
        out += changes.isEmpty ? "no semantic changes\n"
            : "\(MessageText.count(changes.count, "change")), \(breaking) breaking\n"
        return out
    }

    /// `{"version": 1, "changes": [...], "summary": {"changes": N, "breaking": N}}`, as `diff --format json` writes it.
    public static func json(_ changes: [ConfigChange]) -> String {
        JSONWriter(sortKeys: false).write(.record([
            ("version", .integer(1)),
            ("changes", .list(changes.map { change in
                .record([("kind", .text(change.kind.rawValue)), ("breaking", .flag(change.breaking)), ("subject", .text(change.subject)),
                         ("pointer", .text(change.pointer.description)), ("message", .text(change.message))])
            })),
            ("summary", .record([("changes", .integer(changes.count)), ("breaking", .integer(changes.filter(\.breaking).count))])),
        ]))
    }
}
